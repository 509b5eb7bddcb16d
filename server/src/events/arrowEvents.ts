/**
 * The bulk ingest format: one log type's events as an Apache Arrow table, the columnar format log
 * collectors ship at volume. Columns by name: `tid` and `time` (required), then any of the log
 * type's fields (a field without a column is null in every row). Store-neutral: `planEventColumns`
 * checks a table against the log schema and describes each column for a store's writer, so a bad
 * batch is refused whole before anything is written; `toEventColumns` is the encoder a collector
 * (and the seed and benchmark paths) uses to turn events into such a table.
 *
 * Accepted column types:
 * - `tid`: Utf8, or a dictionary of Utf8; never null or empty.
 * - `time`: epoch milliseconds as Timestamp(ms), Int64 or Float64; never null, not negative.
 * - integer fields: Int8..Int64, Uint8..Uint64 or Float64, whole numbers within ±2^53.
 * - code fields: a dictionary of Utf8 (every dictionary entry must be a code of the field's
 *   vocabulary: checked once per dictionary, not per row), or Utf8 (checked per row).
 * - text fields: Utf8, or a dictionary of Utf8.
 */
import {
  Data,
  DataType,
  Dictionary,
  Int32,
  Int64,
  Precision,
  RecordBatch,
  Schema,
  Field,
  Struct,
  Table,
  TimeUnit,
  TimestampMillisecond,
  Type,
  Utf8,
  makeData,
  type Vector,
} from 'apache-arrow';
import {
  FIELD_SPECS,
  LOG_TYPES,
  LOG_TYPE_SCHEMAS,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import { CODE_INDEXES } from './codeIndexes';
import { EventStoreInputError, type NewEvent } from './eventStore';

/** How a store's writer reads a column's values (see ColumnPlan). */
export type ColumnSource =
  /** Little-endian 64-bit integers (Int64, Uint64 or Timestamp(ms)), in range: copy as they are. */
  | 'int64'
  /** Int8..Int32, Uint8..Uint32 or Float64 whole numbers: `values[row]` is the number. */
  | 'number'
  /** Utf8: bytes `values[valueOffsets[row] .. valueOffsets[row + 1])`. */
  | 'utf8'
  /** Dictionary of Utf8 (text): `values[row]` is the entry of `dictionary`. */
  | 'dictionary'
  /** A code field: `codeIndexes[row]` (already resolved per row) is the code's vocabulary index. */
  | 'code'
  /** A code field as a dictionary: `remap[values[row]]` is the code's vocabulary index. */
  | 'codeDictionary'
  /** No column: null in every row. */
  | 'null';

export interface ColumnPlan {
  readonly name: string;
  readonly source: ColumnSource;
  /** The column's data in this record batch (null for source 'null' and 'code'). */
  readonly data: Data | null;
  /** Source 'codeDictionary': dictionary entry → vocabulary index. */
  readonly remap?: Uint16Array;
  /** Source 'code': per row (from 0), the vocabulary index, NULL_CODE where null. */
  readonly codeIndexes?: Uint16Array;
  /** Whether any row is null. */
  readonly hasNulls: boolean;
}

export interface BatchPlan {
  readonly rows: number;
  /** `tid`, `time`, then the log type's fields in schema order. */
  readonly columns: readonly ColumnPlan[];
}

export interface EventColumnsPlan {
  readonly logType: LogType;
  readonly rows: number;
  readonly minTime: number;
  readonly maxTime: number;
  readonly batches: readonly BatchPlan[];
}

const TWO_POW_32 = 4294967296;
/** 2^53 / 2^32: the high 32-bit word of a safe integer lies in [-2^21, 2^21). */
const SAFE_HIGH = 2097152;
/** The vocabulary index planned for a null row of a code column given as Utf8. */
export const NULL_CODE = 0xffff;
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

const fail = (field: string, message: string): never => {
  throw new EventStoreInputError(field, message);
};

/**
 * Whether row `i` is valid. Arrow JS keeps a slice's value and offset buffers cut to the slice
 * (row i is `values[i]`), but its null bitmap whole: row i is bit `offset + i`.
 */
function isValid(data: Data, i: number): boolean {
  const bitmap = data.nullBitmap;
  if (!bitmap || bitmap.length === 0 || data.nullCount === 0) return true;
  const bit = data.offset + i;
  return (bitmap[bit >> 3] & (1 << (bit & 7))) !== 0;
}

function decodeUtf8(name: string, bytes: Uint8Array, start: number, end: number): string {
  try {
    return utf8Decoder.decode(bytes.subarray(start, end));
  } catch {
    return fail(name, `Column "${name}" holds text that is not valid UTF-8.`);
  }
}

/** The strings of a Utf8 vector (a dictionary's entries), null for a null entry. */
function dictionaryEntries(name: string, dictionary: Vector): (string | null)[] {
  const entries: (string | null)[] = [];
  for (const data of dictionary.data) {
    if (data.type.typeId !== Type.Utf8) fail(name, `Column "${name}" must be a dictionary of Utf8 strings.`);
    const offsets = data.valueOffsets as Int32Array;
    const bytes = data.values as Uint8Array;
    for (let i = 0; i < data.length; i += 1) {
      entries.push(isValid(data, i) ? decodeUtf8(name, bytes, offsets[i], offsets[i + 1]) : null);
    }
  }
  return entries;
}

/** Checks that every valid row's dictionary key is an entry of the dictionary. */
function checkKeys(name: string, data: Data, entries: number): void {
  const keys = data.values as ArrayLike<number>;
  for (let i = 0; i < data.length; i += 1) {
    const key = keys[i];
    if ((key < 0 || key >= entries) && isValid(data, i)) {
      fail(name, `Column "${name}" row ${i}: dictionary key ${key} has no entry.`);
    }
  }
}

const isStringColumn = (type: DataType): boolean =>
  type.typeId === Type.Utf8 || (DataType.isDictionary(type) && type.dictionary.typeId === Type.Utf8);

/** An integer column: 'int64' (checked to be safe integers) or 'number' (Float64 checked whole). */
function planInteger(name: string, data: Data, required: 'time' | null): ColumnSource {
  const type = data.type;
  const what = required === 'time' ? 'epoch milliseconds' : 'an integer';
  const is64 =
    (DataType.isInt(type) && type.bitWidth === 64) ||
    (DataType.isTimestamp(type) && type.unit === TimeUnit.MILLISECOND);
  if (is64) {
    const values = data.values as BigInt64Array | BigUint64Array;
    const words = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
    const unsigned = DataType.isInt(type) && !type.isSigned;
    for (let i = 0; i < data.length; i += 1) {
      if (!isValid(data, i)) continue;
      const high = words[2 * i + 1];
      const ok =
        unsigned || required === 'time'
          ? high >= 0 && high < SAFE_HIGH
          : high >= -SAFE_HIGH && high < SAFE_HIGH;
      if (!ok) fail(name, `Column "${name}" row ${i}: ${what} out of range.`);
    }
    return 'int64';
  }
  if (DataType.isInt(type) || (DataType.isFloat(type) && type.precision === Precision.DOUBLE)) {
    const values = data.values as ArrayLike<number>;
    for (let i = 0; i < data.length; i += 1) {
      if (!isValid(data, i)) continue;
      const value = values[i];
      if (!Number.isSafeInteger(value) || (required === 'time' && value < 0))
        fail(name, `Column "${name}" row ${i}: ${String(value)} is not ${what}.`);
    }
    return 'number';
  }
  return fail(
    name,
    required === 'time'
      ? `Column "time" must be Timestamp(ms), Int64 or Float64, not ${String(type)}.`
      : `Column "${name}" must be an integer column (Int8..Int64, Uint8..Uint64 or Float64), not ${String(type)}.`,
  );
}

function planCode(name: string, data: Data): Omit<ColumnPlan, 'name' | 'hasNulls'> {
  const codes = CODE_INDEXES.get(name) as ReadonlyMap<string, number>;
  const type = data.type;
  if (DataType.isDictionary(type) && data.dictionary) {
    if (!isStringColumn(type)) fail(name, `Column "${name}" must be a dictionary of Utf8 strings.`);
    const entries = dictionaryEntries(name, data.dictionary);
    const remap = new Uint16Array(entries.length);
    entries.forEach((entry, k) => {
      const index = entry === null ? undefined : codes.get(entry);
      if (index === undefined) fail(name, `Column "${name}" has an unknown value "${String(entry)}".`);
      remap[k] = index as number;
    });
    checkKeys(name, data, entries.length);
    return { source: 'codeDictionary', data, remap };
  }
  if (type.typeId !== Type.Utf8) {
    return fail(name, `Column "${name}" must be Utf8 or a dictionary of Utf8, not ${String(type)}.`);
  }
  const offsets = data.valueOffsets as Int32Array;
  const bytes = data.values as Uint8Array;
  const codeIndexes = new Uint16Array(data.length);
  for (let i = 0; i < data.length; i += 1) {
    if (!isValid(data, i)) {
      codeIndexes[i] = NULL_CODE;
      continue;
    }
    const value = decodeUtf8(name, bytes, offsets[i], offsets[i + 1]);
    const index = codes.get(value);
    if (index === undefined) fail(name, `Column "${name}" row ${i}: unknown value "${value}".`);
    codeIndexes[i] = index as number;
  }
  return { source: 'code', data: null, codeIndexes };
}

function planText(name: string, data: Data): Omit<ColumnPlan, 'name' | 'hasNulls'> {
  const type = data.type;
  if (!isStringColumn(type))
    fail(name, `Column "${name}" must be Utf8 or a dictionary of Utf8, not ${String(type)}.`);
  if (type.typeId === Type.Utf8) {
    // Checked as UTF-8 once for the whole column (a store copies the bytes as they are).
    const offsets = data.valueOffsets as Int32Array;
    decodeUtf8(name, data.values as Uint8Array, offsets[0], offsets[data.length]);
    return { source: 'utf8', data };
  }
  const entries = dictionaryEntries(name, data.dictionary as Vector);
  if (entries.includes(null))
    fail(name, `Column "${name}" has a null dictionary entry (a null row is null in the column).`);
  checkKeys(name, data, entries.length);
  return { source: 'dictionary', data };
}

function planBatch(logType: LogType, batch: RecordBatch, bounds: { min: number; max: number }): BatchPlan {
  const byName = new Map<string, Data>();
  batch.schema.fields.forEach((field, i) => {
    if (byName.has(field.name)) fail(field.name, `Column "${field.name}" appears twice.`);
    byName.set(field.name, batch.data.children[i]);
  });
  const known = new Set(['tid', 'time', ...LOG_TYPE_SCHEMAS[logType].fields]);
  for (const name of byName.keys()) {
    if (!known.has(name)) fail(name, `Column "${name}" is not a field of ${logType}.`);
  }
  const columns: ColumnPlan[] = [];
  const hasNullsOf = (data: Data | null): boolean => data !== null && data.nullCount > 0;

  const tid = byName.get('tid') ?? fail('tid', 'Column "tid" is required.');
  if (hasNullsOf(tid)) fail('tid', 'Column "tid" must not be null.');
  const tidPlan = planText('tid', tid);
  const emptyRow = firstEmptyRow(tid);
  if (emptyRow >= 0) fail('tid', `Column "tid" row ${emptyRow}: tid is required.`);
  columns.push({ name: 'tid', ...tidPlan, hasNulls: false });

  const time = byName.get('time') ?? fail('time', 'Column "time" is required.');
  if (hasNullsOf(time)) fail('time', 'Column "time" must not be null.');
  const timeSource = planInteger('time', time, 'time');
  const times = time.values as ArrayLike<number | bigint>;
  for (let i = 0; i < time.length; i += 1) {
    const value = Number(times[i]);
    if (value < bounds.min) bounds.min = value;
    if (value > bounds.max) bounds.max = value;
  }
  columns.push({ name: 'time', source: timeSource, data: time, hasNulls: false });

  for (const name of LOG_TYPE_SCHEMAS[logType].fields) {
    const data = byName.get(name);
    if (!data || data.nullCount === data.length) {
      columns.push({ name, source: 'null', data: null, hasNulls: true });
      continue;
    }
    const kind = FIELD_SPECS[name].kind;
    const plan =
      kind === 'integer'
        ? { source: planInteger(name, data, null), data }
        : kind === 'code'
          ? planCode(name, data)
          : planText(name, data);
    columns.push({ name, ...plan, data: plan.data ?? null, hasNulls: hasNullsOf(data) });
  }
  return { rows: batch.numRows, columns };
}

/**
 * The first row of a Utf8 column or a dictionary of Utf8 that holds the empty string, or -1: told
 * from the offsets alone (an empty string starts where it ends), nothing decoded.
 */
function firstEmptyRow(data: Data): number {
  const isEmpty = (offsets: Int32Array, i: number): boolean => offsets[i + 1] === offsets[i];
  if (!DataType.isDictionary(data.type)) {
    for (let i = 0; i < data.length; i += 1) if (isEmpty(data.valueOffsets as Int32Array, i)) return i;
    return -1;
  }
  const emptyEntries: boolean[] = [];
  for (const piece of (data.dictionary as Vector).data) {
    for (let i = 0; i < piece.length; i += 1) emptyEntries.push(isEmpty(piece.valueOffsets as Int32Array, i));
  }
  const keys = data.values as ArrayLike<number>;
  for (let i = 0; i < data.length; i += 1) if (emptyEntries[keys[i]]) return i;
  return -1;
}

/**
 * Checks a table of one log type's events against the log schema (bad input: EventStoreInputError
 * naming the column, nothing written) and describes its columns per record batch for a writer.
 */
export function planEventColumns(logType: LogType, table: Table): EventColumnsPlan {
  if (!(LOG_TYPES as readonly string[]).includes(logType))
    fail('logType', `Unknown log type "${String(logType)}".`);
  if (!(table instanceof Table)) fail('table', 'Events must come as an Apache Arrow table.');
  const bounds = { min: Infinity, max: -Infinity };
  const batches = table.batches.filter((b) => b.numRows > 0).map((b) => planBatch(logType, b, bounds));
  return { logType, rows: table.numRows, minTime: bounds.min, maxTime: bounds.max, batches };
}

// --- The encoder: events → a table (what a collector does before it ships a batch) ---

/** Text columns with more distinct values than this share of the rows are sent as plain Utf8. */
const DICTIONARY_MAX_SHARE = 0.5;
const encoder = new TextEncoder();

/** Arrow's validity bitmap of `values` (null and undefined are null) and its null count. */
function validityOf(values: readonly unknown[]): { nullCount: number; nullBitmap: Uint8Array | null } {
  const nullBitmap = new Uint8Array(Math.ceil(values.length / 8));
  let nullCount = 0;
  for (let i = 0; i < values.length; i += 1) {
    if (values[i] === null || values[i] === undefined) nullCount += 1;
    else nullBitmap[i >> 3] |= 1 << (i & 7);
  }
  return { nullCount, nullBitmap: nullCount > 0 ? nullBitmap : null };
}

function utf8Data(values: readonly (string | null)[]): Data {
  const offsets = new Int32Array(values.length + 1);
  let bytes = new Uint8Array(Math.max(64, values.length * 16));
  let at = 0;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (value !== null) {
      if (bytes.length - at < value.length * 3) {
        const grown = new Uint8Array(Math.max(bytes.length * 2, at + value.length * 3));
        grown.set(bytes.subarray(0, at));
        bytes = grown;
      }
      at += encoder.encodeInto(value, bytes.subarray(at)).written;
    }
    offsets[i + 1] = at;
  }
  return makeData({
    type: new Utf8(),
    length: values.length,
    ...validityOf(values),
    valueOffsets: offsets,
    data: bytes.subarray(0, at),
  });
}

