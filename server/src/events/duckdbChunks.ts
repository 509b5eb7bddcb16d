/**
 * Filling DuckDB data chunks (2,048 rows, DuckDB's vector size) in JavaScript memory and handing
 * each column over with one memory copy: the two write paths of the DuckDB event store.
 * - ChunkWriter: events as objects (`append`), row by row into typed arrays.
 * - ArrowChunkWriter: events as an Apache Arrow table (`appendColumns`, see arrowEvents.ts),
 *   column by column: 64-bit integers are copied straight from Arrow's buffers, codes go through a
 *   per-dictionary remap table, and strings are never decoded (see writeUtf8).
 * Both write the 16-byte `duckdb_string_t` of a string themselves: {uint32 length, 12 inline
 * bytes} up to 12 bytes, else {uint32 length, 4-byte prefix, 8-byte pointer} into the string heap
 * of a `holder` vector that lives until the appender has copied the chunk (appendDataChunk).
 */
import {
  DuckDBBigIntType,
  DuckDBDataChunk,
  DuckDBVarCharType,
  ENUM,
  type DuckDBAppender,
  type DuckDBType,
} from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import type { Data, Vector } from 'apache-arrow';
import { FIELD_SPECS, LOG_TYPE_SCHEMAS, type LogType } from '@workbench/common/api/contract/logSchema';
import { NULL_CODE, type ColumnPlan, type EventColumnsPlan } from './arrowEvents';
import { CODE_INDEXES, CODE_LISTS } from './codeIndexes';
import type { NewEvent } from './eventStore';

