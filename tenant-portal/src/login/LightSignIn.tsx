/**
 * The tenant portal's light sign-in page (issue 15: the first load of the sign-in page within 170
 * KB gzipped; README.md here). Shown by main.tsx on a sign-in visit
 * (common's signInVisit.ts) instead of the full app, with the login route's behaviour (docs/sessions.md §2 "Login route behaviour") for a signed-out visitor:
 * - a non-production build or deployment dev: the local login page; after the login the full app
 *   starts its session and takes over the page, at the login route, which follows the returnUrl;
 * - on-prem: a full page load to the appliance login (the login area) with the returnUrl;
 * - cloud: the authentication parameters, then the hidden POST form to login_url.
 * The HTTP client and the full app are loaded on demand (loadClient, startPortal).
 */
import { useCallback } from 'react';
import { isOnPrem, type RuntimeEnv } from '@workbench/common/env/runtimeEnv';
import { returnUrlOf } from '@workbench/common/api/contract/returnUrl';
import type { LoginRejection } from '@workbench/common/api/loginRejection';
import { hashQuery, LightLoginPage, type LoginCodeStep } from '@workbench/common/features/login/light';
import { forceUdbFromQuery } from './loginRedirect';
import type { TenantSignInClient } from './signInClient';
import { ApplianceLoginRedirect, CloudLogin } from './signInViews';

/** The full app, started behind the light page (startPortal.tsx). */
export interface StartingPortal {
  /** Settles when the session started ('loggedIn') or did not ('loggedOut'). */
  session: Promise<'loggedIn' | 'loggedOut'>;
  /** Why the session did not start, as LoginPage shows it. */
  rejection(): LoginRejection;
}

export interface TenantSignInProps {
  env: RuntimeEnv;
  /** The page's hash (`#/login?returnUrl=…&force_udb`), read once. */
  hash: string;
  loadClient(): Promise<TenantSignInClient>;
  /** Loads the full app and starts its session (after the login set the cookies). */
  startPortal(): Promise<StartingPortal>;
  /** The session started: the full app takes over the page. */
  enterPortal(): void;
  /** Full page load (window.location.assign in the browser). */
  assign(url: string): void;
}

export function TenantSignIn({ env, hash, loadClient, startPortal, enterPortal, assign }: TenantSignInProps) {
  const query = hashQuery(hash);
  const returnUrl = returnUrlOf(query);
  const forceUdb = forceUdbFromQuery(query);
  const preload = useCallback(() => void loadClient().catch(() => undefined), [loadClient]);
  const fetchAuthParams = useCallback(
    (force: boolean | undefined) => loadClient().then((client) => client.authParams(force)),
    [loadClient],
  );
  const submit = useCallback(
    async (username: string, password: string): Promise<void | LoginCodeStep> => {
      const client = await loadClient();
      // As the session saga does after a login: start the session; a session that does not start
      // leaves the user on the login page with the page's fallback text, as LocalLogin does.
      const enter = async () => {
        const portal = await startPortal();
        if ((await portal.session) !== 'loggedIn') throw portal.rejection();
      };
      const next = await client.login(username, password);
      if (next.status === 'mfa_required') {
        return {
          verify: async (code: string) => {
            await client.loginMfa(next.challenge, code);
            await enter();
          },
        };
      }
      await enter();
    },
    [loadClient, startPortal],
  );
  if (!env.production || env.deployment === 'dev') {
    return <LightLoginPage appName="Portal" preload={preload} onSubmit={submit} onSuccess={enterPortal} />;
  }
  if (isOnPrem(env)) return <ApplianceLoginRedirect returnUrl={returnUrl} assign={assign} />;
  return <CloudLogin returnUrl={returnUrl} forceUdb={forceUdb} fetchAuthParams={fetchAuthParams} />;
}
