/**
 * Building one report file: the panels of the source that the run's user may read, each answered
 * by the report query the dashboard uses (runReportQuery), rendered as PDF or CSV zip, and
 * recorded as a past report with its file in the config store, in one transaction: every server
 * sharing the store can serve the download, and a crash leaves either both or neither.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  PAST_REPORTS_KEPT,
  REPORT_FORMAT_FILES,
  panelsOf,
  sourceLabel,
  type PastReport,
  type ReportFilters,
  type ReportFormat,
  type ReportSource,
} from '@workbench/common/api/contract/reportFiles';
import {
  REPORT_QUERY_REGISTRY,
  refusalNeeds,
  reportQueryRefusal,
  reportQueryReadable,
  type ReportGranularityCode,
  type ReportQueryName,
  type ReportQueryRefusal,
  type ReportReader,
} from '@workbench/common/api/contract/reportQueries';
import { deriveFeatureFlags } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import {
  DEFAULT_GRANULARITY,
  LOG_INTERVALS,
  REPORT_GRANULARITIES,
  granularityFor,
} from '@workbench/common/features/interval/intervals';
import {
  createAccessController,
  isRbacEnforced,
  rolesToPermissions,
} from '@workbench/common/features/rbac/permissions';
import type { ServerContext, TenantSession } from '../context';
import type { EventStore } from '../events/eventStore';
import { runReportQuery, type ReportQueryString } from '../events/reportRoutes';
import { tenantInEffect } from '../provider/capabilityStateRoutes';
import type { PastReportRecord } from '../store/ConfigStore';
import { buildCsvZip, type PanelAnswer, type SkippedPanel } from './reportCsv';

export interface ReportRunRequest {
  tid: string;
  name: string;
  source: ReportSource;
  filters: ReportFilters;
  /** The interval code the range came from (null: an explicit range). */
  interval: string | null;
  /** Unix seconds, end exclusive. */
  start: number;
  end: number;
  timezone: string;
  format: ReportFormat;
  recipients: readonly string[];
  trigger: PastReport['trigger'];
  scheduleId: string | null;
  /** Who asked (shown in the list). */
  createdBy: string;
  /**
   * Whose permissions choose the panels (shown in the file), and what they may read: those
   * permissions and their tenant's features (null: nothing).
   */
  runAs: string;
  reader: ReportReader | null;
  /** The region of the server that makes it (null: a server without a region). */
  madeIn?: string | null;
}

/** The range of an interval code ending at `endS` (unix seconds). */
export function intervalRange(interval: string, endS: number): { start: number; end: number } {
  const ms = LOG_INTERVALS.find((i) => i.code === interval)?.ms ?? 0;
  return { start: Math.max(0, endS - Math.round(ms / 1000)), end: endS };
}

/** The by-date bucket width of a run: the interval's, or the one of the smallest interval covering the range. */
function granularityOf(interval: string | null, start: number, end: number): ReportGranularityCode {
  if (interval) return granularityFor(interval) as ReportGranularityCode;
  const spanMs = (end - start) * 1000;
  const row = REPORT_GRANULARITIES.find(
    (r) => (LOG_INTERVALS.find((i) => i.code === r.interval)?.ms ?? 0) >= spanMs,
  );
  return (row?.granularity ?? DEFAULT_GRANULARITY) as ReportGranularityCode;
}

/** What a signed-in user may read of the reports: the session's access and its tenant's features. */
export const sessionReader = (s: TenantSession): ReportReader => ({
  allows: (rule) => s.access.allows(rule),
  features: deriveFeatureFlags(s.tenant.capabilities),
});

/** What a tenant user may read, as the guard would decide it; null when the user or tenant is gone. */
export async function readerOfUser(
  ctx: ServerContext,
  tid: string,
  uid: string,
): Promise<ReportReader | null> {
  const [user, stored] = await Promise.all([ctx.store.users.get(uid), ctx.store.tenants.get(tid)]);
  if (!user || !stored || user.tid !== tid || stored.status !== 'active') return null;
  // The capabilities in effect today, as the session's: the report's owner reads what they read in the portal.
  const tenant = await tenantInEffect(ctx.store, stored, ctx.now());
  const access = createAccessController(
    rolesToPermissions(user.roles),
    isRbacEnforced(ctx.deployment, ctx.mode, tenant.capabilities),
  );
  return { allows: (rule) => access.allows(rule), features: deriveFeatureFlags(tenant.capabilities) };
}

