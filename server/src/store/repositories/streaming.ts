/**
 * Log streaming destinations (issue 40 point 3, docs/streaming.md, migration 22): what a tenant
 * sends where, the delivery cursor (per log type, the last delivered event's time and id: a
 * restart resumes after it) and the health. The HTTP destination's authorisation value is sealed
 * here (secretBox.ts) and opened only for the streamer.
 */
import type { StreamKind } from '@workbench/common/api/contract/streaming';
import type { EventCursor } from '../../events/eventStore';
import type { SecretBox } from '../../security/secretBox';
import type { Sql } from '../sql';
import { flag, num, str, type Row } from '../storeRows';

export interface StreamConfig {
  /** Log routes (web, email, ...), in the order they are read. */
  logTypes: string[];
  /** Empty: every field. */
  fields: string[];
  query: string;
  batchMaxEvents: number;
  batchMaxSeconds: number;
  /** http */
  url?: string;
  authHeader?: string;
  /** syslog */
  host?: string;
  port?: number;
  tls?: boolean;
}

/** Per log route, the last event delivered. */
export type StreamCursor = Record<string, EventCursor>;

export interface StreamHealthRecord {
  delivered: number;
  lagMs: number;
  failures: number;
  lastSuccessMs: number | null;
  lastError: string | null;
  lastErrorMs: number | null;
  nextAttemptMs: number | null;
}

export interface StreamDestinationRecord {
  id: string;
  tid: string;
  name: string;
  kind: StreamKind;
  config: StreamConfig;
  /** The HTTP authorisation header's value in clear ('' when none). */
  secret: string;
  enabled: boolean;
  cursor: StreamCursor;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  health: StreamHealthRecord;
}

const nullableNum = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
const nullableStr = (v: unknown): string | null => (v === null || v === undefined ? null : str(v));

export class StreamingRepository {
  constructor(
    private readonly sql: Sql,
    private readonly secrets: SecretBox,
  ) {}

  private toRecord(r: Row): StreamDestinationRecord {
    const secret = str(r.secret);
    return {
      id: str(r.id),
      tid: str(r.tid),
      name: str(r.name),
      kind: str(r.kind) as StreamKind,
      config: JSON.parse(str(r.config)) as StreamConfig,
      secret: secret === '' ? '' : this.secrets.open(secret),
      enabled: num(r.enabled) === 1,
      cursor: JSON.parse(str(r.cursor)) as StreamCursor,
      createdAt: str(r.created_at),
      updatedAt: str(r.updated_at),
      updatedBy: str(r.updated_by),
      health: {
        delivered: num(r.delivered),
        lagMs: num(r.lag_ms),
        failures: num(r.failures),
        lastSuccessMs: nullableNum(r.last_success_ms),
        lastError: nullableStr(r.last_error),
        lastErrorMs: nullableNum(r.last_error_ms),
        nextAttemptMs: nullableNum(r.next_attempt_ms),
      },
    };
  }

