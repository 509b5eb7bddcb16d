import { Provider } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import { LoginPage, SnackbarHost, type HttpClient } from '@workbench/common';
import { WorkbenchThemeProvider } from '@workbench/common';
import { returnUrlFromHash, submitLogin } from './loginArea';

export interface LoginAreaProps {
  /** A tenant session world's store (the page's snackbar). */
  store: Store;
  http: HttpClient;
  /** Full page load (window.location.assign in the browser). */
  assign(url: string): void;
  /** The page's hash, read when the login succeeds. */
  getHash(): string;
}

/** The login area's page: the shared login page with the portal's name. */
export function LoginArea({ store, http, assign, getHash }: LoginAreaProps) {
  return (
    <Provider store={store}>
      <WorkbenchThemeProvider>
        <LoginPage
          appName="Portal"
          onSubmit={(username, password) => submitLogin(http, username, password)}
          onSuccess={() => assign(returnUrlFromHash(getHash()) ?? '/')}
        />
        <SnackbarHost />
      </WorkbenchThemeProvider>
    </Provider>
  );
}
