/**
 * Settings › Managed Systems on a management station against a fake server holding one appliance
 * (no groups), for the tests of the dialogs its row opens; `stubs` adds the calls a test needs.
 */
import type MockAdapter from 'axios-mock-adapter';
import type { ManagedSystem } from '@workbench/common/api/contract/centralManager';
import { demoUser, renderPortal } from './renderPortal';

export function openManagedSystem(
  system: ManagedSystem,
  role: 'admin' | 'auditor',
  stubs: (m: MockAdapter) => void = () => undefined,
) {
  return renderPortal({
    path: '/settings/managed-systems',
    user: demoUser(role),
    deployment: 'on_prem',
    mode: 'management_station',
    stubs: (m) => {
      m.onGet('/api/v1/managed_systems').reply(200, { appliances: [system] });
      m.onGet('/api/v1/dashboard/get_appliances').reply(200, { appliances: [system] });
      m.onGet('/api/v1/groups').reply(200, { groups: [] });
      stubs(m);
    },
  });
}
