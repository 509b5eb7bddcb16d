/**
 * The server the security tests probe: a real test server with the events plugin (so the logs
 * routes are in /openapi.json too) and the report files plugin over a small DuckDB event store, and every demo caller signed
 * in: no session, each tenant account, each provider operator; and an acme account per log route
 * (the dashboards and that route's logs) for the checks of what a role reads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEMO_OPERATORS,
  DEMO_TENANT_ACCOUNTS,
  DEMO_TENANT_ROLES,
  DEMO_TENANTS,
} from '@workbench/common/api/contract/demo';
import {
  deriveFeatureFlags,
  type FeatureFlags,
} from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { AUTH_PATHS } from '@workbench/common/api/contract/auth';
import {
  API_TOKEN_AREAS,
  API_TOKENS_PATHS,
  apiTokenScopePermissions,
  type ApiTokenCreated,
} from '@workbench/common/api/contract/apiTokens';
import { LOG_ROUTE_PERMISSION_ITEMS, LOG_ROUTES } from '@workbench/common/vocabularies/logTypes';
import type { PendingStep } from '@workbench/common/api/contract/pendingSteps';
import { TENANTS_PATH, type TenantCreateReply } from '@workbench/common/api/contract/providerTenants';
import { PROVIDER_PATHS } from '@workbench/common/api/contract/provider';
import {
  PROVIDER_SESSION_COOKIE,
  PROVIDER_XSRF_COOKIE,
  SESSION_COOKIE,
  XSRF_COOKIE,
} from '@workbench/common/api/contract/wire';
import {
  createAccessController,
  isRbacEnforced,
  rolesToPermissions,
  type AccessController,
} from '@workbench/common/features/rbac/permissions';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import { PROVIDER_ROLES } from '../http/sessions';
import { DEMO_CAPABILITIES } from '../seed/demoSeed';
import { generateEvents } from '../seed/eventGenerator';
import { generatorTenantsOf } from '../seed/seedTenants';
import { hashPassword } from '../security/passwords';
import {
  CookieJar,
  TEST_PASSWORD,
  signIn,
  signInOperator,
  startTestServer,
  type TestServer,
} from '../testing/testServer';

export const ANONYMOUS = 'anonymous';
/** A tenant the provider creates for the matrix, whose administrator has a password change pending. */
export const PENDING_TENANT = 'pendingco';
export const PENDING_ADMIN = 'admin@pendingco.example';

export interface Caller {
  /** The demo account's user name, or "anonymous". */
  name: string;
  /** The world whose session the caller holds (null: none). */
  world: 'tenant' | 'provider' | null;
  /** The tenant of a tenant account. */
  tenant: string | null;
  /** What the caller may do, from the demo roles and docs/access.md §1 (null: no session). */
  access: AccessController | null;
  /** The feature flags of a tenant account's tenant (docs/access.md §5; null: not a tenant account). */
  features: FeatureFlags | null;
  /** The step a tenant account must do first (its password was set by someone else), if any. */
  pendingStep?: PendingStep;
  /** The password of an account that is not a demo account. */
  password?: string;
  /** An API token's secret: the caller sends it as `Authorization: Bearer`, and no cookie. */
  bearer?: string;
  jar: CookieJar;
}

export interface WorkbenchUnderTest {
  server: TestServer;
  events: DuckDbEventStore;
  callers: Caller[];
  /**
   * Tenant accounts of roles beyond the demo ones, for the checks of what a role reads (the
   * matrix's other checks leave them out): one per log route, reading the dashboards and that
   * route's logs only (`report-<route>@acme.example`).
   */
  roleCallers: Caller[];
  caller(name: string): Caller;
  /** The caller's xsrf token for a world (its cookie value), if it has one. */
  xsrfOf(caller: Caller, world: 'tenant' | 'provider' | 'public'): string | undefined;
  /**
   * After a call that cleared the caller's session cookie (a sign-out route, or one answered as if
   * signed out): puts the cookies back when the server still knows the session, else signs in anew.
   */
  keepSignedIn(caller: Caller, cookiesBefore: CookieJar): Promise<void>;
  close(): Promise<void>;
}

