/**
 * The events part of the server: opens the event store (`<dataDir>/events.duckdb`), serves the
 * logs routes, and on first start fills the store with synthetic demo events.
 *
 * First-start seeding runs in the background once the server is ready (batches of 10,000 with a
 * yield to the event loop between them), so /healthz and sign-in answer at once while the logs
 * fill in; progress is printed every 5 %. "First start" means the event store is empty: a
 * start that finds events (even from an interrupted seeding) seeds nothing. Closing the server
 * stops seeding between batches.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { generatorTenantsOf } from '../seed/seedTenants';
import { percentPrinter, seedDemoEventsIfEmpty } from '../seed/seedEvents';
import { DuckDbEventStore } from './duckdbEventStore';
import type { EventStore } from './eventStore';
import { logsRoutes } from './logsRoutes';

export interface EventsPluginOptions {
  /** Where events.duckdb lives (ignored when `store` is given). */
  dataDir: string;
  /** Synthetic events to create when the store is empty (0 or undefined: none). */
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
        if (tenants.length === 0) return;
        const created = await seedDemoEventsIfEmpty(store, {
          tenants,
          count,
          now: now().getTime(),
          onProgress: percentPrinter(print, 'Creating demo events'),
          shouldStop: () => stopping,
        });
        if (created > 0) print(`Demo events ready: ${created.toLocaleString('en-US')}.`);
      })().catch((error: unknown) => app.log.error({ err: error }, 'seeding demo events failed'));
    });

    app.addHook('onClose', async () => {
      stopping = true;
      await seeding;
      if (!options.store) await store.close();
    });

    await app.register(logsRoutes({ store, now }));
  };
}
