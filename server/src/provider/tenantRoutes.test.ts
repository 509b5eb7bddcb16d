/** Tenants in the provider console, over real HTTP against a real store (issue 14). */
import { UNKNOWN_CAPABILITY } from '@workbench/common/api/contract/providerCapabilityStates';
import {
  HOSTNAME_TAKEN,
  TENANTS_PATH,
  TENANT_DOCUMENTS,
  TENANT_DOCUMENT_NAMES,
  TENANT_NOT_FOUND,
  TENANT_TOKEN_LIST_NAMES,
  type TenantDocumentName,
  type TenantRbac,
  tenantAdminsPath,
  tenantPath,
  tenantRevisionsPath,
  tenantSubPath,
  type CapabilitiesReply,
  type TenantAdminCreated,
  type TenantCreatedWithAdmin,
  type TenantCreateReply,
} from '@workbench/common/api/contract/providerTenants';
import type { ProviderTenantList } from '@workbench/common/api/contract/provider';
import { incompatibleSkusMessage } from '@workbench/common/api/contract/providerOps';
import { INITIAL_REVISION_COMMENT } from '@workbench/common/api/contract/policy';
import {
  signIn,
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

const json = async <T>(r: Response) => (await r.json()) as T;

async function createTenant(name: string, admin = `admin@${name}.example`) {
  const r = await call(TENANTS_PATH, 'POST', { name, admin_username: admin, admin_first_name: 'First' });
  expect(r.status).toBe(201);
  return json<TenantCreatedWithAdmin>(r);
}

beforeAll(async () => {
  server = await startTestServer();
  ({ support, tenantAdmin, call } = await signInConsoleAccounts(server));
  const list = await json<ProviderTenantList>(await call(`${TENANTS_PATH}?q=acme`));
  acme = list.tenants[0]?.tid ?? '';
});
afterAll(async () => {
  await server.close();
});

test('a tenant created here starts with its revision 1 published as its initial policy, by the operator who created it (issue 31)', async () => {
  const created = await createTenant('hooli');
  const tid = created.tenant.tid;
  expect(
    await json<{ rev_id: number; state: string }>(await call(tenantSubPath(tid, 'policy'))),
  ).toMatchObject({ rev_id: 1, state: 'new' });
  expect(await json<unknown>(await call(tenantRevisionsPath('v1', tid)))).toMatchObject({
    total: 1,
    revisions: [
      {
        rev_id: 1,
        published_by: 'operator@provider.example',
        note: INITIAL_REVISION_COMMENT,
        rolled_back_from: null,
      },
    ],
  });
});

test('a tenant created here signs in to the tenant portal as its first administrator; disabled, it cannot', async () => {
  const created = await createTenant('initech');
  expect(created.tenant).toMatchObject({ name: 'initech', status: 'active', user_count: 1 });
  expect(created.admin_password.length).toBeGreaterThanOrEqual(12);
  const session = await signIn(server, 'admin@initech.example', created.admin_password);
  const me = await server.call('/api/userinfo', { jar: session.jar });
  expect(await json<{ tenant_name: string }>(me)).toMatchObject({ tenant_name: 'initech' });

  const tid = created.tenant.tid;
  expect((await call(tenantSubPath(tid, 'disabletenant'), 'POST', {})).status).toBe(200);
  await expect(signIn(server, 'admin@initech.example', created.admin_password)).rejects.toThrow('401');
  const renamed = await call(tenantSubPath(tid, 'renametenant'), 'POST', { name: 'initrode' });
  expect(await json(renamed)).toMatchObject({ name: 'initrode', status: 'disabled' });
  expect((await call(tenantSubPath(tid, 'reenable'), 'POST', {})).status).toBe(200);
  await signIn(server, 'admin@initech.example', created.admin_password);

  // A second tenant of the same name, or the administrator's name again, is refused at its field.
  const again = await call(TENANTS_PATH, 'POST', { name: 'Initrode', admin_username: 'x@y.example' });
  expect(again.status).toBe(409);
  expect(await json(again)).toMatchObject({ field: 'name' });

  expect((await call(tenantPath(tid), 'DELETE')).status).toBe(204);
  expect((await call(tenantPath(tid))).status).toBe(404);
  await expect(signIn(server, 'admin@initech.example', created.admin_password)).rejects.toThrow();
});

test('a tenant is created with its name alone (no administrator); one is added after, and signs in', async () => {
  const r = await call(TENANTS_PATH, 'POST', { name: 'umbrella' });
  expect(r.status).toBe(201);
  const created = await json<TenantCreateReply>(r);
  expect(created).toEqual({ tenant: expect.objectContaining({ name: 'umbrella', user_count: 0 }) });
  const tid = created.tenant.tid;

  const added = await call(tenantAdminsPath(tid), 'POST', {
    admin_username: 'First@Umbrella.example',
    admin_last_name: 'Wesker',
  });
  expect(added.status).toBe(201);
  const admin = await json<TenantAdminCreated>(added);
  expect(admin.admin_username).toBe('first@umbrella.example');
  const session = await signIn(server, 'first@umbrella.example', admin.admin_password);
  const me = await json<{ tenant_name: string; last_name: string; show_change_password: boolean }>(
    await server.call('/api/userinfo', { jar: session.jar }),
  );
  expect(me).toMatchObject({ tenant_name: 'umbrella', last_name: 'Wesker', show_change_password: true });

  // A taken user name is 409 at admin_username; a bad one 400; an unknown tenant 404; support 403.
  const taken = await call(tenantAdminsPath(tid), 'POST', { admin_username: 'first@umbrella.example' });
  expect([taken.status, (await json<{ field: string }>(taken)).field]).toEqual([409, 'admin_username']);
  const bad = await call(tenantAdminsPath(tid), 'POST', { admin_username: 'nope' });
  expect([bad.status, (await json<{ field: string }>(bad)).field]).toEqual([400, 'admin_username']);
  expect(
    (await call(tenantAdminsPath('no-such-tenant'), 'POST', { admin_username: 'x@y.example' })).status,
  ).toBe(404);
  expect(
    (await call(tenantAdminsPath(tid), 'POST', { admin_username: 'y@umbrella.example' }, support)).status,
  ).toBe(403);
});

test('the list pages, sorts and searches on the server', async () => {
  for (const n of ['t-alpha', 't-beta', 't-gamma']) await createTenant(n);
  const page = await json<ProviderTenantList>(
    await call(`${TENANTS_PATH}?q=t-&sort=name&order=desc&limit=2&offset=0`),
  );
  expect(page.total).toBe(3);
  expect(page.tenants.map((t) => t.name)).toEqual(['t-gamma', 't-beta']);
  const bad = await call(`${TENANTS_PATH}?sort=password`);
  expect(bad.status).toBe(400);
});

test('capabilities: a dry run answers the changes and changes nothing; then PATCH and DELETE apply', async () => {
  const { tenant } = await createTenant('capco');
  const path = tenantSubPath(tenant.tid, 'capabilities');
  const preview = await json<CapabilitiesReply>(
    await call(`${path}?DryRun=true`, 'PATCH', { capabilities: { rbac: true, fwaas: true } }),
  );
  expect(preview).toMatchObject({ dry_run: true, capabilities: {} });
  expect(preview.changes).toEqual([
    { capability: 'fwaas', before: null, after: true },
    { capability: 'rbac', before: null, after: true },
  ]);
  expect(await json(await call(path))).toMatchObject({ capabilities: {} });
  await call(path, 'PATCH', { capabilities: { rbac: true, fwaas: true } });
  const dryDelete = await json<CapabilitiesReply>(
    await call(`${path}?DryRun=true`, 'DELETE', { capabilities: ['fwaas'] }),
  );
  expect(dryDelete.changes).toEqual([{ capability: 'fwaas', before: true, after: null }]);
  expect(await json(await call(path))).toMatchObject({ capabilities: { rbac: true, fwaas: true } });
  await call(path, 'DELETE', { capabilities: ['fwaas'] });
  expect(await json(await call(path))).toMatchObject({ capabilities: { rbac: true } });

  // A name the service does not know is refused (400 naming it), dry run or not; nothing changes.
  for (const url of [`${path}?DryRun=true`, path]) {
    const unknown = await call(url, 'PATCH', { capabilities: { sso: true, not_a_capability: true } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      message: UNKNOWN_CAPABILITY('not_a_capability'),
      field: 'capabilities.not_a_capability',
    });
  }
  expect((await json<CapabilitiesReply>(await call(path))).capabilities).toEqual({ rbac: true });
});

test('SKUs: unknown SKU 400, incompatible pair 409 naming both, else saved', async () => {
  const { tenant } = await createTenant('skuco');
  const path = tenantSubPath(tenant.tid, 'skus');
  const unknown = await call(path, 'PUT', { sku_ids: ['NOPE'] });
  expect(unknown.status).toBe(400);
  expect(await json(unknown)).toMatchObject({ field: 'sku_ids' });
  // An incompatibility row, as the SKU-incompatibility entity keeps it.
  await server.app.workbench.store.entities.insert({
    entity: 'sku_incompatibilities',
    id: 'iso-vs-fw',
    data: { id: 'iso-vs-fw', skus: ['ISO-CORE', 'FWAAS'] },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  const clash = await call(path, 'PUT', { sku_ids: ['ISO-CORE', 'FWAAS'] });
  expect(clash.status).toBe(409);
  expect(await json(clash)).toMatchObject({
    message: incompatibleSkusMessage('ISO-CORE', 'FWAAS', 'iso-vs-fw'),
    field: 'sku_ids',
  });
  expect(await json(await call(path))).toEqual({ sku_ids: [] });
  expect((await call(path, 'PUT', { sku_ids: ['ISO-CORE', 'ZTNA'] })).status).toBe(200);
  expect(await json(await call(path, 'GET', undefined, support))).toEqual({ sku_ids: ['ISO-CORE', 'ZTNA'] });
});

test('documents, tokens, policy, revisions and users', async () => {
  const { tenant } = await createTenant('docco');
  const tid = tenant.tid;
  expect(await json(await call(tenantSubPath(tid, 'ip_restrictions')))).toEqual({
    enabled: false,
    allowed: [],
  });
  const ip = { enabled: true, allowed: ['10.0.0.0/8', '192.0.2.7'] };
  expect((await call(tenantSubPath(tid, 'ip_restrictions'), 'PUT', ip)).status).toBe(200);
  expect(await json(await call(tenantSubPath(tid, 'ip_restrictions')))).toEqual(ip);
  await call(tenantSubPath(tid, 'tags'), 'PUT', { tags: ['emea', 'pilot'] });
  expect(await json(await call(tenantSubPath(tid, 'tags')))).toEqual({ tags: ['emea', 'pilot'] });

  const token = await json<{ id: string; token: string; last4: string }>(
    await call(tenantSubPath(tid, 'tokens'), 'POST', { name: 'CI pipeline' }),
  );
  expect(token.token.endsWith(token.last4)).toBe(true);
  const tokens = await json<{ tokens: Record<string, unknown>[] }>(await call(tenantSubPath(tid, 'tokens')));
  expect(tokens.tokens).toHaveLength(1);
  expect(JSON.stringify(tokens)).not.toContain(token.token);
  expect((await call(`${tenantSubPath(tid, 'tokens')}/${token.id}`, 'DELETE')).status).toBe(204);

  // The portal's own policy store: acme's revision and its published history.
  const policy = await json<{ rev_id: number }>(await call(tenantSubPath(acme, 'policy')));
  expect(policy.rev_id).toBeGreaterThanOrEqual(1);
  for (const v of ['v1', 'v2', 'v3'] as const) {
    const revs = await json<{ limit: number; offset: number }>(await call(tenantRevisionsPath(v, acme)));
    expect(revs).toMatchObject({ limit: 25, offset: 0 });
  }

  const users = tenantSubPath(tid, 'tenantusers');
  const bulk = await json<{
    created: number;
    errors: { index: number; field: string }[];
    users: { uid: string }[];
  }>(
    await call(`${users}/bulk`, 'POST', { user_list: [{ username: 'ann@docco.example' }, { username: '' }] }),
  );
  expect(bulk.created).toBe(1);
  expect(bulk.errors[0]).toMatchObject({ index: 1, field: 'username' });
  const uid = bulk.users[0]?.uid ?? '';
  expect(await json(await call(`${users}/${uid}`, 'PUT', { status: 'disabled' }))).toMatchObject({
    status: 'disabled',
  });
  expect(await json(await call(users))).toMatchObject({ total: 1 });
  expect((await call(`${users}/${uid}`, 'DELETE')).status).toBe(204);
  // The portal's user database sees the same users: another tenant's user is not found.
  expect((await call(`${tenantSubPath(acme, 'tenantusers')}/${uid}`)).status).toBe(404);
});

/** A valid document per row of TENANT_DOCUMENTS (each differs from the row's defaults). */
const DOC_EXAMPLES: Record<TenantDocumentName, Record<string, unknown>> = {
  config: { region: 'eu', seats: 250, support_contact: 'it@docs.example', notes: 'Pilot' },
  tags: { tags: ['emea', 'pilot'] },
  entitlements: { entitlements: [{ feature: 'dlp', seats: 100, expires_at: '2027-01-31' }] },
  ip_restrictions: { enabled: true, allowed: ['10.0.0.0/8', '192.0.2.7'] },
  global_settings: {
    session_timeout_minutes: 30,
    default_language: 'de-DE',
    notification_email: 'noc@docs.example',
    banner: 'Maintenance on Sunday',
  },
  entitlement_overrides: { overrides: [{ feature: 'dlp', seats: 500, expires_at: '', reason: 'Trial' }] },
  feature_capabilities: { features: [{ feature: 'casb', enabled: true }] },
  capabilities_validity: { validity: [{ capability: 'fwaas', valid_until: '2027-03-31' }] },
  tos: { required: true, version: '2026-1', url: 'https://docs.example/eula', text: 'Terms.' },
  vpn: {
    enabled: true,
    destinations: [{ name: 'datacentre', cidr: '10.10.0.0/16' }],
    network_rules: [{ name: 'ssh', destination: 'datacentre', ports: '22, 8000-8080', action: 'allow' }],
    gateways: [{ name: 'fra', host: 'fra.gw.docs.example', region: 'eu-central-1' }],
    child_gateways: [{ name: 'fra-2', parent: 'fra', host: 'fra2.gw.docs.example' }],
    tunnels: [{ name: 'office', gateway: 'fra-2', peer_ip: '198.51.100.4', protocol: 'ikev2' }],
  },
  safemail: {
    enabled: true,
    quarantine_days: 14,
    notify_recipients: false,
    trusted_domains: ['docs.example'],
  },
  custom_hostnames: { hostnames: ['portal.docs.example'] },
};

test.each(TENANT_DOCUMENT_NAMES)(
  'document %s: defaults before the first write, replaced whole, read back by support',
  async (name) => {
    const { tenant } = await createTenant(`doc-${name.replace(/_/g, '-')}`);
    const path = tenantSubPath(tenant.tid, name);
    expect(await json(await call(path))).toEqual(TENANT_DOCUMENTS[name].defaults);
    const saved = await call(path, 'PUT', DOC_EXAMPLES[name]);
    expect(saved.status).toBe(200);
    expect(await json(await call(path, 'GET', undefined, support))).toEqual(DOC_EXAMPLES[name]);
  },
);

test("custom host names are one tenant's alone (409 naming the holder); VPN references and keyed lists are checked", async () => {
  const { tenant: a } = await createTenant('hosta');
  const { tenant: b } = await createTenant('hostb');
  await call(tenantSubPath(a.tid, 'custom_hostnames'), 'PUT', { hostnames: ['login.hosta.example'] });
  const taken = await call(tenantSubPath(b.tid, 'custom_hostnames'), 'PUT', {
    hostnames: ['ok.hostb.example', 'login.hosta.example'],
  });
  expect(taken.status).toBe(409);
  expect(await json(taken)).toMatchObject({
    field: 'hostnames',
    message: HOSTNAME_TAKEN('login.hosta.example', 'hosta'),
  });
  // The holder may save its own again.
  const own = await call(tenantSubPath(a.tid, 'custom_hostnames'), 'PUT', {
    hostnames: ['login.hosta.example', 'www.hosta.example'],
  });
  expect(own.status).toBe(200);

  const vpn = {
    ...DOC_EXAMPLES.vpn,
    tunnels: [{ name: 't', gateway: 'nowhere', peer_ip: '198.51.100.4', protocol: 'ikev2' }],
  };
  const dangling = await call(tenantSubPath(b.tid, 'vpn'), 'PUT', vpn);
  expect(dangling.status).toBe(400);
  expect(await json(dangling)).toMatchObject({ field: 'tunnels.0.gateway' });
  const twice = await call(tenantSubPath(b.tid, 'feature_capabilities'), 'PUT', {
    features: [
      { feature: 'casb', enabled: true },
      { feature: 'casb', enabled: false },
    ],
  });
  expect(twice.status).toBe(400);
  expect(await json(twice)).toMatchObject({ field: 'features.1.feature' });
  expect(await json(await call(tenantSubPath(b.tid, 'vpn')))).toEqual(TENANT_DOCUMENTS.vpn.defaults);
});

test("disabletenant ends the tenant's portal sessions at once: re-enabling revives none", async () => {
  const created = await createTenant('sessco');
  const session = await signIn(server, 'admin@sessco.example', created.admin_password);
  expect((await server.call('/api/userinfo', { jar: session.jar })).status).toBe(200);
  await call(tenantSubPath(created.tenant.tid, 'disabletenant'), 'POST', {});
  await call(tenantSubPath(created.tenant.tid, 'reenable'), 'POST', {});
  expect((await server.call('/api/userinfo', { jar: session.jar })).status).toBe(401);
});

test('the RBAC list reads the portal accounts and their roles', async () => {
  const rbac = await json<TenantRbac>(await call(tenantSubPath(acme, 'rbac'), 'GET', undefined, support));
  expect(rbac.enforced).toBe(true);
  expect(rbac.accounts).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ username: 'admin@acme.example', role: 'admin', write: ['*:*'] }),
      expect.objectContaining({ username: 'auditor@acme.example', role: 'auditor', write: [] }),
    ]),
  );
});

