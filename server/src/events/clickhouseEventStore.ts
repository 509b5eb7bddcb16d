/**
 * The event store on ClickHouse (`WORKBENCH_EVENTS_URL=clickhouse://host:port[,host:port…]/db
 * [?cluster=name]`): per shard one MergeTree table per log type, `events_<type>_local`, ordered
 * by (tid, time, id) — the tenant, then the paging key — with each part's time range kept for
 * pruning (PARTITION_KEY) and 1,024-row granules, and, with a cluster, a Distributed table
 * `events_<type>` over them on every shard, which reads go through (the first address). The
 * layout, values and answers are DuckDB's (duckdbEventStore.ts): the same columns (codes as text),
 * ids taken here in call order, the same keyset cursors, the same aggregates (the comparison test
 * checks them row by row on the same events).
 *
 * - SQL is the subset 18.16 and current releases share (clickhouseSql.ts); every value goes
 *   through `sqlValue`, every name through `sqlName`'s allow-list.
 * - Ingest: a call's rows of one log type are one INSERT into one shard's local table (FORMAT
 *   JSONEachRow for event objects, Native blocks for Arrow tables: clickhouseNative.ts; one part:
 *   atomic there, and read at once); calls go to the shards in turn, so
 *   every tenant's events spread over all shards. ClickHouse has no transaction across tables, so
 *   a call with several log types is atomic per type only; the load's progress is written after
 *   all its events, and before them the batch's id range per type (`load_batches`): after a crash
 *   in between, `discardUnrecordedBatches` deletes what the unrecorded batch wrote, so the resumed
 *   load writes it once.
 * - Ids: from an id source (clickhouseIds.ts): counted here from max(id) + 1 at open (one writing
 *   server), or from a counter in the PostgreSQL config store when several replicas write.
 *   With a shared source other writers add events this process never sees, so its time bounds
 *   are then only a hint for the first window, never a limit of what a read looks at.
 * - Reads probe a time window next to the cursor as DuckDB's store does (18.16 cannot read a
 *   primary key range in order for ORDER BY … LIMIT; a narrow window keeps a block's sort small,
 *   and it reads only the parts whose time range meets it: PARTITION_KEY).
 */
