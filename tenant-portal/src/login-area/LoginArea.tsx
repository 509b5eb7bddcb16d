import { useCallback } from 'react';
import type { HttpClient } from '@workbench/common/api/http';
import { LightLoginPage } from '@workbench/common/features/login/light';
import { returnUrlFromHash, submitLogin } from './loginArea';

export interface LoginAreaProps {
  /**
   * The shared HTTP client, loaded on demand (issue 15: the login area's first load within 170 KB
   * gzipped): at the user's first move in the form, or on submit.
   */
  loadHttp(): Promise<HttpClient>;
  /** Full page load (window.location.assign in the browser). */
  assign(url: string): void;
  /** The page's hash, read when the login succeeds. */
  getHash(): string;
}

/**
 * The login area's page: the shared login page with the portal's name. No store: the page's only
 * message is the login's failure, which the login page shows itself.
 */
export function LoginArea({ loadHttp, assign, getHash }: LoginAreaProps) {
  const preload = useCallback(() => void loadHttp().catch(() => undefined), [loadHttp]);
  return (
    <LightLoginPage
      appName="Portal"
      preload={preload}
      onSubmit={async (username, password) => submitLogin(await loadHttp(), username, password)}
      onSuccess={() => assign(returnUrlFromHash(getHash()) ?? '/')}
    />
  );
}
