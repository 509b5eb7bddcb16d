/**
 * Every provider-entity registry row over real HTTP, from one table of examples (a valid body,
 * bad bodies with the field they must name): create and read, 400 naming the field, 404 for an
 * unknown id, 403 for support writes, 401 for a tenant session. Then the rows' own rules: SKU
 * incompatibilities, licence state and key sub-resources, deployments and pods.
 */
import {
  PROVIDER_ENTITIES,
  PROVIDER_ENTITY_REGISTRY,
  entityItemPath,
  entityReadPermission,
  type ProviderEntity,
  type ProviderEntityDef,
} from '@workbench/common/api/contract/providerEntities';
import {
  DEFAULT_DEPLOYMENT_PATH,
  LICENCE_ABOUT_TO_EXPIRE_DAYS,
  TENANT_DEPLOYMENTS_PATH,
  incompatibleSkusMessage,
  licenceStateOf,
  jobPath,
  type TenantDeploymentList,
  type TenantMoveJob,
} from '@workbench/common/api/contract/providerOps';
import { PROVIDER_ROLES } from '@workbench/common/api/contract/providerRoles';
import { createAccessController, rolesToPermissions } from '@workbench/common/features/rbac/permissions';
import { JOB_STEP_MS } from './jobRunner';
import { ApiHttpError } from '../http/errors';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type TestServer,
} from '../testing/testServer';
import { checkSkuCompatibility } from './entityChecks';

let server: TestServer;
let operator: OperatorSignedIn;
let support: OperatorSignedIn;
let tenant: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  server = await startTestServer({ jobTimer: false });
  operator = await signInOperator(server, 'operator@provider.example');
  support = await signInOperator(server, 'support@provider.example');
  tenant = await signIn(server, 'admin@acme.example');
});
afterAll(async () => {
  await server.close();
});

/** Moves the clock and ticks the job runner until the job ends (the server's timer is off). */
async function runJob(id: string): Promise<TenantMoveJob> {
  for (let i = 0; i < 20; i += 1) {
    const job = await json<TenantMoveJob>(await call(jobPath(id), operator));
    if (job.status === 'finished' || job.status === 'failed') return job;
    server.clock.advance(JOB_STEP_MS);
    await server.app.workbench.jobs?.tick();
  }
  throw new Error(`job ${id} did not end`);
}

