/**
 * The events part of the server: on the event store that buildServer (app.ts) opened and put on
 * ServerContext.events, serves the logs, summary, report and audit-trail routes, and on first
 * start fills the store with synthetic demo events.
 *
 * First-start seeding runs in the background once the server is ready (batches of 2,000 with a
 * yield to the event loop between them), so /healthz and sign-in answer at once while the logs
 * fill in; progress is printed every 5 %, the end as `Demo events ready: N.`. "First start"
 * means the event store is empty and no seeding is recorded. Each batch goes in whole, with the
 * seeding's progress, in one transaction; a seeding that a crash or a close interrupted is
 * finished by the next start (`Resuming demo events: ...`), with exactly the events an
 * uninterrupted one gives (seedDemoEvents). Closing the server stops seeding between batches.
 * Once the demo events are stored, `liveEventsPerSecond` more arrive every second (live demo
 * data, WORKBENCH_LIVE_EVENTS), each at its time within that second; on a remote store
 * (ClickHouse) through the config store's event outbox (eventOutbox.ts): while the event store, or
 * a shard of it, is down they wait there and are delivered, once each, when it is back.
 *
 * Servers sharing the stores (issue 39 point 4; store/leases.ts): the seeding runs under the
 * `demo-events` lease (one server seeds, the others wait and then find the load complete), and
 * the live events are added by whichever server holds the `live-events` lease; when it dies
 * another takes the lease over within the lease time and the trickle goes on.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { generatorTenantsOf, withAuditFacts } from '../seed/seedTenants';
import { withWebDeciders } from '../policy/webDeciders';
import { DEMO_EVENTS_LOAD, percentPrinter, seedDemoEvents } from '../seed/seedEvents';
import { liveEventMaker, type GeneratorTenant } from '../seed/eventGenerator';
import type { EventStore } from './eventStore';
import { outboxRowsOf } from './eventOutbox';
import { logsRoutes } from './logsRoutes';
import { logSummaryRoutes } from './logSummaryRoutes';
import { reportRoutes } from './reportRoutes';
import { fileserverRoutes } from '../reports/fileserverRoutes';
import { casbDiscoveryRoutes } from '../policy/casbDiscoveryRoutes';
import { providerAuditRoutes } from '../audit/providerAuditRoutes';
import { analyticsRoutes } from './analyticsRoutes';
import { tenantInEffect } from '../provider/capabilityStateRoutes';
import { named } from '../http/namedPlugin';
import { LEASE_NAMES, LeaseKeeper, LeaseWaitStopped, underLease } from '../store/leases';

/**
 * The event store of a server and what it serves (ServerOptions.events): the server opens the
 * store (or takes `store`), puts it on ServerContext.events, and registers this plugin with it.
 */
export interface EventsOptions {
  /**
   * An already-open store (tests, or another implementation); the server then does not close it.
   * Otherwise the server opens one (openEventStore.ts) and closes it after everything else.
   */
  store?: EventStore;
  /** WORKBENCH_EVENTS_URL: ClickHouse instead of `<dataDir>/events.duckdb` (ignored with `store`). */
  url?: string | null;
  /** WORKBENCH_EVENTS_TIMEOUT_MS: the bound of each ClickHouse request (with `url`). */
  timeoutMs?: number;
  /** WORKBENCH_EVENTS_REPLICAS: replicas per ClickHouse shard (with `url`; default 1). */
  replicas?: number;
  /** Synthetic events to create when the store is empty (0 or undefined: none, nor any resumed). */
  demoEvents?: number;
  print?: (line: string) => void;
  /** The clock of the seeding and the logs and report routes (default: the server's). */
  now?: () => Date;
  /**
   * Live demo data: events a second added once the demo events are stored (0 or unset: none).
   * Only with demo events: a store without them stays as it is.
   */
  liveEventsPerSecond?: number;
  /** How often the live events are added (default every second). */
  liveIntervalMs?: number;
  /**
   * Serve the report files (scheduled, instant and past reports) from this store, with their
   * scheduler on ServerContext.reportScheduler; `timer: false` leaves the ticking to the caller
   * (reports/reportFilesPlugin.ts). Absent: no report files.
   */
  reportFiles?: {
    timer?: boolean;
    /**
     * The region this server makes scheduled reports for (WORKBENCH_REGION): only the schedules of
     * the tenants whose report region it is (docs/provider-console.md §14). Absent: every tenant's.
     */
    region?: string | null;
  };
}

