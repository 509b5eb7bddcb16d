/**
 * Schema states and capability state over real HTTP (issue 14): the list, the per-capability
 * counts and tenants (filtered by tenant), obsolete capabilities refused on PATCH and in a
 * rollout, who may read, and capabilities_validity enforced by the server's (test) clock: an
 * expired capability leaves the tenant's feature flags and is shown expired to the console.
 */
import {
  CAPABILITY_STATES_PATH,
  SCHEMA_STATES,
  SCHEMA_STATES_PATH,
  UNKNOWN_CAPABILITY,
  capabilityStatePath,
  obsoleteCapabilityMessage,
  type CapabilityStateDetail,
  type CapabilityStateList,
  type SchemaStateList,
} from '@workbench/common/api/contract/providerCapabilityStates';
import { ROLLOUT_PREVIEW_PATH } from '@workbench/common/api/contract/providerRollouts';
import {
  TENANTS_PATH,
  TENANT_NOT_FOUND,
  tenantSubPath,
  type CapabilitiesReply,
} from '@workbench/common/api/contract/providerTenants';
import type { ProviderTenantList } from '@workbench/common/api/contract/provider';
import { AUTH_PATHS } from '@workbench/common/api/contract/auth';
import { readerOfUser } from '../reports/reportRuns';
import {
  signInConsoleAccounts,
  startTestServer,
  type ConsoleAccounts,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';

let server: TestServer;
let support: OperatorSignedIn;
let tenantAdmin: SignedIn;
let call: ConsoleAccounts['call'];
let acme: string;
let globex: string;

const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ jobTimer: false });
  ({ support, tenantAdmin, call } = await signInConsoleAccounts(server));
  const { tenants } = await json<ProviderTenantList>(call(`${TENANTS_PATH}?limit=100`));
  acme = tenants.find((t) => t.name === 'acme')?.tid ?? '';
  globex = tenants.find((t) => t.name === 'globex')?.tid ?? '';
});
afterAll(async () => {
  await server.close();
});

test('schema states: the spec vocabulary and every capability with its state; support reads, a tenant session is refused', async () => {
  const list = await json<SchemaStateList>(call(SCHEMA_STATES_PATH, 'GET', undefined, support));
  expect(list.states.map((s) => s.state)).toEqual([...SCHEMA_STATES]);
  const byName = new Map(list.capabilities.map((c) => [c.capability, c]));
  expect(byName.get('flash')?.state).toBe('obsolete');
  expect(byName.get('webmail')).toMatchObject({ state: 'deprecated', note: 'Superseded by safemailPolicy.' });
  expect(byName.get('reports')?.state).toBe('ga');
  expect(byName.get('fwaas')?.state).toBe('controlled');
  expect((await server.call(SCHEMA_STATES_PATH, { jar: tenantAdmin.jar })).status).toBe(401);
  expect((await server.call(CAPABILITY_STATES_PATH)).status).toBe(401);
});

test('capability state: counts per capability, one tenant, which tenants; 400, 404', async () => {
  const all = await json<CapabilityStateList>(call(CAPABILITY_STATES_PATH, 'GET', undefined, support));
  const row = (l: CapabilityStateList, c: string) => l.capabilities.find((x) => x.capability === c);
  expect(all.tenant_total).toBeGreaterThanOrEqual(2);
  // fwaas is given to acme only; ga reports reaches every tenant that does not turn it off.
  expect(row(all, 'fwaas')).toMatchObject({ state: 'controlled', tenant_count: 1, expired_count: 0 });
  expect(row(all, 'reports')?.tenant_count).toBe(all.tenant_total);

  const onlyGlobex = await json<CapabilityStateList>(call(`${CAPABILITY_STATES_PATH}?tid=${globex}`));
  expect(onlyGlobex.tenant_total).toBe(1);
  expect(row(onlyGlobex, 'fwaas')?.tenant_count).toBe(0);
  const deprecated = await json<CapabilityStateList>(call(`${CAPABILITY_STATES_PATH}?state=deprecated`));
  expect(deprecated.capabilities.map((c) => c.capability)).toEqual(['categoryExtensions', 'webmail']);

  const detail = await json<CapabilityStateDetail>(call(capabilityStatePath('fwaas')));
  expect(detail.tenants.map((t) => [t.name, t.value, t.expired])).toEqual([['acme', true, false]]);

  const bad = await call(`${CAPABILITY_STATES_PATH}?state=beta`);
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ field: 'state' });
  const unknownTenant = await call(`${CAPABILITY_STATES_PATH}?tid=nope`);
  expect(unknownTenant.status).toBe(404);
  expect(await unknownTenant.json()).toMatchObject({ message: TENANT_NOT_FOUND });
  const unknownCap = await call(capabilityStatePath('no_such_thing'));
  expect(unknownCap.status).toBe(404);
  expect(await unknownCap.json()).toMatchObject({ message: UNKNOWN_CAPABILITY('no_such_thing') });
});