import {
  FIELD_SPECS,
  LOG_TYPES,
  LOG_TYPE_SCHEMAS,
  type FieldValue,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import type { Table } from 'apache-arrow';
import { planEventColumns, type EventColumnsPlan } from './arrowEvents';
import {
  aggregateStatement,
  clickhouseDialect,
  localTableName,
  orderSql,
  sqlName,
  sqlValue,
  tableName,
  whereSql,
} from './clickhouseSql';
import { localEventIds, type EventIdSource, type EventIdSourceFactory } from './clickhouseIds';
import {
  ClickHouseUnavailableError,
  execute,
  insertNative,
  insertRows,
  selectRows,
  type ClickHouseAddress,
} from './clickhouseHttp';
import { nativeBodies } from './clickhouseNative';
import { parseClickHouseUrl, type ClickHouseLocation } from './clickhouseUrl';
import { FORMULA_START_CHARS } from './csv';
import { validateEventIds, validateLoadProgress, validateNewEvent } from './duckdbEventStore';
import {
  EventStoreInputError,
  type AggregateRow,
  type ColumnsOfType,
  type EventAggregate,
  type EventQuery,
  type EventScan,
  type EventStore,
  type ExportOptions,
  type JsonEvents,
  type KeyedEvent,
  type LoadProgress,
  type NewEvent,
  type StoredEvent,
  type StoreProbe,
} from './eventStore';
import type { SqlDialect } from './eventSql';
import { toLogEventJson } from './logQuery';
import { validateQuery } from './queryValidation';
import { MIN_WINDOW_MS, firstProbeWindow, widenedBounds, type TimeBounds } from './timeBounds';

const MAX_RECENT_SPANS = 1000;
/** Rows per INSERT (one block of the HTTP interface's default max_insert_block_size, 1,048,576). */
const INSERT_ROWS = 100_000;
/** Rows per Native INSERT of the bulk path (one part: below min_insert_block_size_rows; ~100 MB). */
const NATIVE_INSERT_ROWS = 262_144;
/** Events per chunk of an export. */
const EXPORT_BATCH_ROWS = 20_000;

function columnType(field: string): string {
  return FIELD_SPECS[field].kind === 'integer' ? 'Nullable(Int64)' : 'Nullable(String)';
}

/**
 * The partition key: one partition for every time before the year 33658 (epoch ms below 10^15),
 * so an INSERT stays one part (atomic) and merges are as without a key. What it is for: a
 * partition key makes MergeTree keep each part's exact min and max of its columns (`time`), and a
 * query skips every part whose time range misses its window. Without it, 18.16 reads the last
 * granule of every part (the primary index has no end for it), of every column the query
 * selects: block 1 read ~30,000 rows of ~40 columns from 7 parts for 100 events (README.md,
 * "ClickHouse event store", paging).
 */
export const PARTITION_KEY = 'intDiv(time, 1000000000000000)';
/**
 * Rows per granule (ClickHouse's default is 8,192): a block reads whole granules of every column
 * it selects, so a narrow window reads 8× fewer rows; report scans measured as fast.
 */
export const INDEX_GRANULARITY = 1024;

/**
 * A table's engine: MergeTree, or with replicated shards ReplicatedMergeTree, whose replicas of one
 * shard share a ZooKeeper path (the server's `{shard}` macro, deploy/clickhouse/macros.xml) and
 * are told apart by `{replica}`; each copies what another stored, and catches up when it returns.
 */
function engineSql(database: string, table: string, replicated: boolean): string {
  return replicated
    ? `ReplicatedMergeTree('/clickhouse/tables/{shard}/${database}/${table}', '{replica}')`
    : 'MergeTree()';
}

function createLocalTableSql(database: string, logType: LogType, replicated: boolean): string {
  const columns = LOG_TYPE_SCHEMAS[logType].fields.map((f) => `${sqlName(f)} ${columnType(f)}`);
  const table = localTableName(logType);
  return `CREATE TABLE IF NOT EXISTS ${database}.${table} (
  id Int64, tid String, time Int64, ${columns.join(', ')}
) ENGINE = ${engineSql(database, table, replicated)} PARTITION BY ${PARTITION_KEY} ORDER BY (tid, time, id) SETTINGS index_granularity = ${INDEX_GRANULARITY}`;
}

/** A shard's servers: its first replica, then the others (WORKBENCH_EVENTS_REPLICAS). */
function replicasOf(shard: ClickHouseAddress): ClickHouseAddress[] {
  const { replicas = [], ...first } = shard;
  return [first, ...replicas.map((replica) => ({ ...replica, timeoutMs: shard.timeoutMs }))];
}

/** The columns a block reads: id, tid, time, then the type's fields in schema order. */
const SELECT_COLUMNS: ReadonlyMap<LogType, string> = new Map(
  LOG_TYPES.map((t) => [t, ['id', 'tid', 'time', ...LOG_TYPE_SCHEMAS[t].fields].join(', ')]),
);

function toStoredEvent(row: readonly unknown[], logType: LogType): StoredEvent {
  const names = LOG_TYPE_SCHEMAS[logType].fields;
  const fields: Record<string, FieldValue> = {};
  for (let i = 0; i < names.length; i += 1) {
    const value = row[i + 3];
    if (value !== null && value !== undefined) fields[names[i]] = value as FieldValue;
  }
  return { id: Number(row[0]), tid: String(row[1]), logType, time: Number(row[2]), fields };
}

const FORMULA_START = new RegExp(`^[${FORMULA_START_CHARS.map((c) => `\\${c}`).join('')}]`);

/**
 * An export cell exactly as DuckDB's CSV writer writes it (RFC 4180; formula-like text disarmed):
 * quoted when it holds a quote, comma, line break or `#` (DuckDB's comment character), or is empty.
 */
function exportCell(value: FieldValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n#]/.test(text) || text === '' ? `"${text.replace(/"/g, '""')}"` : text;
}

/** How long discardUnrecordedBatches waits for its deletes (mutations) on a shard. */
const DISCARD_WAIT_MS = 120_000;

export class ClickHouseEventStore implements EventStore {
  readonly remote = true;
  private closed = false;
  private nextShard = 0;
  private progressVersion = Date.now() * 1000;
  /** The last appendOnce of this process (they run one at a time). */
  private onceChain: Promise<unknown> = Promise.resolve();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly recentSpans = new Map<string, number>();
  private readonly dialect: SqlDialect;
  private readonly db: string;

  private constructor(
    private readonly location: ClickHouseLocation,
    private readonly ids: EventIdSource,
    private readonly bounds: Map<LogType, TimeBounds>,
    /** Other servers write too (a shared id source): `bounds` holds only this one's events. */
    private readonly sharedWriters: boolean,
  ) {
    this.db = sqlName(location.database, 'database');
    this.dialect = clickhouseDialect(this.db, location.cluster === null ? localTableName : tableName);
  }

  /**
   * Creates the database and tables where missing (every shard), then reads ids and time bounds.
   * `ids`: where ids come from (default: counted here, one writing server); a shared source
   * (`postgresEventIds`) lets several replicas write the same database.
   */
  static async open(
    url: string | ClickHouseLocation,
    options: { ids?: EventIdSourceFactory; timeoutMs?: number; replicas?: number } = {},
  ): Promise<ClickHouseEventStore> {
    const parsed = typeof url === 'string' ? parseClickHouseUrl(url, options.replicas) : url;
    const { timeoutMs } = options;
    // Every request to a shard is bounded (clickhouseHttp.ts): a shard that never answers fails it.
    const location: ClickHouseLocation =
      timeoutMs === undefined
        ? parsed
        : {
            ...parsed,
            shards: parsed.shards.map((shard) => ({
              ...shard,
              timeoutMs,
              replicas: shard.replicas?.map((replica) => ({ ...replica, timeoutMs })),
            })),
          };
    const db = sqlName(location.database, 'database');
    const replicated = location.replicasPerShard > 1;
    if (location.cluster !== null) {
      const [row] = await selectRows(
        location.shards[0],
        `SELECT uniqExact(shard_num), count() FROM system.clusters WHERE cluster = ${sqlValue(location.cluster)}`,
      );
      const servers = location.shards.length * location.replicasPerShard;
      if (Number(row[0]) !== location.shards.length || Number(row[1]) !== servers)
        throw new Error(
          `ClickHouse cluster "${location.cluster}" has ${String(row[0])} shards of ${String(row[1])} servers in all; WORKBENCH_EVENTS_URL names ${location.shards.length} of ${location.replicasPerShard} replicas (WORKBENCH_EVENTS_REPLICAS).`,
        );
    }
    // Every replica has every table: a replicated table exists where it is created, and reads and
    // writes go to whichever replica of a shard answers.
    for (const shard of location.shards) {
      for (const server of replicasOf(shard)) {
        await execute(server, `CREATE DATABASE IF NOT EXISTS ${db}`);
        for (const logType of LOG_TYPES) {
          await execute(server, createLocalTableSql(db, logType, replicated));
          await addMissingColumns(server, db, localTableName(logType), logType);
          if (location.cluster !== null) {
            await execute(
              server,
              `CREATE TABLE IF NOT EXISTS ${db}.${tableName(logType)} AS ${db}.${localTableName(logType)} ENGINE = Distributed(${sqlValue(location.cluster)}, ${db}, ${localTableName(logType)})`,
            );
            await addMissingColumns(server, db, tableName(logType), logType);
          }
        }
      }
    }
    for (const server of replicasOf(location.shards[0])) {
      const engine = (table: string) => engineSql(db, table, replicated);
      // appendOnce's record of the event ids it stored (events/README.md "Events delivered once").
      await execute(
        server,
        `CREATE TABLE IF NOT EXISTS ${db}.delivered_events (event_id String) ENGINE = ${engine('delivered_events')} ORDER BY event_id`,
      );
      await execute(
        server,
        `CREATE TABLE IF NOT EXISTS ${db}.load_progress (name String, plan String, batches Int64, events Int64, complete UInt8, version Int64) ENGINE = ${engine('load_progress')} ORDER BY (name, version)`,
      );
      // Each recorded batch's ids per log type, written before its events (discardUnrecordedBatches).
      await execute(
        server,
        `CREATE TABLE IF NOT EXISTS ${db}.load_batches (name String, batches Int64, log_type String, first_id Int64, rows Int64) ENGINE = ${engine('load_batches')} ORDER BY (name, batches)`,
      );
    }
    const read = location.cluster === null ? localTableName : tableName;
    let maxId = 0;
    const bounds = new Map<LogType, TimeBounds>();
    for (const logType of LOG_TYPES) {
      const [row] = await selectRows(
        location.shards[0],
        `SELECT max(id), min(time), max(time), count() FROM ${db}.${read(logType)}`,
      );
      if (Number(row[3]) === 0) continue;
      maxId = Math.max(maxId, Number(row[0]));
      bounds.set(logType, { min: Number(row[1]), max: Number(row[2]), rows: Number(row[3]) });
    }
    const ids = await (options.ids ?? localEventIds)(db, maxId + 1);
    return new ClickHouseEventStore(
      location,
      ids,
      bounds,
      options.ids !== undefined && options.ids !== localEventIds,
    );
  }

  append(events: readonly NewEvent[]): Promise<number> {
    const byType = new Map<LogType, number[]>();
    try {
      this.assertOpen();
      events.forEach(validateNewEvent);
      events.forEach((event, i) => {
        const list = byType.get(event.logType);
        if (list) list.push(i);
        else byType.set(event.logType, [i]);
      });
    } catch (error) {
      return Promise.reject(error);
    }
    if (events.length === 0) return Promise.resolve(0);
    const shard = this.takeShard();
    return this.track(async () => {
      // Ids in call order (as DuckDB's store): the i-th event gets firstId + i.
      const firstId = await this.ids.take(events.length);
      for (const [logType, list] of byType) {
        const lines = list.map((i) =>
          JSON.stringify({ id: firstId + i, tid: events[i].tid, time: events[i].time, ...events[i].fields }),
        );
        await this.insert(shard, logType, lines);
        this.extendBounds(
          logType,
          list.map((i) => events[i].time),
        );
      }
      return events.length;
    });
  }

  /**
   * Dedupe on insert: the ids already in delivered_events are left out, the others' events are
   * inserted, then their ids. ClickHouse has no transaction across the two tables: a crash
   * between the two inserts leaves events whose ids are not recorded, and their next delivery
   * stores them again (events/README.md "Events delivered once" says why this order, and how
   * the forwarder's claims keep two servers from delivering one row at once). Calls of this
   * process run one at a time.
   */
  appendOnce(keyed: readonly KeyedEvent[]): Promise<number> {
    try {
      this.assertOpen();
      validateEventIds(keyed);
      keyed.forEach((k, i) => validateNewEvent(k.event, i));
    } catch (error) {
      return Promise.reject(error);
    }
    if (keyed.length === 0) return Promise.resolve(0);
    const run = async (): Promise<number> => {
      const ids = [...new Set(keyed.map((k) => k.eventId))];
      const stored = new Set<string>();
      for (let at = 0; at < ids.length; at += 500) {
        const rows = await selectRows(
          this.location.shards[0],
          `SELECT event_id FROM ${this.db}.delivered_events WHERE event_id IN (${ids
            .slice(at, at + 500)
            .map((id) => sqlValue(id))
            .join(', ')})`,
        );
        for (const [id] of rows) stored.add(String(id));
      }
      const fresh: KeyedEvent[] = [];
      for (const k of keyed) {
        if (stored.has(k.eventId)) continue;
        stored.add(k.eventId);
        fresh.push(k);
      }
      if (fresh.length === 0) return 0;
      await this.append(fresh.map((k) => k.event));
      // A crash here (the events stored, their ids not): the next delivery stores them again.
      await this.recordDelivered(fresh.map((k) => k.eventId));
      return fresh.length;
    };
    const result = this.onceChain.then(run, run);
    this.onceChain = result.catch(() => undefined);
    return result;
  }

  /** Records ids as stored (appendOnce's second insert; its own method so a test can fail it). */
  protected async recordDelivered(ids: readonly string[]): Promise<void> {
    await insertRows(
      this.location.shards[0],
      `${this.db}.delivered_events`,
      ids.map((id) => JSON.stringify({ event_id: id })).join('\n'),
    );
  }

  /**
   * A mutation (ALTER … DELETE: the servers of Debian's 18.16 have no lightweight DELETE), run
   * after this process's appendOnce calls, so it never races one of them.
   */
  pruneDelivered(idsBefore: string): Promise<void> {
    try {
      this.assertOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    const run = async (): Promise<void> => {
      await execute(
        this.location.shards[0],
        `ALTER TABLE ${this.db}.delivered_events DELETE WHERE event_id < ${sqlValue(idsBefore)}`,
        undefined,
        true,
      );
    };
    const result = this.onceChain.then(run, run);
    this.onceChain = result.catch(() => undefined);
    return result;
  }

  appendColumns(logType: LogType, table: Table): Promise<number> {
    return this.appendColumnsBatch([{ logType, table }]);
  }

  appendColumnsBatch(parts: readonly ColumnsOfType[], progress?: LoadProgress): Promise<number> {
    const checked: { logType: LogType; plan: EventColumnsPlan; rows: number }[] = [];
    try {
      this.assertOpen();
      for (const { logType, table } of parts) {
        const plan = planEventColumns(logType, table);
        if (plan.rows > 0) checked.push({ logType, plan, rows: plan.rows });
      }
      if (progress !== undefined) validateLoadProgress(progress);
      else if (checked.length === 0) return Promise.resolve(0);
    } catch (error) {
      return Promise.reject(error);
    }
    const shard = this.takeShard();
    // Progress after every earlier append (as DuckDB's store): it never counts a batch not yet in.
    const before = progress === undefined ? Promise.resolve() : Promise.allSettled([...this.inFlight]);
    return this.track(async () => {
      const plans = [];
      for (const part of checked) plans.push({ ...part, firstId: await this.ids.take(part.rows) });
      await before;
      // Where this batch's events go, before they go (discardUnrecordedBatches). The earlier
      // batches are recorded by now (before), so only the last batch of a load can be unrecorded.
      if (progress !== undefined && plans.length > 0)
        await insertRows(
          this.location.shards[0],
          `${this.db}.load_batches`,
          plans
            .map(({ logType, firstId, rows }) =>
              JSON.stringify({
                name: progress.load,
                batches: progress.batches,
                log_type: logType,
                first_id: firstId,
                rows,
              }),
            )
            .join('\n'),
        );
      let rows = 0;
      for (const { logType, plan, firstId } of plans) {
        for (const body of nativeBodies(plan, firstId, NATIVE_INSERT_ROWS))
          await this.onAShard(shard, (address) =>
            insertNative(address, `${this.db}.${localTableName(logType)}`, body),
          );
        this.widenBounds(logType, plan.minTime, plan.maxTime, plan.rows);
        rows += plan.rows;
      }
      if (progress !== undefined) await this.recordProgress(progress);
      return rows;
    });
  }

  /** A load's progress, after all its batch's events (appendColumnsBatch). */
  private async recordProgress(progress: LoadProgress): Promise<void> {
    this.progressVersion += 1;
    await insertRows(
      this.location.shards[0],
      `${this.db}.load_progress`,
      JSON.stringify({
        name: progress.load,
        plan: progress.plan,
        batches: progress.batches,
        events: progress.events,
        complete: progress.complete ? 1 : 0,
        version: this.progressVersion,
      }),
    );
  }

  /**
   * The batches recorded in `load_batches` past the load's progress were cut short by a crash
   * (some of their types' events in, maybe part of a type: NATIVE_INSERT_ROWS per insert): their
   * id ranges are deleted on every shard (an insert may have gone to another shard than planned,
   * onAShard), and this waits until the deletes are done. Ids are not taken again: the id source
   * counted past them when this store opened, and a shared source never repeats one.
   */
  async discardUnrecordedBatches(load: string): Promise<number> {
    this.assertOpen();
    const recorded = (await this.loadProgress(load))?.batches ?? 0;
    const unrecorded = await selectRows(
      this.location.shards[0],
      `SELECT DISTINCT batches, log_type, first_id, rows FROM ${this.db}.load_batches WHERE name = ${sqlValue(load)} AND batches > ${sqlValue(recorded)}`,
    );
    if (unrecorded.length === 0) return 0;
    const byTable = new Map<string, string[]>();
    for (const [, logType, firstId, rows] of unrecorded) {
      if (!(LOG_TYPES as readonly unknown[]).includes(logType)) continue;
      const table = localTableName(logType as LogType);
      const first = Number(firstId);
      const ranges = byTable.get(table) ?? [];
      ranges.push(`(id >= ${sqlValue(first)} AND id < ${sqlValue(first + Number(rows))})`);
      byTable.set(table, ranges);
    }
    for (const shard of this.location.shards)
      for (const [table, ranges] of byTable)
        await execute(
          shard,
          `ALTER TABLE ${this.db}.${table} DELETE WHERE ${ranges.join(' OR ')}`,
          undefined,
          true,
        );
    // Then their record (a mutation is kept across a restart once accepted, so the events' deletes
    // happen even if this process dies now): no stale range is deleted again once its ids are reused.
    await execute(
      this.location.shards[0],
      `ALTER TABLE ${this.db}.load_batches DELETE WHERE name = ${sqlValue(load)} AND batches > ${sqlValue(recorded)}`,
      undefined,
      true,
    );
    // A delete is a mutation, applied in the background: the load resumes once all are done.
    for (const shard of this.location.shards) {
      const deadline = Date.now() + DISCARD_WAIT_MS;
      for (;;) {
        const [[pending]] = await selectRows(
          shard,
          `SELECT count() FROM system.mutations WHERE database = ${sqlValue(this.location.database)} AND is_done = 0`,
        );
        if (Number(pending) === 0) break;
        if (Date.now() > deadline)
          throw new Error(
            `Deleting the events of an interrupted load (${load}) did not finish within ${DISCARD_WAIT_MS / 1000} s on ${shard.host}:${shard.port}.`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return new Set(unrecorded.map(([batches]) => Number(batches))).size;
  }

  async loadProgress(load: string): Promise<LoadProgress | null> {
    this.assertOpen();
    const [row] = await selectRows(
      this.location.shards[0],
      `SELECT plan, batches, events, complete FROM ${this.db}.load_progress WHERE name = ${sqlValue(load)} ORDER BY version DESC LIMIT 1`,
    );
    if (row === undefined) return null;
    return {
      load,
      plan: String(row[0]),
      batches: Number(row[1]),
      events: Number(row[2]),
      complete: Number(row[3]) === 1,
    };
  }

  async query(query: EventQuery): Promise<StoredEvent[]> {
    return this.rememberedProbe(query);
  }

  /** The block as the logs API's JSON (written here: the JSON of toLogEventJson, as DuckDB writes it). */
  async queryJson(query: EventQuery): Promise<JsonEvents> {
    const events = await this.query(query);
    return {
      json: events.map((event) => JSON.stringify(toLogEventJson(event))),
      // A sorted block's cursor carries its last event's value (EventCursor.value).
      keys: events.map((event) =>
        query.sortField === undefined
          ? { time: event.time, id: event.id }
          : { time: event.time, id: event.id, value: event.fields[query.sortField] ?? null },
      ),
    };
  }

  /**
   * The scan's events as CSV lines (no header) or NDJSON in keyset batches of `batchRows` (one
   * chunk each), written as DuckDB's writers write them (exportColumnsSql): the chosen columns,
   * codes or their labels, formula-like text disarmed in CSV.
   */
  async *exportRows(
    query: EventScan,
    options: ExportOptions,
    batchRows = EXPORT_BATCH_ROWS,
  ): AsyncIterable<Buffer> {
    for (const column of options.columns) {
      if (!(LOG_TYPE_SCHEMAS[query.logType].fields as readonly string[]).includes(column))
        throw new EventStoreInputError('columns', `"${column}" is not a field of ${query.logType}.`);
    }
    const value = (field: string, v: FieldValue | undefined): FieldValue | undefined => {
      if (v === undefined || options.values !== 'labels') return v;
      const vocabulary = FIELD_SPECS[field].vocabulary;
      return vocabulary ? (vocabulary.find((e) => e.code === v)?.label ?? v) : v;
    };
    for await (const batch of this.scan(query, batchRows)) {
      let text = '';
      for (const event of batch) {
        const id = String(event.id);
        const time = new Date(event.time).toISOString();
        if (options.format === 'csv') {
          const cells = options.columns.map((f) => exportCell(value(f, event.fields[f])));
          text += `${[id, time, ...cells].join(',')}\r\n`;
        } else {
          const row: Record<string, FieldValue | null> = { id, event_time: time };
          for (const f of options.columns) row[f] = value(f, event.fields[f]) ?? null;
          text += `${JSON.stringify(row)}\n`;
        }
      }
      yield Buffer.from(text, 'utf8');
    }
  }

  async *scan(query: EventScan, batchSize = 10000): AsyncIterable<StoredEvent[]> {
    let after: EventQuery['after'];
    for (;;) {
      const batch = await this.query({ ...query, after, limit: batchSize });
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) return;
      const last = batch[batch.length - 1];
      after =
        query.sortField === undefined
          ? { time: last.time, id: last.id }
          : { time: last.time, id: last.id, value: last.fields[query.sortField] ?? null };
    }
  }

  async aggregate(query: EventAggregate): Promise<AggregateRow[]> {
    this.assertOpen();
    const { sql, hasSeries } = aggregateStatement(query, this.dialect);
    const rows = await selectRows(this.location.shards[0], sql);
    const plain = (v: unknown): string | number | null =>
      v === null || v === undefined ? null : typeof v === 'number' ? v : String(v);
    return rows.map((row) =>
      hasSeries
        ? { key: plain(row[0]), series: plain(row[1]), value: Number(row[2]) }
        : { key: plain(row[0]), value: Number(row[1]) },
    );
  }

  async countMatching(query: EventScan): Promise<number> {
    this.assertOpen();
    const where = whereSql(query, this.dialect);
    const [row] = await selectRows(
      this.location.shards[0],
      `SELECT count() FROM ${this.dialect.table(query.logType)} WHERE ${where}`,
    );
    return Number(row[0]);
  }

  async count(tid?: string, logType?: LogType): Promise<number> {
    this.assertOpen();
    if (logType !== undefined && !(LOG_TYPES as readonly string[]).includes(logType))
      throw new EventStoreInputError('logType', `Unknown log type "${String(logType)}".`);
    const where = tid === undefined ? '' : ` WHERE tid = ${sqlValue(tid)}`;
    const counts = await Promise.all(
      (logType === undefined ? LOG_TYPES : [logType]).map(async (t) => {
        const [row] = await selectRows(
          this.location.shards[0],
          `SELECT count() FROM ${this.dialect.table(t)}${where}`,
        );
        return Number(row[0]);
      }),
    );
    return counts.reduce((a, b) => a + b, 0);
  }

  /** ClickHouse writes each insert as a part at once; nothing to move. Waits for appends in flight. */
  async flush(): Promise<void> {
    this.assertOpen();
    await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.allSettled([...this.inFlight]);
    this.closed = true;
    await this.ids.close();
  }

  private async insert(shard: number, logType: LogType, lines: readonly string[]): Promise<void> {
    for (let i = 0; i < lines.length; i += INSERT_ROWS) {
      await this.onAShard(shard, (address) =>
        insertRows(
          address,
          `${this.db}.${localTableName(logType)}`,
          lines.slice(i, i + INSERT_ROWS).join('\n'),
        ),
      );
    }
  }

  /**
   * An insert into shard `first`, or, when a shard could not be reached at all (the request never
   * left: `notSent`, e.g. a stopped server refusing the connection), into the next ones in turn:
   * a down shard's share goes to the others, nothing lost and nothing stored twice (any shard may
   * hold any event; reads go through the Distributed table). A time-out or an error answer is not
   * moved: that shard may have stored the rows.
   */
  private async onAShard(first: number, write: (shard: ClickHouseAddress) => Promise<void>): Promise<void> {
    const { shards } = this.location;
    for (let i = 0; ; i += 1) {
      try {
        return await write(shards[(first + i) % shards.length]);
      } catch (error) {
        if (!(error instanceof ClickHouseUnavailableError) || !error.notSent || i + 1 >= shards.length)
          throw error;
      }
    }
  }

  private track<T>(work: () => Promise<T>): Promise<T> {
    const result = work();
    this.inFlight.add(result);
    const done = () => this.inFlight.delete(result);
    result.then(done, done);
    return result;
  }

  /** Every shard, by its place in WORKBENCH_EVENTS_URL and its address: `SELECT 1` on it. */
  probes(): readonly StoreProbe[] {
    const { shards } = this.location;
    return shards.map((shard, i) => ({
      target: `shard ${i + 1} of ${shards.length} (${shard.host}:${shard.port})`,
      probe: async () => {
        this.assertOpen();
        await execute(shard, 'SELECT 1');
      },
    }));
  }

  private takeShard(): number {
    const shard = this.nextShard;
    this.nextShard = (shard + 1) % this.location.shards.length;
    return shard;
  }

  private extendBounds(logType: LogType, times: readonly number[]): void {
    let lo = Infinity;
    let hi = -Infinity;
    for (const t of times) {
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
    this.widenBounds(logType, lo, hi, times.length);
  }

  private widenBounds(logType: LogType, lo: number, hi: number, rows: number): void {
    this.bounds.set(logType, widenedBounds(this.bounds.get(logType), lo, hi, rows));
  }

  /** As DuckDbEventStore.rememberedProbe: a block starts from the window the previous one needed. */
  private async rememberedProbe(query: EventQuery): Promise<StoredEvent[]> {
    const key = JSON.stringify([
      query.logType,
      query.tid,
      query.filters,
      query.search ?? '',
      query.order ?? 'desc',
      query.where ?? null,
      query.sortField ?? null,
    ]);
    const rows = await this.probe(
      query,
      this.recentSpans.get(key) ?? this.firstWindow(query.logType, query.limit),
    );
    if (rows.length >= query.limit) {
      const covered = Math.abs(rows[0].time - rows[rows.length - 1].time);
      this.recentSpans.delete(key);
      this.recentSpans.set(key, Math.max(MIN_WINDOW_MS, 2 * covered));
      if (this.recentSpans.size > MAX_RECENT_SPANS)
        this.recentSpans.delete(this.recentSpans.keys().next().value as string);
    }
    return rows;
  }

  private firstWindow(logType: LogType, limit: number): number {
    return firstProbeWindow(this.bounds.get(logType), limit);
  }

  private async probe(query: EventQuery, firstSpan: number): Promise<StoredEvent[]> {
    this.assertOpen();
    validateQuery(query);
    const known = this.bounds.get(query.logType);
    if (!known && !this.sharedWriters) return [];
    // Another writer's events may lie outside this process's bounds: then the query's range is the limit.
    const bounds = known && !this.sharedWriters ? known : { min: query.start, max: query.end - 1 };
    const ascending = query.order === 'asc';
    if (query.sortField !== undefined) {
      // A field's order has no time windows: one statement over the range.
      const rows = await selectRows(
        this.location.shards[0],
        `SELECT ${SELECT_COLUMNS.get(query.logType) as string} FROM ${this.dialect.table(query.logType)} WHERE ${whereSql(query, this.dialect)} ${orderSql(query)} LIMIT ${sqlValue(query.limit)}`,
      );
      return rows.map((row) => toStoredEvent(row, query.logType));
    }
    const top = query.after ? query.after.time + 1 : Math.min(query.end, bounds.max + 1);
    const bottom = query.after ? query.after.time : Math.max(query.start, bounds.min);
    for (let span = firstSpan; ;) {
      const window = ascending
        ? { start: query.start, end: Math.min(query.end, bottom + span) }
        : { start: Math.max(query.start, top - span), end: query.end };
      const where = whereSql({ ...query, ...window }, this.dialect);
      const rows = await selectRows(
        this.location.shards[0],
        `SELECT ${SELECT_COLUMNS.get(query.logType) as string} FROM ${this.dialect.table(query.logType)} WHERE ${where} ${orderSql(query)} LIMIT ${sqlValue(query.limit)}`,
      );
      const whole = ascending ? window.end === query.end : window.start === query.start;
      if (rows.length >= query.limit || whole) return rows.map((row) => toStoredEvent(row, query.logType));
      span *= rows.length === 0 ? 16 : Math.min(64, Math.max(2, Math.ceil((2 * query.limit) / rows.length)));
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed.');
  }
}

/** Adds the columns a log type gained since the table was made (empty for the events it holds). */
async function addMissingColumns(
  shard: ClickHouseAddress,
  database: string,
  table: string,
  logType: LogType,
): Promise<void> {
  const rows = await selectRows(
    shard,
    `SELECT name FROM system.columns WHERE database = ${sqlValue(database)} AND table = ${sqlValue(table)}`,
  );
  const have = new Set(rows.map((row) => String(row[0])));
  for (const field of LOG_TYPE_SCHEMAS[logType].fields) {
    if (!have.has(field))
      await execute(
        shard,
        `ALTER TABLE ${database}.${sqlName(table)} ADD COLUMN ${sqlName(field)} ${columnType(field)}`,
        undefined,
        true,
      );
  }
}