/** The events routes and the first start's seeding, on the server's event store (ServerContext.events). */
export function eventsPlugin(options: EventsOptions): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const store = app.workbench.events;
    if (!store) throw new Error('eventsPlugin: the server has no event store (ServerContext.events).');
    const now = options.now ?? app.workbench.now;
    const print = options.print ?? ((line: string) => console.log(line));
    let stopping = false;
    let seeding: Promise<unknown> = Promise.resolve();
    let live: NodeJS.Timeout | undefined;
    let appendingLive: Promise<unknown> = Promise.resolve();

    /** Adds the live demo events of each interval, at times in that interval. */
    const startTrickle = (tenants: GeneratorTenant[]) => {
      const perSecond = options.liveEventsPerSecond ?? 0;
      if (perSecond <= 0 || stopping || live) return;
      const intervalMs = options.liveIntervalMs ?? 1000;
      // Live web events follow the policy as published now: each interval reads it again.
      const deciders = new Map(tenants.map((t) => [t.tid, t.decideWeb]));
      const liveTenants = tenants.map((t): GeneratorTenant => ({
        ...t,
        decideWeb: (facts) => deciders.get(t.tid)?.(facts) ?? null,
      }));
      const make = liveEventMaker(liveTenants, now().getTime());
      let from = now().getTime();
      let owed = 0; // fractions of an event carried to the next interval
      live = setInterval(() => {
        const to = now().getTime();
        owed += (perSecond * (to - from)) / 1000;
        const count = Math.floor(owed);
        owed -= count;
        const interval = { from, to };
        from = to;
        if (count === 0) return;
        appendingLive = appendingLive
          .then(async () => {
            for (const t of await withWebDeciders(app.workbench.store, tenants))
              deciders.set(t.tid, t.decideWeb);
            const made = make(interval.from, interval.to, count);
            // Embedded (DuckDB): nothing to wait for, and at a high rate the outbox's extra writes
            // would fall behind.
            const outbox = store.remote ? app.workbench.outbox : undefined;
            if (outbox) {
              // Through the outbox (as the audit events): kept in the config store while the event
              // store or a shard is down, delivered once when it answers again (issue 39).
              const rows = outboxRowsOf(made, now().getTime());
              await app.workbench.store.transaction((tx) => tx.eventOutbox.insert(rows));
              outbox.nudge();
            } else await store.append(made);
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'adding live demo events failed'));
      }, intervalMs);
      live.unref();
    };
    const stopTrickle = () => {
      clearInterval(live);
      live = undefined;
    };
    let liveLease: LeaseKeeper | undefined;
    /** The trickle while this server holds the `live-events` lease (any server may). */
    const startLiveEvents = (tenants: GeneratorTenant[]) => {
      if ((options.liveEventsPerSecond ?? 0) <= 0 || stopping) return;
      const lease = app.workbench.lease;
      if (!lease) {
        startTrickle(tenants);
        return;
      }
      liveLease = new LeaseKeeper(app.workbench.store, {
        name: LEASE_NAMES.liveEvents,
        holder: lease.holder,
        leaseMs: lease.leaseMs,
        onGained: () => {
          app.workbench.metrics?.lease(LEASE_NAMES.liveEvents, true);
          startTrickle(tenants);
        },
        onLost: () => {
          app.workbench.metrics?.lease(LEASE_NAMES.liveEvents, false);
          stopTrickle();
        },
        onError: (error) => app.log.error({ err: error }, 'renewing the live demo events lease failed'),
      });
      liveLease.start();
    };

    /**
     * The outbox's rows, once the seeding has looked at the store (an event there first would read
     * as a store of events from elsewhere): the first start's seed audit, written in the seed's
     * transaction, and a crash's leftovers; then every interval.
     */
    const startOutbox = () => app.workbench.outbox?.start();

    app.addHook('onReady', async () => {
      const count = options.demoEvents ?? 0;
      if (count <= 0) {
        startOutbox();
        return;
      }
      seeding = (async () => {
        const tenants = await withWebDeciders(
          app.workbench.store,
          await withAuditFacts(
            app.workbench.store,
            generatorTenantsOf(await app.workbench.store.tenants.list()),
          ),
        );
        const printProgress = percentPrinter(print, 'Creating demo events');
        const seed = async (lost: () => boolean) => {
          const result = await seedDemoEvents(store, {
            tenants,
            count,
            now: now().getTime(),
            onProgress: (progress) => {
              app.workbench.metrics?.seeding(progress.done, progress.total);
              printProgress(progress);
            },
            onResume: (done, total) =>
              print(
                `Resuming demo events: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} already stored (the seeding was interrupted).`,
              ),
            shouldStop: () => stopping || lost(),
          });
          startOutbox();
          if (result.complete) print(`Demo events ready: ${result.total.toLocaleString('en-US')}.`);
        };
        const lease = app.workbench.lease;
        if (!lease) await seed(() => false);
        // Another server may be seeding this store: wait for it, then find the load complete. A
        // server that lost the lease midway (paused longer than the lease) waits for it again:
        // the server that took it over finishes the load, and this one then finds it complete.
        let lostMidway = Boolean(lease);
        while (lease && lostMidway && !stopping)
          lostMidway = await underLease(
            app.workbench.store,
            {
              name: LEASE_NAMES.demoEvents,
              holder: lease.holder,
              leaseMs: lease.leaseMs,
              shouldStop: () => stopping,
              onLost: (error) => app.log.error({ err: error }, 'the demo events lease was lost'),
            },
            async ({ lost }) => {
              await seed(lost);
              return lost();
            },
          );
        // Seeded now, by another server, or on an earlier start: the live demo events follow.
        const progress = await store.loadProgress(DEMO_EVENTS_LOAD);
        if (progress?.complete) {
          app.workbench.metrics?.seeding(progress.events, progress.events);
          startLiveEvents(tenants);
        }
      })().catch((error: unknown) => {
        if (!(error instanceof LeaseWaitStopped)) app.log.error({ err: error }, 'seeding demo events failed');
      });
    });

    app.addHook('onClose', async () => {
      stopping = true;
      stopTrickle();
      await seeding;
      await appendingLive;
      await app.workbench.outbox?.stop();
      // Given back at once: another server takes the trickle over without waiting for it to expire.
      await liveLease?.stop();
    });

    await app.register(named(logsRoutes({ store, now })));
    await app.register(named(logSummaryRoutes({ store, now })));
    await app.register(named(fileserverRoutes({ store, now })));
    await app.register(named(casbDiscoveryRoutes({ store, now })));
    // The provider's audit trail (its events are this store's), for the console.
    await app.register(named(providerAuditRoutes({ store })));
    const tenantCapabilities = async (tid: string) => {
      const stored = await app.workbench.store.tenants.get(tid);
      return stored ? (await tenantInEffect(app.workbench.store, stored, now())).capabilities : null;
    };
    await app.register(named(reportRoutes({ store, now, tenantCapabilities })));
    // The console's analytics summaries and a chosen tenant's insights (docs/provider-console.md §13).
    await app.register(
      named(
        analyticsRoutes({
          store,
          now,
          tenantCapabilities,
          tenants: async () =>
            (await app.workbench.store.tenants.list()).map((t) => ({ tid: t.tid, name: t.name })),
        }),
      ),
    );
  };
}
