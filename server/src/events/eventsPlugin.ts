/**
 * The events part of the server: opens the event store (`<dataDir>/events.duckdb`), serves the
 * logs routes, and on first start fills the store with synthetic demo events.
 *
 * First-start seeding runs in the background once the server is ready (batches of 2,000 with a
 * yield to the event loop between them), so /healthz and sign-in answer at once while the logs
 * fill in; progress is printed every 5 %, the end as `Demo events ready: N.`. "First start"
 * means the event store is empty and no seeding is recorded. Each batch goes in whole, with the
 * seeding's progress, in one transaction; a seeding that a crash or a close interrupted is
 * finished by the next start (`Resuming demo events: ...`), with exactly the events an
 * uninterrupted one gives (seedDemoEvents). Closing the server stops seeding between batches.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { generatorTenantsOf } from '../seed/seedTenants';
import { percentPrinter, seedDemoEvents } from '../seed/seedEvents';
import { DuckDbEventStore } from './duckdbEventStore';
import type { EventStore } from './eventStore';
import { logsRoutes } from './logsRoutes';
import { reportRoutes } from './reportRoutes';

export interface EventsPluginOptions {
  /** Where events.duckdb lives (ignored when `store` is given). */
  dataDir: string;
  /** Synthetic events to create when the store is empty (0 or undefined: none, nor any resumed). */
  demoEvents?: number;
  /** An already-open store (tests, or another implementation); the plugin then does not close it. */
  store?: EventStore;
  print?: (line: string) => void;
  now?: () => Date;
}

export function eventsPlugin(options: EventsPluginOptions): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const store = options.store ?? (await DuckDbEventStore.open(options.dataDir));
    const now = options.now ?? app.workbench?.now ?? (() => new Date());
    const print = options.print ?? ((line: string) => console.log(line));
    let stopping = false;
    let seeding: Promise<unknown> = Promise.resolve();

    app.addHook('onReady', async () => {
      const count = options.demoEvents ?? 0;
      if (count <= 0) return;
      seeding = (async () => {
        const tenants = generatorTenantsOf(await app.workbench.store.listTenants());
        const result = await seedDemoEvents(store, {
          tenants,
          count,
          now: now().getTime(),
          onProgress: percentPrinter(print, 'Creating demo events'),
          onResume: (done, total) =>
            print(
              `Resuming demo events: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} already stored (the seeding was interrupted).`,
            ),
          shouldStop: () => stopping,
        });
        if (result.complete) print(`Demo events ready: ${result.total.toLocaleString('en-US')}.`);
      })().catch((error: unknown) => app.log.error({ err: error }, 'seeding demo events failed'));
    });

    app.addHook('onClose', async () => {
      stopping = true;
      await seeding;
      if (!options.store) await store.close();
    });

    await app.register(logsRoutes({ store, now }));
    await app.register(
      reportRoutes({
        store,
        now,
        tenantExists: async (tid) => (await app.workbench.store.getTenant(tid)) !== null,
      }),
    );
  };
}