/** Rows per data chunk: DuckDB's vector size (2,048), the most a chunk holds. */
const CHUNK_ROWS = duckdb.vector_size();
const TWO_POW_32 = 4294967296;
/** DuckDB keeps a string of up to 12 bytes inside its 16-byte `duckdb_string_t` (no heap). */
const INLINE_STRING_BYTES = 12;
/** Longer strings are not cached (see StringCache): each is assigned to its own row. */
const MAX_CACHED_STRING = 256;
/** Distinct strings one StringCache holder keeps; it is replaced when a chunk could overflow it. */
export const STRING_CACHE_SLOTS = 1 << 17;
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
export class StringCache {
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
    this.writeInt64(row, value);
    this.setValid(row);
  }

  /** The little-endian int64 halves of a safe integer, validity left as it is. */
  writeInt64(row: number, value: number): void {
    this.u32[2 * row] = value >>> 0;
    this.i32[2 * row + 1] = Math.floor(value / TWO_POW_32);
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

/** The chunk columns of a log type's table: id, tid, time, then its fields in schema order. */
function tableColumnsOf(logType: LogType): { kind: ColumnKind; type: DuckDBType }[] {
  return [
    { kind: ColumnKind.Integer, type: DuckDBBigIntType.instance },
    { kind: ColumnKind.String, type: DuckDBVarCharType.instance },
    { kind: ColumnKind.Integer, type: DuckDBBigIntType.instance },
    ...LOG_TYPE_SCHEMAS[logType].fields.map(chunkColumnOf),
  ];
}

/**
 * Fills DuckDB data chunks of 2,048 rows of one log type's table, row by row in JS memory (typed
 * arrays), then hands each column over with one memory copy (plus the validity mask when the
 * column has nulls): far fewer native calls and allocations than the appender's value-by-value API.
 */
export class ChunkWriter {
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
    const specs = tableColumnsOf(logType);
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

const VARCHAR = duckdb.create_logical_type(duckdb.Type.VARCHAR);

/** The holder vectors of one append (see writeUtf8) and each dictionary's resolved strings. */
interface Holders {
  /** Per dictionary: its entries' `duckdb_string_t`s, whose holders live until the append ends. */
  readonly dictionaries: Map<Vector, Uint32Array>;
  readonly dictionaryHolders: duckdb.Vector[];
  /** Holders of the current chunk's Utf8 columns: dropped once the appender took the chunk. */
  readonly chunkHolders: duckdb.Vector[];
}

/**
 * The `duckdb_string_t`s of the strings `offsets[from] .. offsets[to]` of an Arrow Utf8 buffer,
 * 4 words each at `out[at * 4 ...]`: one native call for all of them. The whole byte range is
 * assigned to one string of a new holder vector (kept in `holders` until the chunk is appended),
 * and each longer string points into that copy at its own offset; shorter ones are inlined.
 */
function writeUtf8(
  offsets: Int32Array,
  bytes: Uint8Array,
  from: number,
  to: number,
  out: Uint32Array,
  outBytes: Uint8Array,
  at: number,
  holders: duckdb.Vector[],
): void {
  const base = offsets[from];
  const end = offsets[to];
  let pointerLow = 0;
  let pointerHigh = 0;
  if (end - base > INLINE_STRING_BYTES) {
    const holder = duckdb.create_vector(VARCHAR, 1);
    duckdb.vector_assign_string_element_len(holder, 0, bytes.subarray(base, end));
    holders.push(holder);
    const cell = duckdb.vector_get_data(holder, 16);
    const words = new Uint32Array(cell.buffer, cell.byteOffset, 4);
    pointerLow = words[2];
    pointerHigh = words[3];
  }
  for (let k = from, row = at; k < to; k += 1, row += 1) {
    const start = offsets[k];
    const length = offsets[k + 1] - start;
    const cell = row * 16;
    out[row * 4] = length;
    if (length <= INLINE_STRING_BYTES) {
      for (let i = 0; i < length; i += 1) outBytes[cell + 4 + i] = bytes[start + i];
      for (let i = length; i < INLINE_STRING_BYTES; i += 1) outBytes[cell + 4 + i] = 0;
      continue;
    }
    outBytes[cell + 4] = bytes[start];
    outBytes[cell + 5] = bytes[start + 1];
    outBytes[cell + 6] = bytes[start + 2];
    outBytes[cell + 7] = bytes[start + 3];
    const low = pointerLow + (start - base);
    out[row * 4 + 2] = low >>> 0;
    out[row * 4 + 3] = pointerHigh + (low >= TWO_POW_32 ? 1 : 0);
  }
}

/** Copies validity bits `[bit, bit + rows)` of an Arrow null bitmap into a chunk's validity mask. */
function copyValidity(bitmap: Uint8Array, bit: number, rows: number, out: Uint8Array): void {
  if ((bit & 7) === 0) {
    out.set(bitmap.subarray(bit >> 3, (bit >> 3) + Math.ceil(rows / 8)));
    return;
  }
  out.fill(0);
  for (let r = 0; r < rows; r += 1) {
    const b = bit + r;
    if (bitmap[b >> 3] & (1 << (b & 7))) out[r >> 3] |= 1 << (r & 7);
  }
}

/**
 * Writes checked Arrow batches (arrowEvents.ts `planEventColumns`) of one log type into its table
 * as data chunks, column by column. No per-value string handling at all: Utf8 bytes are copied as
 * they are (writeUtf8), a dictionary's entries are resolved once per dictionary and each row
 * copies its entry's 16 bytes, a code is its dictionary entry's vocabulary index (remap table).
 */
export class ArrowChunkWriter {
  private readonly chunk: DuckDBDataChunk;
  private readonly columns: ColumnBuffer[];

  constructor(logType: LogType) {
    const specs = tableColumnsOf(logType);
    this.columns = specs.map((c) => new ColumnBuffer(c.kind, null));
    this.chunk = DuckDBDataChunk.create(specs.map((c) => c.type));
  }

  /** Appends every row of the plan, with ids from `firstId` in table order. */
  append(appender: DuckDBAppender, plan: EventColumnsPlan, firstId: number): void {
    const holders: Holders = { dictionaries: new Map(), dictionaryHolders: [], chunkHolders: [] };
    let id = firstId;
    for (const batch of plan.batches) {
      for (let start = 0; start < batch.rows; start += CHUNK_ROWS) {
        const size = Math.min(CHUNK_ROWS, batch.rows - start);
        const raw = this.chunk.chunk;
        this.chunk.reset();
        duckdb.data_chunk_set_size(raw, size);
        const ids = this.columns[0];
        for (let r = 0; r < size; r += 1, id += 1) ids.writeInt64(r, id);
        duckdb.copy_data_to_vector(duckdb.data_chunk_get_vector(raw, 0), 0, ids.data, 0, size * 8);
        for (let c = 0; c < batch.columns.length; c += 1) {
          const vector = duckdb.data_chunk_get_vector(raw, c + 1);
          this.writeColumn(vector, this.columns[c + 1], batch.columns[c], start, size, holders);
        }
        appender.appendDataChunk(this.chunk);
        holders.chunkHolders.length = 0;
      }
    }
  }

  private writeColumn(
    vector: duckdb.Vector,
    buffer: ColumnBuffer,
    column: ColumnPlan,
    start: number,
    size: number,
    holders: Holders,
  ): void {
    // Arrow JS cuts a slice's value buffers to it (row r is values[r]); its null bitmap stays whole
    // (row r is bit offset + r).
    const data = column.data as Data;
    switch (column.source) {
      case 'null':
        buffer.validity.fill(0);
        break;
      case 'int64': {
        const values = data.values as BigInt64Array;
        duckdb.copy_data_to_vector(
          vector,
          0,
          values.buffer as ArrayBuffer,
          values.byteOffset + start * 8,
          size * 8,
        );
        break;
      }
      case 'number': {
        const values = data.values as ArrayLike<number>;
        for (let r = 0; r < size; r += 1) buffer.writeInt64(r, values[start + r]);
        duckdb.copy_data_to_vector(vector, 0, buffer.data, 0, size * 8);
        break;
      }
      case 'code':
      case 'codeDictionary': {
        const indexes = column.source === 'code' ? (column.codeIndexes as Uint16Array) : null;
        const keys = data?.values as ArrayLike<number>;
        const remap = column.remap as Uint16Array;
        const out = buffer.kind === ColumnKind.Enum8 ? buffer.bytes : buffer.u16;
        if (indexes) for (let r = 0; r < size; r += 1) out[r] = indexes[start + r];
        else for (let r = 0; r < size; r += 1) out[r] = remap[keys[start + r]];
        duckdb.copy_data_to_vector(vector, 0, buffer.data, 0, size * buffer.rowBytes);
        break;
      }
      case 'utf8':
        writeUtf8(
          data.valueOffsets as Int32Array,
          data.values as Uint8Array,
          start,
          start + size,
          buffer.u32,
          buffer.bytes,
          0,
          holders.chunkHolders,
        );
        duckdb.copy_data_to_vector(vector, 0, buffer.data, 0, size * 16);
        break;
      case 'dictionary': {
        const dictionary = data.dictionary as Vector;
        let words = holders.dictionaries.get(dictionary);
        if (!words) {
          words = new Uint32Array(dictionary.length * 4);
          const bytesOfWords = new Uint8Array(words.buffer);
          let at = 0;
          for (const piece of dictionary.data) {
            writeUtf8(
              piece.valueOffsets as Int32Array,
              piece.values as Uint8Array,
              0,
              piece.length,
              words,
              bytesOfWords,
              at,
              holders.dictionaryHolders,
            );
            at += piece.length;
          }
          holders.dictionaries.set(dictionary, words);
        }
        const keys = data.values as ArrayLike<number>;
        const out = buffer.u32;
        for (let r = 0; r < size; r += 1) {
          const from = keys[start + r] * 4;
          const to = r * 4;
          out[to] = words[from];
          out[to + 1] = words[from + 1];
          out[to + 2] = words[from + 2];
          out[to + 3] = words[from + 3];
        }
        duckdb.copy_data_to_vector(vector, 0, buffer.data, 0, size * 16);
        break;
      }
    }
    if (column.hasNulls) {
      if (column.source === 'code') {
        // Resolved per row at planning: a null row's index is NULL_CODE.
        const indexes = column.codeIndexes as Uint16Array;
        buffer.validity.fill(0);
        for (let r = 0; r < size; r += 1) {
          if (indexes[start + r] !== NULL_CODE) buffer.validity[r >> 3] |= 1 << (r & 7);
        }
      } else if (column.source !== 'null') {
        copyValidity(data.nullBitmap as Uint8Array, data.offset + start, size, buffer.validity);
      }
      duckdb.vector_ensure_validity_writable(vector);
      duckdb.copy_data_to_vector_validity(vector, 0, buffer.validity.buffer, 0, Math.ceil(size / 64) * 8);
    }
  }
}
