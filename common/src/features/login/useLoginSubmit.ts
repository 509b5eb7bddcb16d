import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { LoginRejection } from '../../api/loginRejection';
import { useAppDispatch } from '../../store/storeHooks';

/** Where a login stands in the store: still running, done, or failed with LoginPage's rejection. */
export type LoginOutcome = 'pending' | 'loggedIn' | LoginRejection;

/**
 * LoginPage's onSubmit for an app whose login runs in a saga: dispatches `request(credentials)`
 * and settles when `outcome(state)` says the login is done (resolves) or failed (rejects with the
 * rejection, e.g. built by loginRejectionOf). Give module-level functions (they are hook dependencies).
 */
export function useLoginSubmit<S>(
  request: (credentials: { username: string; password: string }) => UnknownAction,
  outcome: (state: S) => LoginOutcome,
): (username: string, password: string) => Promise<void> {
  const dispatch = useAppDispatch();
  const store = useStore<S>();
  return useCallback(
    (username: string, password: string) =>
      new Promise<void>((resolve, reject) => {
        dispatch(request({ username, password }));
        const settle = (): boolean => {
          const now = outcome(store.getState());
          if (now === 'pending') return false;
          if (now === 'loggedIn') resolve();
          else reject(now);
          return true;
        };
        if (settle()) return;
        const unsubscribe = store.subscribe(() => {
          if (settle()) unsubscribe();
        });
      }),
    [dispatch, store, request, outcome],
  );
}
