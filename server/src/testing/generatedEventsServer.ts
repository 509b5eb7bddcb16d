/**
 * A test server over generated events (seed/eventGenerator.ts): acme's and globex's events of
 * every log type over the last `days`, ending an hour before the clock's now (the sign-in's audit
 * events come after them), with acme's administrator signed in. For the API suites that check
 * answers against the data itself (logSummaryAgreement.test.ts, reportDrillDown.test.ts). The
 * event store is the topology's (testEventStore.ts): DuckDB, or ClickHouse on the scaled run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore, NewEvent } from '../events/eventStore';
import { generateEvents } from '../seed/eventGenerator';
import { openTestEventStore } from './testEventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from './testServer';

export interface GeneratedEventsServer {
  readonly server: TestServer;
  readonly store: EventStore;
  /** acme's administrator. */
  readonly acme: SignedIn;
  /** acme's generated events (globex's are stored too: no answer to acme may count one). */
  readonly events: readonly NewEvent[];
  /** The data's time span, unix seconds: [start, end) holds every generated event. */
  readonly start: number;
  readonly end: number;
  /** GET as acme's administrator; a JSON answer of 200, else an error naming the path. */
  getJson<T>(pathname: string): Promise<T>;
  close(): Promise<void>;
}

export async function startGeneratedEventsServer(options: {
  count: number;
  days: number;
  seed: number;
}): Promise<GeneratedEventsServer> {
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-events-'));
  const store = await openTestEventStore(storeDir);
  const server = await startTestServer({ events: { store } });
  const tenants = await server.app.workbench.store.tenants.list();
  const tenant = (name: string) => ({
    tid: tenants.find((t) => t.name.toLowerCase().includes(name))!.tid,
    name,
  });
  const acmeTenant = tenant('acme');
  const now = server.clock.now().getTime() - 3_600_000;
  const events: NewEvent[] = [];
  for (const batch of generateEvents({
    tenants: [acmeTenant, tenant('globex')],
    count: options.count,
    now,
    days: options.days,
    seed: options.seed,
    batchSize: Math.ceil(options.count / 2),
  })) {
    await store.append(batch);
    events.push(...batch.filter((e) => e.tid === acmeTenant.tid));
  }
  const acme = await signIn(server, 'admin@acme.example');
  const times = events.map((e) => e.time);
  return {
    server,
    store,
    acme,
    events,
    start: Math.floor(Math.min(...times) / 1000),
    end: Math.ceil(Math.max(...times) / 1000) + 1,
    async getJson<T>(pathname: string): Promise<T> {
      const response = await server.call(pathname, { jar: acme.jar });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}: ${body}`);
      return JSON.parse(body) as T;
    },
    async close() {
      await server.close();
      await store.close();
      fs.rmSync(storeDir, { recursive: true, force: true });
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}
