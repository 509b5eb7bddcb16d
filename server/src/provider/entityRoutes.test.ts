/** The provider-entity routes, over real HTTP: one block per behaviour, shown on the SKUs row. */
import {
  ENTITY_DEFAULT_LIMIT,
  PROVIDER_ENTITY_REGISTRY,
  unknownSortMessage,
  type Sku,
} from '@workbench/common/api/contract/providerEntities';
import { DEMO_SKUS } from '../seed/demoSeed';
import { categoryNameOf } from './entityChecks';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type TestServer,
} from '../testing/testServer';

const SKUS = '/gdmanage/api/v1/skus';
let server: TestServer;
let operator: OperatorSignedIn;
let support: OperatorSignedIn;

beforeAll(async () => {
  server = await startTestServer();
  operator = await signInOperator(server, 'operator@provider.example');
  support = await signInOperator(server, 'support@provider.example');
});
afterAll(async () => {
  await server.close();
});

const body = (sku_id: string, overrides: Partial<Sku> = {}) => ({
  sku_id,
  name: `Name of ${sku_id}`,
  description: '',
  features: ['web_isolation'],
  ...overrides,
});
const create = (b: unknown, who = operator) => server.call(SKUS, { method: 'POST', jar: who.jar, body: b });
const list = async (query = '', who = operator) => {
  const r = await server.call(`${SKUS}${query}`, { jar: who.jar });
  return { status: r.status, body: (await r.json()) as { skus: Sku[]; total: number; message?: string } };
};

test('the demo catalogue is listed, sorted by SKU ID, with its total, for operator and support', async () => {
  for (const who of [operator, support]) {
    const { status, body: page } = await list('', who);
    expect(status).toBe(200);
    expect(page.total).toBeGreaterThanOrEqual(DEMO_SKUS.length);
    const ids = page.skus.map((s) => s.sku_id);
    expect(ids).toEqual([...ids].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(page.skus.find((s) => s.sku_id === 'ISO-CORE')).toMatchObject({
      name: 'Isolation Core',
      features: ['web_isolation', 'url_filtering', 'web_logs'],
    });
  }
});

test('an operator creates, reads, replaces and deletes a SKU; the timestamps follow', async () => {
  const created = await create(body('TEST-CRUD', { description: 'first' }));
  expect(created.status).toBe(201);
  const row = (await created.json()) as Sku;
  expect(row).toMatchObject({ sku_id: 'TEST-CRUD', description: 'first' });
  expect(row.created_at).toBe(row.updated_at);

  const read = await server.call(`${SKUS}/TEST-CRUD`, { jar: support.jar });
  expect(read.status).toBe(200);
  expect(await read.json()).toEqual(row);

  server.clock.advance(60_000);
  const replaced = await server.call(`${SKUS}/TEST-CRUD`, {
    method: 'PUT',
    jar: operator.jar,
    body: { name: 'Renamed', description: 'second', features: [] },
  });
  expect(replaced.status).toBe(200);
  const after = (await replaced.json()) as Sku;
  expect(after).toMatchObject({ sku_id: 'TEST-CRUD', name: 'Renamed', description: 'second', features: [] });
  expect(after.created_at).toBe(row.created_at);
  expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(row.updated_at));

  const deleted = await server.call(`${SKUS}/TEST-CRUD`, { method: 'DELETE', jar: operator.jar });
  expect(deleted.status).toBe(204);
  expect((await server.call(`${SKUS}/TEST-CRUD`, { jar: operator.jar })).status).toBe(404);
});

test('a taken SKU ID is 409 naming the field, and the stored row stays as it was', async () => {
  expect((await create(body('TEST-TAKEN', { name: 'Original' }))).status).toBe(201);
  const again = await create(body('TEST-TAKEN', { name: 'Intruder' }));
  expect(again.status).toBe(409);
  expect(await again.json()).toMatchObject({
    field: 'sku_id',
    message: "A SKU with the sku_id 'TEST-TAKEN' already exists.",
  });
  const stored = (await (await server.call(`${SKUS}/TEST-TAKEN`, { jar: operator.jar })).json()) as Sku;
  expect(stored.name).toBe('Original');
});

