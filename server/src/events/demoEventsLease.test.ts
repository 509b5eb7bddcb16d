/**
 * The demo events' lease lost midway (eventsPlugin.ts; store/leases.ts): a server paused longer
 * than the lease finds it taken, stops seeding between batches, and waits for the lease again;
 * when it gets it back it resumes the load and finishes it, so it ends with the load complete
 * (and its live events) instead of a half-seeded store it never looks at again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LEASE_NAMES } from '../store/leases';
import { startTestServer, type TestServer } from '../testing/testServer';
import { openTestEventStore } from '../testing/testEventStore';
import type { EventStore } from './eventStore';

let dir: string;
let store: EventStore;
let server: TestServer | null = null;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-events-lease-'));
  store = await openTestEventStore(dir);
});
afterEach(async () => {
  await server?.close();
  server = null;
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const guard = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > guard) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const DEMO = 20_000;
const LEASE_MS = 300;

test('a server that lost the demo events lease midway waits for it, resumes and completes the load', async () => {
  const lines: string[] = [];
  server = await startTestServer({
    leaseMs: LEASE_MS,
    events: { store, demoEvents: DEMO, print: (line) => lines.push(line) },
  });
  const leases = server.app.workbench.store.leases;
  await until(() => lines.some((l) => l.startsWith('Creating demo events')), 'the seeding to start');
  // Another holder takes the lease as if this server's had expired, and holds it for two seconds.
  expect(await leases.take(LEASE_NAMES.demoEvents, 'another-server', Date.now() + LEASE_MS + 1, 2000)).toBe(
    true,
  );

  await until(() => lines.some((l) => l.startsWith('Demo events ready')), 'the load to complete');
  expect(lines.filter((l) => l.startsWith('Resuming demo events'))).toHaveLength(1);
  expect(lines).toContain(`Demo events ready: ${DEMO.toLocaleString('en-US')}.`);
  // Exactly the load, once (the store also holds the first start's audit events).
  expect(await store.loadProgress('demo-events')).toMatchObject({ events: DEMO, complete: true });
}, 90_000);