type Body = Record<string, unknown>;
/** Per row: a valid create body (its id is TEST-<entity> or the like) and bad ones with their field. */
const EXAMPLES: Record<ProviderEntity, { body: Body; bad: [Body, string][] }> = {
  skus: {
    body: { sku_id: 'TEST-SKU', name: 'Test', description: '', features: ['dlp'] },
    bad: [[{ features: ['Not A Name'] }, 'features']],
  },
  features: {
    body: { feature_name: 'test_feature', name: 'Test feature', description: '' },
    bad: [
      [{ feature_name: 'Bad-Name' }, 'feature_name'],
      [{ name: '' }, 'name'],
    ],
  },
  feature_sku_groups: {
    body: { group_id: 'TEST-GROUP', name: 'Test group', features: ['dlp'], skus: ['ISO-CORE'] },
    bad: [
      [{ skus: ['ISO-CORE', 'ISO-CORE'] }, 'skus'],
      [{ skus: ['NO-SUCH-SKU'] }, 'skus'],
    ],
  },
  sku_incompatibilities: {
    body: { incompatibility_id: 'TEST-INCOMPAT', skus: ['FWAAS', 'ZTNA'], note: '' },
    bad: [
      [{ skus: ['FWAAS'] }, 'skus'],
      [{ skus: ['FWAAS', 'NO-SUCH-SKU'] }, 'skus'],
    ],
  },
  ova_keys: {
    body: {
      key_id: 'TEST-KEY',
      expires_at: '2027-06-30',
      tenant_name: 'acme',
      license_type: 'customer',
      does_not_expire: false,
      include_ga_supported: true,
      versions: ['5.2'],
      note: '',
    },
    bad: [
      [{ license_type: 'free' }, 'license_type'],
      [{ expires_at: '2027-13-01' }, 'expires_at'],
      [{ does_not_expire: 'yes' }, 'does_not_expire'],
      [{ versions: ['five'] }, 'versions'],
    ],
  },
  ova_versions: {
    body: { version_string: '7.1.2', supported_version: true, ga_version: false, note: '' },
    bad: [
      [{ version_string: 'v7' }, 'version_string'],
      [{ ga_version: 1 }, 'ga_version'],
    ],
  },
  deployments: {
    body: { deployment_id: 'TEST-DEPLOY', name: 'Test', region: 'us-west-2', note: '' },
    bad: [[{ region: 'US West' }, 'region']],
  },
  pods: {
    body: {
      pod_id: 'TEST-POD',
      deployment: 'eu-west-1',
      nodes: ['n1', 'n2'],
      gateways: ['gw.test.example'],
      note: '',
    },
    bad: [
      [{ nodes: [] }, 'nodes'],
      [{ gateways: ['not a host'] }, 'gateways'],
      [{ deployment: 'nowhere' }, 'deployment'],
    ],
  },
  tenant_groups: {
    body: { group_id: 'TEST-TGROUP', name: 'Test group', description: '', tenants: [] },
    bad: [
      [{ tenants: ['no-such-tenant'] }, 'tenants'],
      [{ name: '' }, 'name'],
    ],
  },
  // Without tenants and submission_reference: their defaults ([] and '') are stored.
  category_overrides: {
    body: { url: 'test.example.com/path', category_ids: [12, 40], active: true },
    bad: [
      [{ url: 'not a url' }, 'url'],
      [{ category_ids: [] }, 'category_ids'],
      [{ tenants: ['no-such-tenant'] }, 'tenants'],
    ],
  },
  inventory: {
    body: {
      serial_number: 'TEST-SN-0001',
      item_type: 'hardware_appliance',
      model: 'Test appliance',
      status: 'deployed',
      tenant_name: 'acme',
      location: 'Test site',
      note: '',
    },
    bad: [
      [{ serial_number: 'has space' }, 'serial_number'],
      [{ item_type: 'toaster' }, 'item_type'],
      [{ status: 'lost' }, 'status'],
      [{ model: '' }, 'model'],
      [{ location: 'x'.repeat(121) }, 'location'],
    ],
  },
  templates: {
    body: {
      template_id: 'TEST-TEMPLATE',
      title: 'Test template',
      description: '',
      documents: {
        'customization/web': {
          list: [{ page: 'block', enabled: true, title: 'Blocked', message: 'Ask the service desk.' }],
        },
      },
    },
    bad: [
      [{ documents: {} }, 'documents'],
      [{ documents: 'customization/web' }, 'documents'],
      [{ documents: { 'no_such/kind': {} } }, 'documents'],
      [{ documents: { 'customization/web': { list: 'not a list' } } }, 'documents'],
    ],
  },
  ra_prefilter: {
    body: {
      entry_id: 'TEST-RA',
      match_type: 'cidr',
      value: '192.0.2.0/24',
      action: 'block',
      tenants: [],
      active: true,
      note: '',
    },
    bad: [
      [{ entry_id: 'has space' }, 'entry_id'],
      [{ match_type: 'url' }, 'match_type'],
      [{ action: 'isolate' }, 'action'],
      [{ value: '192.0.2.0/33' }, 'value'],
      [{ value: 'example.com' }, 'value'],
      [{ match_type: 'domain', value: '192.0.2.0/24' }, 'value'],
      [{ match_type: 'domain', value: 'no spaces.example' }, 'value'],
      [{ tenants: ['no-such-tenant'] }, 'tenants'],
    ],
  },
};

const call = (path: string, who: OperatorSignedIn | null, method = 'GET', body?: unknown) =>
  server.call(path, { method, jar: who?.jar, body });
const json = async <T = Body>(r: Response) => (await r.json()) as T;
const withoutId = (entity: ProviderEntity, body: Body) => {
  const { [PROVIDER_ENTITY_REGISTRY[entity].idField]: _id, ...rest } = body;
  return rest;
};

