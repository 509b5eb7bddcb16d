/**
 * The embedded event store: one DuckDB file, `<dataDir>/events.duckdb`, one table per log type
 * (`events_scan_web`, `events_scan_email`, ...: id, tid, time and that type's fields), so a row
 * writes only its own type's columns and a query reads only its type's rows. A code field (kind
 * 'code': a fixed vocabulary) is an ENUM column of its vocabulary: one byte per value. A file of
 * an older layout (schema version 1: one wide `events` table; 2: code fields as VARCHAR) is
 * converted on open, nothing lost.
 *
 * - Values never enter SQL text: every value is a bound parameter ($1, $2, ...). Column and table
 *   names do, but only names from FIELD_SPECS and LOG_TYPES, checked before any SQL is built; so
 *   do the vocabulary codes in the CREATE TYPE of each ENUM (repo constants, quoted).
 * - Ingest: each append is validated whole, then written as columnar data chunks of 2,048 rows
 *   (ChunkWriter: typed-array buffers, one memory copy per column; a code is written as its ENUM
 *   index, no string at all; each distinct other string is handed to DuckDB once and then
 *   referenced, see StringCache) through one appender per log type, in one transaction; ids are
 *   assigned here, increasing. Two writer connections take turns, so one batch's commit
 *   (compression and write, on DuckDB's threads) overlaps the next batch's filling. The bulk path
 *   (`appendColumns`: one log type's events as an Arrow table) is checked whole the same way and
 *   written column by column with no per-value string work (ArrowChunkWriter, duckdbChunks.ts).
 *   `appendColumnsBatch` writes several types' tables and a resumable load's progress row
 *   (table `load_progress`) in one transaction: the demo seeding's batches are whole, and a
 *   restart knows exactly which are in (seedEvents.ts).
 * - Reads are keyset reads in (time DESC, id DESC) order, or (time ASC, id ASC). Seeded data is
 *   appended in time order, so DuckDB's per-row-group min/max (zone maps) on `time` let a deep
 *   page skip every row group outside its time window: page 50,000 costs about what page 1 costs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DuckDBInstance,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBResultReader,
  type DuckDBPreparedStatement,
  type DuckDBValue,
  listValue,
} from '@duckdb/node-api';
import type { Table } from 'apache-arrow';
import {
  FIELD_SPECS,
  LOG_TYPES,
  LOG_TYPE_SCHEMAS,
  type FieldValue,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import {
  EventStoreInputError,
  type ColumnsOfType,
  type EventCursor,
  type AggregateRow,
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
import { planEventColumns } from './arrowEvents';
import { fieldValueError, isFieldOf, validateQuery } from './queryValidation';
import { aggregateSql, scanConditions, type SqlDialect, type SqlScan } from './eventSql';
import { CODE_INDEXES, CODE_LISTS } from './codeIndexes';
import { ArrowChunkWriter, ChunkWriter, StringCache } from './duckdbChunks';
import { EventJsonCache } from './eventJsonCache';
import { ReadsBetweenWrites } from './readsBetweenWrites';
import { FORMULA_START_CHARS } from './csv';
import { MIN_WINDOW_MS, firstProbeWindow, widenedBounds, type TimeBounds } from './timeBounds';

export const EVENTS_FILE = 'events.duckdb';
/** 1: one wide `events` table; 2: one table per log type; 3: code fields as ENUM columns. */
const SCHEMA_VERSION = 3;
/** Query shapes whose last window is remembered (oldest forgotten first). */
const MAX_RECENT_SPANS = 1000;
/** The events file is attached under this name to an in-memory DuckDB (ATTACH takes the options). */
const CATALOG = 'ev';
/**
 * Rows per row group (DuckDB's default is 122,880). Smaller groups give finer time zone maps (a
 * page reads less), and an append of at least one group is written to the file directly,
 * compressed, instead of through the write-ahead log and a later checkpoint. 32,768 rather than
 * 16,384: with the code fields as ENUMs, ingest was ~15 % faster and the file ~10 % smaller, and
 * block 1 / block 50,000 took the same time (see the README's figures).
 */
export const ROW_GROUP_SIZE = 32768;

/**
 * DuckDB runs each statement on its caller's thread only. A block is too small to gain from a
 * second thread: under 50 concurrent blocks one thread each served 6 % more per CPU-second, and
 * the bulk ingest went as fast (measured 2026-11-25, 2 cores; server/src/events/README.md).
 */
export const DUCKDB_THREADS = 1;

/** FNV-1a of a string, 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The ENUM type of a code field: `code_<field>_<hash of its codes>`, so a changed vocabulary is a
 * new type (the file's tables are then converted on open, see convertLayout) and the old one can
 * be dropped in the same transaction.
 */
const ENUM_TYPE_NAMES: ReadonlyMap<string, string> = new Map(
  [...CODE_LISTS].map(([field, codes]) => [field, `code_${field}_${fnv1a(codes.join('\n'))}`]),
);
/** Every type this store creates starts with this (so stale ones can be found and dropped). */
const ENUM_TYPE_PREFIX = 'code_';

/** SQL string literal of a vocabulary code (codes are repo constants, never request data). */
const sqlString = (text: string): string => `'${text.replace(/'/g, "''")}'`;

function createEnumTypeSql(field: string): string {
  const codes = CODE_LISTS.get(field) as readonly string[];
  return `CREATE TYPE ${ENUM_TYPE_NAMES.get(field) as string} AS ENUM (${codes.map(sqlString).join(', ')})`;
}

function columnType(field: string): string {
  const kind = FIELD_SPECS[field].kind;
  if (kind === 'integer') return 'BIGINT';
  return kind === 'code' ? (ENUM_TYPE_NAMES.get(field) as string) : 'VARCHAR';
}

/** The table of a log type (the name comes from LOG_TYPES only). */
export function tableOf(logType: LogType): string {
  return `events_${logType}`;
}

/** The columns of a log type's table: id, tid, time, then its fields in schema order. */
const TABLE_COLUMNS: ReadonlyMap<LogType, readonly string[]> = new Map(
  LOG_TYPES.map((t) => [t, ['id', 'tid', 'time', ...LOG_TYPE_SCHEMAS[t].fields]]),
);

/**
 * The logs API's JSON object of an event, written by DuckDB (see EventStore.queryJson): a struct
 * of the fixed keys and the type's fields in schema order, as JSON, merged into `{}` so that the
 * fields without a value (null) drop out. One struct keeps the statement cheap to plan (DuckDB
 * plans a statement with parameters again on each run: a CASE per field cost ~2 ms a block).
 */
const JSON_EVENT_SQL: ReadonlyMap<LogType, string> = new Map(
  LOG_TYPES.map((t) => {
    const members = [
      `'id': CAST(id AS VARCHAR)`,
      `'time': time`,
      `'event_time': strftime(epoch_ms(time), '%Y-%m-%dT%H:%M:%S.%gZ')`,
      `'log_type': '${t}'`,
      ...LOG_TYPE_SCHEMAS[t].fields.map((f) => `'${f}': ${f}`),
    ];
    return [t, `CAST(json_merge_patch('{}', to_json({${members.join(', ')}})) AS VARCHAR)`];
  }),
);

