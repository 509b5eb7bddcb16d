/**
 * Liveness, readiness and /metrics of a real server over HTTP (issue 39 points 1 and 6), on the
 * embedded stores (SQLite, DuckDB). What a check names when a store part fails, the bound on a part
 * that hangs, who is told the reasons, the metrics' access list, the documented series, and the
 * request id. The shard-down readiness on ClickHouse is scaled/operating.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore } from '../events/eventStore';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import { startTestServer, type TestServer } from '../testing/testServer';
import { REQUEST_ID_HEADER } from './metrics';

let server: TestServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function eventStore(): Promise<EventStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-health-'));
  dirs.push(dir);
  return DuckDbEventStore.open(dir);
}

interface Check {
  store: string;
  target: string;
  status: string;
  ms: number;
  address?: string;
  reason?: string;
}

test('/livez answers while the process runs; /readyz and /healthz check the config store and the event store', async () => {
  const events = await eventStore();
  server = await startTestServer({ events: { store: events } });
  const live = await server.call('/livez');
  expect(live.status).toBe(200);
  expect(await live.json()).toEqual({ status: 'ok' });
  for (const url of ['/readyz', '/healthz']) {
    const reply = await server.call(url);
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { status: string; checks: Check[] };
    expect(body.status).toBe('ok');
    expect(body.checks.map(({ store, target, status }) => ({ store, target, status }))).toEqual([
      { store: 'config', target: 'config.sqlite', status: 'ok' },
      { store: 'events', target: 'events.duckdb', status: 'ok' },
    ]);
  }
  // The event store closed (a stand-in for a store that fails): 503 naming it and why.
  await events.close();
  const reply = await server.call('/readyz');
  expect(reply.status).toBe(503);
  const body = (await reply.json()) as { status: string; checks: Check[] };
  expect(body.status).toBe('unavailable');
  expect(body.checks.find((c) => c.store === 'config')?.status).toBe('ok');
  expect(body.checks.find((c) => c.store === 'events')).toMatchObject({
    target: 'events.duckdb',
    status: 'failed',
    reason: 'The event store is closed.',
  });
  expect((await server.call('/healthz')).status).toBe(503);
  expect((await server.call('/livez')).status).toBe(200);
});

test('a store part that does not answer fails its check after WORKBENCH_READY_TIMEOUT_MS', async () => {
  const events = await eventStore();
  let answer: () => void = () => undefined;
  const hanging = new Proxy(events, {
    get: (target, property, receiver) =>
      property === 'probes'
        ? () => [
            { target: 'shard 2 of 2 (10.0.0.7:8123)', probe: () => new Promise<void>((r) => (answer = r)) },
          ]
        : (Reflect.get(target, property, receiver) as unknown),
  });
  server = await startTestServer({ events: { store: hanging }, readyTimeoutMs: 150 });
  const reply = await server.call('/readyz');
  expect(reply.status).toBe(503);
  const body = (await reply.json()) as { checks: Check[] };
  expect(body.checks.find((c) => c.store === 'events')).toMatchObject({
    target: 'shard 2 of 2',
    address: '10.0.0.7:8123',
    status: 'failed',
    reason: 'no answer within 150 ms',
  });
  answer();
  await events.close();
});

test('clients outside WORKBENCH_METRICS_ALLOW learn which part failed, not where it is or why; /metrics is 404 to them', async () => {
  const events = await eventStore();
  const hidden = new Proxy(events, {
    get: (target, property, receiver) =>
      property === 'probes'
        ? () => [
            {
              target: 'shard 1 of 1 (10.0.0.7:8123)',
              probe: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:8123')),
            },
          ]
        : (Reflect.get(target, property, receiver) as unknown),
  });
  server = await startTestServer({ events: { store: hidden }, metricsAllow: ['192.0.2.0/24'] });
  const reply = await server.call('/readyz');
  expect(reply.status).toBe(503);
  const body = (await reply.json()) as { checks: Check[] };
  expect(body.checks.find((c) => c.store === 'events')).toEqual({
    store: 'events',
    target: 'shard 1 of 1',
    status: 'failed',
    ms: expect.any(Number) as unknown as number,
  });
  expect(JSON.stringify(body)).not.toContain('10.0.0.7');
  const metrics = await server.call('/metrics');
  expect(metrics.status).toBe(404);
  expect(await metrics.text()).not.toContain('workbench_');
  await events.close();
});

/** The series documented in server/README.md's Operating table (the names in its first column). */
function documentedSeries(): string[] {
  const readme = fs.readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Operating'), readme.indexOf('## Seeding'));
  return [...section.matchAll(/^\| `(workbench_[a-z_]+)`/gm)].map((m) => m[1]);
}

test('/metrics carries every series server/README.md documents, with route patterns, not raw URLs', async () => {
  server = await startTestServer({ events: { store: await eventStore() } });
  const documented = documentedSeries();
  expect(documented.length).toBeGreaterThanOrEqual(10);
  // Some traffic first: a route with a parameter, an unknown path, a readiness check.
  expect((await server.call('/api/udb-rest/v2/users/no-such-user')).status).toBe(401);
  expect((await server.call('/no/such/path/12345')).status).toBe(404);
  expect((await server.call('/readyz')).status).toBe(200);
  const reply = await server.call('/metrics');
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await reply.text();
  const present = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
  for (const name of documented) expect(present).toContain(name);
  // Nothing undocumented under our prefix.
  expect([...present].filter((n) => n.startsWith('workbench_')).sort()).toEqual([...documented].sort());
  expect(text).toContain(
    'workbench_http_requests_total{method="GET",route="/api/udb-rest/v2/users/:id",status="401"} 1',
  );
  expect(text).toContain('workbench_http_requests_total{method="GET",route="(unmatched)",status="404"} 1');
  expect(text).not.toContain('no-such-user');
  expect(text).not.toContain('12345');
  expect(text).toMatch(
    /workbench_store_operation_duration_seconds_count\{store="config",operation="ping",outcome="ok"\} 1$/m,
  );
  expect(text).toMatch(
    /workbench_store_operation_duration_seconds_count\{store="config",operation="tenants\.[a-zA-Z]+",outcome="ok"\} \d+/,
  );
  expect(text).toContain('workbench_store_up{store="events",target="events.duckdb"} 1');
  // The outbox's hook: a count read at each scrape.
  server.app.workbench.metrics?.setOutboxDepthSource(() => 7);
  expect(await (await server.call('/metrics')).text()).toMatch(/^workbench_outbox_depth 7$/m);
});

test("request ids: a new one for every client, the trusted proxy's X-Request-ID passed on, echoed in the answer", async () => {
  server = await startTestServer();
  const own = await server.call('/livez', { headers: { [REQUEST_ID_HEADER]: 'chosen-by-client' } });
  const id = own.headers.get(REQUEST_ID_HEADER) ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect((await server.call('/livez')).headers.get(REQUEST_ID_HEADER)).not.toBe(id);
  await server.close();
  server = await startTestServer({ trustProxy: ['loopback'] });
  const proxied = await server.call('/livez', { headers: { [REQUEST_ID_HEADER]: 'haproxy-0f3a' } });
  expect(proxied.headers.get(REQUEST_ID_HEADER)).toBe('haproxy-0f3a');
  const bad = await server.call('/livez', { headers: { [REQUEST_ID_HEADER]: 'two words' } });
  expect(bad.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
});
