import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from '../page-states/Loading';

/** Where the app's session stands, as far as its pages are concerned. */
export type GateState = 'checking' | 'signedIn' | 'signedOut';

/**
 * The pages behind a sign-in (both apps): a spinner while the session is being checked; signed
 * out, the login route, with the page asked for as its `returnUrl` (none from the start page, so a
 * plain visit lands where the login sends everyone).
 */
export function SessionGate({
  state,
  loginPath = '/login',
  children,
}: {
  state: GateState;
  loginPath?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  if (state === 'checking') return <Loading />;
  if (state === 'signedOut') {
    const here = location.pathname + location.search;
    const to =
      location.pathname === '/' ? loginPath : `${loginPath}?${new URLSearchParams({ returnUrl: here })}`;
    return <Navigate to={to} replace />;
  }
  return <>{children}</>;
}
