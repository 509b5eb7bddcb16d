/**
 * The embedded event store: one DuckDB file, `<dataDir>/events.duckdb`, one wide `events` table
 * (every field of every log type is a nullable column; a type uses its own subset).
 *
 * - Values never enter SQL text: every value is a bound parameter ($1, $2, ...). Column names do,
 *   but only names from FIELD_SPECS, checked before any SQL is built.
 * - Ingest: each append is validated whole, then written as columnar data chunks of 2,048 rows
 *   (ChunkWriter: typed-array buffers, one memory copy per column) through the appender, in one
 *   transaction; ids are assigned here, increasing. A batch of a whole row group (122,880 events)
 *   is written by DuckDB straight to the file, compressed, rather than through the WAL.
 * - Reads are keyset reads in (time DESC, id DESC) order. Seeded data is appended in time order,
 *   so DuckDB's per-row-group min/max (zone maps) on `time` let a deep page skip everything newer
 *   than its cursor: page 50,000 costs about what page 1 costs.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  DuckDBBigIntType,
  DuckDBDataChunk,
  DuckDBInstance,
  DuckDBVarCharType,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import {
  ALL_FIELDS,
  FIELD_SPECS,
  LOG_TYPES,
  LOG_TYPE_SCHEMAS,
  type FieldValue,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import {
  EventStoreInputError,
  type EventCursor,
  type EventQuery,
  type EventScan,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from './eventStore';

export const EVENTS_FILE = 'events.duckdb';
const SCHEMA_VERSION = 1;
const FIRST_WINDOW_MS = 3600000;

const codeSets: Record<string, Set<string>> = Object.fromEntries(
  Object.values(FIELD_SPECS)
    .filter((f) => f.kind === 'code')
    .map((f) => [f.name, new Set((f.vocabulary ?? []).map((e) => e.code))]),
);
const typeFieldSets: Record<string, Set<string>> = Object.fromEntries(
  LOG_TYPES.map((t) => [t, new Set(LOG_TYPE_SCHEMAS[t].fields)]),
);

function columnType(field: string): string {
  return FIELD_SPECS[field].kind === 'integer' ? 'BIGINT' : 'VARCHAR';
}

const CREATE_SQL = `CREATE TABLE IF NOT EXISTS events (
  id BIGINT NOT NULL,
  tid VARCHAR NOT NULL,
  log_type VARCHAR NOT NULL,
  time BIGINT NOT NULL,
  ${ALL_FIELDS.map((f) => `${f} ${columnType(f)}`).join(',\n  ')}
)`;

/** Checks a field value against its spec; returns an error message or null. */
export function fieldValueError(field: string, value: FieldValue): string | null {
  const spec = FIELD_SPECS[field];
  if (!spec) return `Unknown field "${field}".`;
  if (spec.kind === 'integer') {
    return typeof value === 'number' && Number.isSafeInteger(value)
      ? null
      : `Field "${field}" must be an integer.`;
  }
  if (typeof value !== 'string') return `Field "${field}" must be a string.`;
  if (spec.kind === 'code' && !codeSets[field].has(value))
    return `Field "${field}" has an unknown value "${value}".`;
  return null;
}

interface FieldCheck {
  readonly integer: boolean;
  /** A code field's codes; null for a free text or integer field. */
  readonly codes: Set<string> | null;
}

/** Per log type, each of its fields' check: one map lookup per value, no per-event allocation. */
const TYPE_FIELD_CHECKS: ReadonlyMap<string, ReadonlyMap<string, FieldCheck>> = new Map(
  LOG_TYPES.map((t) => [
    t,
    new Map(
      LOG_TYPE_SCHEMAS[t].fields.map((f): [string, FieldCheck] => [
        f,
        { integer: FIELD_SPECS[f].kind === 'integer', codes: codeSets[f] ?? null },
      ]),
    ),
  ]),
);