test("a tenant's users page on the server past 100 rows (250 users: limit and offset, sorted by user name)", async () => {
  const { tenant } = await createTenant('pageco');
  const users = tenantSubPath(tenant.tid, 'tenantusers');
  const names = Array.from({ length: 250 }, (_, i) => `user${String(i).padStart(3, '0')}@pageco.example`);
  const made = await json<{ created: number }>(
    await call(`${users}/bulk`, 'POST', { user_list: names.map((username) => ({ username })) }),
  );
  expect(made.created).toBe(250);
  type Page = { users: { username: string }[]; total: number };
  const page = async (query: string) =>
    json<Page>(await call(`${users}?${query}`, 'GET', undefined, support));
  const first = await page('limit=100&offset=0');
  expect(first.total).toBe(250);
  expect(first.users.map((u) => u.username)).toEqual(names.slice(0, 100));
  expect((await page('limit=100&offset=100')).users.map((u) => u.username)).toEqual(names.slice(100, 200));
  const last = await page('limit=100&offset=200');
  expect(last.users.map((u) => u.username)).toEqual(names.slice(200));
  expect(last.total).toBe(250);
  // The search pages too: 'user2' matches user200..user249.
  const found = await page('limit=25&offset=25&search=user2');
  expect(found.total).toBe(50);
  expect(found.users.map((u) => u.username)).toEqual(names.slice(225, 250));
  for (const bad of ['limit=0', 'limit=501', 'offset=-1', 'limit=abc']) {
    const r = await call(`${users}?${bad}`);
    expect(r.status).toBe(400);
    expect(await json(r)).toMatchObject({ field: bad.split('=')[0] });
  }
});