/** Why `reader` may not read a panel's query (one no longer in the registry: never), or null when it may. */
export function panelRefusal(reader: ReportReader, query: string): ReportQueryRefusal | null {
  const def = REPORT_QUERY_REGISTRY[query as ReportQueryName] ?? null;
  if (def === null) return { permissions: [`the report query ${query}`] };
  return reportQueryRefusal(def, reader);
}

/** True when `reader` may read every panel of the report (to list it, and to download its file). */
export const mayReadReport = (reader: ReportReader, report: PastReport): boolean =>
  report.panels.every((q) => {
    const def = REPORT_QUERY_REGISTRY[q as ReportQueryName];
    return def !== undefined && reportQueryReadable(def, reader);
  });

/**
 * Where a server kept a report's file before the files moved into the config store (migration
 * 10): `<dataDir>/reports/<tid>/<id>.<suffix>`. Read when the store has no file for a report
 * made before, and removed with the report when it is pruned.
 */
export const legacyReportFilePath = (ctx: ServerContext, tid: string, report: PastReport): string =>
  path.join(
    ctx.dataDir,
    'reports',
    tid.replace(/[^A-Za-z0-9_-]/g, '_'),
    `${report.id}.${REPORT_FORMAT_FILES[report.format as ReportFormat]?.suffix ?? 'bin'}`,
  );

/** A file name for the download: the report's name, safe for any file system and header. */
function fileNameOf(name: string, start: number, end: number, suffix: string): string {
  const base =
    name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'report';
  const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
  return `${base}_${day(start)}_${day(end)}.${suffix}`;
}

export async function buildReport(
  ctx: ServerContext,
  events: EventStore,
  request: ReportRunRequest,
): Promise<PastReport> {
  const tenant = await ctx.store.tenants.get(request.tid);
  const generatedAt = ctx.now();
  const granularity = granularityOf(request.interval, request.start, request.end);
  const answers: PanelAnswer[] = [];
  const skipped: SkippedPanel[] = [];
  for (const panel of panelsOf(request.source)) {
    const def = REPORT_QUERY_REGISTRY[panel.query];
    const refused = request.reader
      ? panelRefusal(request.reader, panel.query)
      : { permissions: [...(def.permission.all ?? [])] };
    if (refused !== null) {
      skipped.push({ query: panel.query, needs: refusalNeeds(refused) });
      continue;
    }
    const query: ReportQueryString = { start: request.start, end: request.end };
    if (def.dimension.kind === 'date') {
      query.granularity = granularity;
      query.timezone = request.timezone;
    } else if (panel.limit !== undefined) query.limit = panel.limit;
    for (const [param, value] of Object.entries(request.filters))
      if (param in def.filters) query[param] = value;
    const reply = await runReportQuery(events, panel.query, request.tid, query, generatedAt);
    answers.push({ query: panel.query, bytes: panel.bytes ?? false, reply });
  }

  const document = {
    name: request.name,
    tenant: tenant?.name ?? request.tid,
    start: request.start,
    end: request.end,
    timezone: request.timezone,
    generatedAt,
    source: sourceLabel(request.source),
    filters: request.filters,
    runAs: request.runAs,
    recipients: request.recipients,
    panels: answers,
    skipped,
  };
  // Loaded on the first PDF report file: ECharts, pdfkit and its fonts are ~1 s of a server's start
  // otherwise, paid by every server and test process that never makes one (a CSV file needs none).
  const bytes =
    request.format === 'pdf'
      ? await (await import('./reportDocument')).buildPdf(document)
      : buildCsvZip(document);
  const kind = REPORT_FORMAT_FILES[request.format];
  const report: PastReport = {
    id: crypto.randomUUID(),
    name: request.name,
    schedule_id: request.scheduleId,
    trigger: request.trigger,
    source: request.source,
    filters: request.filters,
    interval: request.interval,
    start: request.start,
    end: request.end,
    timezone: request.timezone,
    format: request.format,
    file_name: fileNameOf(request.name, request.start, request.end, kind.suffix),
    content_type: kind.contentType,
    size: bytes.byteLength,
    created_at: generatedAt.toISOString(),
    created_by: request.createdBy,
    recipients: [...request.recipients],
    panels: answers.map((a) => a.query),
    skipped: skipped.map((s) => s.query),
    ...(request.madeIn ? { made_in: request.madeIn } : {}),
  };

  const record: PastReportRecord = { tid: request.tid, createdMs: generatedAt.getTime(), report };
  await ctx.store.pastReports.insert(record, bytes);
  // Past reports are kept up to a count per tenant: the oldest go, with their files.
  for (const old of await ctx.store.pastReports.prune(request.tid, PAST_REPORTS_KEPT))
    await fs.promises.rm(legacyReportFilePath(ctx, request.tid, old.report), { force: true });
  return report;
}
