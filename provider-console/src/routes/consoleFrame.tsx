/**
 * The console's signed-in frame, loaded after the entry (issue 14: the first load within 170 KB
 * gzipped): the shell with everything it draws (menus, the navigation drawer, help). The entry
 * holds only the router, the session store and the theme; the login route is consoleLogin.tsx.
 */
import { SessionGate } from '@workbench/common/components/session-gate/index';
import { ProviderShell } from '../shell/ProviderShell';
import { useGateState } from './consoleLogin';

export function GatedShell() {
  return (
    <SessionGate state={useGateState()}>
      <ProviderShell />
    </SessionGate>
  );
}
