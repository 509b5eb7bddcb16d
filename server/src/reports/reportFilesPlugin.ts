/**
 * Reports as files (docs/reports.md §4 Reports, issue 11): scheduled reports, run now, instant
 * reports and past reports (see common/src/api/contract/reportFiles.ts for the contract, and
 * README.md beside this file). Tenant sessions only, the session's tenant only (another tenant's
 * id is 404); reading needs `dashboard:reports:read`, every change `dashboard:reports:write`.
 * Bad input is a 400 naming the field and changes nothing.
 *
 * buildServer (app.ts) registers `reportFilesPlugin({ store })` on the server's event store when
 * its options ask for report files; the plugin puts its scheduler on ServerContext.reportScheduler
 * (tests tick it by hand).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  InstantReportInput,
  PastReport,
  PastReportList,
  REPORTS_READ_PERMISSION,
  REPORTS_WRITE_PERMISSION,
  REPORT_FILE_PATHS,
  ReportIdParams,
  RunNowInput,
  ScheduledReport,
  ScheduledReportInput,
  ScheduledReportList,
  cronOf,
  instantReportProblem,
  scheduledReportProblem,
  type ReportFormat,
} from '@workbench/common/api/contract/reportFiles';
import type { ServerContext, TenantSession } from '../context';
import type { EventStore } from '../events/eventStore';
import { refusalMessage } from '../events/reportRoutes';
import { ApiHttpError, errorResponses, forbiddenMessage } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import type { ScheduledReportRecord } from '../store/ConfigStore';
import {
  readerOfUser,
  panelRefusal,
  sessionReader,
  buildReport,
  intervalRange,
  legacyReportFilePath,
  mayReadReport,
  type ReportRunRequest,
} from './reportRuns';
import { ReportScheduler, nextRunOf } from './reportScheduler';
import { reportRegionOf } from '../provider/reportRegionRoutes';
import { checkQuota } from '../quota/tenantQuota';
import { mailReport } from '../alerts/reportMail';

export interface ReportFilesOptions {
  /** The event store the report queries read. */
  store: EventStore;
  /** The clock (default: the server's). */
  now?: () => Date;
  /** Wake the scheduler every minute (default true); tests tick it by hand. Start-up catch-up runs either way. */
  timer?: boolean;
  /**
   * The region this server makes reports in: its scheduler runs only the schedules of the tenants
   * whose report region it is (provider/reportRegionRoutes.ts), and its files record it. Absent
   * or null: every tenant's schedules (one server, or replicas that are all in one place).
   */
  region?: string | null;
}

export const SCHEDULED_REPORT_NOT_FOUND = 'The scheduled report was not found.';
export const PAST_REPORT_NOT_FOUND = 'The past report was not found.';
export const REPORT_FILE_MISSING = 'The report file is missing from the server.';

const tags = ['reports'];
const read = { world: 'tenant' as const, permission: REPORTS_READ_PERMISSION };
const write = { world: 'tenant' as const, permission: REPORTS_WRITE_PERMISSION };
const unixNow = (now: Date) => Math.ceil(now.getTime() / 1000);

function toReply(r: ScheduledReportRecord): ScheduledReport {
  return {
    id: r.id,
    name: r.name,
    ...r.spec,
    enabled: r.enabled,
    owner: r.ownerName,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    last_run_at: r.lastRunAt,
    next_run_at: r.nextRunAt === null ? null : new Date(r.nextRunAt).toISOString(),
  };
}

/** The run of a schedule: its interval ending at `endS`, panels chosen by `runAs`'s permissions. */
function scheduleRun(
  r: ScheduledReportRecord,
  endS: number,
  who: Pick<ReportRunRequest, 'trigger' | 'createdBy' | 'runAs' | 'reader' | 'madeIn'>,
): ReportRunRequest {
  return {
    tid: r.tid,
    name: r.name,
    source: r.spec.source,
    filters: r.spec.filters,
    interval: r.spec.interval,
    ...intervalRange(r.spec.interval, endS),
    timezone: r.spec.schedule.timezone,
    format: r.spec.format as ReportFormat,
    recipients: r.spec.recipients,
    scheduleId: r.id,
    ...who,
  };
}

