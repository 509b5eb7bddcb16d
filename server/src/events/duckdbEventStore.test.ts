import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDbEventStore, EVENTS_FILE, buildSelect } from './duckdbEventStore';
import {
  EventStoreInputError,
  type EventQuery,
  type ExportOptions,
  type NewEvent,
  type StoredEvent,
} from './eventStore';
import { CODE_INDEXES } from './codeIndexes';
import { STRING_CACHE_SLOTS } from './duckdbChunks';
import { RISKS } from '@workbench/common/vocabularies/logFilterVocabularies';
import { ClickHouseEventStore } from './clickhouseEventStore';
import {
  clickhouseAvailable,
  startClickHouseCluster,
  type ClickHouseTestCluster,
} from './clickhouseTestServers';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  ALL_FIELDS,
  FIELD_SPECS,
  LOG_TYPES,
  LOG_TYPE_SCHEMAS,
  type FieldValue,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import { Float64, Int32, Table, Utf8, vectorFromArray } from 'apache-arrow';
import { generateEvents } from '../seed/eventGenerator';
import { toEventColumns } from './arrowEvents';
import { toLogEventJson } from './logQuery';
import { csvLine } from './csv';

const NOW = Date.UTC(2026, 10, 20, 12);
const DAY = 86400000;
const CSV_ALL: ExportOptions = {
  format: 'csv',
  values: 'codes',
  columns: LOG_TYPE_SCHEMAS.fwaas_logs.fields,
};
const CSV_ALL_WEB: ExportOptions = { ...CSV_ALL, columns: LOG_TYPE_SCHEMAS.scan_web.fields };
const TENANTS = [
  { tid: 'tid-acme', name: 'acme' },
  { tid: 'tid-globex', name: 'globex' },
];

const withoutNulls = (fields: NewEvent['fields']): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));

/**
 * The engines the event-store suite runs on (one set of tests, describe.each): the embedded
 * DuckDB store, and the ClickHouse store on two throw-away shards (clickhouseTestServers.ts;
 * skipped loudly where ClickHouse is not installed, a failure in CI).
 */
interface Engine {
  /** A new, empty store. */
  open(): Promise<DuckDbEventStore | ClickHouseEventStore>;
  /** The same store opened again (after close). */
  reopen(): Promise<DuckDbEventStore | ClickHouseEventStore>;
  /** Removes what open made (after close). */
  remove(): Promise<void>;
}

let cluster: ClickHouseTestCluster | null = null;
let databases = 0;

const ENGINES: [string, () => Engine][] = [
  [
    'DuckDbEventStore',
    () => {
      let dataDir = '';
      return {
        open: async () => {
          dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'events-'));
          return DuckDbEventStore.open(dataDir);
        },
        reopen: () => DuckDbEventStore.open(dataDir),
        remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  ],
  ...(clickhouseAvailable()
    ? [
        [
          'ClickHouseEventStore (two shards)',
          () => {
            let url = '';
            return {
              open: async () => {
                cluster ??= await startClickHouseCluster(2);
                databases += 1;
                url = cluster.url(`suite_${process.pid}_${databases}`);
                return ClickHouseEventStore.open(url);
              },
              reopen: () => ClickHouseEventStore.open(url),
              // The servers' data directories go with them (afterAll).
              remove: async () => undefined,
            };
          },
        ] as [string, () => Engine],
      ]
    : []),
];

afterAll(async () => {
  await cluster?.stop();
});

let store: DuckDbEventStore | ClickHouseEventStore;
let seeded: NewEvent[];

function web(tid: string, time: number, fields: NewEvent['fields'] = {}): NewEvent {
  return {
    tid,
    logType: 'scan_web',
    time,
    fields: { userid: 'u@acme.example', domain: 'example.com', action: 'allow', ...fields },
  };
}

/**
 * 5,000 firewall events of two tenants with the values ingest gets wrong first: empty, 12- and
 * 13-byte, non-ASCII and long strings, null and undefined fields, large and negative integers;
 * `rule_name` mostly distinct (the encoder sends it as plain Utf8, the others as dictionaries).
 */
function edgeCaseEvents(): NewEvent[] {
  const texts = [
    '',
    'a',
    'abcdefghijkl', // 12 bytes: the longest string DuckDB keeps inline
    'abcdefghijklm', // 13 bytes
    'Zürich', // 6 characters, 7 bytes
    'éééééééééééé', // 12 characters, 24 bytes
    'naïve 🙂 user',
    'x'.repeat(5000),
    '10.0.0.1',
    "o'brien; DROP TABLE events --",
  ];
  const integers = [
    0,
    1,
    -1,
    443,
    2 ** 31,
    2 ** 32,
    2 ** 32 + 1,
    -(2 ** 40) - 3,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
  ];
  const events: NewEvent[] = [];
  for (let i = 0; i < 5000; i += 1) {
    events.push({
      tid: i % 7 === 0 ? 'a-tenant-id-longer-than-twelve-bytes' : 'tid-acme',
      logType: 'fwaas_logs',
      time: NOW - 5000 + i,
      fields: {
        userid: texts[i % texts.length],
        src_ip: i % 3 === 0 ? null : texts[(i * 7) % texts.length],
        rule_name: i % 5 === 0 ? undefined : `${texts[(i * 3) % texts.length]}#${i}`,
        domain: i % 2 === 0 ? null : 'example.com',
        dst_port: integers[i % integers.length],
        bytes_in: i % 4 === 0 ? null : integers[(i * 3) % integers.length],
        bytes_out: i,
        fw_action: i % 11 === 0 ? null : 'allow',
      },
    });
  }
  return events;
}

/** Stored events (by id) are the given events with ids 1..n, their null fields left out. */
function expectStoredAsGiven(stored: readonly StoredEvent[], events: readonly NewEvent[]): void {
  stored.forEach((event, i) => {
    expect(event).toEqual({
      id: i + 1,
      tid: events[i].tid,
      logType: events[i].logType,
      time: events[i].time,
      fields: withoutNulls(events[i].fields),
    });
  });
}

function baseQuery(logType: LogType, tid = 'tid-acme'): EventQuery {
  return { logType, tid, start: NOW - 200 * DAY, end: NOW + DAY, filters: [], limit: 100000 };
}

async function all(query: EventQuery): Promise<StoredEvent[]> {
  return store.query(query);
}

