/**
 * Report files through real HTTP against a real server on a temp dir: scheduled reports (create,
 * list, replace, delete; 400s that change nothing; 401, 403, another tenant's ids 404), run now
 * and instant reports, past reports and their downloads (a real PDF whose text pdftotext reads,
 * a zip of CSV files), panels left out for a user who may not read them, and the scheduler (one
 * run under concurrent ticks and two replicas, a missed run caught up once after a restart).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { DASHBOARDS } from '@workbench/common/api/contract/reportDashboards';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { strFromU8, unzipSync } from 'fflate';
import {
  RECIPIENTS_NOTE,
  REPORT_FILE_PATHS,
  type PastReport,
  type ScheduledReport,
  type ScheduledReportInput,
} from '@workbench/common/api/contract/reportFiles';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import type { NewEvent } from '../events/eventStore';
import { hashPassword } from '../security/passwords';
import {
  TEST_PASSWORD,
  signIn,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import { CONFIG_DB_FILE } from '../store/sqlConfigStore';
import { testEmbeddedOnly } from '../testing/embeddedOnly';
import { REPORT_FILE_MISSING } from './reportFilesPlugin';
import type { ReportScheduler } from './reportScheduler';
import { legacyReportFilePath } from './reportRuns';

jest.setTimeout(120_000);

const HOUR_MS = 3_600_000;
let server: TestServer;
let events: EventStore;
let eventsDir: string;
let admin: SignedIn;
let logsUser: SignedIn;
let globex: SignedIn;
let acmeTid: string;

const pdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function web(tid: string, atMs: number, domain: string, action: string, bytesIn = 0): NewEvent {
  return {
    tid,
    logType: 'scan_web',
    time: atMs,
    fields: { domain, action, bytes_in: bytesIn, bytes_out: 0, userid: `u-${domain}` },
  };
}

const validSchedule = (over: Partial<ScheduledReportInput> = {}): ScheduledReportInput => ({
  name: 'Weekly web',
  source: { dashboard: 'web' },
  interval: '7d',
  schedule: { preset: 'daily', timezone: 'Europe/Berlin' },
  format: 'pdf',
  recipients: ['secops@acme.example'],
  enabled: true,
  ...over,
});

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function put(who: SignedIn, body: unknown): Promise<Response> {
  return server.call(REPORT_FILE_PATHS.scheduled, { method: 'PUT', jar: who.jar, body });
}

async function list(who: SignedIn): Promise<ScheduledReport[]> {
  const r = await server.call(REPORT_FILE_PATHS.scheduled, { jar: who.jar });
  expect(r.status).toBe(200);
  return (await json<{ scheduled_reports: ScheduledReport[] }>(r)).scheduled_reports;
}

async function pastReports(who: SignedIn): Promise<PastReport[]> {
  const r = await server.call(REPORT_FILE_PATHS.past, { jar: who.jar });
  expect(r.status).toBe(200);
  return (await json<{ past_reports: PastReport[] }>(r)).past_reports;
}

async function create(over: Partial<ScheduledReportInput> = {}): Promise<ScheduledReport> {
  const r = await put(admin, validSchedule(over));
  expect(r.status).toBe(200);
  return json<ScheduledReport>(r);
}

async function runNow(id: string, who = admin): Promise<Response> {
  return server.call(REPORT_FILE_PATHS.runNow(id), { method: 'POST', jar: who.jar, body: {} });
}

async function download(id: string, who = admin): Promise<{ response: Response; bytes: Buffer }> {
  const response = await server.call(REPORT_FILE_PATHS.pastOne(id), { jar: who.jar });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Moves the clock; sessions idle out after an hour, so the callers sign in again. */
async function advance(ms: number): Promise<void> {
  server.clock.advance(ms);
  admin = await signIn(server, 'admin@acme.example');
  logsUser = await signIn(server, 'logs@acme.example');
  globex = await signIn(server, 'admin@globex.example');
}

