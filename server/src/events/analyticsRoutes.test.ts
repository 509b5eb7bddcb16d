/**
 * The console's analytics through real HTTP against a real store (docs/provider-console.md §13):
 * the summaries (figures equal to the rows read under the same condition, per tenant and across
 * tenants; bad input; who may read) and a chosen tenant's insights (support and operators read
 * any tenant's; a tenant session never; unknown tenant 404).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ANALYTICS_SUMMARY_PATH,
  SUMMARY_FIGURE_NAMES,
  tenantInsightsPath,
  type AnalyticsSummaryReply,
} from '@workbench/common/api/contract/providerAnalytics';
import type { InsightsReply } from '@workbench/common/api/contract/reportQueries';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import { openTestEventStore } from '../testing/testEventStore';
import type { EventStore, NewEvent } from './eventStore';
import { summaryScan } from './analyticsRoutes';

const DAY_S = 86_400;
/** 2026-11-02T00:00:00Z: the test's day 0. */
const DAY0 = 1_793_577_600;
const RANGE = `start=${DAY0}&end=${DAY0 + 7 * DAY_S}`;

let server: TestServer;
let store: EventStore;
let storeDir: string;
let support: OperatorSignedIn;
let operator: OperatorSignedIn;
let acmeAdmin: SignedIn;
let acme: string;
let globex: string;

const web = (
  tid: string,
  atS: number,
  action: string,
  threat: string | null,
  domain = 'a.example',
): NewEvent => ({
  tid,
  logType: 'scan_web',
  time: atS * 1000,
  fields: { action, domain, userid: `user@${domain}`, ...(threat ? { threat_class: threat } : {}) },
});

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-routes-'));
  store = await openTestEventStore(storeDir);
  server = await startTestServer({ events: { store } });
  const tenants = await server.app.workbench.store.tenants.list();
  acme = tenants.find((t) => t.name === 'acme')?.tid as string;
  globex = tenants.find((t) => t.name === 'globex')?.tid as string;
  await store.append([
    web(acme, DAY0 + 60, 'allow', null),
    web(acme, DAY0 + 120, 'block', 'malware'),
    web(acme, DAY0 + 180, 'block', 'phishing', 'phish.example'),
    web(acme, DAY0 + DAY_S + 5, 'safeview', 'phishing', 'phish.example'),
    web(acme, DAY0 + 2 * DAY_S, 'safeview_readonly', null),
    web(acme, DAY0 + 6 * DAY_S, 'allow', 'malware'),
    // Outside the period: counted nowhere.
    web(acme, DAY0 + 8 * DAY_S, 'block', 'malware'),
    web(globex, DAY0 + 10, 'block', 'botnet', 'globex.example'),
    web(globex, DAY0 + 3 * DAY_S, 'allow', 'malware', 'globex.example'),
  ]);
  support = await signInOperator(server, 'support@provider.example');
  operator = await signInOperator(server, 'operator@provider.example');
  acmeAdmin = await signIn(server, 'admin@acme.example');
});

