/**
 * The extensions (common's EXTENSION_REGISTRY, docs/api.md) on a real server with the logs,
 * report and report-file routes: every row names routes the server really has, each listed in
 * /openapi.json with its extension; with WORKBENCH_EXTENSIONS=none (`extensions: []`) each of
 * them answers 404 as an unknown path does, before any session check, the listings are empty,
 * and the spec's calls still work.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  EXTENSION_IDS,
  EXTENSION_REGISTRY,
  EXTENSIONS_PATHS,
  extensionsOf,
  type ExtensionId,
  type ExtensionRoute,
} from '@workbench/common/api/contract/extensions';
import { POLICY_PATHS, type Revision } from '@workbench/common/api/contract/policy';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import type { ServerOptions } from '../app';

interface Started {
  server: TestServer;
  events: EventStore;
  dir: string;
}

async function start(extensions?: readonly ExtensionId[]): Promise<Started> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-extensions-'));
  const events = await openTestEventStore(dir);
  const options: Partial<ServerOptions> = {
    events: { store: events, reportFiles: { timer: false } },
    ...(extensions ? { extensions } : {}),
  };
  return { server: await startTestServer(options), events, dir };
}

async function stop(s: Started): Promise<void> {
  await s.server.close();
  await s.events.close();
  fs.rmSync(s.dir, { recursive: true, force: true });
}

interface OpenApi {
  paths: Record<string, Record<string, { 'x-workbench-extension'?: string }>>;
}
const openApi = async (server: TestServer): Promise<OpenApi> =>
  (await (await server.call('/openapi.json')).json()) as OpenApi;

/** A route of the registry with its path parameters filled in. */
const concrete = (route: ExtensionRoute, tid: string): string =>
  route.path
    .replace('{rev}', '2')
    .replace('{id}', route.path.includes('/tenants/') ? tid : 'x')
    .replace(/\{[^}]+\}/g, 'x');

const everyRoute = EXTENSION_IDS.flatMap((id) =>
  EXTENSION_REGISTRY[id].routes.map((route) => ({ id, route })),
);

describe('every extension on (the default)', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => stop(s));

  test('each route of the registry is a route of the server, listed in /openapi.json with its extension', async () => {
    const doc = await openApi(s.server);
    const missing = everyRoute.filter(
      ({ id, route }) =>
        doc.paths[route.path]?.[route.method.toLowerCase()]?.['x-workbench-extension'] !== id,
    );
    expect(missing).toEqual([]);
    // And no other route carries an extension: the registry is the one list.
    const tagged = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-workbench-extension'])
        .map(([m]) => `${m.toUpperCase()} ${p}`),
    );
    expect(tagged.sort()).toEqual(everyRoute.map(({ route }) => `${route.method} ${route.path}`).sort());
  });

  test("each world's listing names its world's extensions; it needs that world's session", async () => {
    const admin = await signIn(s.server, 'admin@acme.example');
    const operator = await signInOperator(s.server, 'operator@provider.example');
    const tenant = await s.server.call(EXTENSIONS_PATHS.tenant, { jar: admin.jar });
    expect(await tenant.json()).toEqual({ extensions: extensionsOf('tenant') });
    const provider = await s.server.call(EXTENSIONS_PATHS.provider, { jar: operator.jar });
    expect(await provider.json()).toEqual({ extensions: extensionsOf('provider') });
    expect((await s.server.call(EXTENSIONS_PATHS.tenant)).status).toBe(401);
    expect((await s.server.call(EXTENSIONS_PATHS.tenant, { jar: operator.jar })).status).toBe(401);
    expect((await s.server.call(EXTENSIONS_PATHS.provider, { jar: admin.jar })).status).toBe(401);
  });
});