const SUPPORT_ACCESS = createAccessController(rolesToPermissions(PROVIDER_ROLES.support), true);

describe.each(PROVIDER_ENTITIES)('%s', (entity) => {
  const def = PROVIDER_ENTITY_REGISTRY[entity];
  const { body, bad } = EXAMPLES[entity];
  const id = String(body[def.idField]);

  // Support reads the rows of its reach only (server/README.md, "Support's reach").
  const supportReads = SUPPORT_ACCESS.can(entityReadPermission(def));

  test(`an operator creates and reads a row; the list finds it; support ${supportReads ? 'reads it' : 'is refused (403)'}`, async () => {
    const created = await call(def.path, operator, 'POST', body);
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject(body);
    expect((await call(entityItemPath(def, id), support)).status).toBe(supportReads ? 200 : 403);
    const read = await call(entityItemPath(def, id), operator);
    expect(read.status).toBe(200);
    expect(await json(read)).toMatchObject({ ...(def as ProviderEntityDef).defaults, ...body });
    const found = await json<{ total: number }>(
      await call(`${def.path}?q=${encodeURIComponent(id)}`, operator),
    );
    expect(found.total).toBeGreaterThanOrEqual(1);
  });

  test('bad input is 400 naming the field, on create and replace, and stores nothing', async () => {
    for (const [change, field] of [...bad, [{ surprise: 1 }, 'surprise'] as [Body, string]]) {
      const badId = `${id}-BAD`.replace('7.1.2-BAD', '7.1.9').replace('test_feature-BAD', 'test_feature_bad');
      const sent = { ...body, [def.idField]: badId, ...change };
      const r = await call(def.path, operator, 'POST', sent);
      expect([r.status, field]).toEqual([400, field]);
      const refusal = await json<{ field?: string; message: string }>(r);
      expect([refusal.field?.split('.')[0], refusal.message]).toEqual([field, expect.any(String)]);
      expect((await call(entityItemPath(def, String(sent[def.idField])), operator)).status).toBe(404);
      if (field === def.idField || field === 'surprise') continue;
      const replaced = await call(
        entityItemPath(def, id),
        operator,
        'PUT',
        withoutId(entity, { ...body, ...change }),
      );
      expect([replaced.status, field]).toEqual([400, field]);
    }
    expect(await json(await call(entityItemPath(def, id), operator))).toMatchObject(body);
  });

  test('an unknown id is 404 for read, replace and delete', async () => {
    const missing = entityItemPath(def, entity === 'ova_versions' ? '9.9.9' : 'no_such_row');
    expect((await call(missing, operator)).status).toBe(404);
    expect((await call(missing, operator, 'PUT', withoutId(entity, body))).status).toBe(404);
    expect((await call(missing, operator, 'DELETE')).status).toBe(404);
  });

  test('support writes are 403 and change nothing; a tenant session or none is 401', async () => {
    expect((await call(def.path, support, 'POST', { ...body, [def.idField]: `${id}9` })).status).toBe(403);
    expect((await call(entityItemPath(def, id), support, 'PUT', withoutId(entity, body))).status).toBe(403);
    expect((await call(entityItemPath(def, id), support, 'DELETE')).status).toBe(403);
    expect((await call(entityItemPath(def, id), operator)).status).toBe(200);
    expect((await server.call(def.path, { jar: tenant.jar })).status).toBe(401);
    expect((await call(entityItemPath(def, id), null)).status).toBe(401);
  });
});

describe('SKU incompatibilities', () => {
  test('two SKUs of one incompatibility are refused with 409 naming both; others pass', async () => {
    await checkSkuCompatibility(server.app.workbench.store, ['ISO-CORE', 'SWG-ADV']);
    const refused = await checkSkuCompatibility(server.app.workbench.store, [
      'ISO-CORE',
      'SWG-ADV',
      'SWG-BASIC',
    ]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiHttpError);
    const { statusCode, field, message } = refused as ApiHttpError;
    expect({ statusCode, field, message }).toEqual({
      statusCode: 409,
      field: 'skus',
      message: incompatibleSkusMessage('SWG-BASIC', 'SWG-ADV', 'SWG-TIERS'),
    });
  });
});

