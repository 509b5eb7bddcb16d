/**
 * Test harness: the real route objects in a memory router, a real common store, HTTP stubbed at
 * the axios boundary (axios-mock-adapter). Not part of the app bundle.
 */
import type MockAdapter from 'axios-mock-adapter';
import {
  sessionStartRequested,
  setRuntimeEnvForTests,
  USER_ID_COOKIE,
  XSRF_COOKIE,
  type Deployment,
  type Mode,
} from '@workbench/common';
import type { UserInfo } from '@workbench/common/api/contract/auth';
import type { Revision } from '@workbench/common/api/contract/policy';
import { DEMO_TENANT_ROLES, type DemoTenantRole } from '@workbench/common/api/contract/demo';
import { ALERT_PATHS } from '@workbench/common/api/contract/alerts';
import { EXTENSIONS_PATHS, extensionsOf, type ExtensionId } from '@workbench/common/api/contract/extensions';
import { renderWithStore } from '@workbench/common/testing/renderWithStore';
import { TenantPortalApp } from '../app/TenantPortalApp';
import { createPortalStore } from '../app/portalFeatures';
import { buildRoutes } from '../routes/appRoutes';

export function demoUser(
  role: DemoTenantRole,
  capabilities: Record<string, unknown> = { rbac: true },
): UserInfo {
  const roles = DEMO_TENANT_ROLES[role];
  return {
    uid: `${role}@acme.example`,
    first_name: role === 'admin' ? 'Ada' : role === 'auditor' ? 'Avery' : 'Lee',
    last_name: role === 'admin' ? 'Admin' : role === 'auditor' ? 'Auditor' : 'Logs',
    tenant_name: 'acme',
    tid: 'tid-acme',
    capabilities,
    roles: { read: [...roles.read], write: [...roles.write] },
    portal_v2: true,
    appliance_manager_ui_v2: true,
    status_ui_v2: true,
    show_change_password: false,
    pending_steps: [],
    uid_hash: 'hash',
  };
}

export const revision = (state: Revision['state'], id = 7): Revision => ({
  staged_rev_id: id,
  rev_id: id - 1,
  state,
  updated_at: '2026-11-20T10:00:00.000Z',
});

export interface PortalSetup {
  path: string;
  user?: UserInfo | null;
  deployment?: Deployment;
  mode?: Mode | null;
  production?: boolean;
  revision?: Revision;
  /** The extensions the server lists (docs/api.md); default every one, as the reference server. */
  extensions?: readonly ExtensionId[];
  /** Extra HTTP stubs, installed before the first render. */
  stubs?: (mock: MockAdapter) => void;
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** What the server's login sets: the user-id cookie and the xsrf cookie. */
export function setSessionCookies(user: UserInfo): void {
  document.cookie = `${USER_ID_COOKIE}=${encodeURIComponent(user.uid)}; path=/`;
  document.cookie = `${XSRF_COOKIE}=xsrf-1; path=/`;
}

export function renderPortal(setup: PortalSetup) {
  clearCookies();
  if (setup.user) setSessionCookies(setup.user);
  return renderWithStore({
    path: setup.path,
    routes: buildRoutes(),
    xsrfCookie: XSRF_COOKIE,
    env: {
      deployment: setup.deployment ?? 'ec2',
      mode: setup.mode ?? null,
      production: setup.production ?? false,
    },
    defaults: (mock) => {
      if (setup.user) mock.onGet(/\/userinfo$/).reply(200, setup.user);
      mock.onGet('/api/policy/v1/portal_version').reply(200, { portal_v2: true });
      mock.onGet('/api/policy/v1/rules').reply(200, setup.revision ?? revision('new'));
      mock.onGet(/^\/api\/policy\/v1\/rules\/.+/).reply(200, { note: '' });
      mock.onGet(/logout$/).reply(200, 'ok');
      // The header's notifications (shell/NotificationsBell): none unless a test says otherwise.
      mock.onGet(ALERT_PATHS.notifications).reply(200, { unread: 0, notifications: [] });
      mock
        .onGet(EXTENSIONS_PATHS.tenant)
        .reply(200, { extensions: setup.extensions ?? extensionsOf('tenant') });
    },
    stubs: setup.stubs,
    createStore: (navigation, http) => createPortalStore(navigation, http).store,
    start: sessionStartRequested(),
    app: ({ store, navigation, router }) => (
      <TenantPortalApp store={store} navigation={navigation} router={router} />
    ),
  });
}

export function resetPortalEnv(): void {
  setRuntimeEnvForTests(null);
  clearCookies();
}