describe.each(ENGINES)('%s', (_name, makeEngine) => {
  const engine = makeEngine();

  beforeAll(async () => {
    store = await engine.open();
    seeded = [...generateEvents({ tenants: TENANTS, count: 3000, now: NOW, seed: 7 })].flat();
    await store.append(seeded);
  });

  afterAll(async () => {
    await store.close();
    await engine.remove();
  });

  it('keeps its events, and they survive a reopen', async () => {
    await store.close();
    store = await engine.reopen();
    expect(await store.count()).toBe(3000);
  });

  it('reads only the asked tenant and log type, newest first by (time, id)', async () => {
    for (const type of LOG_TYPES) {
      const rows = await all(baseQuery(type));
      const expected = seeded.filter((e) => e.tid === 'tid-acme' && e.logType === type).length;
      expect(rows).toHaveLength(expected);
      expect(rows.every((r) => r.tid === 'tid-acme' && r.logType === type)).toBe(true);
      for (let i = 1; i < rows.length; i += 1) {
        const a = rows[i - 1];
        const b = rows[i];
        expect(a.time > b.time || (a.time === b.time && a.id > b.id)).toBe(true);
      }
    }
    expect(await store.count('tid-globex')).toBe(seeded.filter((e) => e.tid === 'tid-globex').length);
  });

  it('returns only the fields of the log type', async () => {
    const [row] = await store.query({ ...baseQuery('scan_audit'), limit: 1 });
    for (const field of Object.keys(row.fields)) expect(LOG_TYPE_SCHEMAS.scan_audit.fields).toContain(field);
    expect(typeof row.fields.userid).toBe('string');
  });

  it('queryJson writes each event as JSON.stringify(toLogEventJson(event)) would, with its keys, for every log type', async () => {
    for (const type of LOG_TYPES) {
      const q = { ...baseQuery(type), limit: 40 };
      const objects = await store.query(q);
      const written = await store.queryJson(q);
      expect(written.json).toEqual(objects.map((e) => JSON.stringify(toLogEventJson(e))));
      expect(written.keys).toEqual(objects.map((e) => ({ time: e.time, id: e.id })));
    }
  });

  it('queryJson escapes text as JSON does: quotes, backslashes, control characters, non-ASCII', async () => {
    const odd = 'a "quoted" \\ back\\slash, tab\t, newline\n, bell\u0007, é, 漢字, emoji 🙂, </script>';
    const tid = 'tid-json-text';
    await store.append([
      { tid, logType: 'scan_web', time: NOW - 1000, fields: { userid: odd, domain: 'x.example' } },
    ]);
    const q = { ...baseQuery('scan_web', tid), limit: 5 };
    const [stored] = await store.query(q);
    const { json } = await store.queryJson(q);
    expect(stored.fields.userid).toBe(odd);
    expect(json).toEqual([JSON.stringify(toLogEventJson(stored))]);
  });

  it('time range: start inclusive, end exclusive', async () => {
    const rows = await all(baseQuery('scan_web'));
    const pivot = rows[10].time;
    const inRange = await all({ ...baseQuery('scan_web'), start: pivot, end: pivot + 1 });
    expect(inRange.length).toBeGreaterThan(0);
    expect(inRange.every((r) => r.time === pivot)).toBe(true);
    const before = await all({ ...baseQuery('scan_web'), end: pivot });
    expect(before.every((r) => r.time < pivot)).toBe(true);
  });

  it('filters by equality on every field of every log type', async () => {
    for (const type of LOG_TYPES) {
      const rows = await all(baseQuery(type));
      for (const field of LOG_TYPE_SCHEMAS[type].fields) {
        const withValue = rows.find((r) => r.fields[field] !== undefined);
        if (!withValue) continue;
        const value = withValue.fields[field];
        const filtered = await all({ ...baseQuery(type), filters: [{ field, values: [value] }] });
        const expected = rows.filter((r) => r.fields[field] === value);
        expect([type, field, filtered.map((r) => r.id)]).toEqual([type, field, expected.map((r) => r.id)]);
      }
    }
  });

  it('several values of one filter mean any of them; several filters mean all of them', async () => {
    const rows = await all(baseQuery('scan_web'));
    const anyOf = await all({
      ...baseQuery('scan_web'),
      filters: [{ field: 'action', values: ['block', 'safeview'] }],
    });
    expect(anyOf.map((r) => r.id)).toEqual(
      rows.filter((r) => r.fields.action === 'block' || r.fields.action === 'safeview').map((r) => r.id),
    );
    const both = await all({
      ...baseQuery('scan_web'),
      filters: [
        { field: 'action', values: ['allow'] },
        { field: 'risk', values: ['G'] },
      ],
    });
    expect(both.map((r) => r.id)).toEqual(
      rows.filter((r) => r.fields.action === 'allow' && r.fields.risk === 'G').map((r) => r.id),
    );
    expect(both.length).toBeGreaterThan(0);
  });

  it('counts what a scan would return', async () => {
    const scan = { ...baseQuery('scan_web'), filters: [{ field: 'risk', values: ['R'] }] };
    expect(await store.countMatching(scan)).toBe((await all(scan)).length);
    expect(await store.countMatching({ ...baseQuery('scan_web', 'tid-nobody') })).toBe(0);
  });

  it('search is a case-insensitive substring over the main fields', async () => {
    const rows = await all(baseQuery('scan_web'));
    const found = await all({ ...baseQuery('scan_web'), search: 'GOOGLE' });
    const expected = rows.filter((r) =>
      LOG_TYPE_SCHEMAS.scan_web.searchFields.some((f) =>
        String(r.fields[f] ?? '')
          .toLowerCase()
          .includes('google'),
      ),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('search and filter values are data, never SQL', async () => {
    const hostile = "x' OR '1'='1";
    await store.append([web('tid-acme', NOW - 1000, { userid: hostile, url: "https://e.com/%_'\\" })]);
    const byUser = await all({ ...baseQuery('scan_web'), filters: [{ field: 'userid', values: [hostile] }] });
    expect(byUser).toHaveLength(1);
    expect(byUser[0].fields.userid).toBe(hostile);
    expect(await all({ ...baseQuery('scan_web'), search: "%_'\\" })).toHaveLength(1);
    expect(await all({ ...baseQuery('scan_web'), search: '%' })).toHaveLength(1);
  });

  it('keyset paging visits every event once, in order', async () => {
    const everything = await all(baseQuery('scan_web'));
    const seen: number[] = [];
    let after: EventQuery['after'];
    for (;;) {
      const block = await store.query({ ...baseQuery('scan_web'), limit: 37, after });
      seen.push(...block.map((r) => r.id));
      if (block.length < 37) break;
      after = { time: block[36].time, id: block[36].id };
    }
    expect(seen).toEqual(everything.map((r) => r.id));
  });

  it('keyset paging sorted by a field (code, integer, text; both orders) visits every event once, in (value, time, id) order, events without a value last', async () => {
    // A tenant of its own: ties on every key (three events per millisecond, three values per
    // field) and events without a value, to page across.
    const tid = 'tid-sort';
    await store.append(
      Array.from({ length: 400 }, (_, i) =>
        web(tid, NOW - 10 * DAY + Math.floor(i / 3) * 1000, {
          status_code: i % 4 === 0 ? null : [200, 404, 500][i % 3],
          domain: i % 5 === 0 ? null : ['b.example', 'a.example', 'c.example'][i % 3],
          threat_class: i % 2 === 0 ? null : ['category', 'botnet', 'c&c'][i % 3],
        }),
      ),
    );
    const q = baseQuery('scan_web', tid);
    const everything = await all(q);
    const rank = (field: string, v: FieldValue) =>
      FIELD_SPECS[field].kind === 'code'
        ? (CODE_INDEXES.get(field) as ReadonlyMap<string, number>).get(v as string)!
        : v;
    for (const sortField of ['threat_class', 'status_code', 'domain']) {
      for (const order of ['desc', 'asc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...everything].sort((a, b) => {
          const va = a.fields[sortField];
          const vb = b.fields[sortField];
          if (va === undefined || vb === undefined) {
            if (va !== vb) return va === undefined ? 1 : -1;
          } else if (va !== vb) return rank(sortField, va) < rank(sortField, vb) ? -sign : sign;
          return a.time !== b.time ? sign * (a.time - b.time) : sign * (a.id - b.id);
        });
        const seen: number[] = [];
        let after: EventQuery['after'];
        for (;;) {
          // The route's path: queryJson's keys carry the sort value for the cursor.
          const block = await store.queryJson({ ...q, sortField, order, limit: 97, after });
          seen.push(...block.keys.map((k) => k.id));
          if (block.keys.length < 97) break;
          after = block.keys[96];
        }
        expect(seen).toEqual(expected.map((e) => e.id));
        const scanned: number[] = [];
        for await (const batch of store.scan({ ...q, sortField, order }, 150))
          scanned.push(...batch.map((e) => e.id));
        expect(scanned).toEqual(seen);
      }
    }
  });

  it('a field that cannot be sorted by, or a cursor value not of the field, is refused', async () => {
    await expect(store.query({ ...baseQuery('scan_web'), sortField: 'url', limit: 5 })).rejects.toMatchObject(
      {
        field: 'sortField',
      },
    );
    await expect(
      store.query({ ...baseQuery('scan_web'), sortField: 'dlp_rule', limit: 5 }),
    ).rejects.toBeInstanceOf(EventStoreInputError);
    await expect(
      store.query({
        ...baseQuery('scan_web'),
        sortField: 'risk',
        limit: 5,
        after: { time: NOW, id: 1, value: 'not-a-risk' },
      }),
    ).rejects.toMatchObject({ field: 'after' });
  });

  it('paging through while newer events arrive neither skips nor repeats an event', async () => {
    const q = baseQuery('scan_email', 'tid-globex');
    const before = await all(q);
    const seen: number[] = [];
    let after: EventQuery['after'];
    let arrivals = 0;
    for (;;) {
      const [block] = await Promise.all([
        store.query({ ...q, limit: 25, after }),
        store.append([
          {
            tid: 'tid-globex',
            logType: 'scan_email',
            time: NOW + arrivals,
            fields: { sender: 'new@x.example', recipient: 'r@globex.example' },
          },
          {
            tid: 'tid-globex',
            logType: 'scan_email',
            time: before[0].time,
            fields: { sender: 'same-time@x.example' },
          },
        ]),
      ]);
      arrivals += 1;
      seen.push(...block.map((r) => r.id));
      if (block.length < 25) break;
      after = { time: block[24].time, id: block[24].id };
    }
    expect(arrivals).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    for (const event of before) expect(seen).toContain(event.id);
  });

  it('order asc reads oldest first by (time, id), the exact reverse of desc', async () => {
    for (const type of LOG_TYPES) {
      const desc = await all(baseQuery(type));
      const asc = await all({ ...baseQuery(type), order: 'asc' });
      expect(asc.map((r) => r.id)).toEqual([...desc].reverse().map((r) => r.id));
    }
  });

  it('keyset paging in asc order visits every event once, oldest first', async () => {
    const q: EventQuery = { ...baseQuery('scan_web'), order: 'asc' };
    const everything = await all(q);
    const seen: number[] = [];
    let after: EventQuery['after'];
    for (;;) {
      const block = await store.query({ ...q, limit: 37, after });
      seen.push(...block.map((r) => r.id));
      if (block.length < 37) break;
      after = { time: block[36].time, id: block[36].id };
    }
    expect(seen).toEqual(everything.map((r) => r.id));
    for (let i = 1; i < everything.length; i += 1) {
      const a = everything[i - 1];
      const b = everything[i];
      expect(a.time < b.time || (a.time === b.time && a.id < b.id)).toBe(true);
    }
  });

  it('paging asc while events arrive (newer, and at the cursor time) neither skips nor repeats an event', async () => {
    const q: EventQuery = { ...baseQuery('scan_web', 'tid-globex'), order: 'asc' };
    const before = await all(q);
    const seen: number[] = [];
    let after: EventQuery['after'];
    let arrivals = 0;
    for (;;) {
      const [block] = await Promise.all([
        store.query({ ...q, limit: 25, after }),
        store.append([
          web('tid-globex', NOW + arrivals),
          // Same time as the last event already read: a larger id, so it comes after the cursor.
          web('tid-globex', after ? after.time : before[0].time),
          web('tid-globex', before[0].time - 1),
        ]),
      ]);
      arrivals += 1;
      seen.push(...block.map((r) => r.id));
      if (block.length < 25) break;
      after = { time: block[24].time, id: block[24].id };
    }
    expect(arrivals).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    for (const event of before) expect(seen).toContain(event.id);
  });

  it('an unknown order is refused naming order', async () => {
    await expect(
      store.query({ ...baseQuery('scan_web'), order: 'sideways' as EventQuery['order'] }),
    ).rejects.toThrow(new EventStoreInputError('order', 'order must be desc or asc, got "sideways".'));
  });

  it('finds the oldest events however far apart they are in time (asc)', async () => {
    const tid = 'tid-sparse-asc';
    await store.append([0, 1, 2, 3].map((k) => web(tid, NOW - k * 40 * DAY - k)));
    const q: EventQuery = { ...baseQuery('scan_web', tid), order: 'asc' };
    const rows = await store.query({ ...q, limit: 3 });
    expect(rows.map((r) => r.time)).toEqual([NOW - 120 * DAY - 3, NOW - 80 * DAY - 2, NOW - 40 * DAY - 1]);
    const next = await store.query({ ...q, limit: 3, after: { time: rows[2].time, id: rows[2].id } });
    expect(next.map((r) => r.time)).toEqual([NOW]);
  });

  it('finds the newest events however far apart they are in time', async () => {
    const tid = 'tid-sparse';
    await store.append([0, 1, 2, 3].map((k) => web(tid, NOW - k * 40 * DAY - k)));
    const rows = await store.query({ ...baseQuery('scan_web', tid), limit: 3 });
    expect(rows.map((r) => r.time)).toEqual([NOW, NOW - 40 * DAY - 1, NOW - 80 * DAY - 2]);
    const next = await store.query({
      ...baseQuery('scan_web', tid),
      limit: 3,
      after: { time: rows[2].time, id: rows[2].id },
    });
    expect(next.map((r) => r.time)).toEqual([NOW - 120 * DAY - 3]);
  });

  it('a scan returns the whole result in batches, newest first', async () => {
    const q = baseQuery('fwaas_logs');
    const expected = (await all(q)).map((r) => r.id);
    const got: number[] = [];
    let batches = 0;
    for await (const batch of store.scan({ ...q }, 50)) {
      batches += 1;
      got.push(...batch.map((r) => r.id));
    }
    expect(got).toEqual(expected);
    expect(batches).toBe(Math.ceil(expected.length / 50));
  });

  it('exportRows writes the scan as CSV lines, window after window, in either order', async () => {
    const fields = LOG_TYPE_SCHEMAS.fwaas_logs.fields;
    // The same rows rendered in JavaScript (csv.ts), but for one rule of DuckDB's writer: a value
    // with only leading or trailing spaces goes out unquoted (RFC 4180 keeps spaces as they are).
    const cell = (v: string | number | undefined) =>
      typeof v === 'string' && /^\s|\s$/.test(v) && !/[",\r\n]/.test(v)
        ? String(v)
        : csvLine([v]).slice(0, -2);
    const expected = (events: StoredEvent[]) =>
      events
        .map(
          (e) =>
            `${[String(e.id), new Date(e.time).toISOString(), ...fields.map((f) => e.fields[f])].map(cell).join(',')}\r\n`,
        )
        .join('');
    for (const order of ['desc', 'asc'] as const) {
      const q: EventQuery = { ...baseQuery('fwaas_logs'), order };
      const chunks: Buffer[] = [];
      for await (const chunk of store.exportRows(q, CSV_ALL, 100)) chunks.push(chunk);
      const events = await all(q);
      expect(chunks.length).toBeGreaterThan(2); // several windows, more than are written at once
      expect(Buffer.concat(chunks).toString('utf8')).toBe(expected(events));
    }
  });

  it('exportRows: some columns, labels, NDJSON, sorted by a field', async () => {
    const q: EventQuery = { ...baseQuery('scan_web'), sortField: 'risk', order: 'asc' };
    const events = await all(q);
    const columns = ['risk', 'userid', 'status_code'];
    const read = async (options: ExportOptions) => {
      const chunks: Buffer[] = [];
      for await (const chunk of store.exportRows(q, options, 100)) chunks.push(chunk);
      return Buffer.concat(chunks).toString('utf8');
    };
    const labelOf = (code: string | number | undefined) => RISKS.find((r) => r.code === code)?.label;
    const csv = (await read({ format: 'csv', values: 'labels', columns })).split('\r\n');
    expect(csv).toHaveLength(events.length + 1);
    expect(csv[0]).toBe(
      [
        events[0].id,
        new Date(events[0].time).toISOString(),
        labelOf(events[0].fields.risk) ?? '',
        events[0].fields.userid ?? '',
        events[0].fields.status_code ?? '',
      ].join(','),
    );
    const lines = (await read({ format: 'ndjson', values: 'codes', columns })).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual(
      events.map((e) => ({
        id: String(e.id),
        event_time: new Date(e.time).toISOString(),
        risk: e.fields.risk ?? null,
        userid: e.fields.userid ?? null,
        status_code: e.fields.status_code ?? null,
      })),
    );
  });

  it('exportRows quotes, doubles quotes and disarms formula-like text', async () => {
    const tid = 'tid-csv';
    await store.append([
      web(tid, NOW - 3, { url: '=HYPERLINK("http://x")', domain: 'a,b.example' }),
      web(tid, NOW - 2, { url: 'https://x.example/a\nb', user_agent: '@SUM(1)' }),
      // Every formula-start character (csv.ts), and ones that are not (a later '=', a non-ASCII first).
      web(tid, NOW - 1, {
        url: '+1',
        domain: '-1',
        user_agent: '\tA',
        userid: '\rB',
        groups: 'é=1',
        file_name: 'a=1',
      }),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of store.exportRows({ ...baseQuery('scan_web', tid), order: 'asc' }, CSV_ALL_WEB))
      chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain(`,"a,b.example","'=HYPERLINK(""http://x"")",`);
    expect(text).toContain(`,"https://x.example/a\nb",`);
    expect(text).toContain(`,'@SUM(1),`);
    const last = text.split('\r\n')[2];
    for (const cell of [`'+1`, `'-1`, `'\tA`, `"'\rB"`, `é=1`, `a=1`])
      expect(last.split(',')).toContain(cell);
    expect(text.split('\r\n')).toHaveLength(4);
    // NDJSON (built in SQL): byte for byte JSON.stringify's, whatever the text holds.
    const odd = ['a#b, "c" \\ d\n\u0001é😀/', '', '#'];
    await store.append([
      web(tid, NOW, { url: odd[0], domain: odd[1], userid: odd[2], risk: 'R', status_code: -7 }),
    ]);
    const options: ExportOptions = {
      format: 'ndjson',
      values: 'labels',
      columns: ['url', 'domain', 'userid', 'risk', 'status_code', 'bytes_in'],
    };
    const q: EventQuery = { ...baseQuery('scan_web', tid), order: 'asc' };
    const nd: Buffer[] = [];
    for await (const chunk of store.exportRows(q, options)) nd.push(chunk);
    const expected = (await all(q)).map((e) =>
      JSON.stringify({
        id: String(e.id),
        event_time: new Date(e.time).toISOString(),
        ...Object.fromEntries(
          options.columns.map((f) => {
            const v = e.fields[f];
            return [f, f === 'risk' ? (RISKS.find((r) => r.code === v)?.label ?? null) : (v ?? null)];
          }),
        ),
      }),
    );
    expect(Buffer.concat(nd).toString('utf8')).toBe(expected.map((l) => `${l}\n`).join(''));
    expect(expected[3]).toContain(JSON.stringify(odd[0]));
  });

  it('a scan in asc order returns the whole result in batches, oldest first', async () => {
    const q: EventQuery = { ...baseQuery('fwaas_logs'), order: 'asc' };
    const expected = (await all(q)).map((r) => r.id);
    const got: number[] = [];
    for await (const batch of store.scan(q, 50)) got.push(...batch.map((r) => r.id));
    expect(got).toEqual(expected);
    expect(got).toEqual((await all(baseQuery('fwaas_logs'))).map((r) => r.id).reverse());
  });

  it('many reads at once (more than its reader connections) each get their own answer', async () => {
    const queries = LOG_TYPES.flatMap((logType) =>
      TENANTS.flatMap(({ tid }) =>
        (['desc', 'asc'] as const).map((order): EventQuery => ({
          ...baseQuery(logType, tid),
          order,
          limit: 7,
        })),
      ),
    );
    expect(queries.length).toBeGreaterThan(20);
    const oneAtATime: StoredEvent[][] = [];
    for (const q of queries) oneAtATime.push(await store.query(q));
    const atOnce = await Promise.all([
      ...queries.map((q) => store.query(q)),
      ...queries.map((q) => store.countMatching(q)),
    ]);
    expect(atOnce.slice(0, queries.length)).toEqual(oneAtATime);
    for (const [i, q] of queries.entries())
      expect(atOnce[queries.length + i]).toBe(await store.countMatching(q));
    expect(oneAtATime.every((events) => events.length === 7)).toBe(true);
  });

  it('bad input gets a clear error and changes nothing', async () => {
    const count = await store.count();
    const bad: NewEvent[] = [
      web('tid-acme', NOW),
      { tid: 'tid-acme', logType: 'scan_web', time: NOW, fields: { action: 'explode' } },
    ];
    await expect(store.append(bad)).rejects.toThrow(
      'events[1]: Field "action" has an unknown value "explode".',
    );
    await expect(
      store.append([{ tid: 'tid-acme', logType: 'scan_web', time: NOW, fields: { dlp_rule: 'x' } }]),
    ).rejects.toThrow('field "dlp_rule" is not a field of scan_web');
    await expect(store.append([{ tid: '', logType: 'scan_web', time: NOW, fields: {} }])).rejects.toThrow(
      'tid is required',
    );
    await expect(
      store.append([{ tid: 't', logType: 'scan_nope' as LogType, time: NOW, fields: {} }]),
    ).rejects.toThrow('unknown log type');
    await expect(store.append([{ tid: 't', logType: 'scan_web', time: 1.5, fields: {} }])).rejects.toThrow(
      'time must be epoch',
    );
    await expect(
      store.append([{ tid: 't', logType: 'fwaas_logs', time: NOW, fields: { dst_port: '443' } }]),
    ).rejects.toThrow('must be an integer');
    expect(await store.count()).toBe(count);

    await expect(
      store.query({
        ...baseQuery('scan_web'),
        filters: [{ field: 'time; DROP TABLE events', values: ['x'] }],
      }),
    ).rejects.toThrow(EventStoreInputError);
    await expect(
      store.query({ ...baseQuery('scan_audit'), filters: [{ field: 'domain', values: ['x'] }] }),
    ).rejects.toThrow('"domain" is not a field of scan_audit');
    await expect(
      store.query({ ...baseQuery('scan_web'), filters: [{ field: 'risk', values: [] }] }),
    ).rejects.toThrow('has no value');
    await expect(store.query({ ...baseQuery('scan_web'), limit: 0 })).rejects.toThrow(
      'limit must be a positive integer',
    );
    expect(await store.count()).toBe(count);
  });
});

describe('DuckDbEventStore', () => {
  it('keeps its events in <dataDir>/events.duckdb', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'events-file-'));
    const opened = await DuckDbEventStore.open(dataDir);
    await opened.close();
    expect(fs.existsSync(path.join(dataDir, EVENTS_FILE))).toBe(true);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('exportRows streams a file in chunks of 1 MiB, keeps at most 4 files, and removes them when the consumer stops', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'events-export-'));
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'events-export-tmp-'));
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = tmp; // the store's temporary files, apart from other suites'
    const opened = await DuckDbEventStore.open(dataDir);
    try {
      // 400 events 10 minutes apart, each ~6 KB: 2.4 MB of CSV.
      await opened.append(
        Array.from({ length: 400 }, (_, i) =>
          web('tid-x', NOW - (400 - i) * 600_000, { url: `${i}`.padEnd(6000, 'u') }),
        ),
      );
      const q: EventQuery = baseQuery('scan_web', 'tid-x');
      const chunks: Buffer[] = [];
      for await (const chunk of opened.exportRows(q, CSV_ALL_WEB)) chunks.push(chunk);
      expect(chunks.length).toBeGreaterThan(2);
      expect(Math.max(...chunks.map((c) => c.length))).toBe(1024 * 1024);
      const windowed: Buffer[] = [];
      let mostFiles = 0;
      for await (const chunk of opened.exportRows(q, CSV_ALL_WEB, 10)) {
        windowed.push(chunk);
        mostFiles = Math.max(mostFiles, fs.readdirSync(tmp).length);
      }
      expect(windowed.length).toBeGreaterThan(20); // ~40 windows and a few small last ones
      expect(mostFiles).toBeLessThanOrEqual(4);
      expect(Buffer.concat(windowed).equals(Buffer.concat(chunks))).toBe(true);
      // A download cancelled after its first chunk: nothing is left behind.
      for await (const chunk of opened.exportRows(q, CSV_ALL_WEB, 10)) if (chunk.length > 0) break;
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      process.env.TMPDIR = savedTmp;
      await opened.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('binds every value: none is in the SQL text', () => {
    const hostile = "x' OR '1'='1";
    const { sql, params } = buildSelect({
      ...baseQuery('scan_web'),
      filters: [{ field: 'userid', values: [hostile] }],
      search: 'needle',
    });
    expect(sql).not.toContain(hostile);
    expect(sql).not.toContain('needle');
    expect(sql).not.toContain('tid-acme');
    expect(params).toContain(hostile);
  });
});

describe('DuckDbEventStore ingest (columnar data chunks)', () => {
  let roundTripDir: string;
  let roundTripStore: DuckDbEventStore;

  beforeEach(async () => {
    roundTripDir = fs.mkdtempSync(path.join(os.tmpdir(), 'events-ingest-'));
    roundTripStore = await DuckDbEventStore.open(roundTripDir);
  });

  afterEach(async () => {
    await roundTripStore.close();
    fs.rmSync(roundTripDir, { recursive: true, force: true });
  });

  /** Every stored event of a tenant and type, oldest first, with the fields as given. */
  async function storedInOrder(tid: string, logType: LogType): Promise<StoredEvent[]> {
    const stored = await roundTripStore.query({ ...baseQuery(logType, tid), limit: 1_000_000 });
    return [...stored].reverse();
  }

  it('stores every value as given: empty, 12- and 13-byte, non-ASCII and long strings, nulls, large and negative integers, across several chunks', async () => {
    const events = edgeCaseEvents();
    expect(await roundTripStore.append(events)).toBe(5000);
    const stored = [
      ...(await storedInOrder('tid-acme', 'fwaas_logs')),
      ...(await storedInOrder('a-tenant-id-longer-than-twelve-bytes', 'fwaas_logs')),
    ].sort((a, b) => a.id - b.id);
    expect(stored).toHaveLength(5000);
    expectStoredAsGiven(stored, events);
  });

  it('stores generated events of every log type exactly as generated, with increasing ids', async () => {
    const batches = [
      ...generateEvents({ tenants: TENANTS, count: 6000, now: NOW, seed: 11, batchSize: 2500 }),
    ];
    for (const batch of batches) await roundTripStore.append(batch);
    const generated = batches.flat();
    const stored: StoredEvent[] = [];
    for (const tenant of TENANTS) {
      for (const logType of LOG_TYPES) stored.push(...(await storedInOrder(tenant.tid, logType)));
    }
    stored.sort((a, b) => a.id - b.id);
    expect(stored.map((e) => e.id)).toEqual(generated.map((_, i) => i + 1));
    expectStoredAsGiven(stored, generated);
  });

  it('stores every string right when there are more distinct strings than the string cache holds', async () => {
    // Four distinct strings too long to inline (over 12 bytes) per event, and `details` one
    // repeated string or a short inlined one: the first append fills most of the cache, the second
    // overflows it part-way (a chunk's strings could not all fit, so it is cleared and the
    // repeated string is handed to DuckDB anew). Four per event, not one: a quarter of the rows to
    // append and read back (reading every column of 140,000 rows was most of this file's CPU).
    const perEvent = (i: number) => ({
      userid: `user-${i}@a-long-domain.example`,
      object: `object-${i}-of-the-matrix`,
      before: `{"before-value":${i}}`,
      after: `{"after-value":${i}}`,
      details: i % 2 ? 'same details text' : `d${i}`,
    });
    const events: NewEvent[] = [];
    for (let i = 0; i < 35_000; i += 1) {
      events.push({ tid: 'tid-acme', logType: 'scan_audit', time: NOW - 200_000 + i, fields: perEvent(i) });
    }
    const cached = new Set(
      events.flatMap((e) => Object.values(e.fields).filter((v) => typeof v === 'string' && v.length > 12)),
    );
    expect(cached.size).toBeGreaterThan(STRING_CACHE_SLOTS);
    await roundTripStore.append(events.slice(0, 25_000));
    await roundTripStore.append(events.slice(25_000));
    const stored = await storedInOrder('tid-acme', 'scan_audit');
    expect(stored).toHaveLength(events.length);
    const fields = Object.keys(perEvent(0));
    const mismatches = stored.filter((e, i) => fields.some((f) => e.fields[f] !== events[i].fields[f]));
    expect(mismatches).toEqual([]);
  });

  it('a batch with one bad event stores none of it, and the next good batch continues the ids', async () => {
    const good = web('tid-acme', NOW - 10);
    await expect(
      roundTripStore.append([good, { ...good, fields: { status_code: 2 ** 60 } }]),
    ).rejects.toThrow('events[1]: Field "status_code" must be an integer.');
    expect(await roundTripStore.count()).toBe(0);
    await roundTripStore.append([good, good]);
    const stored = await roundTripStore.query(baseQuery('scan_web'));
    expect(stored.map((e) => e.id).sort()).toEqual([1, 2]);
  });
});

describe('DuckDbEventStore bulk path (appendColumns: Arrow tables)', () => {
  let dirs: string[];
  let bulk: DuckDbEventStore;
  let rows: DuckDbEventStore;

  beforeEach(async () => {
    dirs = [
      fs.mkdtempSync(path.join(os.tmpdir(), 'events-bulk-')),
      fs.mkdtempSync(path.join(os.tmpdir(), 'events-rows-')),
    ];
    bulk = await DuckDbEventStore.open(dirs[0]);
    rows = await DuckDbEventStore.open(dirs[1]);
  });

  afterEach(async () => {
    await bulk.close();
    await rows.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  /** Every event of the store, by id. */
  async function everything(of: DuckDbEventStore): Promise<StoredEvent[]> {
    const stored: StoredEvent[] = [];
    for (const tenant of [...TENANTS, { tid: 'a-tenant-id-longer-than-twelve-bytes' }]) {
      for (const logType of LOG_TYPES) {
        stored.push(...(await of.query({ ...baseQuery(logType, tenant.tid), limit: 1_000_000 })));
      }
    }
    return stored.sort((a, b) => a.id - b.id);
  }

  it('stores generated events of every log type exactly as the row path does (ids, tenants, times, every field)', async () => {
    const batches = [
      ...generateEvents({ tenants: TENANTS, count: 9000, now: NOW, seed: 5, batchSize: 3000 }),
    ];
    for (const batch of batches) {
      await rows.append(batch);
      for (const logType of LOG_TYPES) {
        const ofType = batch.filter((e) => e.logType === logType);
        await rows.flush();
        expect(await bulk.appendColumns(logType, toEventColumns(logType, ofType))).toBe(ofType.length);
      }
    }
    const fromBulk = await everything(bulk);
    expect(fromBulk).toHaveLength(9000);
    // Ids follow each table's rows: compare by content, then check the ids are 1..n.
    const key = (e: StoredEvent): string => JSON.stringify([e.tid, e.logType, e.time, e.fields]);
    const fromRows = await everything(rows);
    expect(fromBulk.map(key).sort()).toEqual(fromRows.map(key).sort());
    expect(fromBulk.map((e) => e.id)).toEqual(fromBulk.map((_, i) => i + 1));
  });

  it('stores every value as given: empty, 12- and 13-byte, non-ASCII and long strings, nulls, large and negative integers, across several chunks', async () => {
    const events = edgeCaseEvents();
    const table = toEventColumns('fwaas_logs', events);
    expect(String(table.schema.fields.find((f) => f.name === 'rule_name')?.type)).toBe('Utf8');
    expect(await bulk.appendColumns('fwaas_logs', table)).toBe(5000);
    const stored = await everything(bulk);
    expect(stored).toHaveLength(5000);
    expectStoredAsGiven(stored, events);
  });

  it('reads other column types too: codes as Utf8, integers as Int32 and Float64, several record batches, a slice at an odd row', async () => {
    const n = 3000;
    const part = (from: number, to: number): Table =>
      new Table({
        tid: vectorFromArray(
          Array.from({ length: to - from }, () => 'tid-acme'),
          new Utf8(),
        ),
        time: vectorFromArray(
          Array.from({ length: to - from }, (_, i) => NOW - n + from + i),
          new Float64(),
        ),
        userid: vectorFromArray(
          Array.from({ length: to - from }, (_, i) => (i % 9 === 0 ? null : `user-${from + i}@acme.example`)),
          new Utf8(),
        ),
        country: vectorFromArray(
          Array.from({ length: to - from }, (_, i) => (i % 4 === 0 ? null : ['US', 'DE', 'FR'][i % 3])),
          new Utf8(),
        ),
        src_port: vectorFromArray(
          Array.from({ length: to - from }, (_, i) => (i % 6 === 0 ? null : from + i)),
          new Int32(),
        ),
        bytes_out: vectorFromArray(
          Array.from({ length: to - from }, (_, i) => (from + i) * 1000),
          new Float64(),
        ),
      });
    const whole = part(0, 1000).concat(part(1000, n));
    expect(whole.batches).toHaveLength(2);
    const table = whole.slice(3, n - 5);
    expect(await bulk.appendColumns('fwaas_logs', table)).toBe(n - 8);
    const stored = await everything(bulk);
    expect(stored).toHaveLength(n - 8);
    stored.forEach((event, i) => {
      const row = table.get(i)?.toJSON() as Record<string, unknown>;
      const expected = Object.fromEntries(
        ['userid', 'country', 'src_port', 'bytes_out'].filter((f) => row[f] !== null).map((f) => [f, row[f]]),
      );
      expect(event).toEqual({
        id: i + 1,
        tid: 'tid-acme',
        logType: 'fwaas_logs',
        time: row.time,
        fields: expected,
      });
    });
    // A code filter reads the stored codes.
    const german = await bulk.query({
      ...baseQuery('fwaas_logs'),
      filters: [{ field: 'country', values: ['DE'] }],
    });
    expect(german.length).toBe(stored.filter((e) => e.fields.country === 'DE').length);
  });

  it('a bad table stores nothing and takes no ids; the next good one starts at id 1', async () => {
    const good: NewEvent = web('tid-acme', NOW - 10);
    const bad = toEventColumns('scan_web', [good, { ...good, fields: { ...good.fields, status_code: 2.5 } }]);
    await expect(bulk.appendColumns('scan_web', bad)).resolves.toBe(2);
    expect(await bulk.count()).toBe(2);
    const refused = new Table({
      tid: vectorFromArray(['tid-acme'], new Utf8()),
      time: vectorFromArray([NOW], new Float64()),
      country: vectorFromArray(['ZZ'], new Utf8()),
    });
    await expect(bulk.appendColumns('scan_web', refused)).rejects.toThrow(EventStoreInputError);
    await expect(bulk.appendColumns('scan_web', refused)).rejects.toThrow(
      'Column "country" row 0: unknown value "ZZ".',
    );
    expect(await bulk.count()).toBe(2);
    await bulk.appendColumns('scan_web', toEventColumns('scan_web', [good]));
    expect((await bulk.query(baseQuery('scan_web'))).map((e) => e.id).sort()).toEqual([1, 2, 3]);
  });
});

describe('DuckDbEventStore: a file of an older layout', () => {
  let oldDir: string;

  /** Writes `<dir>/events.duckdb` as the first version of the store did: schema version 1. */
  async function writeV1File(dir: string, events: readonly StoredEvent[]): Promise<void> {
    const instance = await DuckDBInstance.create(path.join(dir, EVENTS_FILE));
    const connection = await instance.connect();
    await connection.run('CREATE TABLE event_store_meta (schema_version INTEGER NOT NULL)');
    await connection.run('INSERT INTO event_store_meta VALUES (1)');
    const columns = ALL_FIELDS.map((f) => `${f} ${FIELD_SPECS[f].kind === 'integer' ? 'BIGINT' : 'VARCHAR'}`);
    await connection.run(
      `CREATE TABLE events (id BIGINT NOT NULL, tid VARCHAR NOT NULL, log_type VARCHAR NOT NULL, time BIGINT NOT NULL, ${columns.join(', ')})`,
    );
    for (const event of events) {
      const names = Object.keys(event.fields);
      const values = names.map((n) => {
        const value = event.fields[n];
        return typeof value === 'number' ? BigInt(value) : value;
      });
      const marks = names.map((_, i) => `$${i + 5}`);
      await connection.run(
        `INSERT INTO events (id, tid, log_type, time${names.map((n) => `, ${n}`).join('')}) VALUES ($1, $2, $3, $4${marks.map((m) => `, ${m}`).join('')})`,
        [BigInt(event.id), event.tid, event.logType, BigInt(event.time), ...values],
      );
    }
    connection.disconnectSync();
    instance.closeSync();
  }

  beforeEach(() => {
    oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'events-v1-'));
  });

  afterEach(() => {
    fs.rmSync(oldDir, { recursive: true, force: true });
  });

  it('opens and converts to one table per log type: every saved event is kept, and new ids continue after them', async () => {
    const generated = [...generateEvents({ tenants: TENANTS, count: 300, now: NOW, seed: 5 })].flat();
    // Saved in an order other than time, with gaps in the ids, as a real file may have them.
    const saved: StoredEvent[] = generated
      .map((e, i) => ({
        id: 10 + i * 3,
        tid: e.tid,
        logType: e.logType,
        time: e.time,
        fields: withoutNulls(e.fields) as StoredEvent['fields'],
      }))
      .reverse();
    await writeV1File(oldDir, saved);

    const opened = await DuckDbEventStore.open(oldDir);
    try {
      expect(await opened.count()).toBe(saved.length);
      for (const tenant of TENANTS) {
        for (const logType of LOG_TYPES) {
          const expected = saved
            .filter((e) => e.tid === tenant.tid && e.logType === logType)
            .sort((a, b) => b.time - a.time || b.id - a.id);
          const stored = await opened.query({ ...baseQuery(logType, tenant.tid), limit: 1000 });
          expect(stored).toEqual(expected);
        }
      }
      await opened.append([web('tid-acme', NOW)]);
      const [newest] = await opened.query({ ...baseQuery('scan_web'), limit: 1 });
      expect(newest.id).toBe(Math.max(...saved.map((e) => e.id)) + 1);
    } finally {
      await opened.close();
    }

    // The old table is gone, and the converted file opens as it is.
    const instance = await DuckDBInstance.create(path.join(oldDir, EVENTS_FILE));
    const connection = await instance.connect();
    const tables = (
      await connection.runAndReadAll('SELECT table_name FROM duckdb_tables() ORDER BY 1')
    ).getRows();
    const version = (await connection.runAndReadAll('SELECT schema_version FROM event_store_meta')).getRows();
    connection.disconnectSync();
    instance.closeSync();
    expect(tables.map((r) => r[0])).toEqual([
      // The ids of the events delivered from the config store's outbox (events/README.md).
      'delivered_events',
      'event_store_meta',
      ...LOG_TYPES.map((t) => `events_${t}`).sort(),
      'load_progress',
    ]);
    expect(version).toEqual([[3]]);
    const reopened = await DuckDbEventStore.open(oldDir);
    expect(await reopened.count()).toBe(saved.length + 1);
    await reopened.close();
  });

  /**
   * Writes `<dir>/events.duckdb` with one table per log type (schema version 2, or 3), each code
   * column of the SQL type `codeType(field)` (after `prelude`, e.g. the CREATE TYPE of that type).
   */
  async function writePerTypeFile(
    dir: string,
    events: readonly StoredEvent[],
    version: number,
    codeType: (field: string) => string,
    prelude: readonly string[] = [],
  ): Promise<void> {
    const instance = await DuckDBInstance.create(path.join(dir, EVENTS_FILE));
    const connection = await instance.connect();
    await connection.run('CREATE TABLE event_store_meta (schema_version INTEGER NOT NULL)');
    await connection.run(`INSERT INTO event_store_meta VALUES (${version})`);
    for (const sql of prelude) await connection.run(sql);
    for (const logType of LOG_TYPES) {
      const columns = LOG_TYPE_SCHEMAS[logType].fields.map((f) => {
        const { kind } = FIELD_SPECS[f];
        return `${f} ${kind === 'integer' ? 'BIGINT' : kind === 'code' ? codeType(f) : 'VARCHAR'}`;
      });
      await connection.run(
        `CREATE TABLE events_${logType} (id BIGINT NOT NULL, tid VARCHAR NOT NULL, time BIGINT NOT NULL, ${columns.join(', ')})`,
      );
    }
    for (const event of events) {
      const names = Object.keys(event.fields);
      const values = names.map((n) => {
        const value = event.fields[n];
        return typeof value === 'number' ? BigInt(value) : value;
      });
      await connection.run(
        `INSERT INTO events_${event.logType} (id, tid, time${names.map((n) => `, ${n}`).join('')}) VALUES ($1, $2, $3${names.map((_, i) => `, $${i + 4}`).join('')})`,
        [BigInt(event.id), event.tid, BigInt(event.time), ...values],
      );
    }
    connection.disconnectSync();
    instance.closeSync();
  }

  /** The file's schema version, its code columns' types and its `code_` types (store closed). */
  async function layoutOf(
    dir: string,
  ): Promise<{ version: unknown; codeColumns: string[]; types: string[] }> {
    const instance = await DuckDBInstance.create(path.join(dir, EVENTS_FILE));
    const connection = await instance.connect();
    const version = (
      await connection.runAndReadAll('SELECT schema_version FROM event_store_meta')
    ).getRows()[0][0];
    const columns = (
      await connection.runAndReadAll(
        "SELECT column_name, data_type FROM duckdb_columns() WHERE table_name LIKE 'events_%'",
      )
    ).getRows();
    const types = (
      await connection.runAndReadAll(
        "SELECT type_name FROM duckdb_types() WHERE starts_with(type_name, 'code_') ORDER BY 1",
      )
    ).getRows();
    connection.disconnectSync();
    instance.closeSync();
    return {
      version,
      codeColumns: columns.filter((r) => FIELD_SPECS[String(r[0])]?.kind === 'code').map((r) => String(r[1])),
      types: types.map((r) => String(r[0])),
    };
  }

  /** 300 generated events as a file keeps them, ids with gaps, newest first. */
  function savedEvents(): StoredEvent[] {
    return [...generateEvents({ tenants: TENANTS, count: 300, now: NOW, seed: 9 })].flat().map((e, i) => ({
      id: 5 + i * 2,
      tid: e.tid,
      logType: e.logType,
      time: e.time,
      fields: withoutNulls(e.fields) as StoredEvent['fields'],
    }));
  }

  async function expectKept(opened: DuckDbEventStore, saved: readonly StoredEvent[]): Promise<void> {
    expect(await opened.count()).toBe(saved.length);
    for (const tenant of TENANTS) {
      for (const logType of LOG_TYPES) {
        const expected = saved
          .filter((e) => e.tid === tenant.tid && e.logType === logType)
          .sort((a, b) => b.time - a.time || b.id - a.id);
        const stored = await opened.query({ ...baseQuery(logType, tenant.tid), limit: 1000 });
        expect(stored).toEqual(expected);
      }
    }
  }

  it('opens a file of code fields as VARCHAR (version 2) and converts them to ENUM columns: every saved event is kept, filters work, new ids continue', async () => {
    const saved = savedEvents();
    await writePerTypeFile(oldDir, saved, 2, () => 'VARCHAR');

    const opened = await DuckDbEventStore.open(oldDir);
    try {
      await expectKept(opened, saved);
      const risky = await opened.query({
        ...baseQuery('scan_web'),
        filters: [{ field: 'risk', values: ['R', 'Y'] }],
        limit: 1000,
      });
      const expected = saved.filter(
        (e) => e.tid === 'tid-acme' && e.logType === 'scan_web' && ['R', 'Y'].includes(String(e.fields.risk)),
      );
      expect(risky.map((e) => e.id).sort((a, b) => a - b)).toEqual(
        expected.map((e) => e.id).sort((a, b) => a - b),
      );
      expect(expected.length).toBeGreaterThan(0);
      await opened.append([web('tid-acme', NOW, { risk: 'R' })]);
      const [newest] = await opened.query({ ...baseQuery('scan_web'), limit: 1 });
      expect(newest.id).toBe(Math.max(...saved.map((e) => e.id)) + 1);
    } finally {
      await opened.close();
    }
    const layout = await layoutOf(oldDir);
    expect(layout.version).toBe(3);
    expect(layout.codeColumns.length).toBeGreaterThan(20);
    expect(layout.codeColumns.filter((t) => !t.startsWith('ENUM('))).toEqual([]);
    expect(layout.types.length).toBe(ALL_FIELDS.filter((f) => FIELD_SPECS[f].kind === 'code').length);
  });

  it('a file whose ENUMs are of an older vocabulary is converted to the current one, every value kept', async () => {
    const saved = savedEvents();
    const codeFields = ALL_FIELDS.filter((f) => FIELD_SPECS[f].kind === 'code');
    // Each vocabulary in another order, with a retired code: other indexes for the same codes.
    const prelude = codeFields.map((f) => {
      const codes = ['retired', ...(FIELD_SPECS[f].vocabulary ?? []).map((e) => e.code).reverse()];
      return `CREATE TYPE code_${f}_00000000 AS ENUM (${codes.map((c) => `'${c}'`).join(', ')})`;
    });
    await writePerTypeFile(oldDir, saved, 3, (f) => `code_${f}_00000000`, prelude);

    const opened = await DuckDbEventStore.open(oldDir);
    try {
      await expectKept(opened, saved);
    } finally {
      await opened.close();
    }
    const layout = await layoutOf(oldDir);
    expect(layout.version).toBe(3);
    expect(layout.types.filter((t) => t.endsWith('_00000000'))).toEqual([]);
    expect(layout.types.length).toBe(codeFields.length);
  });

  it('a file written before a log type gained fields gets their columns, empty for the events it holds, every value kept', async () => {
    const created = await DuckDbEventStore.open(oldDir);
    await created.close();
    // The file as the previous field list left it: the fields appended since are not columns.
    const added = { scan_web: ['webroot_cats', 'risk_score'], scan_email: ['smtp_code', 'time_taken'] };
    const saved = savedEvents()
      .filter((e) => e.logType in added)
      .map((e) => ({
        ...e,
        fields: Object.fromEntries(
          Object.entries(e.fields).filter(([f]) => !added[e.logType as keyof typeof added].includes(f)),
        ) as StoredEvent['fields'],
      }));
    const instance = await DuckDBInstance.create(path.join(oldDir, EVENTS_FILE));
    const connection = await instance.connect();
    for (const [logType, fields] of Object.entries(added))
      for (const f of fields) await connection.run(`ALTER TABLE events_${logType} DROP COLUMN ${f}`);
    for (const event of saved) {
      const names = Object.keys(event.fields);
      await connection.run(
        `INSERT INTO events_${event.logType} (id, tid, time${names.map((n) => `, ${n}`).join('')}) VALUES ($1, $2, $3${names.map((_, i) => `, $${i + 4}`).join('')})`,
        [
          BigInt(event.id),
          event.tid,
          BigInt(event.time),
          ...names.map((n) => {
            const v = event.fields[n];
            return typeof v === 'number' ? BigInt(v) : v;
          }),
        ],
      );
    }
    connection.disconnectSync();
    instance.closeSync();

    const opened = await DuckDbEventStore.open(oldDir);
    try {
      for (const logType of Object.keys(added) as (keyof typeof added)[]) {
        const expected = saved
          .filter((e) => e.logType === logType && e.tid === TENANTS[0].tid)
          .sort((a, b) => b.time - a.time || b.id - a.id);
        expect(expected.length).toBeGreaterThan(0);
        expect(await opened.query({ ...baseQuery(logType, TENANTS[0].tid), limit: 1000 })).toEqual(expected);
      }
      // The new columns take values.
      const [event] = saved
        .filter((e) => e.logType === 'scan_email' && e.tid === TENANTS[0].tid)
        .sort((a, b) => b.time - a.time);
      await opened.append([
        { tid: event.tid, logType: 'scan_email', time: event.time + 1, fields: { smtp_code: 550 } },
      ]);
      const [newest] = await opened.query({ ...baseQuery('scan_email', event.tid), limit: 1 });
      expect(newest.fields).toEqual({ smtp_code: 550 });
    } finally {
      await opened.close();
    }
  });

  it('a version 2 file with a value outside a vocabulary is refused, untouched', async () => {
    const [event] = savedEvents().filter((e) => e.logType === 'scan_web');
    await writePerTypeFile(
      oldDir,
      [{ ...event, fields: { ...event.fields, risk: 'Q' } }],
      2,
      () => 'VARCHAR',
    );
    await expect(DuckDbEventStore.open(oldDir)).rejects.toThrow(
      /events.duckdb could not be converted to schema version 3 and is left as it was: .*'Q'/,
    );
    const layout = await layoutOf(oldDir);
    expect(layout.version).toBe(2);
    expect(layout.types).toEqual([]);
    expect(layout.codeColumns.filter((t) => t !== 'VARCHAR')).toEqual([]);
  });

  it('a new file keeps every code field as an ENUM column of its vocabulary', async () => {
    const created = await DuckDbEventStore.open(oldDir);
    await created.close();
    const layout = await layoutOf(oldDir);
    expect(layout.version).toBe(3);
    expect(layout.codeColumns.filter((t) => !t.startsWith('ENUM('))).toEqual([]);
    expect(layout.codeColumns).toContain("ENUM('G', 'Y', 'R')");
  });

  it('a file of an unknown newer layout is refused, untouched', async () => {
    const instance = await DuckDBInstance.create(path.join(oldDir, EVENTS_FILE));
    const connection = await instance.connect();
    await connection.run('CREATE TABLE event_store_meta (schema_version INTEGER NOT NULL)');
    await connection.run('INSERT INTO event_store_meta VALUES (99)');
    connection.disconnectSync();
    instance.closeSync();
    await expect(DuckDbEventStore.open(oldDir)).rejects.toThrow(
      'events.duckdb has schema version 99; this server knows 3.',
    );
  });
});
