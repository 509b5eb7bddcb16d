import {
  Bool,
  Dictionary,
  Float64,
  Int32,
  Int8,
  Table,
  Uint16,
  Utf8,
  makeData,
  makeVector,
  vectorFromArray,
  type Vector,
} from 'apache-arrow';
import { LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
import { planEventColumns, toEventColumns } from './arrowEvents';
import { EventStoreInputError, type NewEvent } from './eventStore';
import { generateEvents } from '../seed/eventGenerator';

const NOW = Date.UTC(2026, 10, 20, 12);

/** A valid audit table of `rows` rows; `columns` replaces or adds columns. */
function auditTable(rows: number, columns: Record<string, unknown> = {}): Table {
  return new Table({
    tid: vectorFromArray(Array.from({ length: rows }, () => 'tid-acme')),
    time: vectorFromArray(Array.from({ length: rows }, (_, i) => NOW - i)),
    userid: vectorFromArray(
      Array.from({ length: rows }, (_, i) => `user${i}@acme.example`),
      new Utf8(),
    ),
    ...columns,
  } as Record<string, Vector>);
}

function refusal(run: () => unknown): { field: string; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EventStoreInputError);
    const e = error as EventStoreInputError;
    return { field: e.field, message: e.message };
  }
  throw new Error('expected a refusal');
}

describe('planEventColumns: a table of one log type, checked against the log schema', () => {
  it('describes tid, time, then every field of the type in schema order; a field without a column is null', () => {
    const plan = planEventColumns('scan_audit', auditTable(3));
    expect(plan.rows).toBe(3);
    expect(plan.minTime).toBe(NOW - 2);
    expect(plan.maxTime).toBe(NOW);
    const columns = plan.batches[0].columns;
    expect(columns.map((c) => c.name)).toEqual(['tid', 'time', ...LOG_TYPE_SCHEMAS.scan_audit.fields]);
    expect(columns.find((c) => c.name === 'userid')?.source).toBe('utf8');
    expect(columns.find((c) => c.name === 'details')?.source).toBe('null');
  });

  it('maps a code dictionary in any order onto the vocabulary, checking each entry once', () => {
    const table = auditTable(4, {
      country: vectorFromArray(['US', 'DE', 'US', null], new Dictionary(new Utf8(), new Int32())),
    });
    const country = planEventColumns('scan_audit', table).batches[0].columns.find(
      (c) => c.name === 'country',
    );
    expect(country?.source).toBe('codeDictionary');
    expect(country?.hasNulls).toBe(true);
    const remap = country?.remap as Uint16Array;
    // Dictionary entries in first-seen order: US, DE.
    expect(remap).toHaveLength(2);
    expect(remap[0]).not.toBe(remap[1]);
  });

  it('accepts integers as Int8..Int64 or whole Float64, and time as Float64', () => {
    const table = new Table({
      tid: vectorFromArray(['t', 't'], new Utf8()),
      time: vectorFromArray([NOW, NOW + 1], new Float64()),
      src_port: vectorFromArray([80, null], new Int32()),
      dst_port: vectorFromArray([443, 8080], new Uint16()),
      bytes_in: vectorFromArray([1.0, 2 ** 52], new Float64()),
    });
    const sources = planEventColumns('fwaas_logs', table).batches[0].columns.map((c) => [c.name, c.source]);
    expect(Object.fromEntries(sources)).toMatchObject({
      time: 'number',
      src_port: 'number',
      dst_port: 'number',
      bytes_in: 'number',
    });
  });

  it.each([
    [
      'an unknown column',
      { nope: vectorFromArray(['x']) },
      'nope',
      'Column "nope" is not a field of scan_audit.',
    ],
    [
      'a field of another log type',
      { url: vectorFromArray(['https://x.example']) },
      'url',
      'Column "url" is not a field of scan_audit.',
    ],
    ['a missing tid', { tid: undefined }, 'tid', 'Column "tid" is required.'],
    ['a missing time', { time: undefined }, 'time', 'Column "time" is required.'],
    ['a null tid', { tid: vectorFromArray([null], new Utf8()) }, 'tid', 'Column "tid" must not be null.'],
    [
      'an empty tid',
      { tid: vectorFromArray([''], new Utf8()) },
      'tid',
      'Column "tid" row 0: tid is required.',
    ],
    [
      'an empty tid in a dictionary',
      { tid: vectorFromArray([''], new Dictionary(new Utf8(), new Int32())) },
      'tid',
      'Column "tid" row 0: tid is required.',
    ],
    [
      'a null time',
      { time: vectorFromArray([null], new Float64()) },
      'time',
      'Column "time" must not be null.',
    ],
    [
      'a negative time',
      { time: vectorFromArray([-5], new Float64()) },
      'time',
      'Column "time" row 0: -5 is not epoch milliseconds.',
    ],
    [
      'an unknown code in a dictionary',
      { audit_action: vectorFromArray(['login', 'explode'], new Dictionary(new Utf8(), new Int32())) },
      'audit_action',
      'Column "audit_action" has an unknown value "explode".',
    ],
    [
      'an unknown code as Utf8',
      { country: vectorFromArray(['ZZ'], new Utf8()) },
      'country',
      'Column "country" row 0: unknown value "ZZ".',
    ],
    [
      'a boolean column',
      { userid: vectorFromArray([true], new Bool()) },
      'userid',
      'Column "userid" must be Utf8 or a dictionary of Utf8, not Bool.',
    ],
  ])('refuses %s, naming the column', (_, columns, field, message) => {
    const rows = 1;
    const base = auditTable(rows) as Table;
    const vectors: Record<string, unknown> = {};
    for (const name of base.schema.names) vectors[String(name)] = base.getChild(String(name));
    for (const [name, vector] of Object.entries(columns)) {
      if (vector === undefined) delete vectors[name];
      else vectors[name] = vector;
    }
    const table = new Table(vectors as Record<string, Vector>);
    expect(refusal(() => planEventColumns('scan_audit', table))).toEqual({ field, message });
  });

  it('refuses an integer that is not whole or out of the safe range', () => {
    const fractional = new Table({
      tid: vectorFromArray(['t'], new Utf8()),
      time: vectorFromArray([NOW], new Float64()),
      bytes_in: vectorFromArray([1.5], new Float64()),
    });
    expect(refusal(() => planEventColumns('fwaas_logs', fractional))).toEqual({
      field: 'bytes_in',
      message: 'Column "bytes_in" row 0: 1.5 is not an integer.',
    });
    const huge = new Table({
      tid: vectorFromArray(['t'], new Utf8()),
      time: vectorFromArray([NOW], new Float64()),
      bytes_in: makeVector(new BigInt64Array([2n ** 60n])),
    });
    expect(refusal(() => planEventColumns('fwaas_logs', huge))).toEqual({
      field: 'bytes_in',
      message: 'Column "bytes_in" row 0: an integer out of range.',
    });
  });

  it('refuses a dictionary key without an entry, and text that is not UTF-8', () => {
    const dictionary = vectorFromArray(['alice'], new Utf8());
    const badKey = makeData({
      type: new Dictionary(new Utf8(), new Int8()),
      length: 2,
      nullCount: 0,
      data: new Int8Array([0, 3]),
      dictionary,
    });
    const table = auditTable(2, { userid: makeVector(badKey) });
    expect(refusal(() => planEventColumns('scan_audit', table))).toEqual({
      field: 'userid',
      message: 'Column "userid" row 1: dictionary key 3 has no entry.',
    });
    const notUtf8 = makeData({
      type: new Utf8(),
      length: 1,
      nullCount: 0,
      valueOffsets: new Int32Array([0, 2]),
      data: new Uint8Array([0xc3, 0x28]),
    });
    expect(
      refusal(() => planEventColumns('scan_audit', auditTable(1, { details: makeVector(notUtf8) }))),
    ).toEqual({
      field: 'details',
      message: 'Column "details" holds text that is not valid UTF-8.',
    });
  });

  it('refuses a log type it does not know', () => {
    const table = auditTable(1);
    expect(refusal(() => planEventColumns('scan_nothing' as 'scan_web', table)).field).toBe('logType');
  });
});

