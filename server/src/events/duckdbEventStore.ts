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
 *   (compression and write, on DuckDB's threads) overlaps the next batch's filling.
 * - Reads are keyset reads in (time DESC, id DESC) order, or (time ASC, id ASC). Seeded data is
 *   appended in time order, so DuckDB's per-row-group min/max (zone maps) on `time` let a deep
 *   page skip every row group outside its time window: page 50,000 costs about what page 1 costs.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  DuckDBBigIntType,
  DuckDBDataChunk,
  DuckDBInstance,
  DuckDBVarCharType,
  ENUM,
  type DuckDBType,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBResultReader,
  type DuckDBPreparedStatement,
  type DuckDBValue,
} from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import {
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
/** 1: one wide `events` table; 2: one table per log type; 3: code fields as ENUM columns. */
const SCHEMA_VERSION = 3;
/** The narrowest first probe window (see DuckDbEventStore.firstWindow). */
const MIN_WINDOW_MS = 60000;
/** How many times the expected number of rows a first probe window is sized for. */
const WINDOW_MARGIN = 8;
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

/** Each code field's codes, in vocabulary order. */
const CODE_LISTS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.values(FIELD_SPECS)
    .filter((f) => f.kind === 'code')
    .map((f) => [f.name, (f.vocabulary ?? []).map((e) => e.code)]),
);
/** Each code field's code → its ENUM index (the position in the vocabulary). */
const CODE_INDEXES: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(
  [...CODE_LISTS].map(([field, codes]) => [field, new Map(codes.map((c, i) => [c, i]))]),
);
const typeFieldSets: Record<string, Set<string>> = Object.fromEntries(
  LOG_TYPES.map((t) => [t, new Set(LOG_TYPE_SCHEMAS[t].fields)]),
);

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

