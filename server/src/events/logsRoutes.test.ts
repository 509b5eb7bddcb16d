import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LogQueryReply } from '@workbench/common/api/contract/logs';
import { startTestServer, signIn, type SignedIn, type TestServer } from '../testing/testServer';
import { generateEvents } from '../seed/eventGenerator';
import { generatorTenantsOf } from '../seed/seedTenants';
import type { EventStore } from './eventStore';
import { openTestEventStore } from '../testing/testEventStore';

const DAY = 86400000;
let server: TestServer;
let store: EventStore;
let storeDir: string;
let acme: SignedIn;
let globex: SignedIn;
let auditor: SignedIn;
let tids: Record<string, string>;

async function json(response: Response): Promise<LogQueryReply & { message?: string; field?: string }> {
  return (await response.json()) as LogQueryReply & { message?: string; field?: string };
}

/** Pages through a query with POST until last_iteration; returns every event id. */
async function pageAll(who: SignedIn, pathAndQuery: string): Promise<string[]> {
  const ids: string[] = [];
  let reply = await json(await server.call(pathAndQuery, { jar: who.jar }));
  ids.push(...reply.events.map((e) => String(e.id)));
  while (!reply.pagingIdentifiers.last_iteration) {
    const response = await server.call(pathAndQuery, {
      method: 'POST',
      jar: who.jar,
      body: { pagingIdentifiers: reply.pagingIdentifiers },
    });
    expect(response.status).toBe(200);
    reply = await json(response);
    ids.push(...reply.events.map((e) => String(e.id)));
  }
  return ids;
}

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logs-routes-'));
  store = await openTestEventStore(storeDir);
  server = await startTestServer({ events: { store } });
  const tenants = generatorTenantsOf(await server.app.workbench.store.tenants.list());
  tids = Object.fromEntries(tenants.map((t) => [t.name, t.tid]));
  for (const batch of generateEvents({
    tenants,
    count: 6000,
    now: server.clock.now().getTime(),
    days: 10,
    seed: 3,
  })) {
    await store.append(batch);
  }
  acme = await signIn(server, 'admin@acme.example');
  globex = await signIn(server, 'admin@globex.example');
  auditor = await signIn(server, 'auditor@acme.example');
  // Seeding and three scrypt sign-ins: beyond jest's 5 s default when the shared cores are busy.
});

