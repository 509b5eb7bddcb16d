/**
 * Report queries of common's registry through real HTTP against a real store: the rows a user
 * reads, tenant scoping, filters (with the isolate → safeview alias), limit, by-date buckets of
 * the granularity (with holes filled and a time zone honoured), 400s naming the parameter, 401/403.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InsightsReply, ReportReply } from '@workbench/common/api/contract/reportQueries';
import crypto from 'node:crypto';
import { hashPassword } from '../security/passwords';
import {
  signIn,
  signInOperator,
  startTestServer,
  TEST_PASSWORD,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import type { EventStore } from './eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import type { NewEvent } from './eventStore';
import { timeZoneOffsetMs } from './reportRoutes';

const DAY_S = 86_400;
/** 2026-11-02T00:00:00Z, a Monday: the test's day 0. */
const DAY0 = 1_793_577_600;

let server: TestServer;
let store: EventStore;
let storeDir: string;
let acme: SignedIn;
let logsOnly: SignedIn;
let webOnly: SignedIn;

const web = (
  tid: string,
  atS: number,
  domain: string,
  action: string,
  bytesIn = 0,
  bytesOut = 0,
): NewEvent => ({
  tid,
  logType: 'scan_web',
  time: atS * 1000,
  fields: { domain, action, bytes_in: bytesIn, bytes_out: bytesOut, userid: `user-${domain}` },
});

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-routes-'));
  store = await openTestEventStore(storeDir);
  server = await startTestServer({ events: { store } });
  const tenants = await server.app.workbench.store.tenants.list();
  const tid = (name: string) => tenants.find((t) => t.name === name)?.tid as string;
  await store.append([
    web(tid('acme'), DAY0 + 3600, 'a.example', 'allow', 100, 10),
    web(tid('acme'), DAY0 + 7200, 'a.example', 'block', 200, 20),
    web(tid('acme'), DAY0 + DAY_S + 60, 'a.example', 'safeview', 300, 30),
    web(tid('acme'), DAY0 + 2 * DAY_S + 60, 'b.example', 'allow', 400, 40),
    web(tid('acme'), DAY0 + 5 * DAY_S, 'b.example', 'safeview', 500, 50),
    web(tid('acme'), DAY0 + 5 * DAY_S + 1, 'c.example', 'block'),
    ...Array.from({ length: 5 }, (_, i) => web(tid('globex'), DAY0 + i, 'globex.example', 'allow', 1, 1)),
    // Delivery failures: error three times, upstream-reject twice, upstream-abort once.
    ...(
      [
        [DAY0 + 60, 'error'],
        [DAY0 + 120, 'error'],
        [DAY0 + 3 * DAY_S, 'error'],
        [DAY0 + 60, 'upstream-reject'],
        [DAY0 + 3 * DAY_S, 'upstream-reject'],
        [DAY0 + 5 * DAY_S, 'upstream-abort'],
      ] as const
    ).map(([atS, smtpAction]) => ({
      tid: tid('acme'),
      logType: 'scan_email' as const,
      time: atS * 1000,
      fields: { smtp_action: smtpAction },
    })),
  ]);
  acme = await signIn(server, 'admin@acme.example');
  logsOnly = await signIn(server, 'logs@acme.example');
  // An account that may read the web reports only: their dashboards and the web logs (rbac is on for acme).
  await server.app.workbench.store.users.insert({
    uid: crypto.randomUUID(),
    tid: tid('acme'),
    username: 'web-reader@acme.example',
    firstName: 'Wendy',
    lastName: 'Web',
    roles: { read: ['dashboard:web', 'logs:web'], write: [] },
    passwordHash: await hashPassword(TEST_PASSWORD),
    showChangePassword: false,
  });
  webOnly = await signIn(server, 'web-reader@acme.example');
});