describe('licence keys', () => {
  const KEYS = PROVIDER_ENTITY_REGISTRY.ova_keys.path;
  test('the state is computed when read: every state in the demo, about to expire within the threshold', async () => {
    const page = await json<{ ova_keys: { key_id: string; license_state: string }[] }>(
      await call(`${KEYS}?limit=100`, operator),
    );
    const states = new Set(page.ova_keys.map((k) => k.license_state));
    expect([...states].sort()).toEqual(['about_to_expire', 'active', 'expired', 'none']);
    const now = server.clock.now();
    const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    expect(licenceStateOf({ expires_at: inDays(LICENCE_ABOUT_TO_EXPIRE_DAYS - 1) }, now)).toBe(
      'about_to_expire',
    );
    expect(licenceStateOf({ expires_at: inDays(LICENCE_ABOUT_TO_EXPIRE_DAYS + 1) }, now)).toBe('active');
    expect(licenceStateOf({ expires_at: inDays(-1), does_not_expire: true }, now)).toBe('active');
  });

  test('key features and key SKUs are read and replaced as lists; a key twice is 400; deleting the key drops them', async () => {
    const path = `${KEYS}/OVA-ACME-2026/features`;
    const before = await json<{ features: { feature_name: string; license_state: string }[] }>(
      await call(path, operator),
    );
    // Licence keys are secrets: support reads neither the keys nor their lists.
    expect((await call(path, support)).status).toBe(403);
    expect(before.features.map((f) => f.license_state)).toEqual(['active', 'about_to_expire']);
    const items = [{ feature_name: 'casb', expires_at: '', does_not_expire: false }];
    const put = await call(path, operator, 'PUT', { features: items });
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual({ features: [{ ...items[0], license_state: 'none' }], total: 1 });
    expect((await call(path, operator, 'PUT', { features: [...items, ...items] })).status).toBe(400);
    expect((await call(path, support, 'PUT', { features: [] })).status).toBe(403);
    expect((await call(`${KEYS}/NO-KEY/skus`, operator)).status).toBe(404);

    const skus = `${KEYS}/TEST-KEY/skus`;
    expect(
      (await call(skus, operator, 'PUT', { skus: [{ sku: 'ISO-CORE', expires_at: '2020-01-01' }] })).status,
    ).toBe(200);
    expect((await call(`${KEYS}/TEST-KEY`, operator, 'DELETE')).status).toBe(204);
    expect((await call(`${KEYS}/TEST-KEY`, operator, 'POST')).status).toBe(404);
    await call(KEYS, operator, 'POST', { ...EXAMPLES.ova_keys.body });
    expect(await json(await call(skus, operator))).toEqual({ skus: [], total: 0 });
  });
});