function validateNewEvent(event: NewEvent, index: number): void {
  const checks = TYPE_FIELD_CHECKS.get(event.logType);
  if (!checks) {
    throw new EventStoreInputError(
      'logType',
      `events[${index}]: unknown log type "${String(event.logType)}".`,
    );
  }
  if (typeof event.tid !== 'string' || event.tid === '')
    throw new EventStoreInputError('tid', `events[${index}]: tid is required.`);
  if (!Number.isSafeInteger(event.time) || event.time < 0) {
    throw new EventStoreInputError('time', `events[${index}]: time must be epoch milliseconds.`);
  }
  const fields = event.fields;
  // for-in rather than Object.entries: no array per event (this runs for millions of events).
  for (const field in fields) {
    const check = checks.get(field);
    if (!check) {
      throw new EventStoreInputError(
        field,
        `events[${index}]: field "${field}" is not a field of ${event.logType}.`,
      );
    }
    const value = fields[field];
    if (value === null || value === undefined) continue;
    const valid = check.integer
      ? typeof value === 'number' && Number.isSafeInteger(value)
      : typeof value === 'string' && (check.codes === null || check.codes.has(value));
    if (!valid) throw new EventStoreInputError(field, `events[${index}]: ${fieldValueError(field, value)}`);
  }
}

function validateQuery(query: EventScan & { limit?: number }): void {
  if (!(LOG_TYPES as readonly string[]).includes(query.logType)) {
    throw new EventStoreInputError('logType', `Unknown log type "${String(query.logType)}".`);
  }
  if (typeof query.tid !== 'string' || query.tid === '')
    throw new EventStoreInputError('tid', 'tid is required.');
  if (!Number.isSafeInteger(query.start) || !Number.isSafeInteger(query.end)) {
    throw new EventStoreInputError('start', 'start and end must be epoch milliseconds.');
  }
  if (query.order !== undefined && query.order !== 'desc' && query.order !== 'asc') {
    throw new EventStoreInputError('order', `order must be desc or asc, got "${String(query.order)}".`);
  }
  if (query.limit !== undefined && (!Number.isSafeInteger(query.limit) || query.limit < 1)) {
    throw new EventStoreInputError('limit', 'limit must be a positive integer.');
  }
  const allowed = typeFieldSets[query.logType];
  for (const filter of query.filters) {
    if (!allowed.has(filter.field)) {
      throw new EventStoreInputError(filter.field, `"${filter.field}" is not a field of ${query.logType}.`);
    }
    if (filter.values.length === 0)
      throw new EventStoreInputError(filter.field, `Filter "${filter.field}" has no value.`);
    for (const value of filter.values) {
      const error = fieldValueError(filter.field, value);
      if (error) throw new EventStoreInputError(filter.field, error);
    }
  }
}

interface BuiltSql {
  sql: string;
  params: DuckDBValue[];
}

/** The SELECT of a query: exported for the tests that check no value is spliced into SQL. */
export function buildSelect(query: EventQuery): BuiltSql {
  const { where, params, bind } = buildWhere(query);
  const columns = ['id', 'tid', 'log_type', 'time', ...LOG_TYPE_SCHEMAS[query.logType].fields];
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const sql = `SELECT ${columns.join(', ')} FROM events WHERE ${where} ORDER BY time ${direction}, id ${direction} LIMIT ${bind(BigInt(query.limit))}`;
  return { sql, params };
}

/** The WHERE clause of a query (or scan) with its bound parameters. */
function buildWhere(query: EventScan & { after?: EventCursor; limit?: number }): {
  where: string;
  params: DuckDBValue[];
  bind: (value: DuckDBValue) => string;
} {
  validateQuery(query);
  const params: DuckDBValue[] = [];
  const bind = (value: DuckDBValue): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const bindField = (field: string, value: FieldValue): string =>
    bind(FIELD_SPECS[field].kind === 'integer' ? BigInt(value) : String(value));
  const where = [
    `tid = ${bind(query.tid)}`,
    `log_type = ${bind(query.logType)}`,
    `time >= ${bind(BigInt(query.start))}`,
    `time < ${bind(BigInt(query.end))}`,
  ];
  for (const filter of query.filters) {
    where.push(`${filter.field} IN (${filter.values.map((v) => bindField(filter.field, v)).join(', ')})`);
  }
  if (query.search !== undefined && query.search !== '') {
    const needle = bind(query.search.toLowerCase());
    const fields = LOG_TYPE_SCHEMAS[query.logType].searchFields;
    where.push(`(${fields.map((f) => `contains(lower(${f}), ${needle})`).join(' OR ')})`);
  }
  if (query.after) {
    const t = bind(BigInt(query.after.time));
    const i = bind(BigInt(query.after.id));
    // The redundant `time <= t` (`>=` for asc) lets the scan prune row groups by their time range.
    where.push(
      query.order === 'asc'
        ? `time >= ${t} AND (time > ${t} OR id > ${i})`
        : `time <= ${t} AND (time < ${t} OR id < ${i})`,
    );
  }
  return { where: where.join(' AND '), params, bind };
}

