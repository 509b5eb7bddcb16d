/**
 * The provider console's light sign-in page (issue 14: the sign-in page's first load within 170
 * KB gzipped; bench/README.md "First load"). Shown by main.tsx on a sign-in visit (common's
 * signInVisit.ts) instead of the full console: the shared login page, whose submit loads the HTTP
 * client, runs the sign-in chain and then the full console, which takes over the page signed in,
 * at the login route, which follows the returnUrl (or goes to the tenants).
 */
import { useCallback, useRef } from 'react';
import type { ProviderSignedIn } from '@workbench/common/api/providerSignIn';
import { LightLoginPage } from '@workbench/common/features/login/light';
import type { ProviderSignInClient } from './signInClient';

export interface ProviderSignInProps {
  loadClient(): Promise<ProviderSignInClient>;
  /** Loads the full console (before the page hands over, so it takes over at once). */
  loadConsole(): Promise<unknown>;
  /** The sign-in succeeded: the full console takes over the page with this session. */
  enterConsole(signedIn: ProviderSignedIn): void;
}

export function ProviderSignIn({ loadClient, loadConsole, enterConsole }: ProviderSignInProps) {
  const preload = useCallback(() => void loadClient().catch(() => undefined), [loadClient]);
  const signedIn = useRef<ProviderSignedIn | null>(null);
  const submit = async (username: string, password: string) => {
    const client = await loadClient();
    signedIn.current = await client.signIn(username, password);
    await loadConsole();
  };
  return (
    <LightLoginPage
      appName="Provider Console"
      preload={preload}
      onSubmit={submit}
      onSuccess={() => signedIn.current && enterConsole(signedIn.current)}
    />
  );
}