describe('WORKBENCH_EXTENSIONS=none: a backend with only the spec’s calls', () => {
  let s: Started;
  let admin: SignedIn;
  let operator: OperatorSignedIn;
  let tid: string;
  beforeAll(async () => {
    s = await start([]);
    admin = await signIn(s.server, 'admin@acme.example');
    operator = await signInOperator(s.server, 'operator@provider.example');
    tid = (await s.server.app.workbench.store.tenants.list()).find((t) => t.name === 'acme')!.tid;
  });
  afterAll(async () => stop(s));

  test('the listings are empty', async () => {
    const tenant = await s.server.call(EXTENSIONS_PATHS.tenant, { jar: admin.jar });
    expect(await tenant.json()).toEqual({ extensions: [] });
    const provider = await s.server.call(EXTENSIONS_PATHS.provider, { jar: operator.jar });
    expect(await provider.json()).toEqual({ extensions: [] });
  });

  test('every extension route answers 404 as an unknown path does, signed in or not, and changes nothing', async () => {
    const before = (await (await s.server.call(POLICY_PATHS.rules, { jar: admin.jar })).json()) as Revision;
    for (const { id, route } of everyRoute) {
      const url = concrete(route, tid);
      const who = EXTENSION_REGISTRY[id].world === 'tenant' ? admin.jar : operator.jar;
      for (const jar of [who, undefined]) {
        const r = await s.server.call(url, {
          method: route.method,
          jar,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
        });
        expect({ id, url, method: route.method, status: r.status, body: await r.json() }).toEqual({
          id,
          url,
          method: route.method,
          status: 404,
          body: expect.objectContaining({ message: `No such API path: ${route.method} ${url}` }),
        });
      }
    }
    expect(await (await s.server.call(POLICY_PATHS.rules, { jar: admin.jar })).json()).toEqual(before);
  });

  test('/openapi.json lists none of them, and still every call the portal needs', async () => {
    const doc = await openApi(s.server);
    const listed = everyRoute.filter(({ route }) => doc.paths[route.path]?.[route.method.toLowerCase()]);
    expect(listed).toEqual([]);
    expect(doc.paths[POLICY_PATHS.rules]?.get).toBeDefined();
    expect(doc.paths['/api/rep/v1/query/scan_web']?.get).toBeDefined();
    expect(doc.paths[EXTENSIONS_PATHS.tenant]?.get).toBeDefined();
  });

  test("the spec's calls work: a policy save and publish, a logs block, a report query", async () => {
    const revision = (await (await s.server.call(POLICY_PATHS.rules, { jar: admin.jar })).json()) as Revision;
    // The read answers flat ({ rev_id, ...document }); the save carries the document under data.
    const read = await s.server.call(`/api/policy/v1/rules/risks/${revision.rev_id}`, { jar: admin.jar });
    const { rev_id: _rev, ...data } = (await read.json()) as Record<string, unknown>;
    const save = await s.server.call(`/api/policy/v1/rules/risks/${revision.staged_rev_id}`, {
      method: 'PUT',
      jar: admin.jar,
      body: { rev_id: revision.rev_id, state: revision.state, updated_at: revision.updated_at, data },
    });
    expect(save.status).toBe(200);
    const staged = (await save.json()) as Revision;
    expect(staged.state).toBe('staged');
    const publish = await s.server.call(POLICY_PATHS.publish(staged.staged_rev_id), {
      method: 'POST',
      jar: admin.jar,
      body: {},
    });
    expect(publish.status).toBe(200);
    const after = (await (await s.server.call(POLICY_PATHS.rules, { jar: admin.jar })).json()) as Revision;
    expect(after).toMatchObject({ rev_id: staged.staged_rev_id, state: 'new' });

    const end = Math.floor(s.server.clock.now().getTime() / 1000);
    const block = await s.server.call(`/api/rep/v1/query/scan_web?start=${end - 86400}&end=${end}`, {
      jar: admin.jar,
    });
    expect(block.status).toBe(200);
    expect(await block.json()).toMatchObject({ events: expect.any(Array) });
    const report = await s.server.call(`/api/rep/v1/query/top_domains?start=${end - 86400}&end=${end}`, {
      jar: admin.jar,
    });
    expect(report.status).toBe(200);
  });
});

test('a list of extensions serves those only', async () => {
  const s = await start(['revision-history', 'provider-audit']);
  try {
    const admin = await signIn(s.server, 'admin@acme.example');
    const tenant = await s.server.call(EXTENSIONS_PATHS.tenant, { jar: admin.jar });
    expect(await tenant.json()).toEqual({ extensions: ['revision-history'] });
    expect((await s.server.call('/api/policy/v1/revisions', { jar: admin.jar })).status).toBe(200);
    expect(
      (await s.server.call('/api/policy/v1/revisions/diff?from=1&to=1', { jar: admin.jar })).status,
    ).toBe(404);
  } finally {
    await stop(s);
  }
});
