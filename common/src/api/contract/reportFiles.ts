/**
 * Reports as files (docs/reports.md §4 Reports, issue 11): scheduled reports, instant reports and the
 * past reports they leave behind, one source of truth for the server's validation and the
 * client's types.
 *
 * - `GET /api/reports/v1/scheduled_reports` → `{ scheduled_reports }` (by name).
 * - `PUT /api/reports/v1/scheduled_reports` with ONE report → the saved report. Without `id` it
 *   creates one; with the `id` of one of the tenant's reports it replaces it (an unknown id → 404).
 *   The spec gives only GET and PUT; a body holding the whole list was rejected: two people
 *   editing different schedules would overwrite each other, and an empty list would delete all.
 * - `DELETE …/scheduled_reports/{id}`; `POST …/scheduled_reports/{id}/run` (run now, body `{}`).
 * - `PUT /api/reports/v1/instant_reports` → the past-report record of a file built now.
 * - `GET /api/reports/v1/past_reports` → `{ past_reports }` (newest first);
 *   `GET …/past_reports/{id}` → the file (PDF, or a zip of CSV files), as an attachment.
 *
 * A report's panels are a dashboard's (common's DASHBOARDS) or a list of report queries; each
 * panel is included only when the user whose permissions the run uses may read its query.
 */
import { Cron } from 'croner';
import { Type, type Static } from 'typebox';
import { REPORT_INTERVAL_CODES } from '../../features/interval/intervals';
import { email } from '../../validators/network';
import { DASHBOARDS, type DashboardPanel } from './reportDashboards';
import { REPORT_QUERY_NAMES, REPORT_QUERY_REGISTRY, type ReportQueryName } from './reportQueries';

// The paths live in a module of their own: the client's calls (api/reportFiles.ts) need only them,
// so a page whose store lists reports does not load this module's schemas and croner with them.
export { REPORT_FILE_PATHS } from './reportFilePaths';

/** Reading schedules and past reports; writing: saving, deleting, running, instant reports. */
export const REPORTS_READ_PERMISSION = 'dashboard:reports:read';
export const REPORTS_WRITE_PERMISSION = 'dashboard:reports:write';

export const REPORT_NAME_MAX = 100;
export const REPORT_QUERIES_MAX = 20;
export const REPORT_RECIPIENTS_MAX = 20;
/** Top-N panels of a query list show this many groups (the dashboards' own panels say theirs). */
export const REPORT_QUERY_PANEL_LIMIT = 10;
/** Runs of one schedule are at least this far apart (a report file per minute helps no one). */
export const MIN_SCHEDULE_GAP_MS = 60 * 60 * 1000;
/** Past reports kept per tenant; beyond it the oldest (and their files) are removed. */
export const PAST_REPORTS_KEPT = 200;
export const RECIPIENTS_NOTE = 'Recipients are recorded; this server does not send e-mail.';

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** The file each format gives: a PDF, or a zip of one CSV file per panel. */
export const REPORT_FORMAT_FILES: Record<
  ReportFormat,
  { suffix: string; contentType: string; label: string }
> = {
  pdf: { suffix: 'pdf', contentType: 'application/pdf', label: 'PDF' },
  csv: { suffix: 'zip', contentType: 'application/zip', label: 'CSV (zip)' },
};

/** Schedule presets and the cron each stands for (minute hour day-of-month month day-of-week). */
export const SCHEDULE_PRESETS = {
  daily: { cron: '0 6 * * *', label: 'Daily at 06:00' },
  weekly: { cron: '0 6 * * 1', label: 'Weekly on Monday at 06:00' },
  monthly: { cron: '0 6 1 * *', label: 'Monthly on the 1st at 06:00' },
} as const;
export type SchedulePreset = keyof typeof SCHEDULE_PRESETS | 'custom';
export const SCHEDULE_PRESET_NAMES = ['daily', 'weekly', 'monthly', 'custom'] as const;

const queryNames = REPORT_QUERY_NAMES as [ReportQueryName, ...ReportQueryName[]];
const dashboardIds = DASHBOARDS.map((d) => d.id) as [string, ...string[]];

