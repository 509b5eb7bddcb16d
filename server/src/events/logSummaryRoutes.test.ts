import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LogHistogramReply, LogTopValuesReply } from '@workbench/common/api/contract/logSummary';
import { startTestServer, signIn, type SignedIn, type TestServer } from '../testing/testServer';
import type { EventStore } from './eventStore';
import { openTestEventStore } from '../testing/testEventStore';

const HOUR = 3600000;
let server: TestServer;
let store: EventStore;
let storeDir: string;
let acme: SignedIn;
let auditor: SignedIn;
/** The range of the test events: [start, end) in unix seconds, whole hours. */
let start: number;
let end: number;

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-summary-'));
  store = await openTestEventStore(storeDir);
  server = await startTestServer({ events: { store } });
  const tenants = await server.app.workbench.store.tenants.list();
  const tid = (name: string) => tenants.find((t) => t.name.toLowerCase().includes(name))!.tid;
  const base = Math.floor(server.clock.now().getTime() / HOUR) * HOUR - 3 * HOUR;
  start = base / 1000;
  end = start + 3 * 3600;
  // Known events: hour 0: 3 block (one without a user), 1 allow; hour 2: 2 allow. Globex: 5 block.
  const web = (tidOf: string, hour: number, action: string, userid?: string) => ({
    tid: tidOf,
    logType: 'scan_web' as const,
    time: base + hour * HOUR + 60000,
    fields: { action, ...(userid ? { userid } : {}), status_code: 200 },
  });
  await store.append([
    web(tid('acme'), 0, 'block', 'ella'),
    web(tid('acme'), 0, 'block', 'ella'),
    web(tid('acme'), 0, 'block'),
    web(tid('acme'), 0, 'allow', 'bob'),
    web(tid('acme'), 2, 'allow', 'ella'),
    web(tid('acme'), 2, 'allow', 'carl'),
    ...Array.from({ length: 5 }, () => web(tid('globex'), 1, 'block', 'zed')),
  ]);
  acme = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
});

afterAll(async () => {
  await server.close();
  await store.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

const range = () => `start=${start}&end=${end}`;

describe('GET /api/rep/v1/histogram/{logtype}', () => {
  it("counts the tenant's events of the query per bucket and action, with the exact total", async () => {
    const response = await server.call(`/api/rep/v1/histogram/scan_web?${range()}&bucket=3600`, {
      jar: acme.jar,
    });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as LogHistogramReply;
    const t0 = start * 1000;
    expect(reply).toEqual({
      total: 6,
      bucketMs: HOUR,
      seriesField: 'action',
      buckets: [
        { time: t0, series: 'allow', count: 1 },
        { time: t0, series: 'block', count: 3 },
        { time: t0 + 2 * HOUR, series: 'allow', count: 2 },
      ],
    });
    // Filters, exclusions and search narrow it as they narrow the rows.
    const excluded = (await (
      await server.call(`/api/rep/v1/histogram/scan_web?${range()}&bucket=3600&action!=block&order=asc`, {
        jar: acme.jar,
      })
    ).json()) as LogHistogramReply;
    expect(excluded.total).toBe(3);
    const notElla = (await (
      await server.call(`/api/rep/v1/histogram/scan_web?${range()}&bucket=3600&userid!=ella`, {
        jar: acme.jar,
      })
    ).json()) as LogHistogramReply;
    // The event without a user is kept by an exclusion.
    expect(notElla.total).toBe(3);
  });

  it('bad input is a 400 naming the parameter; paging parameters are refused', async () => {
    const cases: [string, string][] = [
      ['', 'bucket'],
      ['&bucket=0', 'bucket'],
      ['&bucket=1.5', 'bucket'],
      ['&bucket=1', 'bucket'], // 10,800 buckets
      ['&bucket=3600&offset=90000', 'offset'],
      ['&bucket=3600&limit=5', 'limit'],
      ['&bucket=3600&cursor=x', 'cursor'],
      ['&bucket=3600&colour=red', 'colour'],
      ['&bucket=3600&risk!=purple', 'risk!'],
    ];
    for (const [extra, field] of cases) {
      const response = await server.call(`/api/rep/v1/histogram/scan_web?${range()}${extra}`, {
        jar: acme.jar,
      });
      expect({
        extra,
        status: response.status,
        field: ((await response.json()) as { field?: string }).field,
      }).toEqual({
        extra,
        status: 400,
        field,
      });
    }
  });

  it('needs a session and the log permission (the auditor has no logs:dlp)', async () => {
    expect((await server.call(`/api/rep/v1/histogram/scan_web?${range()}&bucket=3600`)).status).toBe(401);
    const dlp = await server.call(`/api/rep/v1/histogram/scan_dlp?${range()}&bucket=3600`, {
      jar: auditor.jar,
    });
    expect(dlp.status).toBe(403);
  });
});

describe('GET /api/rep/v1/top_values/{logtype}', () => {
  it('the most frequent values of a field with the total of the query; a limit; integers as numbers', async () => {
    const reply = (await (
      await server.call(`/api/rep/v1/top_values/scan_web?${range()}&field=userid`, { jar: acme.jar })
    ).json()) as LogTopValuesReply;
    expect(reply).toEqual({
      field: 'userid',
      total: 6,
      values: [
        { value: 'ella', count: 3 },
        { value: 'bob', count: 1 },
        { value: 'carl', count: 1 },
      ],
    });
    const one = (await (
      await server.call(`/api/rep/v1/top_values/scan_web?${range()}&field=action&limit=1&action!=allow`, {
        jar: acme.jar,
      })
    ).json()) as LogTopValuesReply;
    expect(one).toEqual({ field: 'action', total: 3, values: [{ value: 'block', count: 3 }] });
    const codes = (await (
      await server.call(`/api/rep/v1/top_values/scan_web?${range()}&field=status_code`, { jar: acme.jar })
    ).json()) as LogTopValuesReply;
    expect(codes.values).toEqual([{ value: 200, count: 6 }]);
  });

  it('bad input is a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['', 'field'],
      ['&field=colour', 'field'],
      ['&field=audit_action', 'field'],
      ['&field=userid&limit=0', 'limit'],
      ['&field=userid&limit=51', 'limit'],
      ['&field=userid&cursor=x', 'cursor'],
      ['&field=userid&start=x', 'start'],
    ];
    for (const [extra, field] of cases) {
      const response = await server.call(`/api/rep/v1/top_values/scan_web?${range()}${extra}`, {
        jar: acme.jar,
      });
      expect({
        extra,
        status: response.status,
        field: ((await response.json()) as { field?: string }).field,
      }).toEqual({
        extra,
        status: 400,
        field,
      });
    }
    const dlp = await server.call(`/api/rep/v1/top_values/scan_dlp?field=userid`, { jar: auditor.jar });
    expect(dlp.status).toBe(403);
  });
});