/** A string column: a dictionary of Utf8 (Int32 keys) when values repeat, else plain Utf8. */
function stringData(values: readonly (string | null)[], alwaysDictionary: boolean): Data {
  const index = new Map<string, number>();
  const keys = new Int32Array(values.length);
  const limit = alwaysDictionary ? Infinity : values.length * DICTIONARY_MAX_SHARE;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (value === null) continue;
    let key = index.get(value);
    if (key === undefined) {
      if (index.size >= limit) return utf8Data(values);
      key = index.size;
      index.set(value, key);
    }
    keys[i] = key;
  }
  return makeData({
    type: new Dictionary(new Utf8(), new Int32()),
    length: values.length,
    ...validityOf(values),
    data: keys,
    dictionary: new Table({ entries: utf8Data([...index.keys()]) }).getChild('entries') as Vector,
  });
}

function integerData(values: readonly (number | null)[], type: Int64 | TimestampMillisecond): Data {
  const words = new Int32Array(values.length * 2);
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (value === null) continue;
    words[2 * i] = value >>> 0;
    words[2 * i + 1] = Math.floor(value / TWO_POW_32);
  }
  const props = { length: values.length, ...validityOf(values), data: new BigInt64Array(words.buffer) };
  return type instanceof Int64 ? makeData({ ...props, type }) : makeData({ ...props, type });
}

