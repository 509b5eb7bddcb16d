/**
 * Issue 16, "Several replicas": two real server processes (main.ts) on one PostgreSQL config
 * store and a two-shard ClickHouse event store, behind HAProxy in round robin
 * (testing/scaledTopology.ts). Each test asks the replicas directly where it matters which one
 * answers, and the proxy where it does not. The cross-server rules (crossServerRules.ts) run here
 * on real processes and clocks, and in store/postgresServers.test.ts on in-process servers.
 */
import { SAVED_SEARCH_PATHS, type SavedSearchList } from '@workbench/common/api/contract/savedSearches';
import { ClickHouseEventStore } from '../events/clickhouseEventStore';
import { postgresEventIds } from '../events/clickhouseIds';
import type { EventQuery, NewEvent, StoredEvent } from '../events/eventStore';
import { REPLICA_HEADER } from '../testing/haproxy';
import { scaledTopologyAvailable, startScaledTopology, type ScaledTopology } from '../testing/scaledTopology';
import { httpCaller, signIn } from '../testing/testServer';
import { declareCrossServerRules, until, type Caller } from './crossServerRules';

const enabled = scaledTopologyAvailable();
const describeScaled = enabled ? describe : describe.skip;

let topology: ScaledTopology;
let r1: Caller;
let r2: Caller;
let proxy: Caller;

/** A last guard: two server processes, PostgreSQL and HAProxy start one after another, and took over 120 s at load 25. */
const TOPOLOGY_START_GUARD_MS = 300_000;

beforeAll(async () => {
  if (!enabled) return;
  topology = await startScaledTopology();
  [r1, r2] = topology.replicas.map((r) => ({ call: httpCaller(r.server.baseUrl) }));
  proxy = { call: httpCaller(topology.url) };
}, TOPOLOGY_START_GUARD_MS);
afterAll(async () => {
  await topology?.stop();
});

describeScaled('two server replicas behind a round-robin proxy', () => {
  // Sessions, lockouts, publishes and jobs across the replicas, asked directly; real clock.
  declareCrossServerRules(() => ({ one: r1, two: r2, time: { kind: 'real' } }));

  test('the proxy spreads requests over both replicas', async () => {
    const admin = await signIn(r1, 'admin@acme.example');
    const served = new Set<string | null>();
    for (let i = 0; i < 4; i += 1) {
      const reply = await proxy.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar });
      expect(reply.status).toBe(200);
      served.add(reply.headers.get(REPLICA_HEADER));
    }
    expect([...served].sort()).toEqual(['r1', 'r2']);
  });

  test('audit events written by both replicas at once all get their own id, and page alike from either', async () => {
    const admin = await signIn(proxy, 'admin@acme.example');
    const names = Array.from({ length: 12 }, (_, i) => `two writers ${i}`);
    const replies = await Promise.all(
      names.map((name, i) =>
        (i % 2 === 0 ? r1 : r2).call(SAVED_SEARCH_PATHS.list, {
          method: 'POST',
          jar: admin.jar,
          body: { name, route: 'web', query: 'country=FR' },
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(names.map(() => 200));
    type AuditRow = { id: string; object?: string; audit_action?: string };
    const audit = async (server: Caller) => {
      const reply = await server.call('/api/rep/v1/query/scan_audit?limit=1000', {
        jar: admin.jar,
      });
      expect(reply.status).toBe(200);
      return ((await reply.json()) as { events: AuditRow[] }).events.filter(
        (e) => e.audit_action === 'create' && names.includes(e.object ?? ''),
      );
    };
    const seen = await until(
      () => audit(r1),
      (events) => events.length >= names.length,
    );
    expect(new Set(seen.map((e) => e.object)).size).toBe(names.length);
    expect(new Set(seen.map((e) => e.id)).size).toBe(names.length);
    expect((await audit(r2)).map((e) => e.id)).toEqual(seen.map((e) => e.id));
  });

  test('a replica killed while writes are in flight loses no answered write, and the other keeps serving', async () => {
    const admin = await signIn(proxy, 'admin@acme.example');
    const write = (i: number) =>
      proxy
        .call(SAVED_SEARCH_PATHS.list, {
          method: 'POST',
          jar: admin.jar,
          body: { name: `kill ${i}`, route: 'web', query: `n=${i}` },
        })
        .then((r) => ({ i, status: r.status }));
    // Writes go out back to back, half to each replica; r1 dies under them once a few are answered.
    let done = 0;
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      write(i)
        // A connection cut before the proxy could answer (the replica died while answering on it)
        // is a request without an answer, as a 502 is: status 0.
        .catch(() => ({ i, status: 0 }))
        .then((a) => {
          done += 1;
          return a;
        }),
    );
    await until(
      () => Promise.resolve(done),
      (n) => n >= 4,
    );
    await topology.replicas[0].server.kill();
    const answered = await Promise.all(inFlight);
    // A write cut off mid-request is a 502 or a closed connection (never replayed: it may have
    // committed); any other is answered.
    for (const { status } of answered) expect([200, 502, 0]).toContain(status);
    const after = await Promise.all(Array.from({ length: 40 }, (_, i) => write(100 + i)));
    expect(after.map((a) => a.status)).toEqual(after.map(() => 200));
    const list = await proxy.call(SAVED_SEARCH_PATHS.list, { jar: admin.jar });
    expect(list.headers.get(REPLICA_HEADER)).toBe('r2');
    const stored = new Set(((await list.json()) as SavedSearchList).saved_searches.map((s) => s.name));
    for (const { i, status } of [...answered, ...after])
      if (status === 200) expect(stored).toContain(`kill ${i}`);
  });

  test('two event stores writing one ClickHouse database at once take distinct ids from the config store, and page without a skip or a repeat', async () => {
    const ids = postgresEventIds(await topology.postgres.freshUrl());
    const url = topology.clickhouse.url('two_writers');
    const a = await ClickHouseEventStore.open(url, { ids });
    const b = await ClickHouseEventStore.open(url, { ids });
    try {
      // Many events in the same few milliseconds: the keyset's (time, id) ties need distinct ids.
      const batch = (writer: string, n: number): NewEvent[] =>
        Array.from({ length: 25 }, (_, i) => ({
          tid: 'acme',
          logType: 'scan_audit' as const,
          time: 1_800_000_000_000 + (i % 3),
          fields: { details: `${writer} ${n} ${i}` },
        }));
      await Promise.all(
        Array.from({ length: 8 }, (_, n) => [a.append(batch('a', n)), b.append(batch('b', n))]).flat(),
      );
      const query: EventQuery = {
        logType: 'scan_audit',
        tid: 'acme',
        start: 0,
        end: 1_900_000_000_000,
        filters: [],
        limit: 30,
      };
      const pageAll = async (store: ClickHouseEventStore) => {
        const seen: StoredEvent[] = [];
        for (;;) {
          const last = seen[seen.length - 1];
          const block = await store.query({ ...query, after: last && { time: last.time, id: last.id } });
          seen.push(...block);
          if (block.length < query.limit) return seen;
        }
      };
      const fromA = await pageAll(a);
      expect(fromA).toHaveLength(400);
      expect(new Set(fromA.map((e) => e.id)).size).toBe(400);
      expect(new Set(fromA.map((e) => e.fields.details)).size).toBe(400);
      // b reads a's events too (not only the time range it wrote itself), in the same order.
      expect((await pageAll(b)).map((e) => e.id)).toEqual(fromA.map((e) => e.id));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
