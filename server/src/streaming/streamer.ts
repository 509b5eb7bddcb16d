/**
 * The streamer (docs/streaming.md "Delivery"): on every tick each enabled destination whose
 * backoff has passed is taken under a lease (store/leases.ts, `stream:<id>`: one server of several
 * sharing the config store streams a destination; a server that dies stops renewing and another
 * takes over within the lease time), read from its cursor and sent in batches.
 *
 * Reading is the event store's store-neutral keyset scan (DuckDB and ClickHouse alike): per log
 * type, oldest first (time, id) after the cursor, with the logs' own condition of the filter
 * query (events/logQuery.ts parseLogScan), up to `settleMs` before now (an event is written a
 * moment after its time: the outbox, the ingest's batches). A batch is sent when it is full or,
 * partial, when `batch_max_seconds` passed since the destination's last send. Once the receiver
 * accepted it, the cursor moves past it in the config store: at least once; a crash or a failure
 * before that sends the same batch again (duplicates only inside the last unacknowledged batch).
 * A failure waits a backoff that doubles (retryBaseMs up to retryMaxMs) before the next attempt.
 */
import type { EventCursor, StoredEvent } from '../events/eventStore';
import type { EventStore } from '../events/eventStore';
import { parseLogScan } from '../events/logQuery';
import { LOG_ROUTE_TYPES, type LogRoute } from '@workbench/common/vocabularies/logTypes';
import type { ConfigStore } from '../store/ConfigStore';
import type { StreamCursor, StreamDestinationRecord } from '../store/repositories/streaming';
import { sendBatch, streamedEvent } from './senders';

export interface StreamerOptions {
  store: ConfigStore;
  events: EventStore;
  now: () => Date;
  /** This server as a lease holder, and the lease's length (ctx.lease). */
  holder: string;
  leaseMs: number;
  /** How long after its time an event is read (default 2000 ms). */
  settleMs?: number;
  /** How often the streamer wakes (default 1000 ms). */
  pollMs?: number;
  /** The first retry's delay (default 1000 ms, doubled per failure up to retryMaxMs, default 5 min). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Batches sent per destination per tick at most (the others get their turn). */
  batchesPerTick?: number;
  onError?: (error: unknown, destination: StreamDestinationRecord) => void;
}

export const leaseNameOf = (id: string) => `stream:${id}`;

/** The scan of one log route's events after the cursor, up to `end`, in the destination's condition. */
export function streamScan(
  destination: Pick<StreamDestinationRecord, 'tid' | 'config'>,
  route: LogRoute,
  cursor: EventCursor,
  end: number,
) {
  const raw: Record<string, string> = { start: '0', end: String(end / 1000) };
  if (destination.config.query.trim()) raw.q = destination.config.query;
  const { scan } = parseLogScan(LOG_ROUTE_TYPES[route], destination.tid, raw, end);
  return { ...scan, start: cursor.time, end, order: 'asc' as const, after: cursor };
}

/** How far past the settle time the lag looks for events held back (a clock ahead by up to this). */
const HELD_BACK_HORIZON_MS = 86_400_000;

export class Streamer {
  private timer: NodeJS.Timeout | undefined;
  private turn: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Per destination, when its last batch was sent (a partial batch waits batch_max_seconds). */
  private readonly lastSend = new Map<string, number>();

  constructor(private readonly options: StreamerOptions) {}