/** A log type's table, as the store creates it (with `USE ev`, the ENUM types resolve there). */
export function createTableSql(logType: LogType, table = tableOf(logType)): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
  id BIGINT NOT NULL,
  tid VARCHAR NOT NULL,
  time BIGINT NOT NULL,
  ${LOG_TYPE_SCHEMAS[logType].fields.map((f) => `${f} ${columnType(f)}`).join(',\n  ')}
)`;
}

interface FieldCheck {
  readonly integer: boolean;
  /** A code field's codes; null for a free text or integer field. */
  readonly codes: ReadonlyMap<string, number> | null;
}

/** Per log type, each of its fields' check: one map lookup per value, no per-event allocation. */
const TYPE_FIELD_CHECKS: ReadonlyMap<string, ReadonlyMap<string, FieldCheck>> = new Map(
  LOG_TYPES.map((t) => [
    t,
    new Map(
      LOG_TYPE_SCHEMAS[t].fields.map((f): [string, FieldCheck] => [
        f,
        { integer: FIELD_SPECS[f].kind === 'integer', codes: CODE_INDEXES.get(f) ?? null },
      ]),
    ),
  ]),
);

export function validateNewEvent(event: NewEvent, index: number): void {
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

interface BuiltSql {
  sql: string;
  params: DuckDBValue[];
}

/** The SELECT of a query: exported for the tests that check no value is spliced into SQL. */
/** What a select reads: the table's columns, (id, tid, time and) the event's JSON, or the keys only. */
export type SelectShape = 'columns' | 'json' | 'keys';

export function buildSelect(query: EventQuery, shape: SelectShape = 'columns'): BuiltSql {
  const { where, params, bind } = buildWhere(query);
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const sortField = query.sortField;
  // The keys of a sorted block carry the sort value too: the cursor of its last event needs it.
  const columns =
    shape === 'keys'
      ? `id, tid, time${sortField ? `, ${sortField}` : ''}`
      : (TABLE_COLUMNS.get(query.logType) as readonly string[]).join(', ');
  const order = `ORDER BY ${sortField ? `${sortField} ${direction} NULLS LAST, ` : ''}time ${direction}, id ${direction}`;
  const sql = `SELECT ${columns} FROM ${tableOf(query.logType)} WHERE ${where} ${order} LIMIT ${bind(BigInt(query.limit))}`;
  // The JSON is written for the rows of the block only (over the limited rows, not the window).
  if (shape === 'json')
    return {
      sql: `SELECT id, tid, time, ${JSON_EVENT_SQL.get(query.logType) as string} FROM (${sql}) ${order}`,
      params,
    };
  return { sql, params };
}

/** The WHERE clause of a query (or scan) with its bound parameters. */
/**
 * DuckDB's SQL dialect (eventSql.ts). A code is bound as text and cast to the column's ENUM type:
 * compared as VARCHAR, DuckDB would instead cast every row's ENUM to VARCHAR (no filter pushdown
 * into the scan).
 */
const DUCKDB_DIALECT: SqlDialect = {
  table: tableOf,
  placeholder: (n) => `$${n}`,
  fieldValue: (field, placeholder) =>
    FIELD_SPECS[field].kind === 'code'
      ? `CAST(${placeholder} AS ${ENUM_TYPE_NAMES.get(field) as string})`
      : placeholder,
  key: (field) => (FIELD_SPECS[field].kind === 'code' ? `CAST(${field} AS VARCHAR)` : field),
  integer: (placeholder) => `CAST(${placeholder} AS BIGINT)`,
  divide: (a, b) => `(${a}) // ${b}`,
  contains: (column, needle) => `contains(lower(${column}), ${needle})`,
};

/** A scan's conditions (eventSql.ts) and the keyset cursor's. */
function buildWhere(query: EventScan & { after?: EventCursor; limit?: number }): SqlScan {
  const scan = scanConditions(query, DUCKDB_DIALECT);
  if (!query.after) return scan;
  const t = scan.bind(BigInt(query.after.time));
  const i = scan.bind(BigInt(query.after.id));
  const after = query.order === 'asc' ? '>' : '<';
  if (query.sortField !== undefined) {
    // Keyset on (field, time, id), events without a value last in both orders: after a value v,
    // the rest of v's ties, then the values beyond v, then every event without a value; after an
    // event without a value, only the rest of those.
    const field = query.sortField;
    const value = query.after.value ?? null;
    const ties = `(time ${after} ${t} OR (time = ${t} AND id ${after} ${i}))`;
    if (value === null) return { ...scan, where: `${scan.where} AND ${field} IS NULL AND ${ties}` };
    const error = fieldValueError(field, value);
    if (error) throw new EventStoreInputError('after', `The cursor's sort value: ${error}`);
    const v = DUCKDB_DIALECT.fieldValue(
      field,
      scan.bind(FIELD_SPECS[field].kind === 'integer' ? BigInt(value) : String(value)),
    );
    return {
      ...scan,
      where: `${scan.where} AND (${field} ${after} ${v} OR ${field} IS NULL OR (${field} = ${v} AND ${ties}))`,
    };
  }
  // The redundant `time <= t` (`>=` for asc) lets the scan prune row groups by their time range.
  const cursor =
    query.order === 'asc'
      ? `time >= ${t} AND (time > ${t} OR id > ${i})`
      : `time <= ${t} AND (time < ${t} OR id < ${i})`;
  return { ...scan, where: `${scan.where} AND ${cursor}` };
}

/** A sort value as read from DuckDB (BIGINT as bigint, VARCHAR and ENUM as text) for a cursor. */
function sortValueOf(value: DuckDBValue): FieldValue | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'bigint' ? Number(value) : String(value);
}

/**
 * A row of buildSelect's columns (id, tid, time, ...the type's fields), read with getRows():
 * VARCHAR and ENUM come as string, BIGINT as bigint (a few times faster than row objects).
 */
function toStoredEvent(row: readonly DuckDBValue[], logType: LogType): StoredEvent {
  const names = LOG_TYPE_SCHEMAS[logType].fields;
  const fields: Record<string, FieldValue> = {};
  for (let i = 0; i < names.length; i += 1) {
    const value = row[i + 3];
    if (value === null || value === undefined) continue;
    fields[names[i]] = typeof value === 'bigint' ? Number(value) : String(value);
  }
  return { id: Number(row[0]), tid: String(row[1]), logType, time: Number(row[2]), fields };
}

/**
 * Resumable loads' progress (LoadProgress), one row per load, written in the transaction of the
 * load's batch. Not part of the events layout: an older file gets it on open, nothing converted.
 */
const CREATE_LOAD_PROGRESS_SQL = `CREATE TABLE IF NOT EXISTS load_progress (
  name VARCHAR NOT NULL,
  plan VARCHAR NOT NULL,
  batches BIGINT NOT NULL,
  events BIGINT NOT NULL,
  complete BOOLEAN NOT NULL
)`;

/**
 * The ids of the events appendOnce stored (KeyedEvent.eventId), written in the transaction of
 * their events: an id here is an event stored. Not part of the events layout: an older file
 * gets it on open.
 */
const CREATE_DELIVERED_EVENTS_SQL = `CREATE TABLE IF NOT EXISTS delivered_events (
  event_id VARCHAR PRIMARY KEY
)`;

/** Checks the keys of a keyed batch (the events are checked by validateNewEvent). */
export function validateEventIds(events: readonly KeyedEvent[]): void {
  events.forEach((e, i) => {
    if (typeof e.eventId !== 'string' || e.eventId === '' || e.eventId.length > 100)
      throw new EventStoreInputError(
        `events[${i}].eventId`,
        'An event id must be text of 1 to 100 characters.',
      );
  });
}

