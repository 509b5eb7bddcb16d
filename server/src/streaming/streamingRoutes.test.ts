/**
 * The log streaming API and delivery over real HTTP, on a real server with stores in a temporary
 * directory and a test clock: bad input, permission, another tenant, the write-only authorisation
 * value; NDJSON batches (gzip) reach a local receiver, which is killed and restarted mid-stream,
 * and the events received equal the events stored (count and ids); syslog over TCP arrives in
 * RFC 5424 messages framed by octet counting. Requests are written from docs/streaming.md.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import {
  signIn,
  signInWithRoles,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import { openTestEventStore } from '../testing/testEventStore';
import type { EventStore, NewEvent } from '../events/eventStore';

let server: TestServer;
let events: EventStore;
let admin: SignedIn;
let globex: SignedIn;
let acmeTid: string;

const SECOND = 1000;
const call = (who: SignedIn, p: string, method = 'GET', body?: unknown) =>
  server.call(p, { method, jar: who.jar, ...(body !== undefined ? { body } : {}) });
const tick = () => server.app.workbench.streamer!.tick();
const clock = () => server.app.workbench.now().getTime();
const advance = (ms: number) => server.clock.advance(ms);

/** An HTTP receiver of NDJSON batches that can be stopped and started again on its port. */
class Receiver {
  readonly batches: { headers: http.IncomingHttpHeaders; lines: Record<string, unknown>[] }[] = [];
  status = 200;
  private server: http.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  async start(): Promise<void> {
    const s = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        if (this.status === 200) {
          const text = zlib.gunzipSync(Buffer.concat(chunks)).toString();
          this.batches.push({
            headers: request.headers,
            lines: text
              .split('\n')
              .filter(Boolean)
              .map((l) => JSON.parse(l) as Record<string, unknown>),
          });
        }
        response.statusCode = this.status;
        response.end();
      });
    });
    s.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => s.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (s.address() as AddressInfo).port;
    this.server = s;
  }
  /** Gone at once: the listener closed and every open connection cut. */
  async kill(): Promise<void> {
    const s = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => s?.close(resolve));
  }
  get ids(): number[] {
    return this.batches.flatMap((b) => b.lines.map((l) => l.id as number));
  }
  get url() {
    return `http://127.0.0.1:${this.port}/ingest`;
  }
}

const receiver = new Receiver();

beforeAll(async () => {
  // The receivers listen on loopback: a deployment allows such private destinations by name (net/README.md).
  process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = '127.0.0.1/32';
  await receiver.start();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streaming-events-'));
  events = await openTestEventStore(dir);
  server = await startTestServer({
    events: { store: events },
    streaming: { timer: false, settleMs: 0, retryBaseMs: 10 * SECOND },
  });
  acmeTid = (await server.app.workbench.store.tenants.list()).find((t) => t.name === 'acme')!.tid;
  admin = await signIn(server, 'admin@acme.example');
  globex = await signIn(server, 'admin@globex.example');
});

afterAll(async () => {
  await server?.close();
  await events?.close();
  await receiver.kill();
});

const httpDestination = (over: Record<string, unknown> = {}) => ({
  kind: 'http',
  name: 'SOC collector',
  log_types: ['web'],
  fields: [],
  query: '',
  batch_max_events: 50,
  batch_max_seconds: 5,
  enabled: true,
  url: receiver.url,
  auth_header: 'Authorization',
  auth_value: 'Bearer s3cret-token',
  ...over,
});

const web = (atMs: number, domain: string, tid = acmeTid): NewEvent => ({
  tid,
  logType: 'scan_web',
  time: atMs,
  fields: { domain, action: 'block', userid: 'alice' },
});

