/**
 * The outbox's forwarder (audit/README.md "The outbox"; issue 38): events are written to the
 * config store's event_outbox in the transaction of the change they record, and this delivers
 * them to the event store: at start, every few seconds, and when nudged after a commit. A row is
 * an event for the event store (any log type), so other writers can put their events here too.
 *
 * Each run claims a batch (a token and a lease in one conditional statement: two servers on one
 * config store never hold the same row at once), appends it with appendOnce (the event store
 * keeps an event id once, so a row delivered again after a crash or an expired lease is not
 * stored twice), and deletes the rows only after the event store accepted them. A failed append
 * frees the rows for the next run. A claim's token starts with a digest of the server's holder name
 * (store/leases.ts: its host and data directory, the same after a restart), so a server's first
 * run frees the claims its own earlier process left at a crash: those rows go at once instead of
 * after the lease (another server's claims still wait theirs out).
 *
 * Pruning: the event store's record of delivered ids (delivered_events) would grow forever. An id
 * can come again only while its row is still in the outbox (a row is written once, at its change,
 * and never after its delete), so the ids of rows written well before the oldest row still owed
 * can go: at most once an hour each forwarder forgets the ids written before
 * min(oldest owed row, now) − DELIVERED_RETENTION_MS. The margin covers what could put an older
 * row behind a newer one: a transaction that took its time before committing, and clocks of
 * servers sharing one store that disagree, each far under a day. A row owed for days (servers
 * down) keeps every id from its own time on, however long it waits.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ConfigStore } from '../store/ConfigStore';
import { OUTBOX_CLAIM_BATCH, type OutboxRow } from '../store/repositories/eventOutbox';
import { EventStoreInputError, type EventStore, type KeyedEvent, type NewEvent } from './eventStore';

/** How long a claim holds its rows: a run that died is taken over after this. */
export const OUTBOX_LEASE_MS = 60_000;
/** The forwarder's interval: rows a nudge missed (another server's, a failed run's) go within it. */
export const OUTBOX_INTERVAL_MS = 2_000;

/** How far before the oldest owed row delivered ids are kept (see the header: why this is safe). */
export const DELIVERED_RETENTION_MS = 24 * 60 * 60_000;
/** How often a forwarder prunes the delivered ids. */
export const DELIVERED_PRUNE_INTERVAL_MS = 60 * 60_000;

/** This process's count of outbox rows: orders the rows written in one millisecond as written. */
let written = 0;

/** The start of the ids of rows written at `time` (epoch ms): ids of earlier rows sort before it. */
export const outboxIdPrefix = (time: number): string =>
  String(Math.max(0, Math.floor(time))).padStart(15, '0');

/**
 * The rows of events written at `createdAt`. The id starts with the time and this process's count,
 * so the forwarder (created_at, then event_id) delivers them in the order they were written, and
 * ends with a UUID, unique across servers.
 */
export function outboxRowsOf(events: readonly NewEvent[], createdAt: number): OutboxRow[] {
  return events.map((event) => {
    written = (written + 1) % 1e12;
    const order = `${outboxIdPrefix(createdAt)}-${String(written).padStart(12, '0')}`;
    return { eventId: `${order}-${randomUUID()}`, createdAt, event: JSON.stringify(event) };
  });
}

/** The start of a holder's claim tokens: a digest, of one length for every holder, so no holder's is another's start. */
const claimPrefix = (holder: string): string =>
  `${createHash('sha256').update(holder).digest('hex').slice(0, 32)}:`;

const keyedOf = (row: OutboxRow): KeyedEvent => ({
  eventId: row.eventId,
  event: JSON.parse(row.event) as NewEvent,
});

