/**
 * The create/edit form of a scheduled report: Formik values, yup rules (the contract's own checks:
 * croner reads the cron, Intl the time zone, common's e-mail validator the recipients), and the
 * conversion to and from the API's shape.
 */
import * as yup from 'yup';
import { email } from '@workbench/common/validators/index';
import { DASHBOARDS } from '@workbench/common/api/contract/reportDashboards';
import {
  REPORT_NAME_MAX,
  REPORT_QUERIES_MAX,
  REPORT_RECIPIENTS_MAX,
  SCHEDULE_PRESETS,
  cronProblem,
  isTimeZone,
  type ReportFormat,
  type ScheduledReport,
  type ScheduledReportInput,
  type SchedulePreset,
} from '@workbench/common/api/contract/reportFiles';
import type { ReportQueryName } from '@workbench/common/api/contract/reportQueries';
import { DEFAULT_REPORT_INTERVAL, type ReportIntervalCode } from '@workbench/common/features/interval/index';

export interface ReportFormValues {
  name: string;
  sourceKind: 'dashboard' | 'queries';
  dashboard: string;
  queries: ReportQueryName[];
  interval: ReportIntervalCode;
  preset: SchedulePreset;
  /** The custom cron (a preset shows its own, read-only). */
  cron: string;
  timezone: string;
  format: ReportFormat;
  recipients: string[];
  enabled: boolean;
}

/** The browser's time zone (the default of a new schedule), UTC when it has none. */
export const browserTimeZone = (): string => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
};

export const emptyReportForm = (): ReportFormValues => ({
  name: '',
  sourceKind: 'dashboard',
  dashboard: DASHBOARDS[0].id,
  queries: [],
  interval: '7d' satisfies ReportIntervalCode,
  preset: 'weekly',
  cron: SCHEDULE_PRESETS.weekly.cron,
  timezone: browserTimeZone(),
  format: 'pdf',
  recipients: [],
  enabled: true,
});

export function formOfReport(r: ScheduledReport): ReportFormValues {
  return {
    name: r.name,
    sourceKind: r.source.dashboard !== undefined ? 'dashboard' : 'queries',
    dashboard: r.source.dashboard ?? DASHBOARDS[0].id,
    queries: [...(r.source.queries ?? [])],
    interval: (r.interval as ReportIntervalCode) ?? DEFAULT_REPORT_INTERVAL,
    preset: r.schedule.preset as SchedulePreset,
    cron: r.schedule.cron,
    timezone: r.schedule.timezone,
    format: r.format as ReportFormat,
    recipients: [...r.recipients],
    enabled: r.enabled,
  };
}

/** The body of the PUT (the filters of an edited report are kept as they were). */
export function inputOfForm(values: ReportFormValues, editing: ScheduledReport | null): ScheduledReportInput {
  return {
    ...(editing ? { id: editing.id } : {}),
    name: values.name.trim(),
    source: values.sourceKind === 'dashboard' ? { dashboard: values.dashboard } : { queries: values.queries },
    ...(editing && Object.keys(editing.filters).length > 0 ? { filters: editing.filters } : {}),
    interval: values.interval,
    schedule:
      values.preset === 'custom'
        ? { preset: 'custom', cron: values.cron.trim(), timezone: values.timezone }
        : { preset: values.preset, timezone: values.timezone },
    format: values.format,
    recipients: values.recipients,
    enabled: values.enabled,
  };
}

export const REPORT_FORM_MESSAGES: Record<string, string> = {
  required: 'Required.',
  maxlength: `At most ${REPORT_NAME_MAX} characters.`,
  noQueries: 'Choose at least one report query.',
  tooManyQueries: `At most ${REPORT_QUERIES_MAX} report queries.`,
  invalidTimeZone: 'Choose a time zone from the list (e.g. Europe/Berlin).',
  invalidEmail: 'Every recipient must be a valid e-mail address.',
  tooManyRecipients: `At most ${REPORT_RECIPIENTS_MAX} recipients.`,
  duplicateRecipient: 'A recipient is listed twice.',
};

export const reportFormSchema = yup.object({
  name: yup.string().trim().required('required').max(REPORT_NAME_MAX, 'maxlength'),
  queries: yup.array(yup.string().required()).when('sourceKind', {
    is: 'queries',
    then: (s) => s.min(1, 'noQueries').max(REPORT_QUERIES_MAX, 'tooManyQueries'),
  }),
  timezone: yup
    .string()
    .required('required')
    .test('timezone', 'invalidTimeZone', (v) => !v || isTimeZone(v)),
  cron: yup.string().when('preset', {
    is: 'custom',
    then: (s) =>
      s.required('required').test('cron', (v, ctx) => {
        const problem = v ? cronProblem(v.trim(), ctx.parent.timezone || 'UTC') : null;
        return problem ? ctx.createError({ message: `The cron expression ${problem}` }) : true;
      }),
  }),
  recipients: yup
    .array(yup.string().required())
    .max(REPORT_RECIPIENTS_MAX, 'tooManyRecipients')
    .test('emails', 'invalidEmail', (list) => (list ?? []).every((a) => email(a) === null))
    .test(
      'unique',
      'duplicateRecipient',
      (list) => new Set((list ?? []).map((a) => a.toLowerCase())).size === (list ?? []).length,
    ),
});
