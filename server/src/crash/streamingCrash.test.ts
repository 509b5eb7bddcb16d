/**
 * CRASH TEST (real server child processes, SIGKILL; ~30–40 s): log streaming to a receiver that is
 * killed and restarted mid-stream, then the workbench server itself SIGKILLed while the live demo
 * events flow. After a restart the stream resumes from the cursor in the config store: the events
 * received equal the events stored (count and ids), nothing is skipped, and the only repeats are of
 * the batch that was not acknowledged when the server died (docs/streaming.md "Delivery").
 */
import http from 'node:http';
import type net from 'node:net';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { LOG_TYPES } from '@workbench/common/api/contract/logSchema';
import { STREAMING_PATHS, type Destination } from '@workbench/common/api/contract/streaming';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import {
  CHILD_TEST_TIMEOUT_MS,
  GUARD_MS,
  crashDataDirPerTest,
  signInAdmin,
  startChildServer,
  tenantIdOf,
  type SignedInClient,
} from './childServer';

const PASSWORD = 'crash-test-password';
const BATCH = 50;
const ENV = {
  WORKBENCH_DEMO_PASSWORD: PASSWORD,
  // The live demo events follow a complete demo load: a small one, older than the destination.
  WORKBENCH_DEMO_EVENTS: '1000',
  WORKBENCH_LIVE_EVENTS: '100',
  // The receiver listens on loopback: a deployment allows such a private destination by name.
  WORKBENCH_ALLOW_PRIVATE_DESTINATIONS: '127.0.0.1/32',
};

jest.setTimeout(CHILD_TEST_TIMEOUT_MS);

const dataDir = crashDataDirPerTest('streaming');

/** Polls `check` until it holds (bounded by GUARD_MS: a hung run fails instead of waiting forever). */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>): Promise<T> {
  const guard = Date.now() + GUARD_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > guard) throw new Error(`Not within ${GUARD_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The receiver: gunzips each NDJSON batch and keeps every event id, in order of arrival. */
function receiver(ids: number[]) {
  let server: http.Server | null = null;
  const sockets = new Set<net.Socket>();
  let port = 0;
  return {
    get url() {
      return `http://127.0.0.1:${port}/siem`;
    },
    async start() {
      server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c));
        request.on('end', () => {
          for (const line of zlib.gunzipSync(Buffer.concat(chunks)).toString().split('\n'))
            if (line) ids.push((JSON.parse(line) as { id: number }).id);
          response.end();
        });
      });
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
      port = (server.address() as AddressInfo).port;
    },
    async kill() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server?.close(resolve));
      server = null;
    },
  };
}

const healthOf = async (admin: SignedInClient, id: string) =>
  (await (await admin.call('GET', STREAMING_PATHS.healthOf(id))).json()) as Destination['health'];

test('streaming survives a receiver restart and a SIGKILL of the server: received equals stored, resumed from the cursor', async () => {
  const ids: number[] = [];
  const siem = receiver(ids);
  await siem.start();
  try {
    const first = await startChildServer(dataDir(), ENV);
    let admin = await signInAdmin(first, PASSWORD);
    const made = await admin.call('POST', STREAMING_PATHS.destinations, {
      kind: 'http',
      name: 'SIEM',
      log_types: ['web', 'email', 'audit', 'dlp', 'firewall', 'saa'],
      fields: [],
      query: '',
      batch_max_events: BATCH,
      batch_max_seconds: 1,
      enabled: true,
      url: siem.url,
    });
    expect(made.status).toBe(200);
    const destination = (await made.json()) as Destination;
    const from = Date.parse(destination.created_at);

    await until('the first events arrive', async () => ids.length >= 100);
    await siem.kill();
    await until(
      'a failed attempt is recorded',
      async () => (await healthOf(admin, destination.id)).failures > 0,
    );
    await siem.start();
    await until('delivery resumes after the receiver is back', async () => {
      const health = await healthOf(admin, destination.id);
      return health.failures === 0 && ids.length >= 300;
    });
    const beforeKill = (await healthOf(admin, destination.id)).delivered;
    await first.kill();
    const receivedAtKill = ids.length;

    // The second life adds no live events: the stream must drain exactly what the first stored.
    const second = await startChildServer(dataDir(), { ...ENV, WORKBENCH_LIVE_EVENTS: '0' });
    admin = await signInAdmin(second, PASSWORD);
    const restartedAt = Date.now();
    await until('the stream catches up after the restart', async () => {
      const health = await healthOf(admin, destination.id);
      return (
        health.last_success_at !== null &&
        Date.parse(health.last_success_at) >= restartedAt &&
        health.lag_seconds === 0 &&
        health
      );
    });
    const after = await healthOf(admin, destination.id);
    await second.stop();

    const tid = tenantIdOf(dataDir(), 'acme');
    const events = await DuckDbEventStore.open(dataDir());
    const stored: number[] = [];
    try {
      for (const logType of LOG_TYPES)
        for await (const batch of events.scan({
          logType,
          tid,
          start: from,
          end: Number.MAX_SAFE_INTEGER,
          filters: [],
        }))
          stored.push(...batch.map((e) => e.id));
    } finally {
      await events.close();
    }
    expect(stored.length).toBeGreaterThan(300);
    const unique = new Set(ids);
    expect([...unique].sort((a, b) => a - b)).toEqual([...stored].sort((a, b) => a - b));
    // Counted once in the store's cursor: the delivered count is the stored count.
    expect(after.delivered).toBe(stored.length);
    expect(beforeKill).toBeLessThanOrEqual(receivedAtKill);
    // Repeats only of batches sent and not acknowledged: the one the receiver's kill cut off, and
    // the one in flight when the server died.
    expect(ids.length - unique.size).toBeLessThanOrEqual(2 * BATCH);
  } finally {
    await siem.kill();
  }
});
