import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import { loginRejectionOf, type LoginRejection } from '../../api/loginRejection';
import type { LoginCodeStep } from './LoginPage';
import { useAppDispatch } from '../../store/storeHooks';

/**
 * Where a login stands in the store: still running, done, asking for the account's code
 * (two-factor sign-in), or failed with LoginPage's rejection.
 */
export type LoginOutcome = 'pending' | 'loggedIn' | 'codeAsked' | LoginRejection;

/**
 * LoginPage's onSubmit for an app whose login runs in a saga: dispatches `request(credentials)`
 * and settles when `outcome(state)` says the login is done (resolves) or failed (rejects with the
 * rejection, e.g. built by loginRejectionOf). When it asks for the account's code, resolves with
 * LoginPage's code step, whose verify dispatches `codeRequest({ code })` and settles alike.
 * Give module-level functions (they are hook dependencies).
 */
export function useLoginSubmit<S>(
  request: (credentials: { username: string; password: string }) => UnknownAction,
  outcome: (state: S) => LoginOutcome,
  codeRequest?: (code: { code: string }) => UnknownAction,
): (username: string, password: string) => Promise<void | LoginCodeStep> {
  const dispatch = useAppDispatch();
  const store = useStore<S>();
  return useCallback(
    (username: string, password: string) => {
      const settle = (action: UnknownAction) =>
        new Promise<void | LoginCodeStep>((resolve, reject) => {
          dispatch(action);
          const settled = (): boolean => {
            const now = outcome(store.getState());
            if (now === 'pending') return false;
            if (now === 'loggedIn') resolve();
            else if (now === 'codeAsked' && codeRequest)
              resolve({ verify: (code: string) => settle(codeRequest({ code })).then(() => undefined) });
            else if (now === 'codeAsked') reject(loginRejectionOf(null));
            else reject(now);
            return true;
          };
          if (settled()) return;
          const unsubscribe = store.subscribe(() => {
            if (settled()) unsubscribe();
          });
        });
      return settle(request({ username, password }));
    },
    [dispatch, store, request, outcome, codeRequest],
  );
}