test("the RBAC list's PUT gives accounts roles, all or none; 400 naming the entry; never the last full administrator", async () => {
  const { tenant } = await createTenant('rbacco');
  const path = tenantSubPath(tenant.tid, 'rbac');
  await call(tenantAdminsPath(tenant.tid), 'POST', { admin_username: 'second@rbacco.example' });
  const before = await json<TenantRbac>(await call(path));
  expect(before.roles.map((r) => r.name)).toEqual(['admin', 'auditor', 'logs']);

  const refused = async (body: unknown, field: string, status = 400) => {
    const r = await call(path, 'PUT', body);
    expect(r.status).toBe(status);
    expect(await json(r)).toMatchObject({ field });
  };
  await refused(
    { accounts: [{ username: 'nobody@rbacco.example', role: 'auditor' }] },
    'accounts.0.username',
  );
  await refused(
    {
      accounts: [
        { username: 'second@rbacco.example', role: 'auditor' },
        { username: 'admin@rbacco.example', role: 'no-such-role' },
      ],
    },
    'accounts.1.role',
  );
  await refused({ accounts: [] }, 'accounts');
  await refused(
    { accounts: [{ username: 'admin@rbacco.example', role: 'auditor', extra: 1 }] },
    'accounts.0.extra',
  );
  // Both full administrators made auditors: none would be left.
  await refused(
    {
      accounts: [
        { username: 'admin@rbacco.example', role: 'auditor' },
        { username: 'second@rbacco.example', role: 'logs' },
      ],
    },
    'accounts',
    409,
  );
  expect(await json(await call(path))).toEqual(before);
  expect(
    (await call(path, 'PUT', { accounts: [{ username: 'second@rbacco.example', role: 'auditor' }] }, support))
      .status,
  ).toBe(403);
  expect(
    (
      await call(
        path,
        'PUT',
        { accounts: [{ username: 'second@rbacco.example', role: 'auditor' }] },
        tenantAdmin,
      )
    ).status,
  ).toBe(401);

  const changed = await call(path, 'PUT', {
    accounts: [{ username: 'Second@rbacco.example', role: 'auditor' }],
  });
  expect(changed.status).toBe(200);
  const after = await json<TenantRbac>(changed);
  expect(after.accounts.find((a) => a.username === 'second@rbacco.example')).toMatchObject({
    role: 'auditor',
    write: [],
  });
  expect(after.accounts.find((a) => a.username === 'admin@rbacco.example')?.role).toBe('admin');
  expect(await json(await call(path, 'GET', undefined, support))).toEqual(after);
});