test('an obsolete capability cannot be set (400 naming it), dry run or rollout; removing it still works', async () => {
  const path = tenantSubPath(globex, 'capabilities');
  for (const url of [path, `${path}?DryRun=true`]) {
    const r = await call(url, 'PATCH', { capabilities: { sso: true, flash: true } });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      message: obsoleteCapabilityMessage('flash'),
      field: 'capabilities.flash',
    });
  }
  expect((await json<CapabilitiesReply>(call(path))).capabilities.flash).toBeUndefined();
  const preview = await call(ROLLOUT_PREVIEW_PATH, 'POST', {
    change: { kind: 'capabilities', set: { flash: true }, remove: [] },
    target: { tags: [], deployments: [], sku_ids: [], tids: [globex] },
  });
  expect(preview.status).toBe(400);
  expect(await preview.json()).toMatchObject({
    message: obsoleteCapabilityMessage('flash'),
    field: 'change.set',
  });
  const removed = await call(path, 'DELETE', { capabilities: ['flash'] });
  expect(removed.status).toBe(200);
  // Support may read all of this and set nothing.
  expect((await call(path, 'PATCH', { capabilities: { sso: true } }, support)).status).toBe(403);
});

test('capabilities_validity: a capability past its day (server clock) is not in effect and shows expired', async () => {
  const today = server.clock.now().toISOString().slice(0, 10);
  const put = await call(tenantSubPath(acme, 'capabilities_validity'), 'PUT', {
    validity: [
      { capability: 'fwaas', valid_until: today },
      { capability: 'rbac', valid_until: today },
    ],
  });
  expect(put.status).toBe(200);
  // A scheduled report runs with its owner's access and features, from the capabilities in effect too.
  const reportAccess = async () =>
    (await readerOfUser(server.app.workbench, acme, tenantAdmin.uid))?.features.fwaas;
  expect(await reportAccess()).toBe(true);
  const userCaps = async () =>
    (
      await json<{ capabilities: Record<string, unknown> }>(
        server.call(AUTH_PATHS.userInfo, { jar: tenantAdmin.jar }),
      )
    ).capabilities;
  // Valid through its day.
  expect((await userCaps()).fwaas).toBe(true);
  expect((await json<CapabilitiesReply>(call(tenantSubPath(acme, 'capabilities')))).expired).toEqual([]);

  // A day later (sessions end too: sign in again) it is past its day.
  server.clock.advance(DAY);
  ({ tenantAdmin, call } = await signInConsoleAccounts(server));
  expect((await userCaps()).fwaas).toBeUndefined();
  expect(await reportAccess()).toBe(false);
  const caps = await json<CapabilitiesReply>(call(tenantSubPath(acme, 'capabilities')));
  expect(caps.capabilities.fwaas).toBe(true);
  expect(caps.expired).toEqual(['fwaas', 'rbac']);
  const detail = await json<CapabilityStateDetail>(call(capabilityStatePath('fwaas')));
  expect(detail).toMatchObject({ tenant_count: 0, expired_count: 1 });
  expect(detail.tenants[0]).toMatchObject({ name: 'acme', valid_until: today, expired: true });

  // An operator extends it: in effect again.
  await call(tenantSubPath(acme, 'capabilities_validity'), 'PUT', { validity: [] });
  expect((await userCaps()).fwaas).toBe(true);
});