/** Exactly one of `dashboard` (a DASHBOARDS id) and `queries` (1–20 report query names). */
export const ReportSource = Type.Object(
  {
    dashboard: Type.Optional(Type.Enum(dashboardIds, { description: 'A report dashboard id.' })),
    queries: Type.Optional(
      Type.Array(Type.Enum(queryNames), {
        minItems: 1,
        maxItems: REPORT_QUERIES_MAX,
        uniqueItems: true,
        description: `1–${REPORT_QUERIES_MAX} report query names.`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReportSource = Static<typeof ReportSource>;

/** Filter parameters (the panels' query filters, e.g. userid, domain) → value; comma-joined values mean any. */
export const ReportFilters = Type.Record(
  Type.String({ pattern: '^[a-z_]{1,40}$' }),
  Type.String({ minLength: 1, maxLength: 2000 }),
);
export type ReportFilters = Static<typeof ReportFilters>;

export const ReportSchedule = Type.Object(
  {
    preset: Type.Enum([...SCHEDULE_PRESET_NAMES]),
    /** Required for `custom`; for a preset, its cron (or left out). Five fields, minute precision. */
    cron: Type.Optional(Type.String({ minLength: 9, maxLength: 100 })),
    /** IANA time zone the cron is read in, and the report's times are shown in. */
    timezone: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type ReportSchedule = Static<typeof ReportSchedule>;

const intervalCodes = [...REPORT_INTERVAL_CODES];

export const ScheduledReportInput = Type.Object(
  {
    /** Absent: create. One of the tenant's schedules: replace it. */
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    name: Type.String({ minLength: 1, maxLength: REPORT_NAME_MAX }),
    source: ReportSource,
    filters: Type.Optional(ReportFilters),
    /** The range each run covers, ending when it runs: a report interval code. */
    interval: Type.Enum(intervalCodes),
    schedule: ReportSchedule,
    format: Type.Enum([...REPORT_FORMATS]),
    recipients: Type.Array(Type.String({ minLength: 3, maxLength: 254 }), {
      maxItems: REPORT_RECIPIENTS_MAX,
    }),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ScheduledReportInput = Static<typeof ScheduledReportInput>;

const IsoOrNull = Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]);

export const ScheduledReport = Type.Object({
  id: Type.String(),
  name: Type.String(),
  source: ReportSource,
  filters: ReportFilters,
  interval: Type.String(),
  schedule: Type.Object({ preset: Type.String(), cron: Type.String(), timezone: Type.String() }),
  format: Type.String(),
  recipients: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** The user whose permissions the runs use: whoever saved it last. */
  owner: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  last_run_at: IsoOrNull,
  /** Null while disabled. */
  next_run_at: IsoOrNull,
});
export type ScheduledReport = Static<typeof ScheduledReport>;

export const ScheduledReportList = Type.Object({ scheduled_reports: Type.Array(ScheduledReport) });
export type ScheduledReportList = Static<typeof ScheduledReportList>;

export const ReportIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Run now: `end` (unix seconds) pins the range's end; default now. */
export const RunNowInput = Type.Object(
  { end: Type.Optional(Type.Integer({ minimum: 1, maximum: 253_402_300_799 })) },
  { additionalProperties: false },
);
export type RunNowInput = Static<typeof RunNowInput>;

/** An instant report: an interval ending at `end` (default now), or an explicit start and end. */
export const InstantReportInput = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: REPORT_NAME_MAX })),
    source: ReportSource,
    filters: Type.Optional(ReportFilters),
    interval: Type.Optional(Type.Enum(intervalCodes)),
    start: Type.Optional(Type.Integer({ minimum: 0, maximum: 253_402_300_799 })),
    end: Type.Optional(Type.Integer({ minimum: 1, maximum: 253_402_300_799 })),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    format: Type.Enum([...REPORT_FORMATS]),
  },
  { additionalProperties: false },
);
export type InstantReportInput = Static<typeof InstantReportInput>;

export const PastReport = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The schedule it came from (it may since have been deleted); null for instant reports. */
  schedule_id: Type.Union([Type.String(), Type.Null()]),
  trigger: Type.Union([Type.Literal('schedule'), Type.Literal('run_now'), Type.Literal('instant')]),
  source: ReportSource,
  filters: ReportFilters,
  interval: Type.Union([Type.String(), Type.Null()]),
  /** The range, unix seconds (end exclusive). */
  start: Type.Integer(),
  end: Type.Integer(),
  timezone: Type.String(),
  format: Type.String(),
  file_name: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  created_at: Type.String(),
  /** Who asked: a user name, or "scheduler (owner …)". */
  created_by: Type.String(),
  /** The addresses its schedule named: a scheduled run's file is mailed to them, attached (docs/alerts.md). */
  recipients: Type.Array(Type.String()),
  /** The panels in the file, and those left out because the run's user may not read them. */
  panels: Type.Array(Type.String()),
  skipped: Type.Array(Type.String()),
  /** The report region of the server that made it, when that server has one (docs/provider-console.md §14). */
  made_in: Type.Optional(Type.String()),
});
export type PastReport = Static<typeof PastReport>;

