/**
 * The console's login route, loaded after the entry and apart from the shell (issue 14: the
 * first load within 170 KB gzipped): a new visitor loads the login form, not the navigation
 * drawer, menus and help of the signed-in shell (consoleFrame.tsx).
 */
import { Navigate, useLocation } from 'react-router-dom';
import { LoginPage, selectProviderStatus, useAppSelector } from '@workbench/common';
import { returnUrlOf } from '@workbench/common/api/contract/returnUrl';
import { Loading } from '@workbench/common/components/page-states/index';
import type { GateState } from '@workbench/common/components/session-gate/index';
import { useProviderLogin } from '../login/useProviderLogin';

export function useGateState(): GateState {
  const status = useAppSelector(selectProviderStatus);
  if (status === 'notInitialized') return 'checking';
  return status === 'loggedIn' ? 'signedIn' : 'signedOut';
}

export function ProviderLoginRoute() {
  const gate = useGateState();
  const submit = useProviderLogin();
  const returnUrl = returnUrlOf(useLocation().search);
  if (gate === 'checking') return <Loading />;
  if (gate === 'signedIn') return <Navigate to={returnUrl ?? '/tenants'} replace />;
  // Once logged in this route re-renders and follows the returnUrl.
  return <LoginPage appName="Provider Console" onSubmit={submit} onSuccess={() => undefined} />;
}