export function validateLoadProgress(progress: LoadProgress): void {
  const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  if (typeof progress.load !== 'string' || progress.load === '' || progress.load.length > 100)
    throw new EventStoreInputError('load', 'A load needs a name of 1 to 100 characters.');
  if (typeof progress.plan !== 'string')
    throw new EventStoreInputError('plan', "A load's plan must be text.");
  if (!count(progress.batches))
    throw new EventStoreInputError('batches', "A load's batches must be a non-negative integer.");
  if (!count(progress.events))
    throw new EventStoreInputError('events', "A load's events must be a non-negative integer.");
  if (typeof progress.complete !== 'boolean')
    throw new EventStoreInputError('complete', "A load's complete must be true or false.");
}

/** Writer connections taking turns with appends (one fills while the other commits). */
const WRITER_LANES = 2;
/**
 * Reader connections, opened on demand and kept: at most this many reads run at once, the rest
 * wait in line. node-api runs each query on a libuv worker (4 by default), so more connections
 * only queue there while each holds its own buffers; 50 concurrent requests used to open (and
 * prepare statements on) up to 50 connections per burst and drop all but 4 afterwards.
 */
const READER_POOL_SIZE = 4;
/**
 * Answers kept between writes (readsBetweenWrites.ts): enough for a dashboard's panels and a few
 * pages of logs of several users; a block's answer is its keys, the JSON comes from eventJson.
 */
const READS_KEPT = 128;

/** Prepared statements kept per reader connection, by SQL text (a query shape). */
const preparedByConnection = new WeakMap<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();
const MAX_PREPARED_PER_CONNECTION = 64;

/** Runs `sql` with `params` through a prepared statement reused for the same SQL text. */
/**
 * The JSON of the events of one type with the given ids (bound as a list), all with times in
 * [first, last]: the range lets the scan skip every row group outside it.
 */
function eventJsonByIdSql(logType: LogType): string {
  return `SELECT id, ${JSON_EVENT_SQL.get(logType) as string} FROM ${tableOf(logType)} WHERE time >= $1 AND time <= $2 AND list_contains($3, id)`;
}

/**
 * Whether text `f` starts with one of csv.ts's formula-start characters, by its first code point
 * (`ord`, -1 for '' and NULL for NULL: neither matches). An OR of integer comparisons: the
 * former `left(f, 1) IN (chr(61), …)` cut a Unicode substring per value and DuckDB turned the
 * 6-item IN list into a hash (mark) join; this costs about a third of it (README, export speed).
 */
const startsLikeFormulaSql = (f: string): string =>
  `(${FORMULA_START_CHARS.map((c) => `ord(${f}) = ${c.charCodeAt(0)}`).join(' OR ')})`;
const EVENT_TIME_SQL = `strftime(epoch_ms(time), '%Y-%m-%dT%H:%M:%S.%gZ')`;

/**
 * An export's columns (id, event_time, then the chosen fields) for DuckDB's CSV writer. Free text
 * that a spreadsheet would run as a formula (starting with = + - @ or a tab/CR) gets a leading
 * apostrophe, as csv.ts does: log fields carry attacker-chosen text (URLs, subjects). With labels,
 * a coded field is its label, looked up by the ENUM's index in a constant list (columnar, no
 * per-row string matching); labels are repo constants, quoted. NDJSON: exportJsonLineSql.
 */
export function exportColumnsSql(options: ExportOptions): string {
  if (options.format === 'ndjson') return exportJsonLineSql(options);
  return [
    // The same digits as a cast to text would give, without one per row.
    'id',
    `${EVENT_TIME_SQL} AS event_time`,
    ...options.columns.map((f) => {
      const spec = FIELD_SPECS[f];
      if (spec.kind === 'text')
        return `CASE WHEN ${startsLikeFormulaSql(f)} THEN '''' || ${f} ELSE ${f} END AS ${f}`;
      if (spec.kind === 'code' && options.values === 'labels') {
        const labels = (spec.vocabulary ?? []).map((e) => sqlString(e.label)).join(', ');
        return `[${labels}][enum_code(${f}) + 1] AS ${f}`;
      }
      return f;
    }),
  ].join(', ');
}

/**
 * NDJSON: each event's JSON object as one text value (`line`) built in SQL, the bytes DuckDB's
 * JSON writer (`COPY … (FORMAT json)`) wrote: keys in column order, the id as a string (a
 * JavaScript number holds 53 bits), text through `to_json` (the writer's escaping), integers as
 * digits, a field without a value as null. A code (or its label) is a constant JSON literal
 * looked up by the ENUM's index. Written by the CSV writer with quoting off (EXPORT_FORMAT_SQL):
 * DuckDB's JSON writer builds an object per row and took ~1.4× the CPU (README, export speed).
 */
function exportJsonLineSql(options: ExportOptions): string {
  const parts = [`'{"id":"'`, 'CAST(id AS VARCHAR)', `'","event_time":"'`, EVENT_TIME_SQL, `'"'`];
  for (const f of options.columns) {
    const spec = FIELD_SPECS[f];
    parts.push(sqlString(`,${JSON.stringify(f)}:`));
    if (spec.kind === 'integer') parts.push(`coalesce(CAST(${f} AS VARCHAR), 'null')`);
    else if (spec.kind === 'code') {
      const literals = (spec.vocabulary ?? []).map((e) =>
        sqlString(JSON.stringify(options.values === 'labels' ? e.label : e.code)),
      );
      parts.push(`coalesce([${literals.join(', ')}][enum_code(${f}) + 1], 'null')`);
    } else parts.push(`coalesce(CAST(to_json(${f}) AS VARCHAR), 'null')`);
  }
  parts.push(`'}'`);
  return `concat(${parts.join(', ')}) AS line`;
}

/**
 * The COPY options per export format. CSV: RFC 4180 quoting, CRLF. NDJSON: each line as built,
 * nothing quoted (a JSON text holds no raw line break; with quoting on, the writer would also
 * quote every line holding `"`, `,` or `#`).
 */
const EXPORT_FORMAT_SQL: Record<ExportOptions['format'], string> = {
  csv: `(FORMAT csv, HEADER false, NEW_LINE '\\r\\n')`,
  ndjson: `(FORMAT csv, HEADER false, QUOTE '', ESCAPE '', NEW_LINE '\\n')`,
};

/** A file's bytes in chunks of EXPORT_CHUNK_BYTES, each a Buffer of its own (the consumer keeps it). */
async function* readChunks(file: string): AsyncGenerator<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(EXPORT_CHUNK_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, EXPORT_CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      yield bytesRead < EXPORT_CHUNK_BYTES ? chunk.subarray(0, bytesRead) : chunk;
    }
  } finally {
    await handle.close();
  }
}

/**
 * Rows per file DuckDB's writer writes for an export (~40 MB of web events): larger windows plan
 * and open fewer files (a window costs a statement, a file, a read back).
 */
const EXPORT_BATCH_ROWS = 100_000;
/**
 * The last windows of an export are cut to a third of what remains (down to 1/8 of a window), so
 * the two writers finish nearly together instead of one core idling while the other writes a
 * whole last window (README, export speed).
 */
const EXPORT_TAPER_MIN_SHARE = 8;
/**
 * COPYs running at once, each on its own reader connection (one DuckDB thread each): the writer
 * is the export's cost, so two cores write twice as fast. A COPY starts as soon as any other
 * ends, not only the oldest: windows differ in size, and waiting for the oldest idled a core.
 */
