import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from './testEventStore';
import { startTestServer, type CookieJar, type TestServer } from './testServer';

/** A test server whose writes reach an audit trail: its own event store in a temp dir. */
export interface AuditedTestServer {
  server: TestServer;
  events: EventStore;
  /** The tenant's audit events as the jar's account reads them (the clock moved on a second first). */
  auditEvents(jar: CookieJar): Promise<Record<string, string>[]>;
  /** Closes the server and the event store and removes the temp dir. */
  close(): Promise<void>;
}

export async function startAuditedTestServer(prefix: string): Promise<AuditedTestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const events = await openTestEventStore(dir);
  const server = await startTestServer({ events: { store: events } });
  return {
    server,
    events,
    async auditEvents(jar) {
      server.clock.advance(1000);
      const r = await server.call('/api/rep/v1/query/scan_audit?limit=1000', { jar });
      if (r.status !== 200) throw new Error(`audit trail: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { events: Record<string, string>[] }).events;
    },
    async close() {
      await server.close();
      await events.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