test('bad input is 400 naming the field and stores nothing', async () => {
  const cases: [unknown, string][] = [
    [body('bad id!'), 'sku_id'],
    [body('TEST-BAD', { name: '' }), 'name'],
    [body('TEST-BAD', { name: '   ' }), 'name'],
    [body('TEST-BAD', { description: 'x'.repeat(501) }), 'description'],
    [body('TEST-BAD', { features: ['Not A Name'] }), 'features'],
    [body('TEST-BAD', { features: ['dlp', 'dlp'] }), 'features'],
    [{ ...body('TEST-BAD'), price: 3 }, 'price'],
    [{ name: 'n', description: '', features: [] }, 'sku_id'],
  ];
  for (const [b, field] of cases) {
    const r = await create(b);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { field?: string; message: string }).message).toContain(field);
  }
  expect((await server.call(`${SKUS}/TEST-BAD`, { jar: operator.jar })).status).toBe(404);
  const replace = await server.call(`${SKUS}/ISO-CORE`, {
    method: 'PUT',
    jar: operator.jar,
    body: { sku_id: 'OTHER', name: 'n', description: '', features: [] },
  });
  expect(replace.status).toBe(400);
});

test('an unknown id is 404 for read, replace and delete', async () => {
  const message = 'No such SKU.';
  for (const method of ['GET', 'PUT', 'DELETE']) {
    const r = await server.call(`${SKUS}/NO-SUCH-SKU`, {
      method,
      jar: operator.jar,
      body: method === 'PUT' ? { name: 'n', description: '', features: [] } : undefined,
    });
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ message });
  }
});

test('support staff read but every write is 403, and changes nothing', async () => {
  expect((await create(body('TEST-SUPPORT'), support)).status).toBe(403);
  const put = await server.call(`${SKUS}/ISO-CORE`, {
    method: 'PUT',
    jar: support.jar,
    body: { name: 'Hijacked', description: '', features: [] },
  });
  expect(put.status).toBe(403);
  expect((await server.call(`${SKUS}/ISO-CORE`, { method: 'DELETE', jar: support.jar })).status).toBe(403);
  const stored = (await (await server.call(`${SKUS}/ISO-CORE`, { jar: operator.jar })).json()) as Sku;
  expect(stored.name).toBe('Isolation Core');
  expect((await server.call(`${SKUS}/TEST-SUPPORT`, { jar: operator.jar })).status).toBe(404);
});

test('a tenant session or no session is 401', async () => {
  const tenant = await signIn(server, 'admin@acme.example');
  expect((await server.call(SKUS, { jar: tenant.jar })).status).toBe(401);
  expect((await server.call(SKUS)).status).toBe(401);
  expect((await server.call(`${SKUS}/ISO-CORE`)).status).toBe(401);
});

test('lists page, sort either way, and search the registry’s search fields case-insensitively', async () => {
  const all = await list('?limit=500');
  const first = await list('?limit=2&offset=0');
  const second = await list('?limit=2&offset=2');
  expect(first.body.skus.map((s) => s.sku_id)).toEqual(all.body.skus.slice(0, 2).map((s) => s.sku_id));
  expect(second.body.skus.map((s) => s.sku_id)).toEqual(all.body.skus.slice(2, 4).map((s) => s.sku_id));
  expect(first.body.total).toBe(all.body.total);

  const byNameDesc = await list('?sort=name&order=desc&limit=500');
  const names = byNameDesc.body.skus.map((s) => s.name.toLowerCase());
  expect(names).toEqual([...names].sort().reverse());

  const found = await list('?q=SECURE%20web');
  expect(found.body.skus.map((s) => s.sku_id).sort()).toEqual(['SWG-ADV', 'SWG-BASIC']);
  expect(found.body.total).toBe(2);
  expect((await list('?q=casb')).body.skus.map((s) => s.sku_id)).toEqual(['SWG-ADV']); // a feature
  expect((await list('?q=100%25_')).body.total).toBe(0); // LIKE wildcards are text
});

