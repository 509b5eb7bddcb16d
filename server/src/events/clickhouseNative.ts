/**
 * A checked Arrow table (planEventColumns) as the body of an `INSERT … FORMAT Native`: ClickHouse's
 * own columnar block format, which 18.16 and current releases read alike over HTTP (a block: the
 * column and row counts as varints, then per column its name, its type and its values; Int64 as 8
 * little-endian bytes, String as a varint length and the bytes, Nullable(T) as a byte per row, 1
 * for NULL, followed by the T column with a default in the NULL rows). Written column by column from
 * the Arrow buffers, as DuckDB's writer reads them (duckdbChunks.ts): 64-bit integers are copied as
 * they are, a dictionary's entries and a code field's codes are encoded once, and a Utf8 column's
 * bytes are never decoded. JSONEachRow cost ~1.4 CPU-s per 122,880 web events in JavaScript alone
 * (server/src/events/README.md, ClickHouse part).
 */
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import type { Data, Vector } from 'apache-arrow';
import os from 'node:os';
import { NULL_CODE, type BatchPlan, type ColumnPlan, type EventColumnsPlan } from './arrowEvents';
import { CODE_LISTS } from './codeIndexes';

const TWO_POW_32 = 4294967296;
const LITTLE_ENDIAN = os.endianness() === 'LE';
const utf8 = new TextEncoder();

/** A growing byte buffer. */
class Bytes {
  buffer: Uint8Array;
  view: DataView;
  length = 0;

  constructor(size = 1 << 20) {
    this.buffer = new Uint8Array(size);
    this.view = new DataView(this.buffer.buffer);
  }

  reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  varint(value: number): void {
    this.reserve(10);
    let v = value;
    while (v >= 0x80) {
      this.buffer[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buffer[this.length++] = v;
  }

  string(text: string): void {
    const bytes = utf8.encode(text);
    this.varint(bytes.length);
    this.copy(bytes, 0, bytes.length);
  }

  copy(from: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.reserve(n);
    if (n < 16) for (let i = start; i < end; i += 1) this.buffer[this.length++] = from[i];
    else {
      this.buffer.set(from.subarray(start, end), this.length);
      this.length += n;
    }
  }

  /** A safe integer as Int64, little-endian. */
  int64(value: number): void {
    this.reserve(8);
    const high = Math.floor(value / TWO_POW_32);
    this.view.setUint32(this.length, value - high * TWO_POW_32, true);
    this.view.setInt32(this.length + 4, high, true);
    this.length += 8;
  }

  zeros(n: number): void {
    this.reserve(n);
    this.buffer.fill(0, this.length, this.length + n);
    this.length += n;
  }
}

/** Row `r` of a column is valid (Arrow JS keeps a slice's null bitmap whole: bit offset + r). */
function validAt(data: Data, r: number): boolean {
  const bitmap = data.nullBitmap;
  if (!bitmap || bitmap.length === 0 || data.nullCount === 0) return true;
  const bit = data.offset + r;
  return (bitmap[bit >> 3] & (1 << (bit & 7))) !== 0;
}

/** Whether row r of a column is NULL, for every row (null for a column without NULLs). */
function nullRows(column: ColumnPlan, rows: number): Uint8Array | null {
  if (column.source === 'null') return new Uint8Array(rows).fill(1);
  if (!column.hasNulls) return null;
  const nulls = new Uint8Array(rows);
  if (column.source === 'code') {
    const indexes = column.codeIndexes as Uint16Array;
    for (let r = 0; r < rows; r += 1) if (indexes[r] === NULL_CODE) nulls[r] = 1;
  } else {
    const data = column.data as Data;
    for (let r = 0; r < rows; r += 1) if (!validAt(data, r)) nulls[r] = 1;
  }
  return nulls;
}

/** Each entry of a list of texts as a Native String (varint length, bytes). */
function encodedEntries(texts: readonly string[]): Uint8Array[] {
  return texts.map((text) => {
    const out = new Bytes(16 + 3 * text.length);
    out.string(text);
    return out.buffer.slice(0, out.length);
  });
}

function dictionaryEntries(data: Data): Uint8Array[] {
  const entries: Uint8Array[] = [];
  for (const piece of (data.dictionary as Vector).data) {
    const offsets = piece.valueOffsets as Int32Array;
    const bytes = piece.values as Uint8Array;
    for (let i = 0; i < piece.length; i += 1) {
      const n = offsets[i + 1] - offsets[i];
      const out = new Bytes(n + 5);
      out.varint(n);
      out.copy(bytes, offsets[i], offsets[i + 1]);
      entries.push(out.buffer.slice(0, out.length));
    }
  }
  return entries;
}

/** The values of an Int64 column (NULL rows, whatever their buffer holds, as 0). */
function writeInt64s(out: Bytes, column: ColumnPlan, rows: number, nulls: Uint8Array | null): void {
  if (column.source === 'null') return out.zeros(8 * rows);
  const values = (column.data as Data).values as ArrayLike<number | bigint> & ArrayBufferView;
  if (
    column.source === 'int64' &&
    LITTLE_ENDIAN &&
    (values instanceof BigInt64Array || values instanceof BigUint64Array)
  ) {
    // In range (planEventColumns), so a Uint64 is the same 8 bytes as the Int64.
    out.copy(new Uint8Array(values.buffer, values.byteOffset, 8 * rows), 0, 8 * rows);
    if (nulls)
      for (let r = 0; r < rows; r += 1)
        if (nulls[r]) out.view.setBigInt64(out.length - 8 * (rows - r), 0n, true);
    return;
  }
  out.reserve(8 * rows);
  for (let r = 0; r < rows; r += 1) out.int64(nulls?.[r] ? 0 : Number(values[r]));
}

/** Writes `entries[index(r)]` (encoded Strings) for every row, NULL rows as the empty string. */
function writeEntries(
  out: Bytes,
  entries: readonly Uint8Array[],
  index: (r: number) => number,
  rows: number,
  nulls: Uint8Array | null,
): void {
  let longest = 1;
  for (const entry of entries) longest = Math.max(longest, entry.length);
  out.reserve(rows * longest);
  const buffer = out.buffer;
  let at = out.length;
  for (let r = 0; r < rows; r += 1) {
    if (nulls?.[r]) buffer[at++] = 0;
    else {
      const entry = entries[index(r)];
      if (entry.length < 24) for (let i = 0; i < entry.length; i += 1) buffer[at++] = entry[i];
      else {
        buffer.set(entry, at);
        at += entry.length;
      }
    }
  }
  out.length = at;
}

/** The values of a String column (NULL rows as the empty string). */
function writeStrings(out: Bytes, column: ColumnPlan, rows: number, nulls: Uint8Array | null): void {
  switch (column.source) {
    case 'null':
      return out.zeros(rows);
    case 'utf8': {
      const data = column.data as Data;
      const offsets = data.valueOffsets as Int32Array;
      const bytes = data.values as Uint8Array;
      // Each value: its bytes and a varint length of at most 5 bytes (a length below 2^35).
      out.reserve(offsets[rows] - offsets[0] + 5 * rows);
      const buffer = out.buffer;
      let at = out.length;
      for (let r = 0; r < rows; r += 1) {
        const start = offsets[r];
        const end = nulls?.[r] ? start : offsets[r + 1];
        let n = end - start;
        while (n >= 0x80) {
          buffer[at++] = (n & 0x7f) | 0x80;
          n >>>= 7;
        }
        buffer[at++] = n;
        if (end - start < 24) for (let i = start; i < end; i += 1) buffer[at++] = bytes[i];
        else {
          buffer.set(bytes.subarray(start, end), at);
          at += end - start;
        }
      }
      out.length = at;
      return;
    }
    case 'dictionary': {
      const keys = (column.data as Data).values as ArrayLike<number>;
      return writeEntries(out, dictionaryEntries(column.data as Data), (r) => keys[r], rows, nulls);
    }
    case 'code': {
      const indexes = column.codeIndexes as Uint16Array;
      const entries = encodedEntries(CODE_LISTS.get(column.name) as readonly string[]);
      return writeEntries(out, entries, (r) => indexes[r], rows, nulls);
    }
    case 'codeDictionary': {
      const keys = (column.data as Data).values as ArrayLike<number>;
      const remap = column.remap as Uint16Array;
      const entries = encodedEntries(CODE_LISTS.get(column.name) as readonly string[]);
      return writeEntries(out, entries, (r) => remap[keys[r]], rows, nulls);
    }
    default:
      throw new Error(`Column ${column.name} (${column.source}) is not text.`);
  }
}

/** One record batch as one Native block: id, then the plan's columns (tid, time, the fields). */
function writeBlock(out: Bytes, batch: BatchPlan, firstId: number): void {
  const { rows } = batch;
  out.varint(1 + batch.columns.length);
  out.varint(rows);
  out.string('id');
  out.string('Int64');
  out.reserve(8 * rows);
  for (let r = 0; r < rows; r += 1) out.int64(firstId + r);
  for (const column of batch.columns) {
    const integer = column.name === 'time' || FIELD_SPECS[column.name]?.kind === 'integer';
    const nullable = column.name !== 'tid' && column.name !== 'time';
    out.string(column.name);
    out.string(nullable ? `Nullable(${integer ? 'Int64' : 'String'})` : integer ? 'Int64' : 'String');
    const nulls = nullable ? nullRows(column, rows) : null;
    if (nullable) {
      if (nulls) out.copy(nulls, 0, rows);
      else out.zeros(rows);
    }
    if (integer) writeInt64s(out, column, rows, nulls);
    else writeStrings(out, column, rows, nulls);
  }
}

/**
 * The plan's events as the bodies of Native INSERTs of up to `rowsPerBody` rows each (cut at
 * record batches; one batch larger than that is a body by itself), ids from `firstId` in row order.
 */
export function nativeBodies(plan: EventColumnsPlan, firstId: number, rowsPerBody: number): Buffer[] {
  const bodies: Buffer[] = [];
  let out = new Bytes();
  let inBody = 0;
  let id = firstId;
  for (const batch of plan.batches) {
    // An empty block ends a Native stream: the blocks after it would be dropped.
    if (batch.rows === 0) continue;
    if (inBody > 0 && inBody + batch.rows > rowsPerBody) {
      bodies.push(Buffer.from(out.buffer.buffer, 0, out.length));
      out = new Bytes();
      inBody = 0;
    }
    writeBlock(out, batch, id);
    id += batch.rows;
    inBody += batch.rows;
  }
  if (inBody > 0) bodies.push(Buffer.from(out.buffer.buffer, 0, out.length));
  return bodies;
}