/** The report files' scheduler of a server (the tests tick it by hand). */
const schedulerOf = (s: TestServer): ReportScheduler => s.app.workbench.reportScheduler as ReportScheduler;

async function clearSchedules(): Promise<void> {
  for (const s of await list(admin))
    await server.call(REPORT_FILE_PATHS.scheduledOne(s.id), { method: 'DELETE', jar: admin.jar });
}

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-files-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({
    events: { store: events, reportFiles: { timer: false } },
  });
  const tenants = await server.app.workbench.store.tenants.list();
  acmeTid = tenants.find((t) => t.name === 'acme')?.tid as string;
  const globexTid = tenants.find((t) => t.name === 'globex')?.tid as string;
  const t = server.clock.now().getTime();
  await events.append([
    ...Array.from({ length: 1234 }, (_, i) =>
      web(acmeTid, t - 2 * HOUR_MS - i * 1000, 'alpha.example', 'allow', 1024),
    ),
    ...Array.from({ length: 56 }, (_, i) =>
      web(acmeTid, t - 30 * HOUR_MS - i * 1000, 'beta.example', 'block'),
    ),
    ...Array.from({ length: 7 }, (_, i) => web(globexTid, t - HOUR_MS - i, 'globex.example', 'allow')),
  ]);
  admin = await signIn(server, 'admin@acme.example');
  logsUser = await signIn(server, 'logs@acme.example');
  globex = await signIn(server, 'admin@globex.example');
});