describe('destinations: input, permission, tenant, secret', () => {
  it('refuses bad input naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ url: 'ftp://siem.example/' }, 'url'],
      [{ url: 'https://user:pw@siem.example/' }, 'url'],
      [{ query: 'domain:(' }, 'query'],
      [{ fields: ['nope'] }, 'fields'],
      [{ log_types: [] }, 'log_types'],
      [{ log_types: ['mail'] }, 'log_types'],
      [{ batch_max_events: 0 }, 'batch_max_events'],
      [{ batch_max_seconds: 100000 }, 'batch_max_seconds'],
      [{ auth_header: 'Content-Length' }, 'auth_header'],
      [
        {
          kind: 'syslog',
          url: undefined,
          auth_header: undefined,
          auth_value: undefined,
          host: 'a b',
          port: 514,
          tls: false,
        },
        'host',
      ],
      [
        {
          kind: 'syslog',
          url: undefined,
          auth_header: undefined,
          auth_value: undefined,
          host: 'siem.example',
          port: 0,
          tls: false,
        },
        'port',
      ],
      [
        {
          kind: 'syslog',
          url: undefined,
          auth_header: undefined,
          auth_value: undefined,
          host: 'siem.example',
        },
        'port',
      ],
      [{ kind: 'syslog', host: 'siem.example', port: 514 }, 'url'],
      [{ url: undefined }, 'url'],
    ];
    for (const [over, field] of cases) {
      const r = await call(admin, '/api/streaming/v1/destinations', 'POST', httpDestination(over));
      expect(r.status).toBe(400);
      expect(JSON.stringify(await r.json())).toContain(field);
    }
    expect((await (await call(admin, '/api/streaming/v1/destinations')).json()).destinations).toEqual([]);
  });

  it('needs settings:streaming (read to list, write to change) and the logs permission of each log type', async () => {
    const reader = await signInWithRoles(server, 'acme', 'streaming-reader@acme.example', {
      read: ['settings:streaming', 'logs:web'],
      write: [],
    });
    expect((await call(reader, '/api/streaming/v1/destinations')).status).toBe(200);
    expect((await call(reader, '/api/streaming/v1/destinations', 'POST', httpDestination())).status).toBe(
      403,
    );
    const logs = await signIn(server, 'logs@acme.example');
    expect((await call(logs, '/api/streaming/v1/destinations')).status).toBe(403);
    const noLogs = await signInWithRoles(server, 'acme', 'streaming-only@acme.example', {
      read: ['settings:streaming'],
      write: ['settings:streaming'],
    });
    expect((await call(noLogs, '/api/streaming/v1/destinations', 'POST', httpDestination())).status).toBe(
      403,
    );
  });

  it("keeps the authorisation value write-only and answers another tenant's destination 404", async () => {
    const r = await call(
      admin,
      '/api/streaming/v1/destinations',
      'POST',
      httpDestination({ enabled: false }),
    );
    expect(r.status).toBe(200);
    const made = await r.json();
    expect(made).toMatchObject({
      kind: 'http',
      auth_header: 'Authorization',
      auth_value_set: true,
      enabled: false,
    });
    const listed = await (await call(admin, '/api/streaming/v1/destinations')).text();
    expect(listed).not.toContain('s3cret-token');
    const audit = server.app.workbench.store;
    expect(JSON.stringify(await audit.streaming.list(acmeTid))).toContain('s3cret-token');
    const id = made.id as string;
    for (const [p, method, body] of [
      [`/api/streaming/v1/destinations/${id}`, 'GET'],
      [`/api/streaming/v1/destinations/${id}`, 'PUT', httpDestination()],
      [`/api/streaming/v1/destinations/${id}`, 'DELETE'],
      [`/api/streaming/v1/destinations/${id}/health`, 'GET'],
      [`/api/streaming/v1/destinations/${id}/test`, 'POST'],
    ] as [string, string, unknown?][]) {
      expect((await call(globex, p, method, body)).status).toBe(404);
    }
    // A change without the value keeps it; the kind cannot change.
    const kept = await (
      await call(
        admin,
        `/api/streaming/v1/destinations/${id}`,
        'PUT',
        httpDestination({ enabled: false, auth_value: undefined, name: 'Renamed' }),
      )
    ).json();
    expect(kept).toMatchObject({ name: 'Renamed', auth_value_set: true });
    const kind = await call(admin, `/api/streaming/v1/destinations/${id}`, 'PUT', {
      ...httpDestination(),
      kind: 'syslog',
      url: undefined,
      auth_header: undefined,
      auth_value: undefined,
      host: 'siem.example',
      port: 514,
      tls: false,
    });
    expect(kind.status).toBe(400);
    expect(JSON.stringify(await kind.json())).toContain('kind');
    expect((await call(admin, `/api/streaming/v1/destinations/${id}`, 'DELETE')).status).toBe(200);
    expect((await call(admin, `/api/streaming/v1/destinations/${id}`)).status).toBe(404);
  });

  it('test-sends one message, and refuses a non-public destination the deployment does not allow', async () => {
    const made = await (
      await call(admin, '/api/streaming/v1/destinations', 'POST', httpDestination({ enabled: false }))
    ).json();
    const before = receiver.batches.length;
    const sent = await (await call(admin, `/api/streaming/v1/destinations/${made.id}/test`, 'POST')).json();
    expect(sent).toEqual({ delivered: true, status: 200, error: null });
    expect(receiver.batches.length).toBe(before + 1);
    const got = receiver.batches[before];
    expect(got.headers.authorization).toBe('Bearer s3cret-token');
    expect(got.headers['content-type']).toBe('application/x-ndjson');
    expect(got.lines).toEqual([expect.objectContaining({ log_type: 'test', id: 0 })]);
    const local = await (
      await call(
        admin,
        '/api/streaming/v1/destinations',
        'POST',
        httpDestination({ enabled: false, url: 'http://10.1.2.3:9/x', name: 'LAN' }),
      )
    ).json();
    const refused = await (
      await call(admin, `/api/streaming/v1/destinations/${local.id}/test`, 'POST')
    ).json();
    expect(refused.delivered).toBe(false);
    expect(refused.error).toContain('Refused to connect to 10.1.2.3');
    for (const id of [made.id, local.id])
      expect((await call(admin, `/api/streaming/v1/destinations/${id}`, 'DELETE')).status).toBe(200);
  });
});