test('a page holds the default limit unless asked; a sort the registry does not list is 400 naming it', async () => {
  for (let i = 0; i < ENTITY_DEFAULT_LIMIT; i += 1)
    await create(body(`TEST-PAGE-${String(i).padStart(2, '0')}`));
  const page = await list();
  expect(page.body.skus).toHaveLength(ENTITY_DEFAULT_LIMIT);
  expect(page.body.total).toBeGreaterThan(ENTITY_DEFAULT_LIMIT);
  const bad = await list('?sort=description');
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe(unknownSortMessage(PROVIDER_ENTITY_REGISTRY.skus, 'description'));
  expect((await list('?limit=0')).status).toBe(400);
  expect((await list('?limit=501')).status).toBe(400);
  expect((await list('?order=sideways')).status).toBe(400);
});

test('rows name what their ids refer to: tenants and categories by name, a key its features and SKUs', async () => {
  const read = async <T>(path: string) =>
    (await (await server.call(path, { jar: operator.jar })).json()) as T;
  const write = (path: string, b: unknown) =>
    server.call(path, { method: 'POST', jar: operator.jar, body: b });
  const { tenants } = await read<{ tenants: { tid: string; name: string }[] }>(
    '/gdmanage/api/v1/tenants?limit=500',
  );
  const tidOf = (name: string) => tenants.find((t) => t.name === name)?.tid ?? name;
  type Named = { tenants: string[]; category_ids?: number[]; names?: Record<string, string[]> };
  const overrides = PROVIDER_ENTITY_REGISTRY.category_overrides.path;
  expect(
    (await write(overrides, { url: 'games.names.example', category_ids: [4, 17], active: true })).status,
  ).toBe(201);
  const tenantsOf = [tidOf('globex'), tidOf('acme')];
  expect(
    (
      await write(overrides, {
        url: 'bets.names.example',
        category_ids: [27],
        tenants: tenantsOf,
        active: true,
      })
    ).status,
  ).toBe(201);
  const games = await read<Named>(`${overrides}/games.names.example`);
  // The category tree's names for 4 and 17; the ids stay as they are.
  expect(games.category_ids).toEqual([4, 17]);
  expect(games.names).toEqual({ category_ids: [categoryNameOf(4), categoryNameOf(17)], tenants: [] });
  expect(categoryNameOf(4)).toBe('Business and Economy');
  const listed = await read<{ category_overrides: (Named & { url: string })[] }>(`${overrides}?q=bets.names`);
  expect(listed.category_overrides.map((o) => [o.tenants, o.names?.tenants])).toEqual([
    [tenantsOf, ['globex', 'acme']],
  ]);

  const groups = PROVIDER_ENTITY_REGISTRY.tenant_groups.path;
  expect(
    (await write(groups, { group_id: 'names-group', name: 'Names', description: '', tenants: tenantsOf }))
      .status,
  ).toBe(201);
  expect((await read<Named>(`${groups}/names-group`)).names).toEqual({ tenants: ['globex', 'acme'] });

  // A key's features and SKUs: the list answers their keys, which the console shows as values.
  const keys = PROVIDER_ENTITY_REGISTRY.ova_keys.path;
  const k = { key_id: 'NAMES-KEY', expires_at: '', tenant_name: 'acme', license_type: 'poc' };
  const made = await server.call(keys, {
    method: 'POST',
    jar: operator.jar,
    body: { ...k, does_not_expire: true, include_ga_supported: false, versions: [], note: '' },
  });
  expect(made.status).toBe(201);
  const put = await server.call(`${keys}/NAMES-KEY/features`, {
    method: 'PUT',
    jar: operator.jar,
    body: { features: [{ feature_name: 'dlp', expires_at: '', does_not_expire: true }] },
  });
  expect(put.status).toBe(200);
  const one = await read<{ features: string[]; skus: string[] }>(`${keys}/NAMES-KEY`);
  expect(one).toMatchObject({ features: ['dlp'], skus: [] });
  const page = await read<{ ova_keys: { key_id: string; features: string[] }[] }>(`${keys}?q=NAMES-KEY`);
  expect(page.ova_keys.map((r) => [r.key_id, r.features])).toEqual([['NAMES-KEY', ['dlp']]]);
});