  start(timer: boolean): void {
    if (!timer || this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.turn;
    const { store, holder } = this.options;
    for (const id of this.lastSend.keys())
      await store.leases.release(leaseNameOf(id), holder).catch(() => undefined);
  }

  /** One round over the enabled destinations (the timer's; tests call it). Rounds never overlap. */
  tick(): Promise<void> {
    this.turn = this.turn.then(() => this.round());
    return this.turn;
  }

  private async round(): Promise<void> {
    if (this.stopped) return;
    const { store, holder, leaseMs } = this.options;
    let destinations: StreamDestinationRecord[];
    try {
      destinations = await store.streaming.listEnabled();
    } catch {
      return; // the store unreachable: the next tick tries again
    }
    for (const destination of destinations) {
      if (this.stopped) return;
      const now = this.options.now().getTime();
      if ((destination.health.nextAttemptMs ?? 0) > now) continue;
      try {
        if (!(await store.leases.take(leaseNameOf(destination.id), holder, Date.now(), leaseMs))) continue;
        if (!this.lastSend.has(destination.id))
          this.lastSend.set(
            destination.id,
            destination.health.lastSuccessMs ?? Date.parse(destination.createdAt),
          );
        await this.run(destination);
      } catch (error) {
        this.options.onError?.(error, destination);
      }
    }
  }

  /**
   * Reads the next batch after `cursor`, up to `end`: up to `max` events over the chosen log types.
   * `oldestPending`, the oldest event left for a later batch (the lag), counts the events written
   * after `end` too: the settle time holds them back, and they are not delivered yet either. Without
   * them a stream reported "caught up" (lag 0) with events still to send (docs/streaming.md).
   */
  private async nextBatch(destination: StreamDestinationRecord, cursor: StreamCursor, end: number) {
    const max = destination.config.batchMaxEvents;
    const events: StoredEvent[] = [];
    const next: StreamCursor = { ...cursor };
    let oldestPending: number | null = null;
    for (const route of destination.config.logTypes as LogRoute[]) {
      const after = cursor[route];
      if (!after) continue;
      const room = max - events.length;
      // One more than fits tells whether events are left behind this batch (the lag).
      const read = await this.options.events.query({
        ...streamScan(destination, route, after, end),
        limit: room + 1,
      });
      const taken = read.slice(0, room);
      if (taken.length > 0) {
        const last = taken[taken.length - 1];
        next[route] = { time: last.time, id: last.id };
        events.push(...taken);
      }
      const [left] =
        read.length > room
          ? [read[room]]
          : await this.options.events.query({
              ...streamScan(destination, route, next[route] ?? after, end + HELD_BACK_HORIZON_MS),
              limit: 1,
            });
      if (left) oldestPending = Math.min(oldestPending ?? left.time, left.time);
    }
    return { events, next, full: events.length >= max, oldestPending };
  }

  /** Streams one (leased) destination: batches until caught up, waiting, or failing. */
  async run(destination: StreamDestinationRecord): Promise<void> {
    const { store, now } = this.options;
    const settleMs = this.options.settleMs ?? 2000;
    let cursor = destination.cursor;
    let delivered = destination.health.delivered;
    for (let sent = 0; sent < (this.options.batchesPerTick ?? 20); sent += 1) {
      if (this.stopped) return;
      const at = now().getTime();
      const end = at - settleMs;
      const batch = await this.nextBatch(destination, cursor, end);
      const waited = at - (this.lastSend.get(destination.id) ?? at);
      if (batch.events.length === 0 || (!batch.full && waited < destination.config.batchMaxSeconds * 1000)) {
        const oldest = batch.events.reduce((m, e) => Math.min(m, e.time), batch.oldestPending ?? Infinity);
        await store.streaming.recordLag(destination, Number.isFinite(oldest) ? Math.max(0, at - oldest) : 0);
        return;
      }
      const lines = batch.events.map((e) => streamedEvent(e, destination.config.fields));
      try {
        await sendBatch(destination.kind, destination.config, destination.secret, lines);
      } catch (error) {
        const failures = destination.health.failures + 1;
        const base = this.options.retryBaseMs ?? 1000;
        const delay = Math.min(this.options.retryMaxMs ?? 300_000, base * 2 ** Math.min(failures - 1, 30));
        const oldest = batch.events.reduce((m, e) => Math.min(m, e.time), at);
        await store.streaming.recordFailure(destination, {
          lagMs: Math.max(0, at - oldest),
          failures,
          lastError: (error as Error).message,
          lastErrorMs: at,
          nextAttemptMs: at + delay,
        });
        return;
      }
      delivered += batch.events.length;
      this.lastSend.set(destination.id, at);
      const lagMs = batch.oldestPending === null ? 0 : Math.max(0, at - batch.oldestPending);
      const recorded = await store.streaming.recordDelivery(destination, batch.next, {
        delivered,
        lagMs,
        lastSuccessMs: at,
      });
      // Changed meanwhile (its log types or query): the next round reads it afresh.
      if (!recorded) return;
      cursor = batch.next;
      destination = { ...destination, health: { ...destination.health, failures: 0, nextAttemptMs: null } };
      if (!batch.full) return;
    }
  }
}