/**
 * A row of buildSelect's columns (id, tid, log_type, time, ...the type's fields), read with
 * getRows(): VARCHAR comes as string, BIGINT as bigint (a few times faster than row objects).
 */
function toStoredEvent(row: readonly DuckDBValue[], logType: LogType): StoredEvent {
  const names = LOG_TYPE_SCHEMAS[logType].fields;
  const fields: Record<string, FieldValue> = {};
  for (let i = 0; i < names.length; i += 1) {
    const value = row[i + 4];
    if (value === null || value === undefined) continue;
    fields[names[i]] = typeof value === 'bigint' ? Number(value) : String(value);
  }
  return { id: Number(row[0]), tid: String(row[1]), logType, time: Number(row[3]), fields };
}

/** Rows per data chunk: DuckDB's vector size (2,048), the most a chunk holds. */
const CHUNK_ROWS = duckdb.vector_size();
const TWO_POW_32 = 4294967296;
/** DuckDB keeps a string of up to 12 bytes inside its 16-byte `duckdb_string_t` (no heap). */
const INLINE_STRING_BYTES = 12;

/** One column of a data chunk being filled in JS memory (see ChunkWriter). */
class ColumnBuffer {
  readonly data: ArrayBuffer;
  readonly bytes: Uint8Array;
  readonly u32: Uint32Array;
  readonly i32: Int32Array;
  readonly validity = new Uint8Array(CHUNK_ROWS / 8);
  validCount = 0;
  /** Rows (and their strings) too long or not ASCII for the inline form. */
  readonly longRows: number[] = [];
  readonly longValues: string[] = [];

  constructor(readonly integer: boolean) {
    this.data = new ArrayBuffer(CHUNK_ROWS * (integer ? 8 : 16));
    this.bytes = new Uint8Array(this.data);
    this.u32 = new Uint32Array(this.data);
    this.i32 = new Int32Array(this.data);
  }

  reset(rows: number): void {
    this.bytes.fill(0, 0, rows * (this.integer ? 8 : 16));
    this.validity.fill(0);
    this.validCount = 0;
    this.longRows.length = 0;
    this.longValues.length = 0;
  }

  /** A safe integer as two 32-bit halves of a little-endian int64: no BigInt per value. */
  setInteger(row: number, value: number): void {
    this.u32[2 * row] = value >>> 0;
    this.i32[2 * row + 1] = Math.floor(value / TWO_POW_32);
    this.setValid(row);
  }

  /**
   * A short ASCII string goes in the C API's inlined `duckdb_string_t` form ({uint32 length,
   * 12 bytes, zero padded}); any other is kept for a `vector_assign_string_element` call.
   */
  setString(row: number, value: string): void {
    const n = value.length;
    if (n <= INLINE_STRING_BYTES) {
      const { bytes } = this;
      const at = row * 16 + 4;
      let i = 0;
      for (; i < n; i += 1) {
        const c = value.charCodeAt(i);
        if (c > 0x7f) break;
        bytes[at + i] = c;
      }
      if (i === n) {
        this.u32[4 * row] = n;
        this.setValid(row);
        return;
      }
      bytes.fill(0, at, at + INLINE_STRING_BYTES);
    }
    this.longRows.push(row);
    this.longValues.push(value);
    this.setValid(row);
  }

  private setValid(row: number): void {
    this.validity[row >> 3] |= 1 << (row & 7);
    this.validCount += 1;
  }
}

/** The column index of each field in the `events` table (after id, tid, log_type, time). */
const FIELD_COLUMN: ReadonlyMap<string, number> = new Map(ALL_FIELDS.map((f, i) => [f, i + 4]));

/**
 * Fills DuckDB data chunks of 2,048 rows row by row in JS memory (typed arrays), then hands each
 * column over with one memory copy (plus one call per long string, and the validity mask when the
 * column has nulls): far fewer native calls and allocations than the appender's value-by-value API.
 */
class ChunkWriter {
  private readonly chunk: DuckDBDataChunk;
  private readonly columns: ColumnBuffer[];

  constructor() {
    const integer = [true, false, false, true, ...ALL_FIELDS.map((f) => FIELD_SPECS[f].kind === 'integer')];
    this.columns = integer.map((isInt) => new ColumnBuffer(isInt));
    this.chunk = DuckDBDataChunk.create(
      integer.map((isInt) => (isInt ? DuckDBBigIntType.instance : DuckDBVarCharType.instance)),
    );
  }