test.each(TENANT_TOKEN_LIST_NAMES)(
  'token list %s: the secret once, the digest kept, revoked',
  async (list) => {
    const path = tenantSubPath(acme, list);
    const made = await json<{ id: string; token: string; last4: string }>(
      await call(path, 'POST', { name: 'SIEM export' }),
    );
    expect(made.token.endsWith(made.last4)).toBe(true);
    expect(JSON.stringify(await json(await call(path)))).not.toContain(made.token);
    expect((await call(`${path}/${made.id}`, 'DELETE')).status).toBe(204);
    expect((await call(`${path}/${made.id}`, 'DELETE')).status).toBe(404);
  },
);

test('a deleted tenant leaves its tenant groups and category overrides', async () => {
  const { tenant } = await createTenant('groupco');
  const group = { group_id: 'G-GROUPCO', name: 'G', description: '', tenants: [tenant.tid, acme] };
  expect((await call('/gdmanage/api/v1/tenantgroups', 'POST', group)).status).toBe(201);
  expect((await call(tenantPath(tenant.tid), 'DELETE')).status).toBe(204);
  expect(await json(await call('/gdmanage/api/v1/tenantgroups/G-GROUPCO'))).toMatchObject({
    tenants: [acme],
  });
});

// Table-driven refusals: bad input (400 naming the field), unknown id (404), support (403),
// a tenant session (401). Each case changes nothing (the store is checked after the table).
describe('refusals', () => {
  const missing = '00000000-0000-4000-8000-000000000000';
  const writes: [string, string, unknown, string][] = [
    ['POST', TENANTS_PATH, { name: 'ok', admin_username: 'not an email' }, 'admin_username'],
    ['POST', TENANTS_PATH, { name: '', admin_username: 'a@b.example' }, 'name'],
    ['POST', 'ACME/renametenant', { name: ' bad!' }, 'name'],
    ['PATCH', 'ACME/capabilities', { capabilities: { rbac: [1] } }, 'capabilities'],
    ['PUT', 'ACME/skus', { sku_ids: 'ISO-CORE' }, 'sku_ids'],
    ['PUT', 'ACME/ip_restrictions', { enabled: true, allowed: ['10.0.0.300'] }, 'allowed'],
    ['PUT', 'ACME/config', { region: 'eu', seats: -1, support_contact: '', notes: '' }, 'seats'],
    ['PUT', 'ACME/tags', { tags: ['Not A Tag'] }, 'tags'],
    ['POST', 'ACME/tokens', { name: '' }, 'name'],
    ['POST', 'ACME/logging_auth_tokens', { name: '' }, 'name'],
    [
      'PUT',
      'ACME/global_settings',
      { ...DOC_EXAMPLES.global_settings, session_timeout_minutes: 1 },
      'session_timeout_minutes',
    ],
    ['PUT', 'ACME/entitlement_overrides', { overrides: [{ feature: 'DLP' }] }, 'overrides'],
    ['PUT', 'ACME/feature_capabilities', { features: [{ feature: 'casb', enabled: 'yes' }] }, 'features'],
    [
      'PUT',
      'ACME/capabilities_validity',
      { validity: [{ capability: 'fwaas', valid_until: '2027-02-30x' }] },
      'validity',
    ],
    ['PUT', 'ACME/tos', { ...DOC_EXAMPLES.tos, url: 'http://plain.example' }, 'url'],
    [
      'PUT',
      'ACME/vpn',
      { ...DOC_EXAMPLES.vpn, destinations: [{ name: 'dc', cidr: '10.0.0.0/33' }] },
      'destinations',
    ],
    ['PUT', 'ACME/safemail', { ...DOC_EXAMPLES.safemail, quarantine_days: 0 }, 'quarantine_days'],
    ['PUT', 'ACME/custom_hostnames', { hostnames: ['not a host'] }, 'hostnames'],
  ];
  const resolve = (p: string, tid: string) => (p.startsWith('ACME/') ? tenantSubPath(tid, p.slice(5)) : p);

  test.each(writes)('%s %s with bad input: 400 naming the field', async (method, path, body, field) => {
    const r = await call(resolve(path, acme), method, body);
    expect(r.status).toBe(400);
    expect(JSON.stringify(await r.json())).toContain(field);
  });

  test.each(writes)('%s %s: 403 for support, 401 for a tenant session', async (method, path, body) => {
    expect((await call(resolve(path, acme), method, body, support)).status).toBe(403);
    expect((await call(resolve(path, acme), method, body, tenantAdmin)).status).toBe(401);
  });

  test.each([
    ['GET', ''],
    ['GET', '/capabilities'],
    ['GET', '/skus'],
    ['GET', '/config'],
    ['GET', '/policy'],
    ['GET', '/tenantusers'],
    ['GET', '/rbac'],
    ['GET', '/vpn'],
    ['PUT', '/safemail'],
    ['GET', '/logging_auth_tokens'],
    ['POST', '/disabletenant'],
    ['DELETE', ''],
  ])('%s of an unknown tenant%s: 404', async (method, suffix) => {
    const body = method === 'POST' ? {} : method === 'PUT' ? DOC_EXAMPLES.safemail : undefined;
    const r = await call(`${tenantPath(missing)}${suffix}`, method, body);
    expect(r.status).toBe(404);
    expect(await json(r)).toMatchObject({ message: TENANT_NOT_FOUND });
  });

  test('none of the refused writes changed acme', async () => {
    const t = await json<{ name: string; status: string; capabilities: Record<string, unknown> }>(
      await call(tenantPath(acme)),
    );
    expect(t).toMatchObject({ name: 'acme', status: 'active' });
    expect(t.capabilities.rbac).toBe(true);
    expect(await json(await call(tenantSubPath(acme, 'skus')))).toEqual({ sku_ids: [] });
    expect(await json(await call(tenantSubPath(acme, 'tokens')))).toEqual({ tokens: [] });
    for (const name of ['vpn', 'custom_hostnames', 'global_settings'] as const)
      expect(await json(await call(tenantSubPath(acme, name)))).toEqual(TENANT_DOCUMENTS[name].defaults);
  });
});
