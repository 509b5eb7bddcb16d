/**
 * Seeding the event store with synthetic events, with progress. Used by the seed CLI
 * (`npm run seed -- --events N`) and by the server's first start (WORKBENCH_DEMO_EVENTS).
 */
import type { LogType } from '@workbench/common/api/contract/logSchema';
import { toEventColumns } from '../events/arrowEvents';
import type { EventStore, NewEvent } from '../events/eventStore';
import { generateEvents, type GeneratorOptions, type GeneratorTenant } from './eventGenerator';

/**
 * Events a first start creates when WORKBENCH_DEMO_EVENTS is unset: 200,000 take ~10 s to
 * generate and ingest on a 2-core machine, enough for every logs page and report to show
 * months of varied data. Seeding runs in the background after the server listens, so /healthz
 * answers at once; the logs fill in while it runs.
 */
export const DEFAULT_DEMO_EVENTS = 200_000;

export interface SeedProgress {
  readonly done: number;
  readonly total: number;
}

export interface SeedOptions {
  readonly tenants: readonly GeneratorTenant[];
  readonly count: number;
  readonly seed?: number;
  readonly now?: number;
  readonly onProgress?: (progress: SeedProgress) => void;
  /** Stops early (between batches) when it returns true, e.g. when the server is closing. */
  readonly shouldStop?: () => boolean;
  /**
   * Events per append (default 2,000: each append blocks the event loop for ~50 ms, so a server
   * seeding in the background still answers at once; bulk loads use larger batches).
   */
  readonly batchSize?: number;
  /** Overrides the log-type mix (see GeneratorOptions.typeWeights). */
  readonly typeWeights?: GeneratorOptions['typeWeights'];
}

/** Events between two checkpoints of a long load. */
const FLUSH_EVERY = 1_000_000;

/**
 * Appends a generated batch through the store's bulk path: one Arrow table per log type (as the
 * collectors of each log would ship them), one transaction each.
 */
async function appendBatch(store: EventStore, batch: readonly NewEvent[]): Promise<number> {
  const byType = new Map<LogType, NewEvent[]>();
  for (const event of batch) {
    const events = byType.get(event.logType);
    if (events) events.push(event);
    else byType.set(event.logType, [event]);
  }
  let stored = 0;
  for (const [logType, events] of byType)
    stored += await store.appendColumns(logType, toEventColumns(logType, events));
  return stored;
}

/** Generates and appends `count` events (the bulk path); returns how many were stored. */
export async function seedEvents(store: EventStore, options: SeedOptions): Promise<number> {
  let done = 0;
  const batches = generateEvents({
    tenants: options.tenants,
    count: options.count,
    seed: options.seed,
    now: options.now ?? Date.now(),
    batchSize: options.batchSize ?? 2000,
    typeWeights: options.typeWeights,
  });
  let sinceFlush = 0;
  for (const batch of batches) {
    if (options.shouldStop?.()) break;
    const n = await appendBatch(store, batch);
    done += n;
    sinceFlush += n;
    if (sinceFlush >= FLUSH_EVERY) {
      await store.flush();
      sinceFlush = 0;
    }
    options.onProgress?.({ done, total: options.count });
    // Let the event loop answer requests (health checks, logins) between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await store.flush();
  return done;
}

/**
 * First start: seeds `count` demo events unless the store already holds events.
 * Returns the number created (0 when the store was not empty).
 */
export async function seedDemoEventsIfEmpty(store: EventStore, options: SeedOptions): Promise<number> {
  if ((await store.count()) > 0 || options.count <= 0) return 0;
  return seedEvents(store, options);
}

/** A progress printer that prints at most every 5 % (for logs and terminals). */
export function percentPrinter(
  print: (line: string) => void,
  label = 'Seeding events',
): (p: SeedProgress) => void {
  let lastPercent = -1;
  return ({ done, total }) => {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    if (percent >= lastPercent + 5 || done === total) {
      lastPercent = percent;
      print(`${label}: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} (${percent}%)`);
    }
  };
}