  /** Appends `events` (validated), with ids from `firstId` on. */
  append(appender: DuckDBAppender, events: readonly NewEvent[], firstId: number): void {
    const { columns } = this;
    const [ids, tids, types, times] = columns;
    for (let start = 0; start < events.length; start += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, events.length - start);
      for (const column of columns) column.reset(rows);
      for (let r = 0; r < rows; r += 1) {
        const event = events[start + r];
        ids.setInteger(r, firstId + start + r);
        tids.setString(r, event.tid);
        types.setString(r, event.logType);
        times.setInteger(r, event.time);
        const fields = event.fields;
        for (const name in fields) {
          const value = fields[name];
          if (value === null || value === undefined) continue;
          const column = columns[FIELD_COLUMN.get(name) as number];
          if (typeof value === 'number') column.setInteger(r, value);
          else column.setString(r, value);
        }
      }
      this.flushChunk(rows);
      appender.appendDataChunk(this.chunk);
    }
  }

  private flushChunk(rows: number): void {
    const raw = this.chunk.chunk;
    this.chunk.reset();
    duckdb.data_chunk_set_size(raw, rows);
    for (let c = 0; c < this.columns.length; c += 1) {
      const column = this.columns[c];
      const vector = duckdb.data_chunk_get_vector(raw, c);
      if (column.validCount > 0) {
        duckdb.copy_data_to_vector(vector, 0, column.data, 0, rows * (column.integer ? 8 : 16));
        for (let k = 0; k < column.longRows.length; k += 1) {
          duckdb.vector_assign_string_element(vector, column.longRows[k], column.longValues[k]);
        }
      }
      if (column.validCount < rows) {
        duckdb.vector_ensure_validity_writable(vector);
        duckdb.copy_data_to_vector_validity(vector, 0, column.validity.buffer, 0, Math.ceil(rows / 64) * 8);
      }
    }
  }
}

