/**
 * Report regions through real HTTP against a real server (docs/provider-console.md §14): the
 * regions are the deployments'; a tenant has its deployment's until one is set; a dry run names
 * the scheduled reports that would move and writes nothing; a change is audited; bad input is a
 * 400 naming the field; support reads and cannot write. And the effect: two replicas on one config
 * store, each in its region, and a due schedule is made by the replica of its tenant's region only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  REPORT_REGIONS_PATH,
  tenantReportRegionPath,
  type ReportRegionChange,
  type ReportRegionList,
  type TenantReportRegion,
} from '@workbench/common/api/contract/providerReportRegions';
import {
  REPORT_FILE_PATHS,
  type PastReport,
  type ScheduledReport,
} from '@workbench/common/api/contract/reportFiles';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import type { ReportScheduler } from '../reports/reportScheduler';

jest.setTimeout(120_000);

const HOUR_MS = 3_600_000;
let server: TestServer;
let replica: TestServer;
let events: EventStore;
let eventsDir: string;
let operator: OperatorSignedIn;
let support: OperatorSignedIn;
let admin: SignedIn;
let acme: string;

const call = async <T>(who: { jar: SignedIn['jar'] } | null, url: string, method = 'GET', body?: unknown) => {
  const r = await server.call(url, { method, ...(who ? { jar: who.jar } : {}), ...(body ? { body } : {}) });
  return {
    status: r.status,
    body: (await r.json().catch(() => null)) as T & { message?: string; field?: string },
  };
};
const regionOf = async (tid: string) =>
  (await call<TenantReportRegion>(support, tenantReportRegionPath(tid))).body;
const change = (who: { jar: SignedIn['jar'] } | null, tid: string, body: unknown) =>
  call<ReportRegionChange>(who, tenantReportRegionPath(tid), 'PUT', body);
const schedulerOf = (s: TestServer): ReportScheduler => s.app.workbench.reportScheduler as ReportScheduler;

async function auditOf(details: string): Promise<Record<string, unknown>[]> {
  const r = await call<{ events: Record<string, unknown>[] }>(operator, '/gdmanage/api/v1/audit?limit=100');
  return r.body.events.filter((e) => String(e.details ?? '').includes(details));
}

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-regions-'));
  events = await openTestEventStore(eventsDir);
  // Two replicas on one config store: one in us-east-1, one in eu-west-1.
  server = await startTestServer({
    events: { store: events, reportFiles: { timer: false, region: 'us-east-1' } },
  });
  replica = await startTestServer(
    { events: { store: events, reportFiles: { timer: false, region: 'eu-west-1' } } },
    { dataDir: server.dataDir, clock: server.clock },
  );
  acme = (await server.app.workbench.store.tenants.list()).find((t) => t.name === 'acme')?.tid as string;
  operator = await signInOperator(server, 'operator@provider.example');
  support = await signInOperator(server, 'support@provider.example');
  admin = await signIn(server, 'admin@acme.example');
});

afterAll(async () => {
  await replica?.close();
  await server?.close();
  await events?.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

describe('report regions', () => {
  it("lists the deployments' regions and every tenant's report region, its deployment's until one is set", async () => {
    const { status, body } = await call<ReportRegionList>(support, REPORT_REGIONS_PATH);
    expect(status).toBe(200);
    expect(body.regions.map((r) => r.region)).toEqual(['ap-southeast-2', 'eu-west-1', 'us-east-1']);
    expect(body.regions.find((r) => r.region === 'us-east-1')?.deployments).toEqual(['us-east-1']);
    expect(body.tenants.find((t) => t.tid === acme)).toEqual({
      tid: acme,
      name: 'acme',
      deployment: 'us-east-1',
      report_region: 'us-east-1',
      source: 'deployment',
    });
  });

  it('a dry run names the scheduled reports that would move and writes nothing; the change is then applied and audited', async () => {
    const created = await server.call(REPORT_FILE_PATHS.scheduled, {
      method: 'PUT',
      jar: admin.jar,
      body: {
        name: 'Hourly web',
        source: { dashboard: 'web' },
        interval: '24h',
        schedule: { preset: 'custom', cron: '0 * * * *', timezone: 'UTC' },
        format: 'csv',
        recipients: [],
        enabled: true,
      },
    });
    expect(created.status).toBe(200);
    const schedule = (await created.json()) as ScheduledReport;

    const dry = await change(operator, acme, { report_region: 'eu-west-1', dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      tid: acme,
      dry_run: true,
      from: 'us-east-1',
      to: 'eu-west-1',
      changed: true,
    });
    expect(dry.body.scheduled_reports).toEqual([
      expect.objectContaining({ id: schedule.id, name: 'Hourly web', enabled: true }),
    ]);
    expect(await regionOf(acme)).toMatchObject({ report_region: 'us-east-1', source: 'deployment' });
    expect(await auditOf('Moved the reports of acme')).toEqual([]);

    // While acme's region is us-east-1, only the us-east-1 replica makes its due report.
    await Promise.all([schedulerOf(server).idle(), schedulerOf(replica).idle()]);
    server.clock.advance(HOUR_MS);
    expect(await schedulerOf(replica).tick()).toEqual([]);
    expect(await schedulerOf(server).tick()).toEqual([schedule.id]);

    // Sessions idle out after an hour of the moved clock.
    operator = await signInOperator(server, 'operator@provider.example');
    const applied = await change(operator, acme, { report_region: 'eu-west-1' });
    expect(applied.body).toMatchObject({ dry_run: false, from: 'us-east-1', to: 'eu-west-1', changed: true });
    support = await signInOperator(server, 'support@provider.example');
    expect(await regionOf(acme)).toMatchObject({ report_region: 'eu-west-1', source: 'tenant' });
    const [audited] = await auditOf('Moved the reports of acme');
    expect(audited).toMatchObject({ action: 'update', area: 'report_regions', tenant: acme });
    expect(JSON.parse(String(audited.before))).toEqual({ report_region: 'us-east-1', source: 'deployment' });
    expect(JSON.parse(String(audited.after))).toEqual({ report_region: 'eu-west-1', source: 'tenant' });

    // Now the eu-west-1 replica makes it, and the file says where it was made.
    server.clock.advance(HOUR_MS);
    expect(await schedulerOf(server).tick()).toEqual([]);
    expect(await schedulerOf(replica).tick()).toEqual([schedule.id]);
    admin = await signIn(server, 'admin@acme.example');
    const past = (await call<{ past_reports: PastReport[] }>(admin, REPORT_FILE_PATHS.past)).body
      .past_reports;
    expect(past.map((p) => p.made_in)).toEqual(['eu-west-1', 'us-east-1']);
  });

  it('refuses a region no deployment is in (400 naming report_region), an unknown tenant (404), support and tenant sessions; changes nothing', async () => {
    operator = await signInOperator(server, 'operator@provider.example');
    support = await signInOperator(server, 'support@provider.example');
    admin = await signIn(server, 'admin@acme.example');
    const before = await regionOf(acme);
    const unknown = await change(operator, acme, { report_region: 'mars-1' });
    expect(unknown).toMatchObject({
      status: 400,
      body: {
        field: 'report_region',
        message: 'No deployment is in the region mars-1 (regions: ap-southeast-2, eu-west-1, us-east-1).',
      },
    });
    const badName = await change(operator, acme, { report_region: 'EU West' });
    expect(badName.status).toBe(400);
    expect(JSON.stringify(badName.body)).toContain('report_region');
    const extra = await change(operator, acme, { report_region: 'us-east-1', colour: 'red' });
    expect(extra.status).toBe(400);
    expect(JSON.stringify(extra.body)).toContain('colour');
    expect((await change(operator, 'no-such-tenant', { report_region: 'us-east-1' })).status).toBe(404);
    expect((await call(support, tenantReportRegionPath('no-such-tenant'))).status).toBe(404);
    expect((await change(support, acme, { report_region: 'us-east-1' })).status).toBe(403);
    expect((await change(admin, acme, { report_region: 'us-east-1' })).status).toBe(401);
    expect((await call(admin, REPORT_REGIONS_PATH)).status).toBe(401);
    expect((await call(null, REPORT_REGIONS_PATH)).status).toBe(401);
    expect(await regionOf(acme)).toEqual(before);
  });
});