export function reportFilesPlugin(options: ReportFilesOptions): FastifyPluginAsync {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx: ServerContext = app.workbench;
    const events = options.store;
    const now = options.now ?? ctx.now;
    const clock: ServerContext = { ...ctx, now };

    const region = options.region ?? null;
    const own = new ReportScheduler({
      store: ctx.store,
      now,
      onClaim: (won) => ctx.metrics?.schedulerClaim(won),
      ...(region !== null
        ? { makes: async (r) => (await reportRegionOf(ctx.store, r.tid))?.report_region === region }
        : {}),
      run: async (r) => {
        const reader = await readerOfUser(ctx, r.tid, r.ownerUid);
        const report = await buildReport(
          clock,
          events,
          scheduleRun(r, unixNow(now()), {
            trigger: 'schedule',
            createdBy: `scheduler (${r.ownerName})`,
            runAs: reader ? r.ownerName : `${r.ownerName} (no longer a user of this tenant: no panels)`,
            reader,
            madeIn: region,
          }),
        );
        // The schedule's recipients get the file by e-mail (alerts/reportMail.ts). A mail that
        // cannot be sent leaves the run made: its file is kept and listed, the failure logged.
        await mailReport(clock, r.tid, report).catch((error: unknown) =>
          app.log.error({ err: error, schedule: r.id, report: report.id }, 'scheduled report e-mail failed'),
        );
        return report;
      },
      onError: (error, r) => app.log.error({ err: error, schedule: r?.id }, 'scheduled report run failed'),
    });
    ctx.reportScheduler = own;
    app.addHook('onReady', async () => own.start(options.timer ?? true));
    app.addHook('onClose', async () => own.stop());

    const sessionWho = (s: TenantSession, trigger: ReportRunRequest['trigger']) => ({
      trigger,
      createdBy: s.username,
      runAs: s.username,
      reader: sessionReader(s),
      madeIn: region,
    });

    app.get(
      REPORT_FILE_PATHS.scheduled,
      {
        config: read,
        schema: {
          tags,
          summary: "The tenant's scheduled reports, by name",
          response: { 200: ScheduledReportList, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        return { scheduled_reports: (await ctx.store.scheduledReports.list(s.tid)).map(toReply) };
      },
    );

    app.put(
      REPORT_FILE_PATHS.scheduled,
      {
        config: { ...write, audit: { action: 'update', area: 'reports', what: 'Saved a scheduled report.' } },
        schema: {
          tags,
          summary:
            'Creates a scheduled report (no id) or replaces one of the tenant’s (its id); the saver becomes its owner',
          description:
            'One report per call (not the whole list): concurrent editors of different schedules cannot overwrite each other.',
          body: ScheduledReportInput,
          response: { 200: ScheduledReport, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const input = request.body;
        const problem = scheduledReportProblem(input);
        if (problem) throw new ApiHttpError(400, problem.message, problem.field);
        const existing = input.id ? await ctx.store.scheduledReports.get(s.tid, input.id) : null;
        if (input.id && !existing) throw new ApiHttpError(404, SCHEDULED_REPORT_NOT_FOUND, 'id');
        if (!existing) await checkQuota(ctx.store, s.tid, 'scheduled_reports');
        const at = now();
        const spec: ScheduledReportRecord['spec'] = {
          source: input.source,
          filters: input.filters ?? {},
          interval: input.interval,
          schedule: { ...input.schedule, cron: cronOf(input.schedule) },
          format: input.format,
          recipients: input.recipients,
        };
        const record: ScheduledReportRecord = {
          id: existing?.id ?? crypto.randomUUID(),
          tid: s.tid,
          name: input.name.trim(),
          spec,
          enabled: input.enabled,
          ownerUid: s.uid,
          ownerName: s.username,
          createdAt: existing?.createdAt ?? at.toISOString(),
          updatedAt: at.toISOString(),
          lastRunAt: existing?.lastRunAt ?? null,
          nextRunAt: nextRunOf({ enabled: input.enabled, spec }, at),
        };
        await ctx.store.scheduledReports.put(record);
        const saved = toReply(record);
        noteAudit(request, {
          action: existing ? 'update' : 'create',
          object: record.name,
          before: existing ? toReply(existing) : undefined,
          after: saved,
          details: `${existing ? 'Modified' : 'Created'} the scheduled report ${record.name}.`,
        });
        return saved;
      },
    );

    app.delete(
      `${REPORT_FILE_PATHS.scheduled}/:id`,
      {
        config: {
          ...write,
          audit: { action: 'delete', area: 'reports', what: 'Deleted a scheduled report.' },
        },
        schema: {
          tags,
          summary: 'Deletes a scheduled report (its past reports stay)',
          params: ReportIdParams,
          response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const before = await ctx.store.scheduledReports.get(s.tid, request.params.id);
        if (!before || !(await ctx.store.scheduledReports.delete(s.tid, request.params.id)))
          throw new ApiHttpError(404, SCHEDULED_REPORT_NOT_FOUND, 'id');
        noteAudit(request, {
          object: before.name,
          before: toReply(before),
          details: `Deleted the scheduled report ${before.name}.`,
        });
        return { deleted: true };
      },
    );

    app.post(
      `${REPORT_FILE_PATHS.scheduled}/:id/run`,
      {
        config: {
          ...write,
          audit: { action: 'create', area: 'reports', what: 'Ran a scheduled report now.' },
        },
        schema: {
          tags,
          summary:
            'Runs a scheduled report now (its schedule is unchanged); panels are those the caller may read',
          params: ReportIdParams,
          body: RunNowInput,
          response: { 200: PastReport, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const r = await ctx.store.scheduledReports.get(s.tid, request.params.id);
        if (!r) throw new ApiHttpError(404, SCHEDULED_REPORT_NOT_FOUND, 'id');
        const at = now();
        const report = await buildReport(
          clock,
          events,
          scheduleRun(r, request.body.end ?? unixNow(at), sessionWho(s, 'run_now')),
        );
        await ctx.store.scheduledReports.markRun(s.tid, r.id, at.toISOString());
        noteAudit(request, { object: r.name, details: `Ran the scheduled report ${r.name} now.` });
        return report;
      },
    );

    app.put(
      REPORT_FILE_PATHS.instant,
      {
        config: { ...write, audit: { action: 'create', area: 'reports', what: 'Built an instant report.' } },
        schema: {
          tags,
          summary:
            'Builds a report file now from a source, a range and a format; answers its past-report record',
          body: InstantReportInput,
          response: { 200: PastReport, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const input = request.body;
        const problem = instantReportProblem(input);
        if (problem) throw new ApiHttpError(400, problem.message, problem.field);
        const end = input.end ?? unixNow(now());
        const range = input.interval
          ? intervalRange(input.interval, end)
          : { start: input.start as number, end };
        return buildReport(clock, events, {
          tid: s.tid,
          name: input.name?.trim() || 'Instant report',
          source: input.source,
          filters: input.filters ?? {},
          interval: input.interval ?? null,
          ...range,
          timezone: input.timezone ?? 'UTC',
          format: input.format,
          recipients: [],
          scheduleId: null,
          ...sessionWho(s, 'instant'),
        });
      },
    );

    app.get(
      REPORT_FILE_PATHS.past,
      {
        config: read,
        schema: {
          tags,
          summary: "The tenant's past reports whose every panel the caller may read, newest first",
          response: { 200: PastReportList, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const all = await ctx.store.pastReports.list(s.tid);
        const reader = sessionReader(s);
        return { past_reports: all.map((r) => r.report).filter((r) => mayReadReport(reader, r)) };
      },
    );

    app.get(
      `${REPORT_FILE_PATHS.past}/:id`,
      {
        config: read,
        schema: {
          tags,
          summary: 'Downloads a past report: the PDF, or the zip of CSV files (attachment)',
          params: ReportIdParams,
          response: {
            200: Type.Unsafe<Buffer>({
              type: 'string',
              format: 'binary',
              description: 'The file (application/pdf or application/zip).',
            }),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const s = tenantSessionOf(request);
        const record = await ctx.store.pastReports.get(s.tid, request.params.id);
        if (!record) throw new ApiHttpError(404, PAST_REPORT_NOT_FOUND, 'id');
        const report = record.report;
        const reader = sessionReader(s);
        if (!mayReadReport(reader, report)) {
          const refused = report.panels.map((q) => panelRefusal(reader, q)).find((r) => r !== null);
          throw new ApiHttpError(
            403,
            refused ? refusalMessage(refused) : forbiddenMessage(REPORTS_READ_PERMISSION),
          );
        }
        let bytes = await ctx.store.pastReports.getFile(s.tid, report.id);
        // A report made before the files moved into the store still has its file on this disk.
        bytes ??= await fs.promises.readFile(legacyReportFilePath(ctx, s.tid, report)).catch(() => null);
        if (!bytes) throw new ApiHttpError(404, REPORT_FILE_MISSING, 'id');
        return reply
          .type(report.content_type)
          .header('content-disposition', `attachment; filename="${report.file_name}"`)
          .header('content-length', String(bytes.byteLength))
          .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      },
    );
  };
}
