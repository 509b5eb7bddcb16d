/**
 * Seeding the event store with synthetic events, with progress. Used by the seed CLI
 * (`npm run seed -- --events N`) and by the server's first start (WORKBENCH_DEMO_EVENTS).
 */
import type { LogType } from '@workbench/common/api/contract/logSchema';
import type { EventStore, LoadProgress, NewEvent } from '../events/eventStore';
import {
  DEFAULT_DAYS,
  DEFAULT_SEED,
  generateEvents,
  type GeneratorOptions,
  type GeneratorTenant,
} from './eventGenerator';

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
/** Events per batch when the options give none (see SeedOptions.batchSize). */
const DEFAULT_BATCH_SIZE = 2000;

/** The name the first start's demo seeding records its progress under (LoadProgress.load). */
export const DEMO_EVENTS_LOAD = 'demo-events';

/**
 * Everything generateEvents needs to give the same events again, with defaults resolved (the
 * clock above all): recorded with every batch of the demo seeding, so a restart regenerates
 * exactly the batches still missing.
 */
export interface SeedPlan {
  readonly tenants: readonly GeneratorTenant[];
  readonly count: number;
  readonly seed: number;
  /** Epoch ms: the clock of the start that began the seeding. */
  readonly now: number;
  readonly days: number;
  readonly batchSize: number;
  readonly typeWeights?: GeneratorOptions['typeWeights'];
}

function planOf(options: SeedOptions): SeedPlan {
  return {
    // A tenant's web decider goes along for generating; recording the plan as JSON leaves it out.
    // Its features, creation and audit facts are data: recorded, so a resumed seeding makes the same events.
    tenants: options.tenants.map(({ tid, name, decideWeb, features, createdAt, audit }) => ({
      tid,
      name,
      ...(decideWeb ? { decideWeb } : {}),
      ...(features ? { features } : {}),
      ...(createdAt !== undefined ? { createdAt } : {}),
      ...(audit ? { audit } : {}),
    })),
    count: options.count,
    seed: options.seed ?? DEFAULT_SEED,
    now: options.now ?? Date.now(),
    days: DEFAULT_DAYS,
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    ...(options.typeWeights ? { typeWeights: options.typeWeights } : {}),
  };
}