export interface OutboxForwarderOptions {
  store: ConfigStore;
  events: EventStore;
  now?: () => number;
  /** This server's holder name (serverHolderId): the start of its claims' tokens. */
  holder?: string;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

export class OutboxForwarder {
  private running: Promise<void> | null = null;
  /** A nudge came while a run was going: run again after it. */
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** When this forwarder last pruned the delivered ids (epoch ms); none yet: prunes on its first run. */
  private prunedAt: number | null = null;
  /** This process's runs have not yet freed its holder's earlier claims. */
  private firstRun = true;
  /** The start of this forwarder's claim tokens (none without a holder name). */
  private readonly tokenPrefix: string;

  constructor(private readonly options: OutboxForwarderOptions) {
    this.tokenPrefix = options.holder ? claimPrefix(options.holder) : '';
  }

  /** Delivers what is owed now, then every interval. */
  start(): void {
    if (this.stopped || this.timer) return;
    this.nudge();
    this.timer = setInterval(() => this.nudge(), this.options.intervalMs ?? OUTBOX_INTERVAL_MS);
    this.timer.unref();
  }

  /** Starts a run (or one more after the current one); errors go to onError. */
  nudge(): void {
    void this.deliver().catch((error: unknown) => this.options.onError?.(error));
  }

  /**
   * Delivers every due row, batch by batch, and resolves when the outbox had no more due rows
   * (a run already going is joined and followed by one more, so rows committed before this call
   * are delivered when it resolves). Rejects when a delivery failed (its rows stay owed).
   */
  deliver(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running.then(() => this.deliver());
    }
    const run = (async () => {
      try {
        if (this.firstRun && this.tokenPrefix)
          await this.options.store.eventOutbox.releasePrefixed(this.tokenPrefix);
        this.firstRun = false;
        do {
          this.again = false;
          while ((await this.deliverBatch()) === OUTBOX_CLAIM_BATCH && !this.stopped);
        } while (this.again && !this.stopped);
        const now = (this.options.now ?? Date.now)();
        if (!this.stopped && (this.prunedAt === null || now - this.prunedAt >= DELIVERED_PRUNE_INTERVAL_MS))
          // A failed prune is retried at the next hour's run; the deliveries stand.
          await this.prune(now).catch((error: unknown) => this.options.onError?.(error));
      } finally {
        this.running = null;
      }
    })();
    this.running = run;
    return run;
  }

  /**
   * Forgets the delivered ids no delivery can bring again (see the header): those written before
   * min(oldest owed row, now) − DELIVERED_RETENTION_MS.
   */
  async prune(now: number = (this.options.now ?? Date.now)()): Promise<void> {
    this.prunedAt = now;
    const oldest = await this.options.store.eventOutbox.oldestCreatedAt();
    const before = Math.min(oldest ?? now, now) - DELIVERED_RETENTION_MS;
    await this.options.events.pruneDelivered(outboxIdPrefix(before));
  }

  /** Stops the timer and waits for a run in progress (before the stores close). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One claim: answers how many rows it held (a full batch: more may be due). */
  private async deliverBatch(): Promise<number> {
    const { store, events } = this.options;
    const now = (this.options.now ?? Date.now)();
    const token = `${this.tokenPrefix}${randomUUID()}`;
    const rows = await store.eventOutbox.claim(token, now, now + OUTBOX_LEASE_MS);
    if (rows.length === 0) return 0;
    try {
      await events.appendOnce(rows.map(keyedOf));
    } catch (error) {
      if (!(error instanceof EventStoreInputError)) {
        await store.eventOutbox.release(token).catch(() => undefined);
        throw error;
      }
      // A row the event store refuses would block every later one: deliver them one by one and
      // drop the refused (reported), so only that event is lost, never the ones behind it.
      for (const row of rows) {
        try {
          await events.appendOnce([keyedOf(row)]);
        } catch (refused) {
          if (!(refused instanceof EventStoreInputError)) {
            await store.eventOutbox.release(token).catch(() => undefined);
            throw refused;
          }
          this.options.onError?.(refused);
        }
      }
    }
    await store.eventOutbox.deleteClaimed(token);
    return rows.length;
  }
}