export const PastReportList = Type.Object({ past_reports: Type.Array(PastReport) });
export type PastReportList = Static<typeof PastReportList>;

// --- Checks both sides run (the schema cannot say them) ---

export interface ReportProblem {
  field: string;
  message: string;
}

/** True for an IANA time zone name this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A five-field cron (minute hour day-of-month month day-of-week) read in `timezone`, or why not:
 * croner parses it; its runs must be at least MIN_SCHEDULE_GAP_MS apart.
 */
export function cronProblem(cron: string, timezone = 'UTC'): string | null {
  let job: Cron;
  try {
    if (cron.trim().split(/\s+/).length !== 5)
      return 'must have five fields: minute hour day-of-month month day-of-week.';
    job = new Cron(cron, { timezone, paused: true, mode: '5-part' });
  } catch (error) {
    return `is not a cron expression (${error instanceof Error ? error.message : String(error)}).`;
  }
  const runs = job.nextRuns(50, new Date(Date.UTC(2030, 0, 1)));
  job.stop();
  if (runs.length === 0) return 'never runs.';
  for (let i = 1; i < runs.length; i += 1)
    if (runs[i].getTime() - runs[i - 1].getTime() < MIN_SCHEDULE_GAP_MS)
      return 'runs more often than once an hour.';
  return null;
}

/** The cron a schedule runs on: its preset's, or its own. */
export const cronOf = (schedule: { preset: string; cron?: string }): string =>
  schedule.preset in SCHEDULE_PRESETS
    ? SCHEDULE_PRESETS[schedule.preset as keyof typeof SCHEDULE_PRESETS].cron
    : (schedule.cron ?? '');

/** The first run strictly after `after`, or null. */
export function nextRunAfter(cron: string, timezone: string, after: Date): Date | null {
  const job = new Cron(cron, { timezone, paused: true, mode: '5-part' });
  const next = job.nextRun(after);
  job.stop();
  return next;
}

/** The panels of a source, in order: the dashboard's, or one per query (top N of 10; bytes when it sums bytes). */
export function panelsOf(source: ReportSource): DashboardPanel[] {
  // A dashboard's KPI tiles and heat maps are other views of its charts' queries: once each, as charts.
  if (source.dashboard !== undefined)
    return (DASHBOARDS.find((d) => d.id === source.dashboard)?.panels ?? []).filter(
      (p) => (p.view ?? 'chart') === 'chart',
    );
  return (source.queries ?? []).map((query) => {
    const def = REPORT_QUERY_REGISTRY[query];
    return {
      query,
      limit: def.dimension.kind === 'field' ? REPORT_QUERY_PANEL_LIMIT : undefined,
      bytes: def.measure.kind === 'sum',
    };
  });
}