describe('delivery', () => {
  it('streams every matching event once the receiver is back: killed and restarted mid-stream, received equals stored', async () => {
    const start = clock();
    const made = await (
      await call(
        admin,
        '/api/streaming/v1/destinations',
        'POST',
        httpDestination({
          query: 'NOT domain:skip.example',
          fields: ['domain', 'action'],
          batch_max_events: 40,
        }),
      )
    ).json();
    receiver.batches.length = 0;
    // 100 matching events of acme, 10 the query leaves out, 10 of globex the tenant never sees.
    const globexTid = (await server.app.workbench.store.tenants.list()).find((t) => t.name === 'globex')!.tid;
    const batch1 = Array.from({ length: 100 }, (_, i) => web(start + i, `site${i}.example`));
    await events.append([
      ...batch1,
      ...Array.from({ length: 10 }, (_, i) => web(start + i, 'skip.example')),
      ...Array.from({ length: 10 }, (_, i) => web(start + i, `globex${i}.example`, globexTid)),
    ]);
    await events.flush();
    advance(SECOND);
    await tick();
    // Two full batches of 40 went; the last 20 wait for the batch time.
    expect(receiver.ids.length).toBe(80);
    expect(receiver.batches[0].lines[0]).toEqual({
      id: expect.any(Number),
      log_type: 'web',
      time: new Date(start).toISOString(),
      domain: 'site0.example',
      action: 'block',
    });
    await receiver.kill();
    await events.append(Array.from({ length: 60 }, (_, i) => web(start + 1000 + i, `late${i}.example`)));
    await events.flush();
    advance(5 * SECOND);
    await tick();
    const failing = await (await call(admin, `/api/streaming/v1/destinations/${made.id}/health`)).json();
    expect(failing).toMatchObject({ failures: 1, delivered: 80, last_error: expect.any(String) });
    expect(failing.lag_seconds).toBeGreaterThan(0);
    // Backing off: nothing is tried before the next attempt's time.
    await receiver.start();
    await tick();
    expect(receiver.ids.length).toBe(80);
    advance(10 * SECOND);
    await tick();
    const health = await (await call(admin, `/api/streaming/v1/destinations/${made.id}/health`)).json();
    expect(health).toMatchObject({ failures: 0, delivered: 160, lag_seconds: 0 });
    expect(health.last_success_at).toBe(new Date(clock()).toISOString());

    const stored = await events.query({
      logType: 'scan_web',
      tid: acmeTid,
      start,
      end: clock(),
      filters: [],
      order: 'asc',
      limit: 1000,
    });
    const expected = stored.filter((e) => e.fields.domain !== 'skip.example').map((e) => e.id);
    expect(expected).toHaveLength(160);
    expect(receiver.ids).toEqual(expected);
    expect(receiver.batches.every((b) => b.headers['x-workbench-events'] === String(b.lines.length))).toBe(
      true,
    );
    expect((await call(admin, `/api/streaming/v1/destinations/${made.id}`, 'DELETE')).status).toBe(200);
  });

  it('sends syslog over TCP: RFC 5424 messages framed by octet counting', async () => {
    const frames: string[] = [];
    let buffered = Buffer.alloc(0);
    const syslog = net.createServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        // Octet counting: "<length> <message>", the length in bytes.
        for (;;) {
          const space = buffered.indexOf(0x20);
          if (space < 0) break;
          const length = Number(buffered.subarray(0, space).toString());
          if (buffered.length < space + 1 + length) break;
          frames.push(buffered.subarray(space + 1, space + 1 + length).toString());
          buffered = buffered.subarray(space + 1 + length);
        }
      });
      socket.on('end', () => socket.end());
    });
    await new Promise<void>((resolve) => syslog.listen(0, '127.0.0.1', () => resolve()));
    const port = (syslog.address() as AddressInfo).port;
    try {
      const start = clock();
      const made = await (
        await call(admin, '/api/streaming/v1/destinations', 'POST', {
          kind: 'syslog',
          name: 'rsyslog',
          log_types: ['web'],
          fields: ['domain'],
          query: 'domain:"bücher.example" OR domain:ütf.example',
          batch_max_events: 100,
          batch_max_seconds: 1,
          enabled: true,
          host: '127.0.0.1',
          port,
          tls: false,
        })
      ).json();
      await events.append([
        web(start, 'bücher.example'),
        web(start + 1, 'ütf.example'),
        web(start + 2, 'other.example'),
      ]);
      await events.flush();
      advance(2 * SECOND);
      await tick();
      expect(frames).toHaveLength(2);
      const [first] = frames;
      expect(first).toMatch(
        /^<134>1 \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \S+ workbench - web \[workbench@32473 id="\d+"\] \{/,
      );
      const json = JSON.parse(first.slice(first.indexOf('] ') + 2)) as Record<string, unknown>;
      expect(json).toEqual({
        id: expect.any(Number),
        log_type: 'web',
        time: new Date(start).toISOString(),
        domain: 'bücher.example',
      });
      const health = await (await call(admin, `/api/streaming/v1/destinations/${made.id}/health`)).json();
      expect(health).toMatchObject({ delivered: 2, failures: 0 });
      expect((await call(admin, `/api/streaming/v1/destinations/${made.id}`, 'DELETE')).status).toBe(200);
    } finally {
      await new Promise((resolve) => syslog.close(resolve));
    }
  });
});