afterAll(async () => {
  await server?.close();
  await store?.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

const get = async <T>(who: { jar: SignedIn['jar'] } | null, url: string) => {
  const r = await server.call(url, who ? { jar: who.jar } : {});
  return { status: r.status, body: (await r.json().catch(() => null)) as T & { message?: string } };
};
const summary = (who: { jar: SignedIn['jar'] } | null, query: string) =>
  get<AnalyticsSummaryReply>(who, `${ANALYTICS_SUMMARY_PATH}?${query}`);

/** The rows a figure stands for, read one by one (not counted by the store). */
async function rowsUnder(figure: (typeof SUMMARY_FIGURE_NAMES)[number], tid: string): Promise<number> {
  let rows = 0;
  for await (const batch of store.scan(summaryScan(figure, tid, DAY0, DAY0 + 7 * DAY_S), 2))
    rows += batch.length;
  return rows;
}

describe('analytics summaries', () => {
  it('count events, blocks and isolations per tenant and across tenants, equal to the rows under the same condition', async () => {
    const { status, body } = await summary(support, RANGE);
    expect(status).toBe(200);
    const byName = Object.fromEntries(body.tenants.map((t) => [t.name, t]));
    expect(byName.acme).toMatchObject({ tid: acme, events: 6, blocks: 2, isolations: 2 });
    expect(byName.globex).toMatchObject({ tid: globex, events: 2, blocks: 1, isolations: 0 });
    // The trust rule: each figure is the number of rows read with the figure's own condition.
    for (const tenant of body.tenants)
      for (const figure of SUMMARY_FIGURE_NAMES)
        expect({ tenant: tenant.name, figure, n: tenant[figure] }).toEqual({
          tenant: tenant.name,
          figure,
          n: await rowsUnder(figure, tenant.tid),
        });
    for (const figure of SUMMARY_FIGURE_NAMES) {
      expect(body.totals[figure]).toBe(body.tenants.reduce((n, t) => n + t[figure], 0));
      expect(body.by_day.reduce((n, d) => n + d[figure], 0)).toBe(body.totals[figure]);
    }
    expect(body.top_threats).toEqual([
      { key: 'malware', value: 3 },
      { key: 'phishing', value: 2 },
      { key: 'botnet', value: 1 },
    ]);
    // Every day of the period, with the day's figures.
    expect(body.by_day.map((d) => d.key)).toEqual(Array.from({ length: 7 }, (_, i) => DAY0 + i * DAY_S));
    expect(body.by_day[0]).toEqual({ key: DAY0, events: 4, blocks: 3, isolations: 0 });
  });

  it('read one tenant with tid, the same figures as across tenants', async () => {
    const all = await summary(operator, RANGE);
    const one = await summary(operator, `${RANGE}&tid=${encodeURIComponent(acme)}`);
    expect(one.status).toBe(200);
    expect(one.body.tenants).toEqual(all.body.tenants.filter((t) => t.tid === acme));
    expect(one.body.totals).toEqual({ events: 6, blocks: 2, isolations: 2 });
    // Ties by name.
    expect(one.body.top_threats).toEqual([
      { key: 'malware', value: 2 },
      { key: 'phishing', value: 2 },
    ]);
  });

  it('refuse bad input naming the field, an unknown tenant with 404, no session 401, a tenant session 401', async () => {
    const reversed = await summary(support, `start=${DAY0 + 10}&end=${DAY0}`);
    expect(reversed).toMatchObject({ status: 400, body: { message: 'start must be before end.' } });
    const long = await summary(support, `start=0&end=${400 * DAY_S}`);
    expect(long).toMatchObject({ status: 400, body: { message: 'The period must be at most 366 days.' } });
    const unknown = await summary(support, `${RANGE}&colour=red`);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('colour');
    const words = await summary(support, `start=yesterday`);
    expect(words.status).toBe(400);
    expect(JSON.stringify(words.body)).toContain('start');
    expect(await summary(support, `${RANGE}&tid=no-such-tenant`)).toMatchObject({
      status: 404,
      body: { message: 'No tenant no-such-tenant.' },
    });
    expect((await summary(null, RANGE)).status).toBe(401);
    expect((await summary(acmeAdmin, RANGE)).status).toBe(401);
  });
});

describe("a chosen tenant's insights (support view)", () => {
  const insights = (who: { jar: SignedIn['jar'] } | null, tid: string, query: string) =>
    get<InsightsReply>(who, `${tenantInsightsPath(tid)}?${query}`);

  it("support and operators read the chosen tenant's insights, the same reply as the tenant's own", async () => {
    const own = await get<InsightsReply>(acmeAdmin, `/api/insights/v1/q?q=phish&${RANGE}`);
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(2);
    for (const who of [support, operator]) {
      const { status, body } = await insights(who, acme, `q=phish&${RANGE}`);
      expect({ status, body }).toEqual({ status: 200, body: own.body });
    }
    // Another tenant's: its own events only.
    const other = await insights(support, globex, `q=example&${RANGE}`);
    expect(other.body.top.domain).toEqual([{ key: 'globex.example', value: 2 }]);
    const bandwidth = await insights(support, acme, `q=phish&src=bandwidth&${RANGE}`);
    expect(bandwidth).toMatchObject({ status: 200, body: { src: 'bandwidth' } });
  });

  it('refuse bad input naming the field, an unknown tenant with 404, no session and a tenant session 401', async () => {
    const noQ = await insights(support, acme, RANGE);
    expect(noQ.status).toBe(400);
    expect(JSON.stringify(noQ.body)).toContain('q');
    const badSrc = await insights(support, acme, `q=x&src=email&${RANGE}`);
    expect(badSrc.status).toBe(400);
    expect(JSON.stringify(badSrc.body)).toContain('src');
    const reversed = await insights(support, acme, `q=x&start=${DAY0 + 10}&end=${DAY0}`);
    expect(reversed).toMatchObject({ status: 400, body: { message: 'start must be before end.' } });
    expect(await insights(support, 'no-such-tenant', 'q=x')).toMatchObject({
      status: 404,
      body: { message: 'No tenant no-such-tenant.' },
    });
    expect((await insights(null, acme, 'q=x')).status).toBe(401);
    // A tenant's session reads no tenant's insights here, not even its own.
    expect((await insights(acmeAdmin, acme, 'q=x')).status).toBe(401);
    expect((await insights(acmeAdmin, globex, 'q=x')).status).toBe(401);
  });

  it("a tenant's own insights route never answers another tenant's events", async () => {
    const own = await get<InsightsReply>(acmeAdmin, `/api/insights/v1/q?q=globex&${RANGE}`);
    expect(own).toMatchObject({ status: 200, body: { total: 0 } });
  });
});
