import { useCallback } from 'react';
import { useStore } from 'react-redux';
import {
  providerLoginRequested,
  selectProviderError,
  selectProviderStatus,
  useAppDispatch,
  type RootState,
} from '@workbench/common';

/**
 * LoginPage's onSubmit for the provider console: runs the provider login chain
 * (providerLoginRequested: /idp/token → oauth/login → session_cookie → me) and settles when the
 * session is logged in, or rejects with the chain's error message.
 */
export function useProviderLogin(): (username: string, password: string) => Promise<void> {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  return useCallback(
    (username: string, password: string) =>
      new Promise<void>((resolve, reject) => {
        dispatch(providerLoginRequested({ username, password }));
        const settle = (): boolean => {
          const state = store.getState();
          const status = selectProviderStatus(state);
          if (status === 'loggedIn') {
            resolve();
            return true;
          }
          if (status !== 'loggingIn') {
            const error = selectProviderError(state);
            reject(error ? { msg: error.message } : {});
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