/** A recorded plan, checked (a file edited by hand or written by another version is refused clearly). */
export function parseSeedPlan(text: string): SeedPlan {
  let plan: Partial<SeedPlan>;
  try {
    plan = JSON.parse(text) as Partial<SeedPlan>;
  } catch (error) {
    throw new Error(`The recorded seeding plan is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const whole = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  const checks: [keyof SeedPlan, boolean][] = [
    [
      'tenants',
      Array.isArray(plan.tenants) &&
        plan.tenants.length > 0 &&
        plan.tenants.every((t) => typeof t?.tid === 'string' && typeof t?.name === 'string'),
    ],
    ['count', whole(plan.count)],
    ['seed', whole(plan.seed)],
    ['now', whole(plan.now)],
    ['days', whole(plan.days) && plan.days !== 0],
    ['batchSize', whole(plan.batchSize) && plan.batchSize !== 0],
    [
      'typeWeights',
      plan.typeWeights === undefined || (typeof plan.typeWeights === 'object' && plan.typeWeights !== null),
    ],
  ];
  const problem = checks.find(([, valid]) => !valid);
  if (problem) throw new Error(`The recorded seeding plan has no valid "${problem[0]}".`);
  return plan as SeedPlan;
}

/**
 * One generated batch through the store's bulk path: one Arrow table per log type (as the
 * collectors of each log would ship them), all in one transaction with the load's progress, so a
 * crash leaves the batch whole or absent, never one type of it.
 */
async function appendBatch(
  store: EventStore,
  batch: readonly NewEvent[],
  progress: LoadProgress | undefined,
): Promise<number> {
  const byType = new Map<LogType, NewEvent[]>();
  for (const event of batch) {
    const events = byType.get(event.logType);
    if (events) events.push(event);
    else byType.set(event.logType, [event]);
  }
  // Apache Arrow loads with the first batch, not with every server (issue 39).
  const { toEventColumns } = await import('../events/arrowEvents');
  const parts = [...byType].map(([logType, events]) => ({
    logType,
    table: toEventColumns(logType, events),
  }));
  return store.appendColumnsBatch(parts, progress);
}

interface PlanRun {
  /** Record progress under this load name with every batch (a resumable run). */
  readonly load?: string;
  /** What an interrupted run of the same plan had stored: its batches are regenerated, not appended. */
  readonly resumeFrom?: LoadProgress;
  readonly onProgress?: (progress: SeedProgress) => void;
  readonly shouldStop?: () => boolean;
}

/** Generates the plan's events and appends the batches not yet stored; returns how many it appended. */
async function appendPlan(store: EventStore, plan: SeedPlan, run: PlanRun): Promise<number> {
  const skip = run.resumeFrom?.batches ?? 0;
  const planText = JSON.stringify(plan);
  let batches = 0;
  let done = 0;
  let appended = 0;
  let sinceFlush = 0;
  // The generator is deterministic: the batches already stored come out again and are passed over.
  const checkResumePoint = () => {
    if (batches !== skip || done !== (run.resumeFrom?.events ?? 0)) {
      throw new Error(
        `The interrupted seeding cannot be resumed: the store holds ${run.resumeFrom?.events ?? 0} events in ${skip} batches, its plan now gives ${done} in ${batches}.`,
      );
    }
  };
  for (const batch of generateEvents(plan)) {
    batches += 1;
    done += batch.length;
    if (batches < skip) continue;
    if (batches === skip) {
      checkResumePoint();
      continue;
    }
    if (run.shouldStop?.()) break;
    const progress =
      run.load === undefined
        ? undefined
        : { load: run.load, plan: planText, batches, events: done, complete: done === plan.count };
    const n = await appendBatch(store, batch, progress);
    appended += n;
    sinceFlush += n;
    if (sinceFlush >= FLUSH_EVERY) {
      await store.flush();
      sinceFlush = 0;
    }
    run.onProgress?.({ done, total: plan.count });
    // Let the event loop answer requests (health checks, logins) between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (batches < skip) checkResumePoint();
  await store.flush();
  return appended;
}

/**
 * Generates and appends `count` events (the bulk path; each batch in one transaction); returns
 * how many were stored. Records no progress: `npm run seed` adds events, a rerun adds more.
 */
export async function seedEvents(store: EventStore, options: SeedOptions): Promise<number> {
  return appendPlan(store, planOf(options), options);
}

export interface DemoSeedResult {
  /** Events this call stored. */
  readonly created: number;
  /** Events an interrupted seeding had stored before this call (0: none was interrupted). */
  readonly resumedFrom: number;
  /** The seeding's total (its plan's count); 0 when there was nothing to seed. */
  readonly total: number;
  /** Every event of the seeding is stored. */
  readonly complete: boolean;
}

const NOTHING_TO_SEED: DemoSeedResult = { created: 0, resumedFrom: 0, total: 0, complete: false };

/**
 * First start's demo events, resumable (issue 10, finding 8). The progress of the seeding is
 * recorded in the event store in the transaction of each batch, so:
 * - recorded and complete: nothing to do;
 * - recorded, not complete (a crash, a kill, a stop during seeding): continues the recorded plan
 *   (its tenants, count, seed and clock, whatever `options` say now) after its last whole batch,
 *   ending with exactly the events an uninterrupted run gives;
 * - none recorded: seeds `count` events when the store is empty (a store holding events from
 *   elsewhere, e.g. `npm run seed` or an older server, is left as it is).
 * `onResume` is told before an interrupted seeding continues.
 */
export async function seedDemoEvents(
  store: EventStore,
  options: SeedOptions & { readonly onResume?: (done: number, total: number) => void },
): Promise<DemoSeedResult> {
  // A batch cut short after its last recorded progress goes first, or it would be written twice.
  await store.discardUnrecordedBatches(DEMO_EVENTS_LOAD);
  const recorded = await store.loadProgress(DEMO_EVENTS_LOAD);
  if (recorded?.complete) return NOTHING_TO_SEED;
  if (recorded) {
    const recordedPlan = parseSeedPlan(recorded.plan);
    // The recorded plan names the tenants; their web deciders (not recorded) are today's.
    const deciders = new Map(options.tenants.map((t) => [t.tid, t.decideWeb]));
    const plan: SeedPlan = {
      ...recordedPlan,
      tenants: recordedPlan.tenants.map((t) => {
        const decideWeb = deciders.get(t.tid);
        return decideWeb ? { ...t, decideWeb } : t;
      }),
    };
    options.onResume?.(recorded.events, plan.count);
    const created = await appendPlan(store, plan, {
      ...options,
      load: DEMO_EVENTS_LOAD,
      resumeFrom: recorded,
    });
    const stored = recorded.events + created;
    return { created, resumedFrom: recorded.events, total: plan.count, complete: stored === plan.count };
  }
  if (options.count <= 0 || options.tenants.length === 0 || (await store.count()) > 0) return NOTHING_TO_SEED;
  const plan = planOf(options);
  const created = await appendPlan(store, plan, { ...options, load: DEMO_EVENTS_LOAD });
  return { created, resumedFrom: 0, total: plan.count, complete: created === plan.count };
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