  async list(tid: string): Promise<StreamDestinationRecord[]> {
    const rows = await this.sql.all(
      this.sql.db
        .selectFrom('stream_destinations')
        .selectAll()
        .where('tid', '=', tid)
        .orderBy('name')
        .orderBy('id'),
    );
    return rows.map((r) => this.toRecord(r));
  }
  /** Every tenant's enabled destinations (the streamer's round). */
  async listEnabled(): Promise<StreamDestinationRecord[]> {
    const rows = await this.sql.all(
      this.sql.db.selectFrom('stream_destinations').selectAll().where('enabled', '=', 1).orderBy('id'),
    );
    return rows.map((r) => this.toRecord(r));
  }
  async get(tid: string, id: string): Promise<StreamDestinationRecord | null> {
    const r = await this.sql.first(
      this.sql.db.selectFrom('stream_destinations').selectAll().where('tid', '=', tid).where('id', '=', id),
    );
    return r ? this.toRecord(r) : null;
  }
  async insert(x: StreamDestinationRecord): Promise<void> {
    await this.sql.run(
      this.sql.db.insertInto('stream_destinations').values({
        id: x.id,
        tid: x.tid,
        name: x.name,
        kind: x.kind,
        config: JSON.stringify(x.config),
        secret: x.secret === '' ? '' : this.secrets.seal(x.secret),
        enabled: flag(x.enabled),
        cursor: JSON.stringify(x.cursor),
        created_at: x.createdAt,
        updated_at: x.updatedAt,
        updated_by: x.updatedBy,
        delivered: x.health.delivered,
        lag_ms: x.health.lagMs,
        failures: x.health.failures,
        last_success_ms: x.health.lastSuccessMs,
        last_error: x.health.lastError,
        last_error_ms: x.health.lastErrorMs,
        next_attempt_ms: x.health.nextAttemptMs,
      }),
    );
  }
  /**
   * Replaces the definition (name, config, secret, enabled) and the cursor of log types newly
   * chosen; leaves the delivery state of the others. False when the tenant has no such destination.
   */
  async update(x: StreamDestinationRecord): Promise<boolean> {
    const changed = await this.sql.run(
      this.sql.db
        .updateTable('stream_destinations')
        .set({
          name: x.name,
          config: JSON.stringify(x.config),
          secret: x.secret === '' ? '' : this.secrets.seal(x.secret),
          enabled: flag(x.enabled),
          cursor: JSON.stringify(x.cursor),
          updated_at: x.updatedAt,
          updated_by: x.updatedBy,
          failures: x.health.failures,
          next_attempt_ms: x.health.nextAttemptMs,
        })
        .where('tid', '=', x.tid)
        .where('id', '=', x.id),
    );
    return changed > 0;
  }
  async delete(tid: string, id: string): Promise<boolean> {
    return (
      (await this.sql.run(
        this.sql.db.deleteFrom('stream_destinations').where('tid', '=', tid).where('id', '=', id),
      )) > 0
    );
  }
  /**
   * A delivered batch: the cursor moves past it and the health says so, in one UPDATE (the
   * cursor and the count never disagree). Only while the row is unchanged since it was read
   * (`updatedAt`): a destination changed meanwhile keeps its new cursor.
   */
  async recordDelivery(
    x: Pick<StreamDestinationRecord, 'tid' | 'id' | 'updatedAt'>,
    cursor: StreamCursor,
    health: Pick<StreamHealthRecord, 'delivered' | 'lagMs' | 'lastSuccessMs'>,
  ): Promise<boolean> {
    const changed = await this.sql.run(
      this.sql.db
        .updateTable('stream_destinations')
        .set({
          cursor: JSON.stringify(cursor),
          delivered: health.delivered,
          lag_ms: health.lagMs,
          last_success_ms: health.lastSuccessMs,
          failures: 0,
          next_attempt_ms: null,
        })
        .where('tid', '=', x.tid)
        .where('id', '=', x.id)
        .where('updated_at', '=', x.updatedAt),
    );
    return changed > 0;
  }
  /** The lag of a destination with nothing to send (or still waiting to fill a batch). */
  async recordLag(x: Pick<StreamDestinationRecord, 'tid' | 'id'>, lagMs: number): Promise<void> {
    await this.sql.run(
      this.sql.db
        .updateTable('stream_destinations')
        .set({ lag_ms: lagMs })
        .where('tid', '=', x.tid)
        .where('id', '=', x.id),
    );
  }
  /** A failed attempt: the cursor stays, the next attempt waits until `nextAttemptMs`. */
  async recordFailure(
    x: Pick<StreamDestinationRecord, 'tid' | 'id'>,
    health: Pick<StreamHealthRecord, 'lagMs' | 'failures' | 'lastError' | 'lastErrorMs' | 'nextAttemptMs'>,
  ): Promise<void> {
    await this.sql.run(
      this.sql.db
        .updateTable('stream_destinations')
        .set({
          lag_ms: health.lagMs,
          failures: health.failures,
          last_error: health.lastError,
          last_error_ms: health.lastErrorMs,
          next_attempt_ms: health.nextAttemptMs,
        })
        .where('tid', '=', x.tid)
        .where('id', '=', x.id),
    );
  }
}