const EXPORT_IN_FLIGHT = 2;
/**
 * Windows whose files exist at once (being written, written, or being streamed): what lets the
 * writers run ahead of the stream; a slow download stops them here (the memory bound).
 */
const EXPORT_FILES = 4;
/**
 * A file is streamed in chunks of this size, each a new Buffer: a whole window (~40 MB) as one
 * Buffer made V8 collect its old generation every window or two (external memory), which cost a
 * process with a large heap (the benchmark's) more CPU than DuckDB's writer (README, export speed).
 */
const EXPORT_CHUNK_BYTES = 1 << 20;

/** The events' JSON texts held for reuse (EventJsonCache): ~64 MB, some 50,000 events. */
const EVENT_JSON_CACHE_CHARS = 32 * 1024 * 1024;

async function runPrepared(
  connection: DuckDBConnection,
  sql: string,
  params: DuckDBValue[],
): Promise<DuckDBResultReader> {
  let statements = preparedByConnection.get(connection);
  if (!statements) {
    statements = new Map();
    preparedByConnection.set(connection, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= MAX_PREPARED_PER_CONNECTION) {
      for (const old of statements.values()) old.destroySync();
      statements.clear();
    }
    statement = await connection.prepare(sql);
    statements.set(sql, statement);
  }
  statement.bind(params);
  return statement.runAndReadAll();
}

/** A connection whose default database is the events file. */
async function connectTo(instance: DuckDBInstance): Promise<DuckDBConnection> {
  const connection = await instance.connect();
  await connection.run(`USE ${CATALOG}`);
  return connection;
}

/** The columns of a table of the events file. */
async function columnsOf(connection: DuckDBConnection, table: string): Promise<Set<string>> {
  const rows = (
    await connection.runAndReadAll(
      "SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() AND schema_name = 'main' AND table_name = $1",
      [table],
    )
  ).getRows();
  return new Set(rows.map((row) => String(row[0])));
}

/** Every log type's table has exactly the current layout's columns, in its order. */
async function columnsAreCurrent(connection: DuckDBConnection): Promise<boolean> {
  for (const logType of LOG_TYPES) {
    const rows = (
      await connection.runAndReadAll(
        "SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() AND schema_name = 'main' AND table_name = $1 ORDER BY column_index",
        [tableOf(logType)],
      )
    ).getRows();
    if (rows.map((row) => String(row[0])).join() !== (TABLE_COLUMNS.get(logType) as string[]).join())
      return false;
  }
  return true;
}

/** The ENUM types of this store (`code_...`) in the events file. */
async function enumTypesInFile(connection: DuckDBConnection): Promise<Set<string>> {
  const rows = (
    await connection.runAndReadAll(
      "SELECT type_name FROM duckdb_types() WHERE database_name = current_database() AND schema_name = 'main' AND starts_with(type_name, $1)",
      [ENUM_TYPE_PREFIX],
    )
  ).getRows();
  return new Set(rows.map((row) => String(row[0])));
}

/** Creates the ENUM type of every code field that the file does not have yet. */
async function createEnumTypes(connection: DuckDBConnection, existing: ReadonlySet<string>): Promise<void> {
  for (const [field, name] of ENUM_TYPE_NAMES) {
    if (!existing.has(name)) await connection.run(createEnumTypeSql(field));
  }
}

/**
 * What a column of the current layout is copied from, given the source's columns: NULL when the
 * source lacks it; a code through VARCHAR into its ENUM type (from VARCHAR, or from the ENUM of an
 * older vocabulary; a value outside the vocabulary fails the conversion, which changes nothing).
 */
function copyExpression(column: string, source: ReadonlySet<string>): string {
  if (!source.has(column)) return 'NULL';
  const type = ENUM_TYPE_NAMES.get(column);
  return type === undefined ? column : `CAST(CAST(${column} AS VARCHAR) AS ${type})`;
}