describe('deployments', () => {
  test('tenants move in bulk, all or none; the default deployment names an existing one', async () => {
    const before = await json<TenantDeploymentList>(await call(TENANT_DEPLOYMENTS_PATH, support));
    expect(before.default_deployment).toBe('us-east-1');
    const tids = before.tenant_deployments.map((t) => t.tid);
    expect(new Set(before.tenant_deployments.map((t) => t.deployment)).size).toBeGreaterThan(1);

    const unknown = await call(TENANT_DEPLOYMENTS_PATH, operator, 'POST', {
      tids: [tids[0], 'nope'],
      deployment: 'ap-southeast-2',
    });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({ field: 'tids', message: 'No such tenant: nope.' });
    const nowhere = await call(TENANT_DEPLOYMENTS_PATH, operator, 'POST', { tids, deployment: 'mars-1' });
    expect(await json(nowhere)).toMatchObject({ field: 'deployment' });
    expect(
      (await call(TENANT_DEPLOYMENTS_PATH, support, 'POST', { tids, deployment: 'ap-southeast-2' })).status,
    ).toBe(403);

    // The move is a job: nothing moves until it runs; each tenant's result is added as it moves.
    const moved = await call(TENANT_DEPLOYMENTS_PATH, operator, 'POST', {
      tids,
      deployment: 'ap-southeast-2',
    });
    expect(moved.status).toBe(202);
    const started = await json<TenantMoveJob>(moved);
    expect(started).toMatchObject({ status: 'pending', action: 'move_tenants', tids, results: [] });
    const unmoved = await json<TenantDeploymentList>(await call(TENANT_DEPLOYMENTS_PATH, operator));
    expect(unmoved).toEqual(before);
    const job = await runJob(started.id);
    expect(job.status).toBe('finished');
    expect(job.results.map((r) => [r.tid, r.status])).toEqual(tids.map((tid) => [tid, 'moved']));
    expect(job.results.map((r) => r.from)).toEqual(before.tenant_deployments.map((t) => t.deployment));
    const after = await json<TenantDeploymentList>(await call(TENANT_DEPLOYMENTS_PATH, operator));
    expect(after.tenant_deployments.every((t) => t.deployment === 'ap-southeast-2')).toBe(true);

    expect(
      (await call(DEFAULT_DEPLOYMENT_PATH, operator, 'PUT', { default_deployment: 'mars-1' })).status,
    ).toBe(400);
    const set = await call(DEFAULT_DEPLOYMENT_PATH, operator, 'PUT', { default_deployment: 'eu-west-1' });
    expect(await json(set)).toEqual({ default_deployment: 'eu-west-1' });
    expect((await call(DEFAULT_DEPLOYMENT_PATH, support)).status).toBe(403);
    expect(await json(await call(DEFAULT_DEPLOYMENT_PATH, operator))).toEqual({
      default_deployment: 'eu-west-1',
    });
  });

  test('a tenant deleted while its move job waits fails in the results; the job fails with the count', async () => {
    const created = await call('/gdmanage/api/v1/tenants', operator, 'POST', { name: 'Moving Soon' });
    const { tid } = (await json<{ tenant: { tid: string } }>(created)).tenant;
    const list = await json<TenantDeploymentList>(await call(TENANT_DEPLOYMENTS_PATH, operator));
    const other = list.tenant_deployments.find((t) => t.tid !== tid)?.tid ?? '';
    const start = await json<TenantMoveJob>(
      await call(TENANT_DEPLOYMENTS_PATH, operator, 'POST', { tids: [other, tid], deployment: 'eu-west-1' }),
    );
    expect((await call(`/gdmanage/api/v1/tenants/${tid}`, operator, 'DELETE')).status).toBe(204);
    const job = await runJob(start.id);
    expect(job).toMatchObject({ status: 'failed', reason: '1 of 2 tenants were not moved.' });
    expect(job.results).toEqual([
      expect.objectContaining({ tid: other, status: 'moved' }),
      expect.objectContaining({ tid, status: 'failed', reason: `No such tenant: ${tid}.` }),
    ]);
    // The job is polled where a node action's is; an operators' job, refused to support.
    expect((await call(jobPath(start.id), operator)).status).toBe(200);
    expect((await call(jobPath(start.id), support)).status).toBe(403);
  });

  test('a deployment that is the default, or holds tenants or pods, is not deleted (409)', async () => {
    const D = PROVIDER_ENTITY_REGISTRY.deployments.path;
    await call(DEFAULT_DEPLOYMENT_PATH, operator, 'PUT', { default_deployment: 'us-east-1' });
    for (const id of ['us-east-1', 'ap-southeast-2', 'eu-west-1']) {
      const r = await call(`${D}/${id}`, operator, 'DELETE');
      expect([id, r.status]).toEqual([id, 409]);
      expect((await json<{ message: string }>(r)).message).toMatch(
        new RegExp(`^The deployment ${id} cannot be deleted: `),
      );
    }
    expect((await call(`${D}/TEST-DEPLOY`, operator, 'DELETE')).status).toBe(204);
  });
});

