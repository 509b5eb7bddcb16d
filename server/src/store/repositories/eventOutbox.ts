import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { EventOutboxTable } from '../schema';
import { prepared, type Sql } from '../sql';
import { num, str } from '../storeRows';

/** Rows one claim takes at most (one event-store append each run). */
export const OUTBOX_CLAIM_BATCH = 500;

/** An event owed to the event store, as the outbox keeps it. */
export interface OutboxRow {
  /** The stable id the event store deduplicates on. */
  eventId: string;
  /** Epoch ms when it was written (delivery order). */
  createdAt: number;
  /** The event as JSON text (the forwarder's to read). */
  event: string;
}

const insertOne = prepared((db, r: Insertable<EventOutboxTable>) =>
  db.insertInto('event_outbox').values({ event_id: r.event_id, created_at: r.created_at, event: r.event }),
);
/**
 * One statement: the oldest free rows (never claimed, or their claim ran out) get this run's
 * token. On PostgreSQL a row another run claims at the same moment is re-checked after its lock
 * (claimed_until no longer due) and left out, so two forwarders never hold the same row.
 */
const claimDue = prepared((db, a: { token: string; until: number; now: number }) =>
  db
    .updateTable('event_outbox')
    .set({ claim: a.token, claimed_until: a.until })
    .where('claimed_until', '<=', a.now)
    .where('event_id', 'in', (eb) =>
      eb
        .selectFrom('event_outbox')
        .select('event_id')
        .where('claimed_until', '<=', a.now)
        .orderBy('created_at')
        .orderBy('event_id')
        .limit(sql.lit(OUTBOX_CLAIM_BATCH)),
    ),
);
const claimed = prepared((db, a: { token: string }) =>
  db
    .selectFrom('event_outbox')
    .select(['event_id', 'created_at', 'event'])
    .where('claim', '=', a.token)
    .orderBy('created_at')
    .orderBy('event_id'),
);
const deleteClaimed = prepared((db, a: { token: string }) =>
  db.deleteFrom('event_outbox').where('claim', '=', a.token),
);
const release = prepared((db, a: { token: string }) =>
  db.updateTable('event_outbox').set({ claim: null, claimed_until: 0 }).where('claim', '=', a.token),
);
/** Claims whose token starts with `prefix` (the `length` characters of it). */
const releasePrefixed = prepared((db, a: { prefix: string; length: number }) =>
  db
    .updateTable('event_outbox')
    .set({ claim: null, claimed_until: 0 })
    .where(sql<string>`substr(claim, 1, ${a.length})`, '=', a.prefix),
);
const oldest = prepared((db) =>
  db.selectFrom('event_outbox').select((eb) => eb.fn.min('created_at').as('t')),
);
const countAll = prepared((db) => db.selectFrom('event_outbox').select((eb) => eb.fn.countAll().as('n')));

/**
 * The event outbox (migration 16; audit/README.md "The outbox"): events written in the
 * transaction of the change they record, then delivered to the event store by the forwarder
 * (events/eventOutbox.ts), which claims rows, appends them, and deletes them.
 */
export class EventOutboxRepository {
  constructor(private readonly sql: Sql) {}

  /** Adds rows (in the caller's transaction, when it has one). */
  async insert(rows: readonly OutboxRow[]): Promise<void> {
    for (const r of rows)
      await this.sql.run(insertOne, { event_id: r.eventId, created_at: r.createdAt, event: r.event });
  }
  /**
   * Claims up to OUTBOX_CLAIM_BATCH due rows for `token` until `until` (epoch ms), oldest first,
   * and answers them: rows another run holds are not taken until their claim runs out.
   */
  async claim(token: string, now: number, until: number): Promise<OutboxRow[]> {
    await this.sql.run(claimDue, { token, until, now });
    return (await this.sql.all(claimed, { token })).map((r) => ({
      eventId: str(r.event_id),
      createdAt: num(r.created_at),
      event: str(r.event),
    }));
  }
  /** Deletes the rows of a claim (delivered). */
  async deleteClaimed(token: string): Promise<number> {
    return this.sql.run(deleteClaimed, { token });
  }
  /** Frees the rows of a claim (their delivery failed; another run may take them at once). */
  async release(token: string): Promise<number> {
    return this.sql.run(release, { token });
  }
  /**
   * Frees the rows claimed by tokens starting with `prefix`: a server's claims left by its own
   * earlier process (a crash), which would otherwise wait out their lease (events/eventOutbox.ts).
   */
  async releasePrefixed(prefix: string): Promise<number> {
    return this.sql.run(releasePrefixed, { prefix, length: prefix.length });
  }
  /** When the oldest row still owed was written (epoch ms), or null when none is. */
  async oldestCreatedAt(): Promise<number | null> {
    const r = await this.sql.first(oldest, {});
    return r?.t === null || r?.t === undefined ? null : num(r.t);
  }
  /** Rows not yet delivered. */
  async count(): Promise<number> {
    const r = await this.sql.first(countAll, {});
    return r ? num(r.n) : 0;
  }
}
