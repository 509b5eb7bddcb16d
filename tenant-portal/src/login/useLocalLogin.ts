import { useCallback } from 'react';
import { useStore } from 'react-redux';
import {
  loginRequested,
  selectIsLoggingIn,
  selectLoginError,
  selectSessionStatus,
  useAppDispatch,
  type RootState,
} from '@workbench/common';

/** What LoginPage's onSubmit rejects with. */
export interface LoginRejection {
  msg?: string;
  delay?: number;
}

/**
 * LoginPage's onSubmit for the in-app login: dispatches loginRequested (the session saga logs in,
 * then loads the session) and settles when the session is logged in or the login failed.
 */
export function useLocalLogin(): (username: string, password: string) => Promise<void> {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  return useCallback(
    (username: string, password: string) =>
      new Promise<void>((resolve, reject) => {
        dispatch(loginRequested({ username, password }));
        const settle = (): boolean => {
          const state = store.getState();
          if (selectSessionStatus(state) === 'loggedIn') {
            resolve();
            return true;
          }
          if (!selectIsLoggingIn(state)) {
            // The login failed, or it succeeded but the session did not start.
            const error = selectLoginError(state);
            const rejection: LoginRejection = {};
            if (error) rejection.msg = error.msg;
            if (error?.delay !== undefined) rejection.delay = error.delay;
            reject(rejection);
            return true;
          }
          return false;
        };
        if (settle()) return;
        const unsubscribe = store.subscribe(() => {
          if (settle()) unsubscribe();
        });
      }),
    [dispatch, store],
  );
}