/** A demo tenant's capabilities as the seed writes them. */
function tenantCapabilities(tenantName: string): Record<string, unknown> {
  const declared = DEMO_TENANTS.find((t) => t.name === tenantName)?.capabilities ?? {};
  return { ...DEMO_CAPABILITIES[tenantName], ...declared };
}

/** The access a demo tenant account has: its role's lists, RBAC enforced per the tenant's capabilities. */
function tenantAccess(tenantName: string, role: keyof typeof DEMO_TENANT_ROLES): AccessController {
  const capabilities = tenantCapabilities(tenantName);
  // startTestServer's deployment: ec2 (cloud), no on-prem mode.
  const enforced = isRbacEnforced('ec2', null, capabilities);
  return createAccessController(rolesToPermissions(DEMO_TENANT_ROLES[role]), enforced);
}

export async function startWorkbenchUnderTest(
  options: { events?: number } = {},
): Promise<WorkbenchUnderTest> {
  const eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-security-events-'));
  const events = await DuckDbEventStore.open(eventsDir);
  // The report files too (their scheduler ticks only at start: the matrix moves no clock). No job
  // and rollout timers either: nothing here starts a job or a rollout that should move, and their
  // ticks every 250 ms (each lists the jobs and rollouts in flight) were ~1% of the matrix's CPU.
  const server = await startTestServer({
    events: { store: events, reportFiles: { timer: false } },
    jobTimer: false,
  });
  const tenants = generatorTenantsOf(await server.app.workbench.store.tenants.list());
  for (const batch of generateEvents({
    tenants,
    count: options.events ?? 400,
    now: server.clock.now().getTime(),
    days: 3,
    seed: 10,
  })) {
    await events.append(batch);
  }
  await events.flush();

  const callers: Caller[] = [
    { name: ANONYMOUS, world: null, tenant: null, access: null, features: null, jar: new CookieJar() },
  ];
  // One caller per tenant and role: a second account of a role (acme's approver, a second full
  // administrator) adds no coverage, and its writes on accounts (a 2FA reset, a session
  // revocation) would sign the first one out mid-run.
  const seen = new Set<string>();
  for (const account of DEMO_TENANT_ACCOUNTS) {
    if (seen.has(`${account.tenant}/${account.role}`)) continue;
    seen.add(`${account.tenant}/${account.role}`);
    callers.push({
      name: account.username,
      world: 'tenant',
      tenant: account.tenant,
      access: tenantAccess(account.tenant, account.role),
      features: deriveFeatureFlags(tenantCapabilities(account.tenant)),
      jar: (await signIn(server, account.username)).jar,
    });
  }
  for (const operator of DEMO_OPERATORS) {
    callers.push({
      name: operator.username,
      world: 'provider',
      tenant: null,
      access: createAccessController(rolesToPermissions(PROVIDER_ROLES[operator.role]), true),
      features: null,
      jar: (await signInOperator(server, operator.username)).jar,
    });
  }

  // The first administrator of a tenant the provider creates: its one-time password is changed
  // before anything else opens (auth/pendingSteps.ts). No caller changes it: each call it may make
  // while pending gets a body that fails validation.
  const created = await server.call(TENANTS_PATH, {
    method: 'POST',
    jar: callers.find((c) => c.name === 'operator@provider.example')?.jar,
    body: { name: PENDING_TENANT, admin_username: PENDING_ADMIN },
  });
  if (created.status !== 201) throw new Error(`creating the tenant ${PENDING_TENANT}: ${created.status}`);
  const { admin_password } = (await created.json()) as TenantCreateReply;
  callers.push({
    name: PENDING_ADMIN,
    world: 'tenant',
    tenant: PENDING_TENANT,
    access: createAccessController(
      rolesToPermissions(DEMO_TENANT_ROLES.admin),
      isRbacEnforced('ec2', null, {}),
    ),
    features: deriveFeatureFlags({}),
    pendingStep: 'change_password',
    password: admin_password,
    jar: (await signIn(server, PENDING_ADMIN, admin_password)).jar,
  });

  // Two API tokens of acme's administrator (docs/api-tokens.md): read-only logs, and read-write
  // every area. Their access is their scope (the creator may do everything); never session-only routes.
  const acmeAdmin = callers.find((c) => c.name === 'admin@acme.example');
  for (const [name, access, areas] of [
    ['token:read-logs@acme', 'read', ['logs']],
    ['token:write-all@acme', 'write', [...API_TOKEN_AREAS]],
  ] as const) {
    const made = await server.call(API_TOKENS_PATHS.list, {
      method: 'POST',
      jar: acmeAdmin?.jar,
      body: { name, access, areas, expires_at: null },
    });
    if (made.status !== 201) throw new Error(`API token ${name}: ${made.status}`);
    callers.push({
      name,
      world: 'tenant',
      tenant: 'acme',
      access: createAccessController(apiTokenScopePermissions(access, areas), true),
      features: deriveFeatureFlags(tenantCapabilities('acme')),
      bearer: ((await made.json()) as ApiTokenCreated).token,
      jar: new CookieJar(),
    });
  }

  // One acme account per log route: the dashboards and that route's logs (acme enforces RBAC).
  const roleCallers: Caller[] = [];
  const acme = (await server.app.workbench.store.tenants.list()).find((t) => t.name === 'acme');
  if (!acme) throw new Error('The test server has no tenant acme.');
  for (const route of LOG_ROUTES) {
    const username = `report-${route}@acme.example`;
    const roles = { read: ['dashboard:*', `logs:${LOG_ROUTE_PERMISSION_ITEMS[route]}`], write: [] };
    await server.app.workbench.store.users.insert({
      uid: crypto.randomUUID(),
      tid: acme.tid,
      username,
      firstName: 'Report',
      lastName: route,
      roles,
      passwordHash: await hashPassword(TEST_PASSWORD),
      showChangePassword: false,
    });
    roleCallers.push({
      name: username,
      world: 'tenant',
      tenant: 'acme',
      access: createAccessController(
        rolesToPermissions(roles),
        isRbacEnforced('ec2', null, tenantCapabilities('acme')),
      ),
      features: deriveFeatureFlags(tenantCapabilities('acme')),
      jar: (await signIn(server, username)).jar,
    });
  }

  const caller = (name: string): Caller => {
    const found = [...callers, ...roleCallers].find((c) => c.name === name);
    if (!found) throw new Error(`No caller ${name}`);
    return found;
  };
  return {
    server,
    events,
    callers,
    roleCallers,
    caller,
    xsrfOf: (c, world) =>
      world === 'provider'
        ? c.jar.get(PROVIDER_XSRF_COOKIE)
        : world === 'tenant'
          ? c.jar.get(XSRF_COOKIE)
          : undefined,
    keepSignedIn: async (c, cookiesBefore) => {
      if (c.bearer) return;
      const cookie = c.world === 'provider' ? PROVIDER_SESSION_COOKIE : SESSION_COOKIE;
      if (c.world === null || c.jar.get(cookie)) return;
      // A sign-in costs a password hash: first see whether the old cookies still hold a session.
      const probe = await server.call(c.world === 'provider' ? PROVIDER_PATHS.me : AUTH_PATHS.userInfo, {
        jar: cookiesBefore.clone(),
      });
      await probe.arrayBuffer();
      if (probe.status === 200) c.jar = cookiesBefore;
      else if (c.world === 'tenant') c.jar = (await signIn(server, c.name, c.password)).jar;
      else c.jar = (await signInOperator(server, c.name)).jar;
    },
    close: async () => {
      await server.close();
      await events.close();
      fs.rmSync(eventsDir, { recursive: true, force: true });
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}