afterAll(async () => {
  await server.close();
  await store.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

describe('GET/POST /api/rep/v1/query/{logtype}', () => {
  it('Events are fetched 100 at a time, newest first, with pagingIdentifiers', async () => {
    const response = await server.call('/api/rep/v1/query/scan_web', { jar: acme.jar });
    expect(response.status).toBe(200);
    const reply = await json(response);
    expect(reply.events).toHaveLength(100);
    expect(reply.pagingIdentifiers.last_iteration).toBe(false);
    expect(typeof reply.pagingIdentifiers.cursor).toBe('string');
    const times = reply.events.map((e) => Number(e.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(reply.events[0]).toEqual(
      expect.objectContaining({ log_type: 'scan_web', event_time: new Date(times[0]).toISOString() }),
    );
  });

  it("reads the session's tenant only, and paging visits each of its events once", async () => {
    const now = server.clock.now().getTime();
    const query = `/api/rep/v1/query/fwaas_logs?start=${Math.floor((now - 7 * DAY) / 1000)}&end=${Math.floor(now / 1000)}&limit=250`;
    const acmeIds = await pageAll(acme, query);
    const globexIds = await pageAll(globex, query);
    const expectedAcme = await store.count(tids.acme, 'fwaas_logs');
    expect(acmeIds.length).toBeGreaterThan(250);
    expect(new Set(acmeIds).size).toBe(acmeIds.length);
    expect(globexIds.length).toBeGreaterThan(0);
    expect(acmeIds.filter((id) => globexIds.includes(id))).toEqual([]);
    expect(acmeIds.length).toBeLessThanOrEqual(expectedAcme);
    const storeIds = (
      await store.query({
        logType: 'fwaas_logs',
        tid: tids.acme,
        start: Math.floor((now - 7 * DAY) / 1000) * 1000,
        end: Math.floor(now / 1000) * 1000,
        filters: [],
        limit: 100000,
      })
    ).map((e) => String(e.id));
    expect(acmeIds).toEqual(storeIds);
  });

  it('filters: equality, comma-joined values, free-text search', async () => {
    const reply = await json(
      await server.call('/api/rep/v1/query/scan_web?risk=Y,R&limit=1000', { jar: acme.jar }),
    );
    expect(reply.events.length).toBeGreaterThan(0);
    expect(reply.events.every((e) => e.risk === 'Y' || e.risk === 'R')).toBe(true);
    const found = await json(
      await server.call('/api/rep/v1/query/scan_audit?search=Signed%20IN&limit=1000', { jar: acme.jar }),
    );
    expect(found.events.length).toBeGreaterThan(0);
    expect(found.events.every((e) => String(e.details).toLowerCase().includes('signed in'))).toBe(true);
  });

  it('a bad filter is a 400 naming it, and a cursor from another query or tenant is refused', async () => {
    const unknown = await server.call('/api/rep/v1/query/scan_web?colour=red', { jar: acme.jar });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual(expect.objectContaining({ field: 'colour' }));
    const badValue = await json(
      await server.call('/api/rep/v1/query/scan_web?risk=purple', { jar: acme.jar }),
    );
    expect(badValue).toEqual(expect.objectContaining({ statusCode: 400, field: 'risk' }));
    expect(badValue.message).toContain('purple');
    // The provider trail's tenant field is no field of a tenant's audit log.
    const providerField = await server.call('/api/rep/v1/query/scan_audit?tenant=x', { jar: acme.jar });
    expect([providerField.status, (await json(providerField)).field]).toEqual([400, 'tenant']);
    expect(
      (await json(await server.call('/api/rep/v1/query/scan_web?limit=5000', { jar: acme.jar }))).field,
    ).toBe('limit');
    expect(
      (await json(await server.call('/api/rep/v1/query/scan_web?start=soon', { jar: acme.jar }))).field,
    ).toBe('start');

    const first = await json(await server.call('/api/rep/v1/query/scan_web?risk=G', { jar: acme.jar }));
    const otherQuery = await server.call('/api/rep/v1/query/scan_web?risk=R', {
      method: 'POST',
      jar: acme.jar,
      body: { pagingIdentifiers: first.pagingIdentifiers },
    });
    expect(otherQuery.status).toBe(400);
    expect((await json(otherQuery)).field).toBe('pagingIdentifiers');
    const otherTenant = await server.call('/api/rep/v1/query/scan_web?risk=G', {
      method: 'POST',
      jar: globex.jar,
      body: { pagingIdentifiers: first.pagingIdentifiers },
    });
    expect(otherTenant.status).toBe(400);
    const viaGet = await server.call(
      `/api/rep/v1/query/scan_web?risk=G&cursor=${first.pagingIdentifiers.cursor}`,
      { jar: acme.jar },
    );
    expect(viaGet.status).toBe(200);
  });

  it('the block after the last one is empty', async () => {
    const response = await server.call('/api/rep/v1/query/scan_web', {
      method: 'POST',
      jar: acme.jar,
      body: { pagingIdentifiers: { last_iteration: true } },
    });
    expect(await json(response)).toEqual({ events: [], pagingIdentifiers: { last_iteration: true } });
    const bad = await server.call('/api/rep/v1/query/scan_web', {
      method: 'POST',
      jar: acme.jar,
      body: { pagingIdentifiers: { last_iteration: false } },
    });
    expect((await json(bad)).field).toBe('pagingIdentifiers');
  });

  it('a block is sent compressed as the browser accepts it (br before gzip), the same JSON as unpacked; a small answer is not', async () => {
    // 100 events (~80 KiB) are packed in one call, with their length; 1,000 (~800 KiB, above the
    // synchronous size of http/compression.ts) go through a zlib stream, chunked.
    for (const [limit, packedInOneCall] of [
      [100, true],
      [1000, false],
    ] as const) {
      const path = `/api/rep/v1/query/scan_web?limit=${limit}`;
      const plain = await server.call(path, { jar: acme.jar, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      const events = (await json(plain)).events;
      expect(events).toHaveLength(limit);
      for (const [accepted, sent] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
      ]) {
        const packed = await server.call(path, { jar: acme.jar, headers: { 'accept-encoding': accepted } });
        expect([packed.status, packed.headers.get('content-encoding')]).toEqual([200, sent]);
        expect(packed.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
        expect(packed.headers.has('content-length')).toBe(packedInOneCall);
        expect((await json(packed)).events).toEqual(events);
      }
    }
    const last = await server.call('/api/rep/v1/query/scan_web', {
      method: 'POST',
      jar: acme.jar,
      headers: { 'accept-encoding': 'br' },
      body: { pagingIdentifiers: { last_iteration: true } },
    });
    expect(last.headers.get('content-encoding')).toBeNull();
    expect(await json(last)).toEqual({ events: [], pagingIdentifiers: { last_iteration: true } });
  });

  it('needs a session (401) and the log permission (403: the auditor has no logs:dlp)', async () => {
    expect((await server.call('/api/rep/v1/query/scan_web')).status).toBe(401);
    expect((await server.call('/api/rep/v1/query/scan_dlp', { jar: auditor.jar })).status).toBe(403);
    expect((await server.call('/api/rep/v1/export/scan_dlp', { jar: auditor.jar })).status).toBe(403);
    expect((await server.call('/api/rep/v1/query/scan_web', { jar: auditor.jar })).status).toBe(200);
    expect((await server.call('/api/rep/v1/query/fwaas_logs', { jar: auditor.jar })).status).toBe(200);
  });

  it('POST carries the xsrf header like every state-changing call', async () => {
    const response = await server.call('/api/rep/v1/query/scan_web', {
      method: 'POST',
      jar: acme.jar,
      xsrf: false,
      body: {},
    });
    expect(response.status).toBe(403);
  });
});

describe('order=desc|asc on /api/rep/v1/query/{logtype}', () => {
  const range = (): string => {
    const now = server.clock.now().getTime();
    return `start=${Math.floor((now - 8 * DAY) / 1000)}&end=${Math.floor((now + DAY) / 1000)}`;
  };

  it('order=asc gives the oldest first; desc (the default) the newest first', async () => {
    const asc = await json(
      await server.call(`/api/rep/v1/query/scan_web?${range()}&order=asc`, { jar: acme.jar }),
    );
    const desc = await json(
      await server.call(`/api/rep/v1/query/scan_web?${range()}&order=desc`, { jar: acme.jar }),
    );
    const byDefault = await json(
      await server.call(`/api/rep/v1/query/scan_web?${range()}`, { jar: acme.jar }),
    );
    expect(byDefault).toEqual(desc);
    const ascTimes = asc.events.map((e) => Number(e.time));
    expect(ascTimes).toHaveLength(100);
    expect([...ascTimes].sort((a, b) => a - b)).toEqual(ascTimes);
    expect(ascTimes[0]).toBeLessThan(Number(desc.events[99].time));
  });

  it('asc pages through the whole range without skip or repeat: the exact reverse of desc', async () => {
    const query = `/api/rep/v1/query/scan_dlp?${range()}&limit=40`;
    const desc = await pageAll(acme, query);
    const asc = await pageAll(acme, `${query}&order=asc`);
    expect(asc.length).toBeGreaterThan(80);
    expect(new Set(asc).size).toBe(asc.length);
    expect(asc).toEqual([...desc].reverse());
  });

  it.each(['desc', 'asc'] as const)(
    'paging in %s order continues under concurrent inserts, neither skipping nor repeating an event',
    async (order) => {
      const now = server.clock.now().getTime();
      const query = `/api/rep/v1/query/saa_logs?${range()}&limit=30&order=${order}`;
      const before = await pageAll(acme, query);
      expect(before.length).toBeGreaterThan(90);
      const insert = (time: number) =>
        store.append([
          {
            tid: tids.acme,
            logType: 'saa_logs',
            time,
            fields: { userid: 'late@acme.example', application: 'concurrent' },
          },
        ]);
      const read: LogQueryReply['events'] = [];
      let reply = await json(await server.call(query, { jar: acme.jar }));
      read.push(...reply.events);
      let inserts = 0;
      while (!reply.pagingIdentifiers.last_iteration) {
        const last = reply.events[reply.events.length - 1];
        // New events: the newest, the oldest in range, and one at the time of the block's last event.
        const [response] = await Promise.all([
          server.call(query, {
            method: 'POST',
            jar: acme.jar,
            body: { pagingIdentifiers: reply.pagingIdentifiers },
          }),
          insert(now - inserts),
          insert(now - 8 * DAY + 1000 + inserts),
          insert(Number(last.time)),
        ]);
        inserts += 1;
        expect(response.status).toBe(200);
        reply = await json(response);
        read.push(...reply.events);
      }
      const seen = read.map((e) => String(e.id));
      expect(inserts).toBeGreaterThan(2);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
      const keys = read.map((e) => [Number(e.time), Number(e.id)]);
      const sign = order === 'asc' ? 1 : -1;
      for (let i = 1; i < keys.length; i += 1) {
        const [t0, i0] = keys[i - 1];
        const [t1, i1] = keys[i];
        expect(sign * (t1 - t0) > 0 || (t1 === t0 && sign * (i1 - i0) > 0)).toBe(true);
      }
    },
  );

  it('a cursor of the other order is a 400 naming pagingIdentifiers (or cursor on GET)', async () => {
    const desc = await json(await server.call(`/api/rep/v1/query/scan_web?${range()}`, { jar: acme.jar }));
    const asc = await json(
      await server.call(`/api/rep/v1/query/scan_web?${range()}&order=asc`, { jar: acme.jar }),
    );
    const descCursorAsc = await server.call(`/api/rep/v1/query/scan_web?${range()}&order=asc`, {
      method: 'POST',
      jar: acme.jar,
      body: { pagingIdentifiers: desc.pagingIdentifiers },
    });
    expect(descCursorAsc.status).toBe(400);
    expect((await json(descCursorAsc)).field).toBe('pagingIdentifiers');
    const ascCursorDesc = await server.call(`/api/rep/v1/query/scan_web?${range()}`, {
      method: 'POST',
      jar: acme.jar,
      body: { pagingIdentifiers: asc.pagingIdentifiers },
    });
    expect(ascCursorDesc.status).toBe(400);
    expect((await json(ascCursorDesc)).field).toBe('pagingIdentifiers');
    const viaGet = await server.call(
      `/api/rep/v1/query/scan_web?${range()}&order=desc&cursor=${asc.pagingIdentifiers.cursor}`,
      { jar: acme.jar },
    );
    expect(viaGet.status).toBe(400);
    expect((await json(viaGet)).field).toBe('cursor');
  });

  it('a bad order is a 400 naming order, on queries and exports', async () => {
    for (const path of ['/api/rep/v1/query/scan_web?order=newest', '/api/rep/v1/export/scan_web?order=ASC']) {
      const response = await server.call(path, { jar: acme.jar });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual(
        expect.objectContaining({ field: 'order', message: expect.stringContaining('desc or asc') }),
      );
    }
  });

  it('an export in asc order streams the whole result oldest first', async () => {
    const response = await server.call(`/api/rep/v1/export/scan_audit?${range()}&order=asc`, {
      jar: acme.jar,
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split('\r\n');
    const ids = await pageAll(acme, `/api/rep/v1/query/scan_audit?${range()}&limit=1000&order=asc`);
    expect(lines.length - 1).toBeGreaterThan(10);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(ids);
  });
  it('sort: pages by a field through GET and POST, the export in the same order; a cursor of another sort is refused', async () => {
    const base = '/api/rep/v1/query/fwaas_logs?sort=dst_port&order=asc&limit=97';
    const ids = await pageAll(acme, base);
    const everything = await pageAll(acme, '/api/rep/v1/query/fwaas_logs?limit=1000');
    expect([...ids].sort()).toEqual([...everything].sort());
    const exported = await server.call(
      '/api/rep/v1/export/fwaas_logs?sort=dst_port&order=asc&format=ndjson',
      {
        jar: acme.jar,
      },
    );
    expect(exported.headers.get('content-type')).toContain('application/x-ndjson');
    const rows = (await exported.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; dst_port: number | null });
    expect(rows.map((r) => r.id)).toEqual(ids);
    const ports = rows.map((r) => r.dst_port).filter((p): p is number => p !== null);
    expect(ports).toEqual([...ports].sort((a, b) => a - b));
    // The first block's cursor belongs to sort=dst_port: under another sort it is refused.
    const first = await json(await server.call(base, { jar: acme.jar }));
    const other = await server.call(base.replace('dst_port', 'src_port'), {
      method: 'POST',
      jar: acme.jar,
      body: { pagingIdentifiers: first.pagingIdentifiers },
    });
    expect(other.status).toBe(400);
    expect((await json(other)).field).toBe('pagingIdentifiers');
    for (const bad of ['url', 'nope', 'dlp_rule']) {
      const response = await server.call(`/api/rep/v1/query/scan_web?sort=${bad}`, { jar: acme.jar });
      expect(response.status).toBe(400);
      expect((await json(response)).field).toBe('sort');
    }
  });
});

describe('paging a query without start/end (the default range, end = now)', () => {
  const postNext = (who: SignedIn, pathAndQuery: string, reply: LogQueryReply) =>
    server.call(pathAndQuery, {
      method: 'POST',
      jar: who.jar,
      body: { pagingIdentifiers: reply.pagingIdentifiers },
    });

  it('the cursor pins the range of the first block: the next blocks continue it after the clock moved', async () => {
    const madeAt = server.clock.now().getTime();
    const first = await json(await server.call('/api/rep/v1/query/scan_web?limit=100', { jar: acme.jar }));
    expect(first.pagingIdentifiers.last_iteration).toBe(false);
    server.clock.advance(90_000);

    const viaPost = await postNext(acme, '/api/rep/v1/query/scan_web?limit=100', first);
    expect(viaPost.status).toBe(200);
    const second = await json(viaPost);
    const viaGet = await server.call(
      `/api/rep/v1/query/scan_web?limit=100&cursor=${first.pagingIdentifiers.cursor}`,
      { jar: acme.jar },
    );
    expect(viaGet.status).toBe(200);
    expect(await json(viaGet)).toEqual(second);

    // The same 200 events as the store's read of the first block's range [made − 7 days, made).
    const expected = await store.query({
      logType: 'scan_web',
      tid: tids.acme,
      start: madeAt - 7 * DAY,
      end: madeAt,
      filters: [],
      limit: 200,
    });
    expect([...first.events, ...second.events].map((e) => String(e.id))).toEqual(
      expected.map((e) => String(e.id)),
    );
  });

  it('oldest first, paging ends at the pinned end: an event newer than the first block is not read', async () => {
    const pathAndQuery = '/api/rep/v1/query/scan_audit?order=asc&limit=40';
    let reply = await json(await server.call(pathAndQuery, { jar: acme.jar }));
    const madeAt = server.clock.now().getTime();
    expect(reply.pagingIdentifiers.last_iteration).toBe(false);
    server.clock.advance(60_000);
    await store.append([
      {
        tid: tids.acme,
        logType: 'scan_audit',
        time: madeAt + 30_000,
        fields: { userid: 'late@acme.example', details: 'after the first block' },
      },
    ]);
    const read = [...reply.events];
    while (!reply.pagingIdentifiers.last_iteration) {
      const response = await postNext(acme, pathAndQuery, reply);
      expect(response.status).toBe(200);
      reply = await json(response);
      read.push(...reply.events);
    }
    expect(read.length).toBeGreaterThan(80);
    expect(read.every((e) => Number(e.time) >= madeAt - 7 * DAY && Number(e.time) < madeAt)).toBe(true);
    expect(read.some((e) => e.details === 'after the first block')).toBe(false);
  });

  it('a cursor is still refused for a really different query (filters, search, order, an explicit other range)', async () => {
    const first = await json(await server.call('/api/rep/v1/query/scan_web', { jar: acme.jar }));
    const madeAt = server.clock.now().getTime();
    server.clock.advance(60_000);
    const seconds = (ms: number) => Math.floor(ms / 1000);
    for (const other of [
      'risk=G',
      'search=example',
      'order=asc',
      `start=${seconds(madeAt - 2 * DAY)}`,
      `end=${seconds(madeAt - DAY)}`,
      `start=${seconds(madeAt - 7 * DAY)}&end=${seconds(server.clock.now().getTime())}`,
    ]) {
      const response = await postNext(acme, `/api/rep/v1/query/scan_web?${other}`, first);
      expect({ other, status: response.status }).toEqual({ other, status: 400 });
      expect(await json(response)).toEqual(
        expect.objectContaining({
          field: 'pagingIdentifiers',
          message: 'The paging cursor belongs to another query; start again from the first block.',
        }),
      );
    }
    // The range it pins, given explicitly, is the same query.
    const pinned = await postNext(
      acme,
      `/api/rep/v1/query/scan_web?start=${seconds(madeAt - 7 * DAY)}&end=${seconds(madeAt)}`,
      first,
    );
    expect(pinned.status).toBe(200);
  });

  it('a tampered cursor (range, position, fingerprint, not JSON) is a 400, never a 500', async () => {
    const first = await json(await server.call('/api/rep/v1/query/scan_web', { jar: acme.jar }));
    const body = JSON.parse(Buffer.from(first.pagingIdentifiers.cursor!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      encode({ ...body, s: Number(body.s) - DAY }),
      encode({ ...body, e: 'now' }),
      encode({ ...body, s: Number(body.e), e: Number(body.s) }),
      encode({ ...body, e: 1e300 }),
      encode({ ...body, t: -1.5 }),
      encode({ ...body, f: 'x' }),
      encode([1, 2]),
      'bm90IGpzb24',
      '%%%',
    ]) {
      const response = await postNext(acme, '/api/rep/v1/query/scan_web', {
        ...first,
        pagingIdentifiers: { cursor, last_iteration: false },
      });
      expect({ cursor, status: response.status }).toEqual({ cursor, status: 400 });
      expect((await json(response)).field).toBe('pagingIdentifiers');
    }
  });
});

describe('GET /api/rep/v1/export/{logtype}', () => {
  it('streams the whole filtered result as CSV', async () => {
    const response = await server.call('/api/rep/v1/export/fwaas_logs?fw_action=drop,reject', {
      jar: acme.jar,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="fwaas_logs_.*\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(Number(response.headers.get('x-total-events'))).toBe(lines.length - 1);
    expect(
      lines[0].startsWith('id,event_time,userid,src_ip,src_port,dst_ip,dst_port,protocol,fw_action'),
    ).toBe(true);
    const ids = await pageAll(acme, '/api/rep/v1/query/fwaas_logs?fw_action=drop,reject&limit=1000');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(ids);
    expect(lines.slice(1).every((l) => /,(drop|reject),/.test(l))).toBe(true);
  });

  it('writes the chosen columns, with labels in the cells and the header', async () => {
    const response = await server.call(
      '/api/rep/v1/export/fwaas_logs?fw_action=drop&columns=fw_action,dst_port&values=labels',
      { jar: acme.jar },
    );
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Event id,Time,Firewall action,Destination port');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => /^\d+,[^,]+,Drop,\d*$/.test(l))).toBe(true);
  });

  it('refuses a bad format, values or column, naming it', async () => {
    for (const [query, field] of [
      ['format=xlsx', 'format'],
      ['values=names', 'values'],
      ['columns=fw_action,nope', 'columns'],
      ['columns=fw_action,fw_action', 'columns'],
    ]) {
      const response = await server.call(`/api/rep/v1/export/fwaas_logs?${query}`, { jar: acme.jar });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect((await json(response)).field).toBe(field);
    }
    const audit = await server.call('/api/rep/v1/export/scan_audit?columns=userid,tenant', { jar: acme.jar });
    expect([audit.status, (await json(audit)).field]).toEqual([400, 'columns']);
    const header = (
      await (await server.call('/api/rep/v1/export/scan_audit', { jar: acme.jar })).text()
    ).split('\r\n')[0];
    expect(header.split(',')).not.toContain('tenant');
  });

  it('refuses paging parameters and bad filters', async () => {
    expect(
      (await json(await server.call('/api/rep/v1/export/scan_web?limit=10', { jar: acme.jar }))).field,
    ).toBe('limit');
    expect(
      (await json(await server.call('/api/rep/v1/export/scan_web?dlp_rule=x', { jar: acme.jar }))).field,
    ).toBe('dlp_rule');
  });
});

describe('OpenAPI', () => {
  it('publishes the logs routes of every log type', async () => {
    const doc = (await (await server.call('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const type of ['scan_web', 'scan_email', 'scan_dlp', 'scan_audit', 'fwaas_logs', 'saa_logs']) {
      expect(Object.keys(doc.paths[`/api/rep/v1/query/${type}`]).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[`/api/rep/v1/export/${type}`])).toEqual(['get']);
    }
  });
});

describe('q: the query language on /api/rep/v1/query/{logtype}', () => {
  const q = (text: string) => `q=${encodeURIComponent(text)}`;
  type Event = Record<string, string | number>;
  /** Every acme web event of the default range, read through the API without any condition. */
  let all: Event[] = [];
  async function events(who: SignedIn, pathAndQuery: string): Promise<Event[]> {
    const out: Event[] = [];
    let reply = await json(await server.call(pathAndQuery, { jar: who.jar }));
    out.push(...reply.events);
    while (!reply.pagingIdentifiers.last_iteration) {
      reply = await json(
        await server.call(pathAndQuery, {
          method: 'POST',
          jar: who.jar,
          body: { pagingIdentifiers: reply.pagingIdentifiers },
        }),
      );
      out.push(...reply.events);
    }
    return out;
  }
  const range = (): string => {
    const now = server.clock.now().getTime();
    return `start=${Math.floor((now - 7 * DAY) / 1000)}&end=${Math.floor(now / 1000)}&limit=1000`;
  };
  const ids = (list: Event[]) => list.map((e) => String(e.id));

  beforeAll(async () => {
    all = await events(acme, `/api/rep/v1/query/scan_web?${range()}`);
  });

  it('q=field:value gives the same events as the filter parameter the chips write', async () => {
    const viaQ = await events(acme, `/api/rep/v1/query/scan_web?${range()}&${q('action:(block OR allow)')}`);
    const viaChips = await events(acme, `/api/rep/v1/query/scan_web?${range()}&action=block,allow`);
    expect(viaQ.length).toBeGreaterThan(0);
    expect(ids(viaQ)).toEqual(ids(viaChips));
  });

  it.each<[string, (e: Event) => boolean]>([
    [
      'NOT country:FR AND (risk:R OR action:block)',
      (e) => e.country !== 'FR' && (e.risk === 'R' || e.action === 'block'),
    ],
    [
      'status_code:[200 TO 299]',
      (e) => typeof e.status_code === 'number' && e.status_code >= 200 && e.status_code <= 299,
    ],
    ['bytes>10KB', (e) => Number(e.bytes_in ?? 0) + Number(e.bytes_out ?? 0) > 10_000],
    ['NOT threat_class:*', (e) => e.threat_class === undefined],
    [
      'user:a*',
      (e) =>
        String(e.userid ?? '')
          .toLowerCase()
          .startsWith('a'),
    ],
  ])('%s selects exactly the events it says', async (text, keep) => {
    const got = await events(acme, `/api/rep/v1/query/scan_web?${range()}&${q(text)}`);
    const expected = all.filter(keep);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(ids(got)).toEqual(ids(expected));
  });

  it('a syntax or vocabulary error is a 400 naming q and the position; a cursor of another q is refused', async () => {
    const bad = await json(
      await server.call(`/api/rep/v1/query/scan_web?${q('action:block AND')}`, { jar: acme.jar }),
    );
    expect(bad).toEqual(
      expect.objectContaining({
        statusCode: 400,
        field: 'q',
        message: 'Parameter "q": AND needs a term after it. (at character 14)',
      }),
    );
    const unknown = await json(
      await server.call(`/api/rep/v1/query/scan_web?${q('country:ZZ')}`, { jar: acme.jar }),
    );
    expect(unknown.message).toContain('Country has no value "ZZ"');
    const first = await json(
      await server.call(`/api/rep/v1/query/scan_web?${q('risk:G')}`, { jar: acme.jar }),
    );
    const other = await server.call(`/api/rep/v1/query/scan_web?${q('risk:R')}`, {
      method: 'POST',
      jar: acme.jar,
      body: { pagingIdentifiers: first.pagingIdentifiers },
    });
    expect((await json(other)).field).toBe('pagingIdentifiers');
  });

  it('the export applies q too', async () => {
    const response = await server.call(
      `/api/rep/v1/export/scan_web?${range().replace('&limit=1000', '')}&${q('NOT risk:G')}`,
      {
        jar: acme.jar,
      },
    );
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\n');
    expect(lines.length - 1).toBe(all.filter((e) => e.risk !== 'G').length);
  });
});