export class DuckDbEventStore implements EventStore {
  private writeChain: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly chunkWriter = new ChunkWriter();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    private nextId: number,
  ) {}

  /** Opens (creating if needed) `<dataDir>/events.duckdb`. */
  static async open(dataDir: string): Promise<DuckDbEventStore> {
    fs.mkdirSync(dataDir, { recursive: true });
    const instance = await DuckDBInstance.create(path.join(dataDir, EVENTS_FILE), {
      // Checkpoints run when asked (after a bulk ingest, on close), not inside an append.
      checkpoint_threshold: '1GB',
    });
    const writer = await instance.connect();
    await writer.run('CREATE TABLE IF NOT EXISTS event_store_meta (schema_version INTEGER NOT NULL)');
    const version = (
      await writer.runAndReadAll('SELECT max(schema_version) AS v FROM event_store_meta')
    ).getRowObjectsJS()[0]?.v;
    if (version === null || version === undefined) {
      await writer.run(CREATE_SQL);
      await writer.run('INSERT INTO event_store_meta VALUES ($1)', [SCHEMA_VERSION]);
    } else if (Number(version) !== SCHEMA_VERSION) {
      throw new Error(
        `${EVENTS_FILE} has schema version ${String(version)}; this server knows ${SCHEMA_VERSION}.`,
      );
    }
    const maxId = (
      await writer.runAndReadAll('SELECT coalesce(max(id), 0) AS m FROM events')
    ).getRowObjectsJS()[0].m;
    return new DuckDbEventStore(instance, writer, Number(maxId) + 1);
  }

  /**
   * One transaction per call: the batch is validated first (bad input changes nothing), then
   * appended as columnar data chunks (ChunkWriter) and committed at once.
   */
  append(events: readonly NewEvent[]): Promise<number> {
    const run = async (): Promise<number> => {
      this.assertOpen();
      for (let i = 0; i < events.length; i += 1) validateNewEvent(events[i], i);
      if (events.length === 0) return 0;
      await this.writer.run('BEGIN TRANSACTION');
      try {
        const appender = await this.writer.createAppender('events');
        try {
          this.chunkWriter.append(appender, events, this.nextId);
          appender.flushSync();
        } finally {
          appender.closeSync();
        }
        await this.writer.run('COMMIT');
      } catch (error) {
        // A failed COMMIT may already have ended the transaction: the first error is the one to report.
        await this.writer.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
      this.nextId += events.length;
      return events.length;
    };
    const result = this.writeChain.then(run, run);
    this.writeChain = result.catch(() => undefined);
    return result;
  }

  /**
   * Time-window probing: the first `limit` events after the cursor usually lie in a short time
   * span, so the query first reads only the hour next to the cursor ([top − 1 h, top) newest
   * first, [bottom, bottom + 1 h) oldest first), and widens the window eightfold while it finds
   * fewer than `limit` events and has not reached the range's other end. A narrow window lets
   * DuckDB skip every row group outside it, so block 1 and block 50,000 cost the same; a sparse
   * result (tight filters) costs at most ~8/7 of one full scan.
   */
  async query(query: EventQuery): Promise<StoredEvent[]> {
    return (await this.probe(query, FIRST_WINDOW_MS)).events;
  }

  private async probe(
    query: EventQuery,
    firstSpan: number,
  ): Promise<{ events: StoredEvent[]; span: number }> {
    this.assertOpen();
    validateQuery(query);
    const ascending = query.order === 'asc';
    const top = query.after ? query.after.time + 1 : query.end;
    const bottom = query.after ? query.after.time : query.start;
    const connection = await this.instance.connect();
    try {
      for (let span = firstSpan; ; span *= 8) {
        const window = ascending
          ? { start: query.start, end: Math.min(query.end, bottom + span) }
          : { start: Math.max(query.start, top - span), end: query.end };
        const { sql, params } = buildSelect({ ...query, ...window });
        const rows = (await connection.runAndReadAll(sql, params)).getRows();
        const whole = ascending ? window.end === query.end : window.start === query.start;
        if (rows.length >= query.limit || whole) {
          return { events: rows.map((row) => toStoredEvent(row, query.logType)), span };
        }
      }
    } finally {
      connection.disconnectSync();
    }
  }

  /** Keyset batches in the scan's order; each starts probing with the window the previous one needed. */
  async *scan(query: EventScan, batchSize = 10000): AsyncIterable<StoredEvent[]> {
    let after: EventQuery['after'];
    let span = FIRST_WINDOW_MS;
    for (;;) {
      const result = await this.probe({ ...query, after, limit: batchSize }, span);
      const batch = result.events;
      span = Math.max(FIRST_WINDOW_MS, result.span / 2);
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) return;
      const last = batch[batch.length - 1];
      after = { time: last.time, id: last.id };
    }
  }

  /**
   * The (time, id) of the `offset`-th event (0-based) of a scan, or null past its end: lets a
   * caller (the benchmark, a "jump to block" feature) start deep in a result without paging.
   */
  async positionAt(query: EventScan, offset: number): Promise<EventCursor | null> {
    this.assertOpen();
    if (!Number.isSafeInteger(offset) || offset < 0)
      throw new EventStoreInputError('offset', 'offset must be a non-negative integer.');
    const { sql, params } = buildSelect({ ...query, limit: 1 });
    params.push(BigInt(offset));
    const connection = await this.instance.connect();
    try {
      const rows = (
        await connection.runAndReadAll(`${sql} OFFSET $${params.length}`, params)
      ).getRowObjectsJS();
      return rows.length ? { time: Number(rows[0].time), id: Number(rows[0].id) } : null;
    } finally {
      connection.disconnectSync();
    }
  }

  async countMatching(query: EventScan): Promise<number> {
    this.assertOpen();
    const { where, params } = buildWhere(query);
    const connection = await this.instance.connect();
    try {
      return Number(
        (
          await connection.runAndReadAll(`SELECT count(*) AS n FROM events WHERE ${where}`, params)
        ).getRowObjectsJS()[0].n,
      );
    } finally {
      connection.disconnectSync();
    }
  }

  async count(tid?: string, logType?: LogType): Promise<number> {
    this.assertOpen();
    const where: string[] = [];
    const params: DuckDBValue[] = [];
    if (tid !== undefined) {
      params.push(tid);
      where.push(`tid = $${params.length}`);
    }
    if (logType !== undefined) {
      params.push(logType);
      where.push(`log_type = $${params.length}`);
    }
    const sql = `SELECT count(*) AS n FROM events${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const connection = await this.instance.connect();
    try {
      return Number((await connection.runAndReadAll(sql, params)).getRowObjectsJS()[0].n);
    } finally {
      connection.disconnectSync();
    }
  }

  flush(): Promise<void> {
    const run = async (): Promise<void> => {
      this.assertOpen();
      await this.writer.run('CHECKPOINT');
    };
    const result = this.writeChain.then(run, run);
    this.writeChain = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.writeChain;
    this.closed = true;
    this.writer.disconnectSync();
    this.instance.closeSync();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed.');
  }
}
