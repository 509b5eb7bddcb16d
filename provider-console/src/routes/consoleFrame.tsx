/**
 * The console's frame, loaded after the entry (issue 14: the first load within 170 KB gzipped):
 * the login page and the signed-in shell, with everything they draw (forms, menus, the
 * navigation drawer). The entry holds only the router, the store and the theme.
 */
import { Navigate, useLocation } from 'react-router-dom';
import { LoginPage, selectProviderStatus, useAppSelector } from '@workbench/common';
import { safeReturnPath } from '@workbench/common/api/contract/returnUrl';
import { Loading } from '@workbench/common/components/page-states/index';
import { SessionGate, type GateState } from '@workbench/common/components/session-gate/index';
import { useProviderLogin } from '../login/useProviderLogin';
import { ProviderShell } from '../shell/ProviderShell';

function useGateState(): GateState {
  const status = useAppSelector(selectProviderStatus);
  if (status === 'notInitialized') return 'checking';
  return status === 'loggedIn' ? 'signedIn' : 'signedOut';
}

export function ProviderLoginRoute() {
  const gate = useGateState();
  const submit = useProviderLogin();
  const returnUrl = safeReturnPath(new URLSearchParams(useLocation().search).get('returnUrl'));
  if (gate === 'checking') return <Loading />;
  if (gate === 'signedIn') return <Navigate to={returnUrl ?? '/tenants'} replace />;
  // Once logged in this route re-renders and follows the returnUrl.
  return <LoginPage appName="Provider Console" onSubmit={submit} onSuccess={() => undefined} />;
}

export function GatedShell() {
  return (
    <SessionGate state={useGateState()}>
      <ProviderShell />
    </SessionGate>
  );
}