/** Runs `convert` in one transaction, then sets the schema version and checkpoints. */
async function inOneTransaction(connection: DuckDBConnection, convert: () => Promise<void>): Promise<void> {
  await connection.run('BEGIN TRANSACTION');
  try {
    await convert();
    await connection.run('UPDATE event_store_meta SET schema_version = $1', [SCHEMA_VERSION]);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    // E.g. a stored code that the current vocabulary no longer has (it cannot become an ENUM value).
    throw new Error(
      `${EVENTS_FILE} could not be converted to schema version ${SCHEMA_VERSION} and is left as it was: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  await connection.run('CHECKPOINT');
}

/** The v1 layout (one wide `events` table) into one table per log type, in (time, id) order. */
async function migrateFromV1(connection: DuckDBConnection): Promise<void> {
  const existing = await columnsOf(connection, 'events');
  const types = await enumTypesInFile(connection);
  await inOneTransaction(connection, async () => {
    await createEnumTypes(connection, types);
    for (const logType of LOG_TYPES) {
      await connection.run(createTableSql(logType));
      const source = (TABLE_COLUMNS.get(logType) as readonly string[]).map((c) =>
        copyExpression(c, existing),
      );
      await connection.run(
        `INSERT INTO ${tableOf(logType)} SELECT ${source.join(', ')} FROM events WHERE log_type = $1 ORDER BY time, id`,
        [logType],
      );
    }
    await connection.run('DROP TABLE events');
  });
}

/**
 * Per-type tables of an older column layout (schema version 2: code fields as VARCHAR; or version
 * 3 with ENUMs of an older vocabulary) into the current one: each table is copied into a new one
 * in its stored order (so its row groups keep their time ranges), then replaced by it; ENUM types
 * no longer used are dropped. One transaction: a failure leaves the file as it was.
 */
async function convertLayout(connection: DuckDBConnection): Promise<void> {
  const types = await enumTypesInFile(connection);
  const sources = new Map<LogType, Set<string>>();
  for (const logType of LOG_TYPES) sources.set(logType, await columnsOf(connection, tableOf(logType)));
  await inOneTransaction(connection, async () => {
    await createEnumTypes(connection, types);
    for (const logType of LOG_TYPES) {
      const table = tableOf(logType);
      const existing = sources.get(logType) as Set<string>;
      if (existing.size === 0) {
        await connection.run(createTableSql(logType));
        continue;
      }
      const next = `${table}_next`;
      await connection.run(createTableSql(logType, next));
      const source = (TABLE_COLUMNS.get(logType) as readonly string[]).map((c) =>
        copyExpression(c, existing),
      );
      await connection.run(`INSERT INTO ${next} SELECT ${source.join(', ')} FROM ${table}`);
      await connection.run(`DROP TABLE ${table}`);
      await connection.run(`ALTER TABLE ${next} RENAME TO ${table}`);
    }
    const current = new Set(ENUM_TYPE_NAMES.values());
    for (const name of types) if (!current.has(name)) await connection.run(`DROP TYPE ${name}`);
  });
}

export class DuckDbEventStore implements EventStore {
  readonly remote = false;
  /** Per writer lane: the promise of its last operation (appends of a lane run one at a time). */
  private lanes: Promise<unknown>[];
  private nextLane = 0;
  private closed = false;
  private readonly strings = new StringCache();
  private readonly chunkWriters = new Map<LogType, ChunkWriter>();
  private readonly arrowWriters = new Map<LogType, ArrowChunkWriter>();
  /**
   * Per query shape (type, tenant, filters, search, order): the window its last full block
   * needed, twice over; where the next block of the same paging starts probing.
   */
  private readonly recentSpans = new Map<string, number>();
  /** The JSON texts of events read lately, by id (see queryJson). */
  private readonly eventJson = new EventJsonCache(EVENT_JSON_CACHE_CHARS);
  /** Blocks, counts and aggregates read since the last write (readsBetweenWrites.ts). */
  private readonly answers = new ReadsBetweenWrites(READS_KEPT);
  /** Reader connections not in use (a query takes one, or opens one, and gives it back). */
  private readonly idleReaders: DuckDBConnection[] = [];
  /** Reader connections open (idle or in use), at most READER_POOL_SIZE. */
  private openReaders = 0;
  /** Reads waiting for a reader connection, first come first served. */
  private readonly readerQueue: { resolve: (c: DuckDBConnection) => void; reject: (e: Error) => void }[] = [];

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly writers: readonly DuckDBConnection[],
    private nextId: number,
    /** Oldest and newest time of each non-empty table: where a first probe starts. */
    private readonly bounds: Map<LogType, TimeBounds>,
  ) {
    this.lanes = writers.map(() => Promise.resolve());
  }

  /** Opens (creating if needed, converting an older layout) `<dataDir>/events.duckdb`. */
  static async open(dataDir: string): Promise<DuckDbEventStore> {
    fs.mkdirSync(dataDir, { recursive: true });
    const instance = await DuckDBInstance.create(':memory:', {
      // Checkpoints run when asked (after a bulk ingest, on close), not inside an append.
      checkpoint_threshold: '1GB',
      threads: String(DUCKDB_THREADS),
    });
    const setup = await instance.connect();
    const file = path.join(dataDir, EVENTS_FILE).replace(/'/g, "''");
    await setup.run(`ATTACH '${file}' AS ${CATALOG} (ROW_GROUP_SIZE ${ROW_GROUP_SIZE})`);
    setup.disconnectSync();
    const writer = await connectTo(instance);
    let maxId = 0;
    const bounds = new Map<LogType, TimeBounds>();
    try {
      await writer.run('CREATE TABLE IF NOT EXISTS event_store_meta (schema_version INTEGER NOT NULL)');
      await writer.run(CREATE_LOAD_PROGRESS_SQL);
      await writer.run(CREATE_DELIVERED_EVENTS_SQL);
      const version = (
        await writer.runAndReadAll('SELECT max(schema_version) AS v FROM event_store_meta')
      ).getRowObjectsJS()[0]?.v;
      if (version === null || version === undefined) {
        await createEnumTypes(writer, await enumTypesInFile(writer));
        for (const logType of LOG_TYPES) await writer.run(createTableSql(logType));
        await writer.run('INSERT INTO event_store_meta VALUES ($1)', [SCHEMA_VERSION]);
      } else if (Number(version) === 1) {
        await migrateFromV1(writer);
      } else if (Number(version) === 2) {
        await convertLayout(writer);
      } else if (Number(version) !== SCHEMA_VERSION) {
        throw new Error(
          `${EVENTS_FILE} has schema version ${String(version)}; this server knows ${SCHEMA_VERSION}.`,
        );
      } else {
        // A vocabulary changed since the file was written (its code columns get the new ENUM
        // types), or a log type gained fields (new columns, empty for the events stored before).
        const types = await enumTypesInFile(writer);
        if (
          [...ENUM_TYPE_NAMES.values()].some((name) => !types.has(name)) ||
          !(await columnsAreCurrent(writer))
        )
          await convertLayout(writer);
      }
      for (const logType of LOG_TYPES) {
        const [row] = (
          await writer.runAndReadAll(
            `SELECT max(id) AS id, min(time) AS lo, max(time) AS hi, count(*) AS n FROM ${tableOf(logType)}`,
          )
        ).getRowObjectsJS();
        if (row.id === null) continue;
        maxId = Math.max(maxId, Number(row.id));
        bounds.set(logType, { min: Number(row.lo), max: Number(row.hi), rows: Number(row.n) });
      }
    } catch (error) {
      writer.disconnectSync();
      instance.closeSync();
      throw error;
    }
    const writers = [writer];
    while (writers.length < WRITER_LANES) writers.push(await connectTo(instance));
    return new DuckDbEventStore(instance, writers, maxId + 1, bounds);
  }

  /**
   * One transaction per call: the batch is validated first (bad input changes nothing), then
   * appended as columnar data chunks (ChunkWriter), one appender per log type, and committed at
   * once. Ids are taken in call order; calls alternate between the writer lanes, so a caller that
   * keeps two appends in flight has one batch filled while the other commits.
   */
  append(events: readonly NewEvent[]): Promise<number> {
    try {
      this.assertOpen();
      for (let i = 0; i < events.length; i += 1) validateNewEvent(events[i], i);
      if (events.length === 0) return Promise.resolve(0);
    } catch (error) {
      return Promise.reject(error);
    }
    const firstId = this.takeIds(events.length);
    return this.inWriterTransaction((writer) => this.appendIn(writer, events, firstId));
  }

  /**
   * An anti-join on delivered_events in the transaction that appends the new events and records
   * their ids; it waits for every lane's earlier writes (afterAll), so two calls with the same id
   * never both find it absent (and the primary key refuses a second row if they did).
   */
  appendOnce(keyed: readonly KeyedEvent[]): Promise<number> {
    try {
      this.assertOpen();
      validateEventIds(keyed);
      for (let i = 0; i < keyed.length; i += 1) validateNewEvent(keyed[i].event, i);
      if (keyed.length === 0) return Promise.resolve(0);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.inWriterTransaction(async (writer) => {
      const ids = [...new Set(keyed.map((k) => k.eventId))];
      const stored = new Set<string>();
      for (let at = 0; at < ids.length; at += 500) {
        const part = ids.slice(at, at + 500);
        const result = await writer.runAndReadAll(
          `SELECT event_id FROM delivered_events WHERE event_id IN (${part.map((_, i) => `$${i + 1}`).join(', ')})`,
          part,
        );
        for (const [id] of result.getRows()) stored.add(String(id));
      }
      const fresh: KeyedEvent[] = [];
      for (const k of keyed) {
        if (stored.has(k.eventId)) continue;
        stored.add(k.eventId);
        fresh.push(k);
      }
      if (fresh.length === 0) return 0;
      await this.appendIn(
        writer,
        fresh.map((k) => k.event),
        this.takeIds(fresh.length),
      );
      for (let at = 0; at < fresh.length; at += 500) {
        const part = fresh.slice(at, at + 500);
        await writer.run(
          `INSERT INTO delivered_events VALUES ${part.map((_, i) => `($${i + 1})`).join(', ')}`,
          part.map((k) => k.eventId),
        );
      }
      return fresh.length;
    }, true);
  }

  pruneDelivered(idsBefore: string): Promise<void> {
    try {
      this.assertOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.inWriterTransaction(async (writer) => {
      await writer.run('DELETE FROM delivered_events WHERE event_id < $1', [idsBefore]);
    }, true);
  }

  /** Appends validated events in the writer's open transaction, with ids from firstId. */
  private async appendIn(
    writer: DuckDBConnection,
    events: readonly NewEvent[],
    firstId: number,
  ): Promise<number> {
    const rowsByType = new Map<LogType, number[]>();
    for (let i = 0; i < events.length; i += 1) {
      const logType = events[i].logType;
      const rows = rowsByType.get(logType);
      if (rows) rows.push(i);
      else rowsByType.set(logType, [i]);
    }
    {
      for (const [logType, rows] of rowsByType) {
        await this.withAppender(writer, logType, (appender) =>
          this.chunkWriterOf(logType).append(appender, events, rows, firstId),
        );
      }
      for (const [logType, rows] of rowsByType) {
        let lo = Infinity;
        let hi = -Infinity;
        for (const i of rows) {
          const time = events[i].time;
          if (time < lo) lo = time;
          if (time > hi) hi = time;
        }
        this.extendBounds(logType, lo, hi, rows.length);
      }
      return events.length;
    }
  }

  /**
   * The bulk path: one log type's events as an Apache Arrow table (arrowEvents.ts). The table is
   * checked whole first (bad input: EventStoreInputError naming the column, nothing written),
   * then written column by column (ArrowChunkWriter: no per-value string work), in one
   * transaction on a writer lane as `append` does. Ids follow the table's row order.
   */
  appendColumns(logType: LogType, table: Table): Promise<number> {
    return this.appendColumnsBatch([{ logType, table }]);
  }

  /**
   * Several log types' tables (appendColumns for each), and the load's progress row when given,
   * in one transaction: a crash leaves the batch and its progress both in or both out. Every
   * table is checked before anything is written. A call with progress commits after every append
   * called before it (whatever its lane), so recorded progress never counts a batch not yet in.
   */
  appendColumnsBatch(parts: readonly ColumnsOfType[], progress?: LoadProgress): Promise<number> {
    const checked: { logType: LogType; plan: ReturnType<typeof planEventColumns> }[] = [];
    try {
      this.assertOpen();
      for (const { logType, table } of parts) {
        const plan = planEventColumns(logType, table);
        if (plan.rows > 0) checked.push({ logType, plan });
      }
      if (progress !== undefined) validateLoadProgress(progress);
      else if (checked.length === 0) return Promise.resolve(0);
    } catch (error) {
      return Promise.reject(error);
    }
    // Ids in call order, each table's rows in its row order.
    const plans = checked.map((part) => ({ ...part, firstId: this.takeIds(part.plan.rows) }));
    return this.inWriterTransaction(async (writer) => {
      let rows = 0;
      for (const { logType, plan, firstId } of plans) {
        await this.withAppender(writer, logType, (appender) =>
          this.arrowWriterOf(logType).append(appender, plan, firstId),
        );
        rows += plan.rows;
      }
      if (progress !== undefined) {
        await writer.run('DELETE FROM load_progress WHERE name = $1', [progress.load]);
        await writer.run('INSERT INTO load_progress VALUES ($1, $2, $3, $4, $5)', [
          progress.load,
          progress.plan,
          BigInt(progress.batches),
          BigInt(progress.events),
          progress.complete,
        ]);
      }
      for (const { logType, plan } of plans)
        this.extendBounds(logType, plan.minTime, plan.maxTime, plan.rows);
      return rows;
    }, progress !== undefined);
  }

  /** Nothing to remove: a batch and its progress commit in one transaction (appendColumnsBatch). */
  discardUnrecordedBatches(): Promise<number> {
    return Promise.resolve(0);
  }

  async loadProgress(load: string): Promise<LoadProgress | null> {
    this.assertOpen();
    return this.withReader(async (connection) => {
      const [row] = (
        await connection.runAndReadAll(
          'SELECT plan, batches, events, complete FROM load_progress WHERE name = $1',
          [load],
        )
      ).getRows();
      if (row === undefined) return null;
      return {
        load,
        plan: String(row[0]),
        batches: Number(row[1]),
        events: Number(row[2]),
        complete: row[3] === true,
      };
    });
  }

  private takeIds(count: number): number {
    const firstId = this.nextId;
    this.nextId += count;
    return firstId;
  }

  /**
   * Runs `write` in one transaction on the next writer lane (a lane's writes run one at a time;
   * lanes alternate), rolled back whole when it fails. Its result is what `write` returns, after
   * the COMMIT. `afterAll`: it starts only once every lane's earlier writes are done.
   */
  private inWriterTransaction<T>(
    write: (writer: DuckDBConnection) => Promise<T>,
    afterAll = false,
  ): Promise<T> {
    const lane = this.nextLane;
    this.nextLane = (lane + 1) % this.writers.length;
    const writer = this.writers[lane];
    const run = async (): Promise<T> => {
      this.assertOpen();
      await writer.run('BEGIN TRANSACTION');
      let result: T;
      try {
        result = await write(writer);
        await writer.run('COMMIT');
      } catch (error) {
        // A failed COMMIT may already have ended the transaction: the first error is the one to report.
        await writer.run('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        // Before the writer's caller hears of it: no read after that gets an answer from before.
        this.answers.written();
      }
      return result;
    };
    const before = afterAll ? Promise.all(this.lanes) : this.lanes[lane];
    const result = before.then(run, run);
    this.lanes[lane] = result.catch(() => undefined);
    return result;
  }

  private async withAppender(
    writer: DuckDBConnection,
    logType: LogType,
    fill: (appender: DuckDBAppender) => void,
  ): Promise<void> {
    const appender = await writer.createAppender(tableOf(logType));
    try {
      fill(appender);
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  }

  private extendBounds(logType: LogType, lo: number, hi: number, rows: number): void {
    this.bounds.set(logType, widenedBounds(this.bounds.get(logType), lo, hi, rows));
  }

  private arrowWriterOf(logType: LogType): ArrowChunkWriter {
    let writer = this.arrowWriters.get(logType);
    if (!writer) {
      writer = new ArrowChunkWriter(logType);
      this.arrowWriters.set(logType, writer);
    }
    return writer;
  }

  private chunkWriterOf(logType: LogType): ChunkWriter {
    let writer = this.chunkWriters.get(logType);
    if (!writer) {
      writer = new ChunkWriter(logType, this.strings);
      this.chunkWriters.set(logType, writer);
    }
    return writer;
  }

  /**
   * Time-window probing: the first `limit` events after the cursor usually lie in a short time
   * span, so the query first reads only a window next to the cursor ([top − w, top) newest
   * first, [bottom, bottom + w) oldest first; without a cursor, from the table's newest or
   * oldest event). w is what the previous block of the same query shape covered, twice over
   * (recentSpans), or else sized from the table's event rate (firstWindow). While it finds fewer
   * than `limit` events and has not reached the range's other end, the window widens for about
   * twice the missing events at the rate just seen (×2..×64; ×16 when it found none). A narrow
   * window lets DuckDB skip every row group outside it, so block 1 and block 50,000 cost the
   * same; a sparse result (tight filters) takes a few probes of growing windows.
   */
  async query(query: EventQuery): Promise<StoredEvent[]> {
    const rows = await this.rememberedProbe(query, 'columns');
    return rows.map((row) => toStoredEvent(row, query.logType));
  }

  /** The block's keys first, then the JSON of the events the cache does not hold (EventJsonCache). */
  async queryJson(query: EventQuery): Promise<JsonEvents> {
    const rows = await this.rememberedProbe(query, 'keys');
    const keys: EventCursor[] = rows.map((row) =>
      query.sortField === undefined
        ? { time: Number(row[2]), id: Number(row[0]) }
        : { time: Number(row[2]), id: Number(row[0]), value: sortValueOf(row[3]) },
    );
    const json: (string | undefined)[] = keys.map((key) => this.eventJson.get(key.id));
    const missing = keys.filter((_, i) => json[i] === undefined);
    if (missing.length > 0) {
      const times = missing.map((key) => key.time);
      const read = await this.withReader((connection) =>
        runPrepared(connection, eventJsonByIdSql(query.logType), [
          BigInt(Math.min(...times)),
          BigInt(Math.max(...times)),
          listValue(missing.map((key) => BigInt(key.id))),
        ]),
      );
      const found = new Map<number, string>();
      for (const row of read.getRows()) found.set(Number(row[0]), row[1] as string);
      keys.forEach((key, i) => {
        if (json[i] !== undefined) return;
        const text = found.get(key.id);
        // Stored events are never changed; one deleted between the two reads is left out.
        if (text !== undefined) this.eventJson.set(key.id, text);
        json[i] = text;
      });
    }
    const kept = keys.map((_, i) => i).filter((i) => json[i] !== undefined);
    return { json: kept.map((i) => json[i] as string), keys: kept.map((i) => keys[i]) };
  }

  /** A probe that starts from the window the previous block of the same query shape needed. */
  private rememberedProbe(query: EventQuery, shape: SelectShape): Promise<(readonly DuckDBValue[])[]> {
    this.assertOpen();
    return this.answers.read(['block', shape, query], () => this.probeFromRemembered(query, shape));
  }

  private async probeFromRemembered(
    query: EventQuery,
    shape: SelectShape,
  ): Promise<(readonly DuckDBValue[])[]> {
    if (query.sortField !== undefined) return this.sortedBlock(query, shape);
    const key = JSON.stringify([
      query.logType,
      query.tid,
      query.filters,
      query.search ?? '',
      query.order ?? 'desc',
      query.where ?? null,
    ]);
    const remembered = this.recentSpans.get(key);
    const { rows } = await this.probe(
      query,
      remembered ?? this.firstWindow(query.logType, query.limit),
      shape,
    );
    if (rows.length >= query.limit) {
      // The next block of the same query most likely needs about the time these events covered.
      const covered = Math.abs(Number(rows[0][2]) - Number(rows[rows.length - 1][2]));
      this.recentSpans.delete(key);
      this.recentSpans.set(key, Math.max(MIN_WINDOW_MS, 2 * covered));
      if (this.recentSpans.size > MAX_RECENT_SPANS) {
        this.recentSpans.delete(this.recentSpans.keys().next().value as string);
      }
    }
    return rows;
  }

  /**
   * A block sorted by a field: one top-N over the whole range (a field's order has nothing to do
   * with time, so there is no window to probe), after the cursor's (value, time, id).
   */
  private async sortedBlock(query: EventQuery, shape: SelectShape): Promise<(readonly DuckDBValue[])[]> {
    this.assertOpen();
    validateQuery(query);
    if (!this.bounds.get(query.logType)) return [];
    const { sql, params } = buildSelect(query, shape);
    return this.withReader(async (connection) => (await runPrepared(connection, sql, params)).getRows());
  }

  private firstWindow(logType: LogType, limit: number): number {
    return firstProbeWindow(this.bounds.get(logType), limit);
  }

  /** Rows start with id, tid, time (both shapes). */
  private async probe(
    query: EventQuery,
    firstSpan: number,
    shape: SelectShape = 'columns',
  ): Promise<{ rows: (readonly DuckDBValue[])[]; span: number }> {
    this.assertOpen();
    validateQuery(query);
    const bounds = this.bounds.get(query.logType);
    if (!bounds) return { rows: [], span: firstSpan };
    const ascending = query.order === 'asc';
    const top = query.after ? query.after.time + 1 : Math.min(query.end, bounds.max + 1);
    const bottom = query.after ? query.after.time : Math.max(query.start, bounds.min);
    return this.withReader(async (connection) => {
      for (let span = firstSpan; ;) {
        const window = ascending
          ? { start: query.start, end: Math.min(query.end, bottom + span) }
          : { start: Math.max(query.start, top - span), end: query.end };
        const { sql, params } = buildSelect({ ...query, ...window }, shape);
        const rows = (await runPrepared(connection, sql, params)).getRows();
        const whole = ascending ? window.end === query.end : window.start === query.start;
        if (rows.length >= query.limit || whole) return { rows, span };
        // Widen for about twice the rows still missing at the rate just seen (×16 when none).
        span *=
          rows.length === 0 ? 16 : Math.min(64, Math.max(2, Math.ceil((2 * query.limit) / rows.length)));
      }
    });
  }

  /** Keyset batches in the scan's order; each starts probing with the window the previous one needed. */
  async *scan(query: EventScan, batchSize = 10000): AsyncIterable<StoredEvent[]> {
    let after: EventQuery['after'];
    const first = this.firstWindow(query.logType, batchSize);
    let span = first;
    const sortField = query.sortField;
    for (;;) {
      const batchQuery = { ...query, after, limit: batchSize };
      const result =
        sortField === undefined
          ? await this.probe(batchQuery, span)
          : { rows: await this.sortedBlock(batchQuery, 'columns'), span };
      const batch = result.rows.map((row) => toStoredEvent(row, query.logType));
      span = Math.max(first, result.span / 2);
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) return;
      const last = batch[batch.length - 1];
      after =
        sortField === undefined
          ? { time: last.time, id: last.id }
          : { time: last.time, id: last.id, value: last.fields[sortField] ?? null };
    }
  }

  /**
   * The scan's events as CSV lines (no header) or NDJSON, in its order, written by DuckDB's own
   * writers (CSV: RFC 4180 quoting, CRLF): one COPY per time window sized for about `batchRows`
   * events at the table's average rate (the last ones smaller, EXPORT_TAPER_MIN_SHARE), to a
   * temporary file read back in chunks and removed; EXPORT_IN_FLIGHT windows are written at once,
   * up to EXPORT_FILES ahead of the stream, and streamed in order. Windows, not keyset batches of
   * exactly `batchRows`: finding where such a batch ends is a top-N over all that remains, which
   * cost more than writing the CSV. Sorted by a field, the whole range is one COPY (a field's
   * order has no time windows). JavaScript touches no event.
   */
  async *exportRows(
    query: EventScan,
    options: ExportOptions,
    batchRows = EXPORT_BATCH_ROWS,
  ): AsyncIterable<Buffer> {
    this.assertOpen();
    validateQuery(query);
    for (const column of options.columns) {
      if (!isFieldOf(query.logType, column))
        throw new EventStoreInputError('columns', `"${column}" is not a field of ${query.logType}.`);
    }
    const bounds = this.bounds.get(query.logType);
    if (!bounds) return;
    const low = Math.max(query.start, bounds.min);
    const high = Math.min(query.end, bounds.max + 1);
    const perMs = bounds.rows / Math.max(1, bounds.max - bounds.min);
    const ascending = query.order === 'asc';
    const sorted = query.sortField !== undefined;
    const span = Math.max(MIN_WINDOW_MS, Math.ceil(batchRows / perMs));
    const minSpan = Math.max(MIN_WINDOW_MS, Math.ceil(span / EXPORT_TAPER_MIN_SHARE));
    const direction = ascending ? 'ASC' : 'DESC';
    // The table's columns, qualified: ORDER BY would otherwise take the SELECT's same-named
    // outputs (id as text, a code's label) and sort by those.
    const order = `ORDER BY ${sorted ? `e.${query.sortField} ${direction} NULLS LAST, ` : ''}e.time ${direction}, e.id ${direction}`;
    const columns = exportColumnsSql(options);
    const format = EXPORT_FORMAT_SQL[options.format];
    let edge = ascending ? low : high;
    const nextWindow = (): { start: number; end: number } | null => {
      if (ascending ? edge >= high : edge <= low) return null;
      const rest = ascending ? high - edge : edge - low;
      // Whole windows while more than three remain, then a third of the rest each.
      const size = sorted ? rest : Math.min(span, Math.max(minSpan, Math.ceil(rest / 3)));
      const window = ascending
        ? { start: edge, end: Math.min(high, edge + size) }
        : { start: Math.max(low, edge - size), end: edge };
      edge = ascending ? window.end : window.start;
      return window;
    };
    const write = async (window: { start: number; end: number }): Promise<string> => {
      const { where, params } = buildWhere({ ...query, ...window });
      const file = path.join(os.tmpdir(), `workbench-export-${crypto.randomUUID()}.${options.format}`);
      // The file is a parameter too: every window of an export is the same statement, prepared
      // once per reader connection (planning the columns' expressions cost ~10 ms a window).
      params.push(file);
      const sql = `COPY (SELECT ${columns} FROM ${tableOf(query.logType)} AS e WHERE ${where} ${order}) TO $${params.length} ${format}`;
      try {
        await this.withReader((connection) => runPrepared(connection, sql, params));
      } catch (error) {
        await fs.promises.rm(file, { force: true });
        throw error;
      }
      return file;
    };
    // Windows in order whose files exist or are being written; the first is the one streamed next.
    const windows: Promise<string>[] = [];
    let writing = 0;
    let stopped = false;
    const fill = (): void => {
      while (!stopped && writing < EXPORT_IN_FLIGHT && windows.length < EXPORT_FILES) {
        const window = nextWindow();
        if (!window) return;
        writing += 1;
        const written = write(window);
        windows.push(written);
        // Awaited in order below, or cleaned up in finally; the next COPY starts when any ends.
        written.then(
          () => {
            writing -= 1;
            fill();
          },
          () => {
            writing -= 1;
          },
        );
      }
    };
    try {
      fill();
      while (windows.length > 0) {
        const file = await (windows[0] as Promise<string>);
        try {
          yield* readChunks(file);
        } finally {
          windows.shift();
          await fs.promises.rm(file, { force: true });
        }
        fill();
      }
    } finally {
      // A consumer that stopped early (a cancelled download), or a failed window: the windows
      // still being written, or written and not streamed.
      stopped = true;
      for (const written of windows.splice(0)) {
        await written.then((file) => fs.promises.rm(file, { force: true })).catch(() => undefined);
      }
    }
  }

  /**
   * The (time, id) of the `offset`-th event (0-based) of a scan, or null past its end: lets a
   * caller (the benchmark, a "jump to block" feature) start deep in a result without paging.
   */
  async positionAt(query: EventScan & { after?: EventCursor }, offset: number): Promise<EventCursor | null> {
    this.assertOpen();
    if (!Number.isSafeInteger(offset) || offset < 0)
      throw new EventStoreInputError('offset', 'offset must be a non-negative integer.');
    const { sql, params } = buildSelect({ ...query, limit: 1 });
    params.push(BigInt(offset));
    return this.withReader(async (connection) => {
      const rows = (
        await connection.runAndReadAll(`${sql} OFFSET $${params.length}`, params)
      ).getRowObjectsJS();
      return rows.length ? { time: Number(rows[0].time), id: Number(rows[0].id) } : null;
    });
  }

  async aggregate(query: EventAggregate): Promise<AggregateRow[]> {
    this.assertOpen();
    // A copy of the shared rows for each caller (the rows themselves are read-only).
    return (await this.answers.read(['aggregate', query], () => this.aggregateNow(query))).slice();
  }

  private aggregateNow(query: EventAggregate): Promise<AggregateRow[]> {
    const { sql, params, hasSeries } = aggregateSql(query, DUCKDB_DIALECT);
    const plain = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v === null ? null : String(v));
    return this.withReader(async (connection) =>
      (await runPrepared(connection, sql, params)).getRowObjects().map((row) => ({
        key: typeof row.key === 'bigint' || typeof row.key === 'number' ? Number(row.key) : plain(row.key),
        ...(hasSeries ? { series: plain(row.series) } : {}),
        value: Number(row.value),
      })),
    );
  }

  /** The file, read through a reader connection as every query is (so a pool that hangs fails it). */
  probes(): readonly StoreProbe[] {
    return [
      {
        target: EVENTS_FILE,
        probe: async () => {
          this.assertOpen();
          await this.withReader((connection) => connection.run('SELECT 1'));
        },
      },
    ];
  }

  async countMatching(query: EventScan): Promise<number> {
    this.assertOpen();
    return this.answers.read(['count', query], () => this.countMatchingNow(query));
  }

  private countMatchingNow(query: EventScan): Promise<number> {
    const { where, params } = buildWhere(query);
    return this.withReader(async (connection) =>
      Number(
        (
          await connection.runAndReadAll(
            `SELECT count(*) AS n FROM ${tableOf(query.logType)} WHERE ${where}`,
            params,
          )
        ).getRowObjectsJS()[0].n,
      ),
    );
  }

  async count(tid?: string, logType?: LogType): Promise<number> {
    this.assertOpen();
    if (logType !== undefined && !(LOG_TYPES as readonly string[]).includes(logType)) {
      throw new EventStoreInputError('logType', `Unknown log type "${String(logType)}".`);
    }
    const params: DuckDBValue[] = tid === undefined ? [] : [tid];
    const where = tid === undefined ? '' : ' WHERE tid = $1';
    const sql = (logType === undefined ? LOG_TYPES : [logType])
      .map((t) => `SELECT count(*) AS n FROM ${tableOf(t)}${where}`)
      .join(' UNION ALL ');
    return this.withReader(async (connection) => {
      const rows = (await connection.runAndReadAll(`SELECT sum(n) AS n FROM (${sql})`, params)).getRows();
      return Number(rows[0][0] ?? 0);
    });
  }

  /** Waits for the appends in flight, then checkpoints; appends after it wait for it. */
  flush(): Promise<void> {
    const run = async (): Promise<void> => {
      this.assertOpen();
      await this.writers[0].run('CHECKPOINT');
    };
    const result = Promise.all(this.lanes).then(run);
    const settled = result.catch(() => undefined);
    this.lanes = this.lanes.map(() => settled);
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all(this.lanes);
    this.closed = true;
    for (const writer of this.writers) writer.disconnectSync();
    for (const reader of this.idleReaders.splice(0)) reader.disconnectSync();
    for (const waiting of this.readerQueue.splice(0)) waiting.reject(new Error('The event store is closed.'));
    this.instance.closeSync();
  }

  /** Runs `read` on a reader connection of the pool, waiting in line when all are in use. */
  private async withReader<T>(read: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = await this.takeReader();
    try {
      return await read(connection);
    } finally {
      this.giveBackReader(connection);
    }
  }

  private async takeReader(): Promise<DuckDBConnection> {
    const idle = this.idleReaders.pop();
    if (idle) return idle;
    if (this.openReaders < READER_POOL_SIZE) {
      this.openReaders += 1;
      try {
        return await connectTo(this.instance);
      } catch (error) {
        this.openReaders -= 1;
        throw error;
      }
    }
    return new Promise((resolve, reject) => this.readerQueue.push({ resolve, reject }));
  }

  private giveBackReader(connection: DuckDBConnection): void {
    if (this.closed) {
      connection.disconnectSync();
      this.openReaders -= 1;
      return;
    }
    const waiting = this.readerQueue.shift();
    if (waiting) waiting.resolve(connection);
    else this.idleReaders.push(connection);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed.');
  }
}