describe('inventory', () => {
  const path = PROVIDER_ENTITY_REGISTRY.inventory.path;
  type Items = { inventory: Array<Record<string, string>>; total: number };

  test('the demo inventory is listed at the spec’s name, every status in it; support is refused', async () => {
    expect(path).toBe('/gdmanage/api/v1/inventory-management');
    expect((await call(`${path}?limit=100`, support)).status).toBe(403);
    const page = await json<Items>(await call(`${path}?limit=100`, operator));
    expect(page.total).toBeGreaterThanOrEqual(10);
    expect(new Set(page.inventory.map((i) => i.status))).toEqual(
      new Set(['in_stock', 'allocated', 'deployed', 'in_repair', 'retired']),
    );
    const serials = page.inventory.map((i) => i.serial_number);
    expect(serials).toEqual([...serials].sort());
  });

  test('searched by tenant, model or location; sorted by status', async () => {
    const atAcme = await json<Items>(await call(`${path}?q=ACME&limit=100`, operator));
    expect(atAcme.inventory.length).toBeGreaterThanOrEqual(2);
    for (const i of atAcme.inventory) expect(JSON.stringify(i).toLowerCase()).toContain('acme');
    const dublin = await json<Items>(await call(`${path}?q=dublin`, operator));
    expect(dublin.inventory.every((i) => i.location.includes('Dublin'))).toBe(true);
    const byStatus = await json<Items>(await call(`${path}?sort=status&order=desc&limit=100`, operator));
    const statuses = byStatus.inventory.map((i) => i.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
  });

  test('an item in stock is deployed to a tenant by a replace, and deleted when it leaves', async () => {
    const item = `${path}/MSA-5200-0003`;
    const before = await json(await call(item, operator));
    expect(before).toMatchObject({ status: 'in_stock', tenant_name: '' });
    const { serial_number: _sn, created_at: _c, updated_at: _u, ...rest } = before;
    const moved = { ...rest, status: 'deployed', tenant_name: 'globex', location: 'Globex HQ' };
    expect((await call(item, operator, 'PUT', moved)).status).toBe(200);
    expect(await json(await call(item, operator))).toMatchObject(moved);
    expect((await call(item, operator, 'DELETE')).status).toBe(204);
    expect((await call(item, operator)).status).toBe(404);
  });
});

describe('RA pre-filter', () => {
  const path = PROVIDER_ENTITY_REGISTRY.ra_prefilter.path;
  type Entries = { ra_prefilter: Array<Body & { names?: Record<string, string[]> }>; total: number };

  test('the demo list holds ranges (IPv4 and IPv6) and domains, a tenant named by its name', async () => {
    const page = await json<Entries>(await call(`${path}?limit=100`, support));
    expect(new Set(page.ra_prefilter.map((e) => e.match_type))).toEqual(new Set(['cidr', 'domain']));
    expect(page.ra_prefilter.some((e) => String(e.value).includes(':'))).toBe(true);
    const bypass = page.ra_prefilter.find((e) => e.entry_id === 'acme-vpn-direct');
    expect(bypass).toMatchObject({ action: 'bypass', names: { tenants: ['acme'] } });
  });

  test('an IPv6 range and a domain for one tenant are stored and read back (audited: providerAuditRoutes.test walks every write)', async () => {
    const acme = (
      await json<{ tenants: Array<{ tid: string; name: string }> }>(
        await call('/gdmanage/api/v1/tenants?limit=500', operator),
      )
    ).tenants.find((t) => t.name === 'acme');
    const entry = {
      match_type: 'domain',
      value: 'partner.example.org',
      action: 'bypass',
      tenants: [acme?.tid],
      active: true,
      note: 'Partner portal',
    };
    expect((await call(path, operator, 'POST', { entry_id: 'TEST-RA-DOMAIN', ...entry })).status).toBe(201);
    const v6 = { ...entry, match_type: 'cidr', value: '2001:db8::/32' };
    expect((await call(`${path}/TEST-RA-DOMAIN`, operator, 'PUT', v6)).status).toBe(200);
    expect(await json(await call(`${path}/TEST-RA-DOMAIN`, support))).toMatchObject(v6);
  });
});