describe('toEventColumns: the encoder a collector uses', () => {
  it('encodes events as a table whose rows read back as the events', () => {
    const events: NewEvent[] = [
      ...generateEvents({
        tenants: [{ tid: 't', name: 'acme' }],
        count: 800,
        now: NOW,
        seed: 3,
        typeWeights: { scan_web: 1 },
      }),
    ].flat();
    const table = toEventColumns('scan_web', events);
    expect(table.numRows).toBe(800);
    events.forEach((event, i) => {
      const row = table.get(i)?.toJSON() as Record<string, unknown>;
      expect(row.tid).toBe(event.tid);
      expect(Number(row.time)).toBe(event.time);
      for (const name of LOG_TYPE_SCHEMAS.scan_web.fields) {
        const value = row[name];
        expect(typeof value === 'bigint' ? Number(value) : value).toEqual(event.fields[name] ?? null);
      }
    });
    // Codes and repeating text as dictionaries; the encoded table passes the checks.
    expect(String(table.schema.fields.find((f) => f.name === 'country')?.type)).toBe(
      'Dictionary<Int32, Utf8>',
    );
    expect(planEventColumns('scan_web', table).rows).toBe(800);
  });

  it('sends text whose values mostly differ as plain Utf8', () => {
    const events: NewEvent[] = Array.from({ length: 100 }, (_, i) => ({
      tid: 't',
      logType: 'scan_audit',
      time: NOW + i,
      fields: { details: `unique detail ${i}`, userid: 'same@acme.example' },
    }));
    const table = toEventColumns('scan_audit', events);
    const typeOf = (name: string): string => String(table.schema.fields.find((f) => f.name === name)?.type);
    expect(typeOf('details')).toBe('Utf8');
    expect(typeOf('userid')).toBe('Dictionary<Int32, Utf8>');
  });

  it('refuses events of another log type', () => {
    const event: NewEvent = { tid: 't', logType: 'scan_web', time: NOW, fields: {} };
    expect(refusal(() => toEventColumns('scan_audit', [event]))).toEqual({
      field: 'logType',
      message: 'events[0] is of scan_web, not scan_audit.',
    });
  });
});