function createTableSql(logType: LogType, table = tableOf(logType)): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
  id BIGINT NOT NULL,
  tid VARCHAR NOT NULL,
  time BIGINT NOT NULL,
  ${LOG_TYPE_SCHEMAS[logType].fields.map((f) => `${f} ${columnType(f)}`).join(',\n  ')}
)`;
}

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
  if (spec.kind === 'code' && !(CODE_INDEXES.get(field) as ReadonlyMap<string, number>).has(value))
    return `Field "${field}" has an unknown value "${value}".`;
  return null;
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
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const sql = `SELECT ${(TABLE_COLUMNS.get(query.logType) as readonly string[]).join(', ')} FROM ${tableOf(query.logType)} WHERE ${where} ORDER BY time ${direction}, id ${direction} LIMIT ${bind(BigInt(query.limit))}`;
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
  // A code is bound as text and cast to the column's ENUM type in SQL: compared as VARCHAR, DuckDB
  // would instead cast every row's ENUM to VARCHAR (no filter pushdown into the scan).
  const bindField = (field: string, value: FieldValue): string => {
    const kind = FIELD_SPECS[field].kind;
    if (kind === 'integer') return bind(BigInt(value));
    const text = bind(String(value));
    return kind === 'code' ? `CAST(${text} AS ${ENUM_TYPE_NAMES.get(field) as string})` : text;
  };
  const where = [
    `tid = ${bind(query.tid)}`,
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

/** Rows per data chunk: DuckDB's vector size (2,048), the most a chunk holds. */
const CHUNK_ROWS = duckdb.vector_size();
const TWO_POW_32 = 4294967296;
/** DuckDB keeps a string of up to 12 bytes inside its 16-byte `duckdb_string_t` (no heap). */
const INLINE_STRING_BYTES = 12;
/** Longer strings are not cached (see StringCache): each is assigned to its own row. */
const MAX_CACHED_STRING = 256;
/** Distinct strings one StringCache holder keeps; it is replaced when a chunk could overflow it. */
const STRING_CACHE_SLOTS = 1 << 17;
/** Strings per holder vector (a chunk's new strings go to as many holders as they need). */
const HOLDER_SLOTS = 1024;

/**
 * Each distinct string is handed to DuckDB once: assigned to a row of a `holder` vector of its
 * own, whose 16-byte `duckdb_string_t` (length and inline bytes, or length, prefix and a pointer
 * into the holder's string heap) is then copied into every row that has that value. The appender
 * copies the strings of a chunk when it takes it (appendDataChunk), so holders only have to live
 * until then; they are dropped only between chunks. Log values repeat a lot (users, domains, URLs,
 * user agents, codes), so this saves most of the per-value native calls and string encodings.
 *
 * The strings new in a chunk go to new holders of 1,024; their `duckdb_string_t`s are read back
 * (one copy per holder) when the chunk is complete (`resolve`), and the rows that used them are
 * patched then. Memory: at most STRING_CACHE_SLOTS × 16 bytes of holders plus the strings.
 */
class StringCache {
  private readonly slots = new Map<string, number>();
  /** The `duckdb_string_t` of each resolved slot, 4 words each. */
  private readonly words = new Uint32Array(STRING_CACHE_SLOTS * 4);
  private resolved = 0;
  /** Holders of resolved slots: kept until the cache is cleared (rows point into their heaps). */
  private holders: duckdb.Vector[] = [];
  /** Holders of the current chunk's new strings, HOLDER_SLOTS each. */
  private readonly pending: duckdb.Vector[] = [];
  private readonly patchTargets: Uint32Array[] = [];
  private readonly patchRows: number[] = [];
  private readonly patchSlots: number[] = [];
  private readonly varchar = duckdb.create_logical_type(duckdb.Type.VARCHAR);

  /** Called before each chunk: forgets every string when this chunk's values might not fit. */
  reserve(values: number): void {
    if (this.slots.size + values <= STRING_CACHE_SLOTS) return;
    this.slots.clear();
    this.holders = [];
    this.resolved = 0;
  }

  /** Writes the `duckdb_string_t` of `value` into `target` at row `row` (now or at resolve). */
  write(target: Uint32Array, row: number, value: string): void {
    let slot = this.slots.get(value);
    if (slot === undefined) {
      slot = this.slots.size;
      const index = slot - this.resolved;
      if (index % HOLDER_SLOTS === 0) this.pending.push(duckdb.create_vector(this.varchar, HOLDER_SLOTS));
      duckdb.vector_assign_string_element(this.pending[this.pending.length - 1], index % HOLDER_SLOTS, value);
      this.slots.set(value, slot);
    }
    if (slot < this.resolved) {
      const { words } = this;
      const from = slot * 4;
      const to = row * 4;
      target[to] = words[from];
      target[to + 1] = words[from + 1];
      target[to + 2] = words[from + 2];
      target[to + 3] = words[from + 3];
    } else {
      this.patchTargets.push(target);
      this.patchRows.push(row);
      this.patchSlots.push(slot);
    }
  }

  /** Reads back the chunk's new strings (one copy per holder) and fills the rows that wait for them. */
  resolve(): void {
    if (this.pending.length === 0) return;
    const fresh = this.slots.size - this.resolved;
    for (let k = 0; k < this.pending.length; k += 1) {
      const count = Math.min(HOLDER_SLOTS, fresh - k * HOLDER_SLOTS);
      const data = duckdb.vector_get_data(this.pending[k], count * 16);
      this.words.set(
        new Uint32Array(data.buffer, data.byteOffset, count * 4),
        (this.resolved + k * HOLDER_SLOTS) * 4,
      );
      this.holders.push(this.pending[k]);
    }
    this.pending.length = 0;
    this.resolved = this.slots.size;
    const { words, patchTargets, patchRows, patchSlots } = this;
    for (let k = 0; k < patchRows.length; k += 1) {
      const target = patchTargets[k];
      const from = patchSlots[k] * 4;
      const to = patchRows[k] * 4;
      target[to] = words[from];
      target[to + 1] = words[from + 1];
      target[to + 2] = words[from + 2];
      target[to + 3] = words[from + 3];
    }
    patchTargets.length = 0;
    patchRows.length = 0;
    patchSlots.length = 0;
  }
}

/** How a column is kept in a data chunk: BIGINT, VARCHAR, or an ENUM's index (1 or 2 bytes). */
const enum ColumnKind {
  Integer,
  String,
  Enum8,
  Enum16,
}

const BYTES_PER_ROW: Record<ColumnKind, number> = {
  [ColumnKind.Integer]: 8,
  [ColumnKind.String]: 16,
  [ColumnKind.Enum8]: 1,
  [ColumnKind.Enum16]: 2,
};

/** One column of a data chunk being filled in JS memory (see ChunkWriter). */
class ColumnBuffer {
  readonly data: ArrayBuffer;
  readonly bytes: Uint8Array;
  readonly u16: Uint16Array;
  readonly u32: Uint32Array;
  readonly i32: Int32Array;
  readonly validity = new Uint8Array(CHUNK_ROWS / 8);
  readonly rowBytes: number;
  validCount = 0;
  /** Rows (and their strings) too long for the StringCache. */
  readonly longRows: number[] = [];
  readonly longValues: string[] = [];

  constructor(
    readonly kind: ColumnKind,
    /** A code column's code → ENUM index; null for the others. */
    readonly codes: ReadonlyMap<string, number> | null,
  ) {
    this.rowBytes = BYTES_PER_ROW[kind];
    this.data = new ArrayBuffer(CHUNK_ROWS * Math.max(4, this.rowBytes));
    this.bytes = new Uint8Array(this.data);
    this.u16 = new Uint16Array(this.data);
    this.u32 = new Uint32Array(this.data);
    this.i32 = new Int32Array(this.data);
  }

  reset(rows: number): void {
    this.bytes.fill(0, 0, rows * this.rowBytes);
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

  /** A code (validated) as its ENUM index: no string handed to DuckDB at all. */
  setCode(row: number, value: string): void {
    const index = (this.codes as ReadonlyMap<string, number>).get(value) as number;
    if (this.kind === ColumnKind.Enum8) this.bytes[row] = index;
    else this.u16[row] = index;
    this.setValid(row);
  }

  /**
   * A short ASCII string goes straight into the C API's inlined `duckdb_string_t` form ({uint32
   * length, 12 bytes, zero padded}); a longer one through the StringCache (one native call per
   * distinct value); a very long one is kept for a `vector_assign_string_element` call.
   */
  setString(row: number, value: string, strings: StringCache): void {
    const n = value.length;
    this.setValid(row);
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
        return;
      }
      bytes.fill(0, at, at + INLINE_STRING_BYTES);
    }
    if (n <= MAX_CACHED_STRING) strings.write(this.u32, row, value);
    else {
      this.longRows.push(row);
      this.longValues.push(value);
    }
  }

  private setValid(row: number): void {
    this.validity[row >> 3] |= 1 << (row & 7);
    this.validCount += 1;
  }
}

/** The chunk column of a field: its kind and DuckDB type (an ENUM of the vocabulary for a code). */
function chunkColumnOf(field: string): { kind: ColumnKind; type: DuckDBType } {
  const spec = FIELD_SPECS[field];
  if (spec.kind === 'integer') return { kind: ColumnKind.Integer, type: DuckDBBigIntType.instance };
  if (spec.kind === 'text') return { kind: ColumnKind.String, type: DuckDBVarCharType.instance };
  // As DuckDB (and ENUM()) store an ENUM's index: UTINYINT below 256 values, USMALLINT below 65,536.
  const codes = CODE_LISTS.get(field) as readonly string[];
  if (codes.length >= 65536) throw new Error(`The vocabulary of "${field}" is too large for an ENUM column.`);
  return { kind: codes.length < 256 ? ColumnKind.Enum8 : ColumnKind.Enum16, type: ENUM(codes) };
}

/**
 * Fills DuckDB data chunks of 2,048 rows of one log type's table, row by row in JS memory (typed
 * arrays), then hands each column over with one memory copy (plus the validity mask when the
 * column has nulls): far fewer native calls and allocations than the appender's value-by-value API.
 */
class ChunkWriter {
  private readonly chunk: DuckDBDataChunk;
  private readonly columns: ColumnBuffer[];
  /** Column index of each field of the type (after id, tid, time). */
  private readonly fieldColumn: ReadonlyMap<string, number>;
  private readonly stringColumns: number;

  constructor(
    logType: LogType,
    private readonly strings: StringCache,
  ) {
    const fields = LOG_TYPE_SCHEMAS[logType].fields;
    const specs = [
      { kind: ColumnKind.Integer, type: DuckDBBigIntType.instance },
      { kind: ColumnKind.String, type: DuckDBVarCharType.instance },
      { kind: ColumnKind.Integer, type: DuckDBBigIntType.instance },
      ...fields.map(chunkColumnOf),
    ];
    const codes = [null, null, null, ...fields.map((f) => CODE_INDEXES.get(f) ?? null)];
    this.columns = specs.map((c, i) => new ColumnBuffer(c.kind, codes[i]));
    this.stringColumns = specs.filter((c) => c.kind === ColumnKind.String).length;
    this.fieldColumn = new Map(fields.map((f, i) => [f, i + 3]));
    this.chunk = DuckDBDataChunk.create(specs.map((c) => c.type));
  }

  /** Appends `events[rows[k]]` (validated, all of this writer's type) with ids `firstId + rows[k]`. */
  append(
    appender: DuckDBAppender,
    events: readonly NewEvent[],
    rows: readonly number[],
    firstId: number,
  ): void {
    const { columns, fieldColumn, strings } = this;
    const [ids, tids, times] = columns;
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const size = Math.min(CHUNK_ROWS, rows.length - start);
      strings.reserve(size * this.stringColumns);
      for (const column of columns) column.reset(size);
      for (let r = 0; r < size; r += 1) {
        const index = rows[start + r];
        const event = events[index];
        ids.setInteger(r, firstId + index);
        tids.setString(r, event.tid, strings);
        times.setInteger(r, event.time);
        const fields = event.fields;
        for (const name in fields) {
          const value = fields[name];
          if (value === null || value === undefined) continue;
          const column = columns[fieldColumn.get(name) as number];
          if (typeof value === 'number') column.setInteger(r, value);
          else if (column.codes !== null) column.setCode(r, value);
          else column.setString(r, value, strings);
        }
      }
      this.flushChunk(size);
      appender.appendDataChunk(this.chunk);
    }
  }

  private flushChunk(rows: number): void {
    this.strings.resolve();
    const raw = this.chunk.chunk;
    this.chunk.reset();
    duckdb.data_chunk_set_size(raw, rows);
    for (let c = 0; c < this.columns.length; c += 1) {
      const column = this.columns[c];
      const vector = duckdb.data_chunk_get_vector(raw, c);
      if (column.validCount > 0) {
        duckdb.copy_data_to_vector(vector, 0, column.data, 0, rows * column.rowBytes);
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

/** Writer connections taking turns with appends (one fills while the other commits). */
const WRITER_LANES = 2;
const MAX_IDLE_READERS = 4;

/** A table's oldest and newest time and its row count (all tenants): sizes first probe windows. */
interface TimeBounds {
  min: number;
  max: number;
  rows: number;
}

/** Prepared statements kept per reader connection, by SQL text (a query shape). */
const preparedByConnection = new WeakMap<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();
const MAX_PREPARED_PER_CONNECTION = 64;

/** Runs `sql` with `params` through a prepared statement reused for the same SQL text. */
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
  /** Per writer lane: the promise of its last operation (appends of a lane run one at a time). */
  private lanes: Promise<unknown>[];
  private nextLane = 0;
  private closed = false;
  private readonly strings = new StringCache();
  private readonly chunkWriters = new Map<LogType, ChunkWriter>();
  /**
   * Per query shape (type, tenant, filters, search, order): the window its last full block
   * needed, twice over; where the next block of the same paging starts probing.
   */
  private readonly recentSpans = new Map<string, number>();
  /** Reader connections not in use (a query takes one, or opens one, and gives it back). */
  private readonly idleReaders: DuckDBConnection[] = [];

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
        // A vocabulary changed since the file was written: its code columns get the new ENUM types.
        const types = await enumTypesInFile(writer);
        if ([...ENUM_TYPE_NAMES.values()].some((name) => !types.has(name))) await convertLayout(writer);
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
    let firstId: number;
    let rowsByType: Map<LogType, number[]>;
    try {
      this.assertOpen();
      for (let i = 0; i < events.length; i += 1) validateNewEvent(events[i], i);
      if (events.length === 0) return Promise.resolve(0);
      rowsByType = new Map();
      for (let i = 0; i < events.length; i += 1) {
        const logType = events[i].logType;
        const rows = rowsByType.get(logType);
        if (rows) rows.push(i);
        else rowsByType.set(logType, [i]);
      }
      firstId = this.nextId;
      this.nextId += events.length;
    } catch (error) {
      return Promise.reject(error);
    }
    const lane = this.nextLane;
    this.nextLane = (lane + 1) % this.writers.length;
    const writer = this.writers[lane];
    const run = async (): Promise<number> => {
      this.assertOpen();
      await writer.run('BEGIN TRANSACTION');
      try {
        for (const [logType, rows] of rowsByType) {
          const appender = await writer.createAppender(tableOf(logType));
          try {
            this.chunkWriterOf(logType).append(appender, events, rows, firstId);
            appender.flushSync();
          } finally {
            appender.closeSync();
          }
        }
        await writer.run('COMMIT');
      } catch (error) {
        // A failed COMMIT may already have ended the transaction: the first error is the one to report.
        await writer.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
      for (const [logType, rows] of rowsByType) {
        let lo = Infinity;
        let hi = -Infinity;
        for (const i of rows) {
          const time = events[i].time;
          if (time < lo) lo = time;
          if (time > hi) hi = time;
        }
        const known = this.bounds.get(logType);
        this.bounds.set(
          logType,
          known
            ? { min: Math.min(known.min, lo), max: Math.max(known.max, hi), rows: known.rows + rows.length }
            : { min: lo, max: hi, rows: rows.length },
        );
      }
      return events.length;
    };
    const result = this.lanes[lane].then(run, run);
    this.lanes[lane] = result.catch(() => undefined);
    return result;
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
    const key = JSON.stringify([
      query.logType,
      query.tid,
      query.filters,
      query.search ?? '',
      query.order ?? 'desc',
    ]);
    const remembered = this.recentSpans.get(key);
    const { events } = await this.probe(query, remembered ?? this.firstWindow(query.logType, query.limit));
    if (events.length >= query.limit) {
      // The next block of the same query most likely needs about the time these events covered.
      const covered = Math.abs(events[0].time - events[events.length - 1].time);
      this.recentSpans.delete(key);
      this.recentSpans.set(key, Math.max(MIN_WINDOW_MS, 2 * covered));
      if (this.recentSpans.size > MAX_RECENT_SPANS) {
        this.recentSpans.delete(this.recentSpans.keys().next().value as string);
      }
    }
    return events;
  }

  /**
   * The first probe window: the time in which the table's average rate (all tenants) brings
   * WINDOW_MARGIN × `limit` events, at least MIN_WINDOW_MS. One probe usually finds the block;
   * a tenant with a small share of the table needs a widening or two.
   */
  private firstWindow(logType: LogType, limit: number): number {
    const bounds = this.bounds.get(logType);
    if (!bounds) return MIN_WINDOW_MS;
    const perMs = bounds.rows / Math.max(1, bounds.max - bounds.min);
    return Math.max(MIN_WINDOW_MS, Math.ceil((WINDOW_MARGIN * limit) / perMs));
  }

  private async probe(
    query: EventQuery,
    firstSpan: number,
  ): Promise<{ events: StoredEvent[]; span: number }> {
    this.assertOpen();
    validateQuery(query);
    const bounds = this.bounds.get(query.logType);
    if (!bounds) return { events: [], span: firstSpan };
    const ascending = query.order === 'asc';
    const top = query.after ? query.after.time + 1 : Math.min(query.end, bounds.max + 1);
    const bottom = query.after ? query.after.time : Math.max(query.start, bounds.min);
    return this.withReader(async (connection) => {
      for (let span = firstSpan; ;) {
        const window = ascending
          ? { start: query.start, end: Math.min(query.end, bottom + span) }
          : { start: Math.max(query.start, top - span), end: query.end };
        const { sql, params } = buildSelect({ ...query, ...window });
        const rows = (await runPrepared(connection, sql, params)).getRows();
        const whole = ascending ? window.end === query.end : window.start === query.start;
        if (rows.length >= query.limit || whole) {
          return { events: rows.map((row) => toStoredEvent(row, query.logType)), span };
        }
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
    for (;;) {
      const result = await this.probe({ ...query, after, limit: batchSize }, span);
      const batch = result.events;
      span = Math.max(first, result.span / 2);
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
    return this.withReader(async (connection) => {
      const rows = (
        await connection.runAndReadAll(`${sql} OFFSET $${params.length}`, params)
      ).getRowObjectsJS();
      return rows.length ? { time: Number(rows[0].time), id: Number(rows[0].id) } : null;
    });
  }

  async countMatching(query: EventScan): Promise<number> {
    this.assertOpen();
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
    this.instance.closeSync();
  }

  /** Runs `read` on a reader connection of the pool (at most a few stay open). */
  private async withReader<T>(read: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = this.idleReaders.pop() ?? (await connectTo(this.instance));
    try {
      return await read(connection);
    } finally {
      if (this.closed || this.idleReaders.length >= MAX_IDLE_READERS) connection.disconnectSync();
      else this.idleReaders.push(connection);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed.');
  }
}