/** A source in words: the dashboard's title, or the queries' titles. */
export function sourceLabel(source: ReportSource): string {
  if (source.dashboard !== undefined)
    return `${DASHBOARDS.find((d) => d.id === source.dashboard)?.title ?? source.dashboard} dashboard`;
  const titles = (source.queries ?? []).map((q) => REPORT_QUERY_REGISTRY[q]?.title ?? q);
  return titles.length <= 3
    ? titles.join(', ')
    : `${titles.slice(0, 3).join(', ')} and ${titles.length - 3} more`;
}

function sourceProblem(source: ReportSource): ReportProblem | null {
  const given = Number(source.dashboard !== undefined) + Number(source.queries !== undefined);
  if (given !== 1)
    return { field: 'source', message: 'source must give exactly one of dashboard and queries.' };
  return null;
}

function filtersProblem(source: ReportSource, filters: ReportFilters | undefined): ReportProblem | null {
  const accepted = new Set(
    panelsOf(source).flatMap((p) => Object.keys(REPORT_QUERY_REGISTRY[p.query].filters)),
  );
  for (const [param, value] of Object.entries(filters ?? {})) {
    const field = `filters.${param}`;
    if (!accepted.has(param))
      return {
        field,
        message: `${field} is not a filter of this report's queries (they take ${[...accepted].sort().join(', ') || 'none'}).`,
      };
    if (value.split(',').every((v) => v.trim() === '')) return { field, message: `${field} has no value.` };
  }
  return null;
}

/** What is wrong with a scheduled report beyond its schema, naming the field; null when nothing. */
export function scheduledReportProblem(input: ScheduledReportInput): ReportProblem | null {
  if (input.name.trim() === '') return { field: 'name', message: 'name must not be empty.' };
  const source = sourceProblem(input.source) ?? filtersProblem(input.source, input.filters);
  if (source) return source;
  const { preset, cron, timezone } = input.schedule;
  if (!isTimeZone(timezone))
    return { field: 'schedule.timezone', message: `schedule.timezone "${timezone}" is not a time zone.` };
  if (preset === 'custom') {
    if (cron === undefined)
      return { field: 'schedule.cron', message: 'schedule.cron is required for a custom schedule.' };
  } else if (cron !== undefined && cron.trim() !== cronOf({ preset })) {
    return {
      field: 'schedule.cron',
      message: `schedule.cron must be left out for the ${preset} preset (it runs "${cronOf({ preset })}").`,
    };
  }
  const problem = cronProblem(cronOf(input.schedule), timezone);
  if (problem) return { field: 'schedule.cron', message: `schedule.cron ${problem}` };
  for (const [i, address] of input.recipients.entries())
    if (email(address) !== null)
      return { field: `recipients.${i}`, message: `recipients.${i} "${address}" is not an e-mail address.` };
  if (new Set(input.recipients.map((r) => r.toLowerCase())).size !== input.recipients.length)
    return { field: 'recipients', message: 'recipients must not repeat an address.' };
  return null;
}

/** What is wrong with an instant report beyond its schema; null when nothing. */
export function instantReportProblem(input: InstantReportInput): ReportProblem | null {
  const source = sourceProblem(input.source) ?? filtersProblem(input.source, input.filters);
  if (source) return source;
  if (input.interval === undefined && input.start === undefined)
    return { field: 'interval', message: 'interval is required (or start and end).' };
  if (input.interval !== undefined && input.start !== undefined)
    return { field: 'start', message: 'start is not allowed with an interval.' };
  if (input.start !== undefined && input.end === undefined)
    return { field: 'end', message: 'end is required with start.' };
  if (input.start !== undefined && input.end !== undefined && input.start >= input.end)
    return { field: 'start', message: 'start must be before end.' };
  if (input.timezone !== undefined && !isTimeZone(input.timezone))
    return { field: 'timezone', message: `timezone "${input.timezone}" is not a time zone.` };
  return null;
}

/** A schedule in words: the preset's label, or the cron; with its time zone. */
export function scheduleInWords(schedule: { preset: string; cron: string; timezone: string }): string {
  const preset = SCHEDULE_PRESETS[schedule.preset as keyof typeof SCHEDULE_PRESETS];
  return `${preset ? preset.label : `Cron "${schedule.cron}"`} (${schedule.timezone})`;
}