afterAll(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

describe('scheduled reports', () => {
  afterEach(clearSchedules);

  it('creates, lists, replaces and deletes a schedule; the next run follows the cron in its time zone', async () => {
    const created = await create();
    expect(created).toMatchObject({
      name: 'Weekly web',
      source: { dashboard: 'web' },
      filters: {},
      interval: '7d',
      schedule: { preset: 'daily', cron: '0 6 * * *', timezone: 'Europe/Berlin' },
      format: 'pdf',
      recipients: ['secops@acme.example'],
      enabled: true,
      owner: 'admin@acme.example',
      last_run_at: null,
      // 2026-11-22T08:00Z is 09:00 in Berlin: the next 06:00 there is the 23rd, 05:00 UTC.
      next_run_at: '2026-11-23T05:00:00.000Z',
    });
    expect(await list(admin)).toEqual([created]);

    server.clock.advance(60_000);
    const replaced = await put(
      admin,
      validSchedule({
        id: created.id,
        name: 'Firewall, monthly',
        source: { queries: ['fwaas_top_users', 'top_domains'] },
        filters: { userid: 'u-alpha.example' },
        schedule: { preset: 'custom', cron: '30 7 1 * *', timezone: 'UTC' },
        format: 'csv',
        enabled: false,
      }),
    );
    expect(replaced.status).toBe(200);
    const after = await json<ScheduledReport>(replaced);
    expect(after).toMatchObject({
      id: created.id,
      name: 'Firewall, monthly',
      source: { queries: ['fwaas_top_users', 'top_domains'] },
      filters: { userid: 'u-alpha.example' },
      schedule: { preset: 'custom', cron: '30 7 1 * *', timezone: 'UTC' },
      format: 'csv',
      enabled: false,
      next_run_at: null,
      created_at: created.created_at,
    });
    expect(after.updated_at).not.toBe(created.updated_at);
    expect(await list(admin)).toEqual([after]);

    const deleted = await server.call(REPORT_FILE_PATHS.scheduledOne(created.id), {
      method: 'DELETE',
      jar: admin.jar,
    });
    expect(deleted.status).toBe(200);
    expect(await list(admin)).toEqual([]);
    const again = await server.call(REPORT_FILE_PATHS.scheduledOne(created.id), {
      method: 'DELETE',
      jar: admin.jar,
    });
    expect(again.status).toBe(404);
  });

  it.each([
    ['a bad cron', { schedule: { preset: 'custom', cron: '61 * * * *', timezone: 'UTC' } }, 'schedule.cron'],
    [
      'a cron more often than hourly',
      { schedule: { preset: 'custom', cron: '*/5 * * * *', timezone: 'UTC' } },
      'schedule.cron',
    ],
    ['a custom schedule without cron', { schedule: { preset: 'custom', timezone: 'UTC' } }, 'schedule.cron'],
    [
      'an unknown time zone',
      { schedule: { preset: 'daily', timezone: 'Mars/Olympus' } },
      'schedule.timezone',
    ],
    ['an unknown dashboard', { source: { dashboard: 'nope' } }, 'source.dashboard'],
    ['an unknown query', { source: { queries: ['top_domains', 'top_nothing'] } }, 'source.queries.1'],
    ['both dashboard and queries', { source: { dashboard: 'web', queries: ['top_domains'] } }, 'source'],
    ['no source at all', { source: {} }, 'source'],
    ['21 queries', { source: { queries: Array(21).fill('top_domains') } }, 'source.queries'],
    ['a bad e-mail address', { recipients: ['ok@acme.example', 'not-an-address'] }, 'recipients.1'],
    ['an unknown interval', { interval: '3w' }, 'interval'],
    ['an empty name', { name: '' }, 'name'],
    ['a name of blanks', { name: '   ' }, 'name'],
    ['a filter no panel takes', { filters: { smtp_action: 'x' } }, 'filters.smtp_action'],
    ['an unknown format', { format: 'docx' }, 'format'],
    ['an extra field', { colour: 'red' }, 'colour'],
  ])('%s is a 400 naming %s, and nothing changes', async (_what, over, field) => {
    const kept = await create({ name: 'Kept' });
    const before = await list(admin);
    const r = await put(admin, { ...validSchedule(), ...over });
    expect(r.status).toBe(400);
    expect(await json<{ field: string; message: string }>(r)).toMatchObject({ field });
    // Replacing an existing one with a bad body changes nothing either.
    const r2 = await put(admin, { ...validSchedule(), ...over, id: kept.id });
    expect(r2.status).toBe(400);
    expect(await list(admin)).toEqual(before);
  });

  it('answers 401 without a session, 403 to a role without write (logs@ reads but may not write)', async () => {
    const kept = await create();
    expect((await server.call(REPORT_FILE_PATHS.scheduled)).status).toBe(401);
    expect((await server.call(REPORT_FILE_PATHS.past)).status).toBe(401);
    expect(await list(logsUser)).toHaveLength(1);
    expect((await put(logsUser, validSchedule())).status).toBe(403);
    expect((await runNow(kept.id, logsUser)).status).toBe(403);
    const del = await server.call(REPORT_FILE_PATHS.scheduledOne(kept.id), {
      method: 'DELETE',
      jar: logsUser.jar,
    });
    expect(del.status).toBe(403);
    const instant = await server.call(REPORT_FILE_PATHS.instant, {
      method: 'PUT',
      jar: logsUser.jar,
      body: { source: { dashboard: 'web' }, interval: '7d', format: 'pdf' },
    });
    expect(instant.status).toBe(403);
    expect(await list(admin)).toEqual([kept]);
  });

  it("another tenant's schedule and past report are 404 and stay as they were", async () => {
    const kept = await create();
    const ran = await json<PastReport>(await runNow(kept.id));
    const acmeBefore = [await list(admin), await pastReports(admin)];
    expect((await put(globex, validSchedule({ id: kept.id, name: 'Hijacked' }))).status).toBe(404);
    expect((await runNow(kept.id, globex)).status).toBe(404);
    const del = await server.call(REPORT_FILE_PATHS.scheduledOne(kept.id), {
      method: 'DELETE',
      jar: globex.jar,
    });
    expect(del.status).toBe(404);
    expect((await download(ran.id, globex)).response.status).toBe(404);
    expect(await list(globex)).toEqual([]);
    expect((await pastReports(globex)).map((r) => r.id)).not.toContain(ran.id);
    expect([await list(admin), await pastReports(admin)]).toEqual(acmeBefore);
  });
});

describe('report files', () => {
  afterEach(clearSchedules);

  it('run now leaves a past report whose download is a PDF with the panels, their numbers and the recipients note', async () => {
    const schedule = await create({ name: 'Web traffic weekly' });
    const r = await runNow(schedule.id);
    expect(r.status).toBe(200);
    const report = await json<PastReport>(r);
    expect(report).toMatchObject({
      name: 'Web traffic weekly',
      schedule_id: schedule.id,
      trigger: 'run_now',
      format: 'pdf',
      content_type: 'application/pdf',
      created_by: 'admin@acme.example',
      recipients: ['secops@acme.example'],
      // The web dashboard's panels, in its order.
      panels: DASHBOARDS.find((d) => d.id === 'web')?.panels.map((p) => p.query),
      skipped: [],
    });
    expect(report.file_name).toMatch(/^Web-traffic-weekly_2026-11-15_2026-11-22\.pdf$/);
    expect(report.end - report.start).toBe(604_800);
    expect((await pastReports(admin))[0]).toEqual(report);
    expect((await list(admin))[0].last_run_at).toBe(server.clock.now().toISOString());

    const { response, bytes } = await download(report.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${report.file_name}"`);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(report.size);
    // The file lives in the config store beside its record (every replica reads it), not on a disk.
    expect(
      Buffer.from((await server.app.workbench.store.pastReports.getFile(acmeTid, report.id)) ?? []),
    ).toEqual(bytes);
    expect(fs.existsSync(path.join(server.dataDir, 'reports'))).toBe(false);

    if (!pdftotext) {
      console.warn('pdftotext is missing (apt-get install poppler-utils): the PDF text is not checked.');
      return;
    }
    const file = path.join(os.tmpdir(), `report-${crypto.randomUUID()}.pdf`);
    fs.writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    fs.rmSync(file);
    for (const title of [
      'Web traffic weekly',
      'Top domains',
      'Actions',
      'Top categories',
      'Top users',
      'Top files',
    ])
      expect(text).toContain(title);
    expect(text).toContain('Tenant: acme');
    // Each panel says where it comes from by the log type's name, not its table (issue 31).
    expect(text).toContain('Top groups, from Web Logs');
    expect(text).not.toContain('scan_web');
    // 2026-11-15 09:0x to 2026-11-22 09:0x in Berlin (08:0x UTC; the clock moved a minute above).
    expect(text).toMatch(/Range: 2026-11-15 09:0\d to 2026-11-22 09:0\d \(Europe\/Berlin\)/);
    expect(text).toMatch(/alpha\.example\s+1,234/);
    expect(text).toMatch(/beta\.example\s+56/);
    expect(text).toContain(RECIPIENTS_NOTE);
  });

  it('the CSV format is a zip of README.txt and one CSV per panel, header row and rows', async () => {
    const r = await server.call(REPORT_FILE_PATHS.instant, {
      method: 'PUT',
      jar: admin.jar,
      body: {
        name: 'Bandwidth now',
        source: { queries: ['top_bandwidth_domains', 'top_domains', 'bandwidth_usage_by_date'] },
        interval: '2d',
        format: 'csv',
      },
    });
    expect(r.status).toBe(200);
    const report = await json<PastReport>(r);
    expect(report).toMatchObject({ trigger: 'instant', schedule_id: null, content_type: 'application/zip' });
    const { response, bytes } = await download(report.id);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Bandwidth-now_.*\.zip"$/,
    );
    const zip = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(zip).sort()).toEqual([
      '01-top_bandwidth_domains.csv',
      '02-top_domains.csv',
      '03-bandwidth_usage_by_date.csv',
      'README.txt',
    ]);
    expect(strFromU8(zip['01-top_bandwidth_domains.csv'])).toBe(
      'Domain,Bytes\r\nalpha.example,1263616\r\nbeta.example,0\r\n',
    );
    expect(strFromU8(zip['02-top_domains.csv'])).toBe(
      'Domain,Events\r\nalpha.example,1234\r\nbeta.example,56\r\n',
    );
    const byDate = strFromU8(zip['03-bandwidth_usage_by_date.csv']).split('\r\n');
    expect(byDate[0]).toBe('Time (UTC),Bytes');
    // 2d in buckets of 2 hours: 24 or 25 buckets (the range need not start on a bucket edge).
    expect(byDate.length - 2).toBeGreaterThanOrEqual(24);
    expect(byDate.slice(1, -1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(1234 * 1024);
    expect(strFromU8(zip['README.txt'])).toContain(RECIPIENTS_NOTE);
  });

  it("a dashboard's file holds each query once, as a chart (its KPI tiles and heat maps are views of them); a series has its column", async () => {
    const r = await server.call(REPORT_FILE_PATHS.instant, {
      method: 'PUT',
      jar: admin.jar,
      body: { name: 'Email now', source: { dashboard: 'email' }, interval: '7d', format: 'csv' },
    });
    expect(r.status).toBe(200);
    const report = await json<PastReport>(r);
    const charts = (DASHBOARDS.find((d) => d.id === 'email')?.panels ?? []).filter(
      (p) => p.view === undefined,
    );
    expect(report.panels).toEqual(charts.map((p) => p.query));
    expect(new Set(report.panels).size).toBe(report.panels.length);
    const zip = unzipSync(new Uint8Array((await download(report.id)).bytes));
    const index = report.panels.indexOf('smtp_request_count_by_smtp_code_and_reason');
    const file = `${String(index + 1).padStart(2, '0')}-smtp_request_count_by_smtp_code_and_reason.csv`;
    expect(strFromU8(zip[file]).split('\r\n')[0]).toBe('SMTP code,Reason,Events');
  });

  testEmbeddedOnly(
    'a report made before the files moved into the store is served from the data directory; with neither, 404',
    'removes a file row from config.sqlite itself',
    async () => {
      const r = await server.call(REPORT_FILE_PATHS.instant, {
        method: 'PUT',
        jar: admin.jar,
        body: { name: 'Older', source: { queries: ['top_domains'] }, interval: '2d', format: 'csv' },
      });
      const report = await json<PastReport>(r);
      const { bytes } = await download(report.id);
      const db = new Database(path.join(server.dataDir, CONFIG_DB_FILE));
      try {
        db.prepare('DELETE FROM report_files WHERE id = ?').run(report.id);
      } finally {
        db.close();
      }
      const missing = await download(report.id);
      expect([missing.response.status, JSON.parse(missing.bytes.toString('utf8')).message]).toEqual([
        404,
        REPORT_FILE_MISSING,
      ]);
      const legacy = legacyReportFilePath(server.app.workbench, acmeTid, report);
      expect(legacy).toBe(path.join(server.dataDir, 'reports', acmeTid, `${report.id}.zip`));
      fs.mkdirSync(path.dirname(legacy), { recursive: true });
      fs.writeFileSync(legacy, bytes);
      const older = await download(report.id);
      expect([older.response.status, older.bytes.equals(bytes)]).toEqual([200, true]);
      fs.rmSync(path.join(server.dataDir, 'reports'), { recursive: true });
    },
  );

  it('instant reports refuse a bad range with a 400 naming the field', async () => {
    const before = await pastReports(admin);
    for (const [body, field] of [
      [{ source: { dashboard: 'web' }, format: 'pdf' }, 'interval'],
      [{ source: { dashboard: 'web' }, start: 100, end: 50, format: 'pdf' }, 'start'],
      [{ source: { dashboard: 'web' }, interval: '7d', timezone: 'Nowhere/Town', format: 'pdf' }, 'timezone'],
      [
        { source: { dashboard: 'web' }, interval: '7d', format: 'pdf', filters: { userid: ',' } },
        'filters.userid',
      ],
    ] as const) {
      const r = await server.call(REPORT_FILE_PATHS.instant, { method: 'PUT', jar: admin.jar, body });
      expect([r.status, (await json<{ field: string }>(r)).field]).toEqual([400, field]);
    }
    expect(await pastReports(admin)).toEqual(before);
  });

  it('panels the user may not read are left out and named in the file; others then neither list nor download it', async () => {
    const store = server.app.workbench.store;
    const uid = crypto.randomUUID();
    await store.users.insert({
      uid,
      tid: acmeTid,
      username: 'bandwidth@acme.example',
      firstName: 'Bea',
      lastName: 'Bandwidth',
      // The bandwidth reports (their dashboard family and the web logs they read), not the web family's.
      roles: { read: ['dashboard:bandwidth', 'dashboard:reports', 'logs:web'], write: ['dashboard:reports'] },
      passwordHash: await hashPassword(TEST_PASSWORD),
      showChangePassword: false,
    });
    const narrow = await signIn(server, 'bandwidth@acme.example');
    const r = await server.call(REPORT_FILE_PATHS.instant, {
      method: 'PUT',
      jar: narrow.jar,
      body: { source: { queries: ['top_domains', 'top_bandwidth_users'] }, interval: '7d', format: 'csv' },
    });
    expect(r.status).toBe(200);
    const report = await json<PastReport>(r);
    expect(report).toMatchObject({ panels: ['top_bandwidth_users'], skipped: ['top_domains'] });
    const zip = unzipSync(new Uint8Array((await download(report.id, narrow)).bytes));
    expect(Object.keys(zip).sort()).toEqual(['01-top_bandwidth_users.csv', 'README.txt']);
    expect(strFromU8(zip['README.txt'])).toContain('Top domains (needs dashboard:web:read)');

    // A report of the admin's with a web panel: listed to the admin, not to the narrow user.
    const wide = await json<PastReport>(
      await server.call(REPORT_FILE_PATHS.instant, {
        method: 'PUT',
        jar: admin.jar,
        body: { source: { queries: ['top_domains'] }, interval: '7d', format: 'csv' },
      }),
    );
    expect((await pastReports(narrow)).map((p) => p.id)).not.toContain(wide.id);
    const denied = await download(wide.id, narrow);
    expect(denied.response.status).toBe(403);
    expect(JSON.parse(denied.bytes.toString('utf8'))).toMatchObject({
      message: 'Missing permission: dashboard:web:read.',
    });
  });

  it("panels of what the tenant does not have are left out too: globex's report has no e-mail panel", async () => {
    const r = await server.call(REPORT_FILE_PATHS.instant, {
      method: 'PUT',
      jar: globex.jar,
      body: { source: { queries: ['top_domains', 'top_users_email'] }, interval: '7d', format: 'csv' },
    });
    expect(r.status).toBe(200);
    const report = await json<PastReport>(r);
    expect(report).toMatchObject({ panels: ['top_domains'], skipped: ['top_users_email'] });
    const zip = unzipSync(new Uint8Array((await download(report.id, globex)).bytes));
    expect(strFromU8(zip['README.txt'])).toContain('Top recipients (needs the feature menlo_email)');
  });

  it('lists every route in /openapi.json with a tag and a summary', async () => {
    const spec = await json<{ paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> }>(
      await server.call('/openapi.json'),
    );
    const routes = [
      ['get', '/api/reports/v1/scheduled_reports'],
      ['put', '/api/reports/v1/scheduled_reports'],
      ['delete', '/api/reports/v1/scheduled_reports/{id}'],
      ['post', '/api/reports/v1/scheduled_reports/{id}/run'],
      ['put', '/api/reports/v1/instant_reports'],
      ['get', '/api/reports/v1/past_reports'],
      ['get', '/api/reports/v1/past_reports/{id}'],
    ];
    for (const [method, url] of routes)
      expect([
        url,
        method,
        spec.paths[url]?.[method]?.tags,
        Boolean(spec.paths[url]?.[method]?.summary),
      ]).toEqual([url, method, ['reports'], true]);
    expect(
      Object.keys(spec.paths)
        .filter((p) => p.startsWith('/api/reports/'))
        .sort(),
    ).toEqual([...new Set(routes.map(([, p]) => p))].sort());
  });
});

describe('the scheduler', () => {
  afterEach(clearSchedules);

  it('runs a due schedule once under two concurrent ticks, then not again until its next time', async () => {
    const schedule = await create({
      name: 'Hourly',
      schedule: { preset: 'custom', cron: '0 * * * *', timezone: 'UTC' },
    });
    expect(schedule.next_run_at).toBe('2026-11-22T09:00:00.000Z');
    const before = (await pastReports(admin)).length;
    expect(await schedulerOf(server).tick()).toEqual([]);

    await advance(HOUR_MS);
    const [a, b] = await Promise.all([schedulerOf(server).tick(), schedulerOf(server).tick()]);
    expect([...a, ...b]).toEqual([schedule.id]);
    const reports = await pastReports(admin);
    expect(reports).toHaveLength(before + 1);
    expect(reports[0]).toMatchObject({
      schedule_id: schedule.id,
      trigger: 'schedule',
      created_by: 'scheduler (admin@acme.example)',
    });
    const [after] = await list(admin);
    expect(after.next_run_at).toBe('2026-11-22T10:00:00.000Z');
    expect(after.last_run_at).toBe(server.clock.now().toISOString());
    expect(await schedulerOf(server).tick()).toEqual([]);
  });

  it('two replicas on one config store run a due schedule once', async () => {
    const schedule = await create({
      name: 'Shared',
      schedule: { preset: 'custom', cron: '0 * * * *', timezone: 'UTC' },
    });
    const replica = await startTestServer(
      { events: { store: events, reportFiles: { timer: false } } },
      { dataDir: server.dataDir, clock: server.clock },
    );
    try {
      await Promise.all([schedulerOf(server).idle(), schedulerOf(replica).idle()]);
      await advance(HOUR_MS);
      const before = (await pastReports(admin)).length;
      const ran = await Promise.all([schedulerOf(server).tick(), schedulerOf(replica).tick()]);
      expect(ran.flat()).toEqual([schedule.id]);
      expect((await pastReports(admin)).length).toBe(before + 1);
    } finally {
      await replica.close();
    }
  });

  it('a run missed while the server was down runs once at the next start; the next run is counted from then', async () => {
    const schedule = await create({ name: 'Daily catch-up', schedule: { preset: 'daily', timezone: 'UTC' } });
    expect(schedule.next_run_at).toBe('2026-11-23T06:00:00.000Z');
    const before = (await pastReports(admin)).length;
    await server.close();
    // Down for three days: three runs missed.
    server.clock.advance(3 * 24 * HOUR_MS);
    server = await server.restart();
    await advance(0);
    await schedulerOf(server).idle();
    const reports = await pastReports(admin);
    expect(reports).toHaveLength(before + 1);
    expect(reports[0]).toMatchObject({ schedule_id: schedule.id, trigger: 'schedule' });
    const [after] = await list(admin);
    // Now is 2026-11-25T08:00Z: the next 06:00 UTC is the 26th.
    expect(after.next_run_at).toBe('2026-11-26T06:00:00.000Z');
    expect(await schedulerOf(server).tick()).toEqual([]);
  });
});