/**
 * Encodes events of one log type as a table of this format: `tid` and code fields as
 * dictionaries, `time` as Timestamp(ms), integers as Int64, text as a dictionary when its values
 * repeat (users, domains, user agents) and as plain Utf8 when they mostly do not (URLs).
 * Events of another log type are refused.
 */
export function toEventColumns(logType: LogType, events: readonly NewEvent[]): Table {
  const fieldNames = LOG_TYPE_SCHEMAS[logType].fields;
  const columns: Record<string, (string | number | null)[]> = { tid: [], time: [] };
  for (const name of fieldNames) columns[name] = [];
  events.forEach((event, i) => {
    if (event.logType !== logType) fail('logType', `events[${i}] is of ${event.logType}, not ${logType}.`);
    columns.tid.push(event.tid);
    columns.time.push(event.time);
    for (const name of fieldNames) columns[name].push(event.fields[name] ?? null);
  });
  const fields: Field[] = [];
  const children: Data[] = [];
  const add = (name: string, data: Data): void => {
    fields.push(new Field(name, data.type, true));
    children.push(data);
  };
  add('tid', stringData(columns.tid as string[], true));
  add('time', integerData(columns.time as number[], new TimestampMillisecond()));
  for (const name of fieldNames) {
    const kind = FIELD_SPECS[name].kind;
    const values = columns[name];
    if (kind === 'integer') add(name, integerData(values as (number | null)[], new Int64()));
    else add(name, stringData(values as (string | null)[], kind === 'code'));
  }
  return tableOf(fields, children, events.length);
}

function tableOf(fields: Field[], children: Data[], rows: number): Table {
  const schema = new Schema(fields);
  const data = makeData({ type: new Struct(fields), length: rows, nullCount: 0, children });
  return new Table(schema, new RecordBatch(schema, data));
}