afterAll(async () => {
  await server.close();
  await store.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

const RANGE = `start=${DAY0}&end=${DAY0 + 7 * DAY_S}`;

async function report(
  who: SignedIn | null,
  query: string,
): Promise<{ status: number; body: ReportReply & { message?: string; field?: string } }> {
  const r = await server.call(`/api/rep/v1/query/${query}`, who ? { jar: who.jar } : {});
  return { status: r.status, body: (await r.json()) as ReportReply & { message?: string; field?: string } };
}

describe('top_domains', () => {
  it("counts the tenant's own events per domain, most first, ties by name", async () => {
    const { status, body } = await report(acme, `top_domains?${RANGE}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      name: 'top_domains',
      start: DAY0,
      end: DAY0 + 7 * DAY_S,
      rows: [
        { key: 'a.example', value: 3 },
        { key: 'b.example', value: 2 },
        { key: 'c.example', value: 1 },
      ],
    });
  });

  it('takes limit, the range, and filters; isolate is sent as safeview', async () => {
    expect((await report(acme, `top_domains?${RANGE}&limit=1`)).body.rows).toEqual([
      { key: 'a.example', value: 3 },
    ]);
    expect(
      (await report(acme, `top_domains?start=${DAY0 + DAY_S}&end=${DAY0 + 3 * DAY_S}`)).body.rows,
    ).toEqual([
      { key: 'a.example', value: 1 },
      { key: 'b.example', value: 1 },
    ]);
    expect((await report(acme, `top_domains?${RANGE}&pe_action=isolate`)).body.rows).toEqual([
      { key: 'a.example', value: 1 },
      { key: 'b.example', value: 1 },
    ]);
    expect(
      (await report(acme, `top_domains?${RANGE}&pe_action=block,allow&domain=a.example`)).body.rows,
    ).toEqual([{ key: 'a.example', value: 2 }]);
  });

  it.each([
    ['an unknown filter', `top_domains?${RANGE}&colour=red`, 'colour'],
    ['a limit out of bounds', `top_domains?${RANGE}&limit=0`, 'limit'],
    ['a limit that is not a number', `top_domains?${RANGE}&limit=ten`, 'limit'],
    ['an unknown action', `top_domains?${RANGE}&pe_action=explode`, 'pe_action has an unknown value'],
    ['an SMTP code that is not a number', `smtp_request_count_by_date?${RANGE}&smtp_code=5xx`, 'smtp_code'],
    ['another log type', `smtp_request_count_by_date?${RANGE}&log_type=scan_web`, 'log_type'],
    ['result_type on a query without totals', `top_domains?${RANGE}&result_type=count`, 'result_type'],
    ['start after end', `top_domains?start=${DAY0 + 10}&end=${DAY0}`, 'start'],
    ['a start beyond the year 9999', `top_domains?start=1e20`, 'start'],
  ])('%s is a 400 naming it', async (_case, query, field) => {
    const { status, body } = await report(acme, query);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(field);
  });

  it('is refused (403) to whoever may not read the logs it reads: the auditor reads no DLP report, globex no e-mail report', async () => {
    // Issue 31: the auditor's role has the dashboards but not the DLP logs.
    const auditor = await signIn(server, 'auditor@acme.example');
    expect((await report(auditor, `scan_dlp?${RANGE}`)).status).toBe(403);
    for (const query of ['top_dlp_users', 'top_dlp_domains', 'top_casb_cloud_apps_with_dlp_violations'])
      expect(await report(auditor, `${query}?${RANGE}`)).toMatchObject({
        status: 403,
        body: { message: 'Missing permission: logs:dlp:*.' },
      });
    expect((await report(auditor, `top_domains?${RANGE}`)).status).toBe(200);
    // globex has no e-mail (no menlo_email): neither its log nor the reports of e-mail, those of
    // clicks in e-mail (web events) included.
    const globex = await signIn(server, 'admin@globex.example');
    expect((await report(globex, `scan_email?${RANGE}`)).status).toBe(403);
    for (const query of ['smtp_request_count_by_date', 'top_users_email', 'top_domains_email_clicks'])
      expect(await report(globex, `${query}?${RANGE}`)).toMatchObject({
        status: 403,
        body: { message: 'The tenant does not have the feature menlo_email.' },
      });
    expect((await report(globex, `top_domains?${RANGE}`)).status).toBe(200);
    expect((await report(globex, `risks_averted?${RANGE}`)).status).toBe(200);
    // webOnly reads the web reports, not the DLP one (no logs:dlp).
    expect((await report(webOnly, `top_dlp_users?${RANGE}`)).status).toBe(403);
  });

  it('needs a session (401) and the dashboard permission of its family (403 for none)', async () => {
    expect((await report(null, `top_domains?${RANGE}`)).status).toBe(401);
    // logs@ reads dashboard:* and logs:*: reports are open to it.
    expect((await report(logsOnly, `top_domains?${RANGE}`)).status).toBe(200);
    // A reader of the web family only: its reports, not the bandwidth family's.
    expect((await report(webOnly, `top_domains?${RANGE}`)).status).toBe(200);
    expect((await report(webOnly, `top_bandwidth_users?${RANGE}`)).status).toBe(403);
  });
});

describe('insights (GET /api/insights/v1/q)', () => {
  const insights = async (who: SignedIn | null, query: string) => {
    const r = await server.call(`/api/insights/v1/q?${query}`, who ? { jar: who.jar } : {});
    return { status: r.status, body: (await r.json()) as InsightsReply & { message?: string } };
  };

  it("ranks the tenant's web events matching the search by user, domain and category; bandwidth by bytes", async () => {
    const web = await insights(acme, `q=a.example&${RANGE}`);
    expect(web.status).toBe(200);
    expect(web.body).toMatchObject({ q: 'a.example', src: 'web', total: 3 });
    expect(web.body.top.domain).toEqual([{ key: 'a.example', value: 3 }]);
    expect(web.body.top.userid).toEqual([{ key: 'user-a.example', value: 3 }]);
    expect(web.body.top.category).toEqual([]);
    const bandwidth = await insights(acme, `q=example&src=bandwidth&${RANGE}`);
    expect(bandwidth.body.total).toBe(1650);
    expect(bandwidth.body.top.domain).toEqual([
      { key: 'b.example', value: 990 },
      { key: 'a.example', value: 660 },
      { key: 'c.example', value: 0 },
    ]);
    // globex's events match the text too, and are never counted.
    expect((await insights(acme, `q=globex&${RANGE}`)).body.total).toBe(0);
  });

  it('refuses what it cannot answer: 400 naming the parameter, 401, 403 for a source the user may not read', async () => {
    expect((await insights(acme, `${RANGE}`)).status).toBe(400);
    expect((await insights(acme, `q=a&src=email&${RANGE}`)).status).toBe(400);
    expect((await insights(null, `q=a&${RANGE}`)).status).toBe(401);
    expect((await insights(webOnly, `q=a&${RANGE}`)).status).toBe(200);
    const refused = await insights(webOnly, `q=a&src=bandwidth&${RANGE}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('src=bandwidth needs dashboard:bandwidth:read.');
  });
});

describe('bandwidth_usage_by_date', () => {
  it('sums bytes in and out per bucket of the default granularity (P2D), every bucket of the range', async () => {
    const { status, body } = await report(acme, `bandwidth_usage_by_date?${RANGE}`);
    expect(status).toBe(200);
    expect(body.granularity).toBe('P2D');
    // P2D buckets start at even days since the epoch (as a date histogram's do); DAY0 is day
    // 20,759, so its bucket began the day before.
    expect(body.rows).toEqual([
      { key: DAY0 - DAY_S, value: 110 + 220 },
      { key: DAY0 + DAY_S, value: 330 + 440 },
      { key: DAY0 + 3 * DAY_S, value: 0 },
      { key: DAY0 + 5 * DAY_S, value: 550 },
    ]);
  });

  it('takes a granularity and a time zone: days then start at local midnight', async () => {
    const utc = (
      await report(acme, `bandwidth_usage_by_date?start=${DAY0}&end=${DAY0 + 2 * DAY_S}&granularity=P1D`)
    ).body;
    expect(utc.rows).toEqual([
      { key: DAY0, value: 330 },
      { key: DAY0 + DAY_S, value: 330 },
    ]);
    // In UTC+2 (Europe/Helsinki in November) the 01:00 and 02:00 UTC events fall on the local day
    // that began at 22:00 UTC the evening before.
    const helsinki = (
      await report(
        acme,
        `bandwidth_usage_by_date?start=${DAY0}&end=${DAY0 + 2 * DAY_S}&granularity=P1D&timezone=Europe/Helsinki`,
      )
    ).body;
    expect(helsinki.rows).toEqual([
      { key: DAY0 - 7200, value: 330 },
      { key: DAY0 + DAY_S - 7200, value: 330 },
      { key: DAY0 + 2 * DAY_S - 7200, value: 0 },
    ]);
  });

  it.each([
    ['an unknown granularity', `${RANGE}&granularity=P3D`, 'granularity'],
    ['an unknown time zone', `${RANGE}&timezone=Mars/Olympus`, 'timezone'],
    ['too many buckets', `granularity=PT1M&start=1&end=${DAY0}`, 'bucketMs'],
    ['a limit out of bounds', `${RANGE}&limit=0`, 'limit'],
  ])('%s is a 400 naming it', async (_case, query, field) => {
    const { status, body } = await report(acme, `bandwidth_usage_by_date?${query}`);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(field);
  });
});

describe('limit on a by-date query (docs/reports.md §1: every report query takes limit)', () => {
  const failures = (query: string) =>
    report(acme, `smtp_request_count_by_date_by_event_for_failures?${RANGE}${query}`);
  const seriesOf = (rows: ReportReply['rows']) => [...new Set(rows.map((r) => r.series))];

  it('bounds the series, the largest totals first, and keeps every bucket of the range', async () => {
    const all = await failures('&granularity=P1D');
    expect(all.status).toBe(200);
    expect(seriesOf(all.body.rows).sort()).toEqual(['error', 'upstream-abort', 'upstream-reject']);
    const two = await failures('&granularity=P1D&limit=2');
    expect(two.status).toBe(200);
    expect(seriesOf(two.body.rows).sort()).toEqual(['error', 'upstream-reject']);
    expect(new Set(two.body.rows.map((r) => r.key))).toEqual(new Set(all.body.rows.map((r) => r.key)));
    expect(two.body.rows.filter((r) => r.series === 'error').map((r) => r.value)).toEqual(
      all.body.rows.filter((r) => r.series === 'error').map((r) => r.value),
    );
  });

  it('is taken without a series too: every bucket, as without it', async () => {
    const withLimit = await report(acme, `bandwidth_usage_by_date?${RANGE}&limit=1`);
    expect(withLimit.status).toBe(200);
    expect(withLimit.body.rows).toEqual((await report(acme, `bandwidth_usage_by_date?${RANGE}`)).body.rows);
  });
});

test('timeZoneOffsetMs reads the offset of a zone at an instant', () => {
  expect(timeZoneOffsetMs('UTC', DAY0 * 1000)).toBe(0);
  expect(timeZoneOffsetMs('Europe/Helsinki', DAY0 * 1000)).toBe(7_200_000);
  expect(timeZoneOffsetMs('America/New_York', DAY0 * 1000)).toBe(-18_000_000);
});

describe("support view: a tenant's reports in the provider console", () => {
  const tenantReport = async (
    who: { jar: SignedIn['jar'] } | null,
    tid: string,
    query: string,
    method = 'GET',
  ) => {
    const r = await server.call(`/gdmanage/api/v1/tenants/${encodeURIComponent(tid)}/reports/${query}`, {
      method,
      ...(who ? { jar: who.jar } : {}),
    });
    return {
      status: r.status,
      body: (await r.json().catch(() => null)) as ReportReply & { message?: string },
    };
  };
  const tidOf = async (name: string) =>
    (await server.app.workbench.store.tenants.list()).find((t) => t.name === name)?.tid as string;

  it("support and operators read the chosen tenant's rows, the same reply as the tenant's own", async () => {
    const acmeTid = await tidOf('acme');
    const own = await report(acme, `top_domains?${RANGE}&pe_action=isolate`);
    for (const operator of ['support@provider.example', 'operator@provider.example']) {
      const signedIn = await signInOperator(server, operator);
      const { status, body } = await tenantReport(
        signedIn,
        acmeTid,
        `top_domains?${RANGE}&pe_action=isolate`,
      );
      expect({ operator, status, body }).toEqual({ operator, status: 200, body: own.body });
    }
    const support = await signInOperator(server, 'support@provider.example');
    const globex = await tenantReport(support, await tidOf('globex'), `top_domains?${RANGE}`);
    expect(globex.body.rows).toEqual([{ key: 'globex.example', value: 5 }]);
  });

  it('checks the query as the tenant route does, answers 404 for an unknown tenant, 401 without a provider session', async () => {
    const support = await signInOperator(server, 'support@provider.example');
    const acmeTid = await tidOf('acme');
    const bad = await tenantReport(support, acmeTid, `top_domains?${RANGE}&colour=red`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('colour');
    const unknown = await tenantReport(support, 'no-such-tenant', `top_domains?${RANGE}`);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No tenant no-such-tenant.' } });
    expect((await tenantReport(null, acmeTid, `top_domains?${RANGE}`)).status).toBe(401);
    // A tenant session is not a provider session, whatever its permissions.
    expect((await tenantReport(acme, acmeTid, `top_domains?${RANGE}`)).status).toBe(401);
    // Support reads every query, of what the tenant has: globex has no e-mail reports.
    expect(
      await tenantReport(support, await tidOf('globex'), `smtp_request_count_by_date?${RANGE}`),
    ).toMatchObject({ status: 403, body: { message: 'The tenant does not have the feature menlo_email.' } });
    expect((await tenantReport(support, acmeTid, `smtp_request_count_by_date?${RANGE}`)).status).toBe(200);
  });
});
