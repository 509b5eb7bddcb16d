/**
 * The streaming part of `npm run bench` (server/bench/run.ts calls streamingFigures, beside the
 * export's rate): the streamer (server/src/streaming/streamer.ts) delivering the bench tenant's
 * newest BENCH_STREAM_EVENTS web events (default 200,000) from the event store, in batches of
 * BENCH_STREAM_BATCH (default 5,000), as gzip NDJSON over HTTP to a receiver on loopback that
 * gunzips and counts the lines, with its cursor in a real (SQLite) config store. The receiver runs
 * in this process too, so the CPU figure is both ends'. Alone, over the directory of an earlier
 * `npm run bench` kept with BENCH_DIR or BENCH_KEEP=1: `npx tsx bench/streamingBench.ts <dir>`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { DuckDbEventStore } from '../src/events/duckdbEventStore';
import type { EventQuery } from '../src/events/eventStore';
import { openSqliteConfigStore } from '../src/store/sqlConfigStore';
import { secretBox } from '../src/security/secretBox';
import { Streamer } from '../src/streaming/streamer';
import { envNumber } from './envNumber';
import { fmt } from './stats';

export async function streamingFigures(
  dir: string,
  query: Omit<EventQuery, 'limit' | 'after'>,
  limit: number,
  batch: number,
): Promise<string[]> {
  // Loopback is a private destination: the bench's receiver is allowed by name, as a deployment would.
  process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = '127.0.0.1/32';
  const events = await DuckDbEventStore.open(dir);
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-bench-stream-'));
  const store = await openSqliteConfigStore(configDir, { secrets: secretBox([Buffer.alloc(32, 7)]) });
  let received = 0;
  let bytes = 0;
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      bytes += body.length;
      const text = zlib.gunzipSync(body).toString();
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) received += 1;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  try {
    const position = await events.positionAt({ ...query, order: 'desc' }, limit - 1);
    const start = position?.time ?? query.start;
    const total = await events.countMatching({ ...query, start });
    const now = new Date(query.end + 60_000);
    await store.tenants.insert({
      tid: query.tid,
      name: 'bench',
      status: 'active',
      createdAt: now.toISOString(),
      capabilities: {},
      portalV2: true,
    });
    const destination = {
      id: 'bench-destination',
      tid: query.tid,
      name: 'bench',
      kind: 'http' as const,
      config: {
        logTypes: ['web'],
        fields: [],
        query: '',
        batchMaxEvents: batch,
        batchMaxSeconds: 1,
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench`,
      },
      secret: '',
      enabled: true,
      cursor: { web: { time: start - 1, id: Number.MAX_SAFE_INTEGER } },
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      updatedBy: 'bench',
      health: {
        delivered: 0,
        lagMs: 0,
        failures: 0,
        lastSuccessMs: null,
        lastError: null,
        lastErrorMs: null,
        nextAttemptMs: null,
      },
    };
    await store.streaming.insert(destination);
    const streamer = new Streamer({
      store,
      events,
      now: () => now,
      holder: 'bench',
      leaseMs: 60_000,
      settleMs: 0,
      batchesPerTick: Number.MAX_SAFE_INTEGER,
    });
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await streamer.tick();
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    await streamer.stop();
    const delivered = (await store.streaming.get(query.tid, destination.id))?.health.delivered ?? 0;
    if (received !== total || delivered !== total)
      throw new Error(
        `Streaming delivered ${fmt(delivered)} and the receiver got ${fmt(received)} of ${fmt(total)} events.`,
      );
    return [
      `Streaming (gzip NDJSON over HTTP to a receiver on loopback, batches of ${fmt(batch)}, cursor in SQLite):`,
      `  ${fmt(received)} events in ${fmt(seconds, 1)} s = ${fmt(received / seconds)} events/s wall, ` +
        `${fmt(cpuSeconds, 1)} CPU-s (sender and receiver) = ${fmt(received / cpuSeconds)} events per CPU-second, ` +
        `${fmt(bytes / 1e6, 1)} MB gzip (${fmt(bytes / received, 1)} bytes/event)`,
    ];
  } finally {
    receiver.close();
    await events.close();
    await store.close();
    fs.rmSync(configDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) throw new Error('Usage: npx tsx bench/streamingBench.ts <directory of an earlier bench>');
  // The whole time range of the file: streamingFigures takes the newest events of it.
  streamingFigures(
    dir,
    { logType: 'scan_web', tid: 'bench-tenant', start: 0, end: Date.now() + 86_400_000, filters: [] },
    envNumber('BENCH_STREAM_EVENTS', 200_000),
    envNumber('BENCH_STREAM_BATCH', 5_000),
  ).then(
    (lines) => lines.forEach((line) => console.log(line)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
