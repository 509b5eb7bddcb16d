/**
 * Report files (docs/reports.md §4 Reports): scheduled reports, run now, instant reports and past
 * reports. Types and paths come from the contract the server validates with
 * (api/contract/reportFiles.ts). A past report's file is downloaded by the browser itself from
 * `pastReportUrl(id)` (a plain link: the session cookie goes along, the file is an attachment).
 */
import type { HttpClient } from './http';
import { REPORT_FILE_PATHS } from './contract/reportFilePaths';
import type {
  InstantReportInput,
  PastReport,
  PastReportList,
  RunNowInput,
  ScheduledReport,
  ScheduledReportInput,
  ScheduledReportList,
} from './contract/reportFiles';

export async function listScheduledReports(http: HttpClient): Promise<ScheduledReport[]> {
  const r = await http.get<ScheduledReportList>(REPORT_FILE_PATHS.scheduled, {
    callName: 'listScheduledReports',
  });
  return r.data.scheduled_reports;
}

/** Creates (no `id`) or replaces (the `id` of an existing one) a scheduled report. */
export async function saveScheduledReport(
  http: HttpClient,
  report: ScheduledReportInput,
): Promise<ScheduledReport> {
  const r = await http.put<ScheduledReport>(REPORT_FILE_PATHS.scheduled, report, {
    callName: 'saveScheduledReport',
  });
  return r.data;
}

export async function deleteScheduledReport(http: HttpClient, id: string): Promise<void> {
  await http.delete(REPORT_FILE_PATHS.scheduledOne(id), { callName: 'deleteScheduledReport' });
}

/** Builds the schedule's file now (its schedule is unchanged); answers the past report. */
export async function runScheduledReport(
  http: HttpClient,
  id: string,
  body: RunNowInput = {},
): Promise<PastReport> {
  const r = await http.post<PastReport>(REPORT_FILE_PATHS.runNow(id), body, {
    callName: 'runScheduledReport',
  });
  return r.data;
}

export async function createInstantReport(http: HttpClient, input: InstantReportInput): Promise<PastReport> {
  const r = await http.put<PastReport>(REPORT_FILE_PATHS.instant, input, { callName: 'createInstantReport' });
  return r.data;
}

export async function listPastReports(http: HttpClient): Promise<PastReport[]> {
  const r = await http.get<PastReportList>(REPORT_FILE_PATHS.past, { callName: 'listPastReports' });
  return r.data.past_reports;
}

/** The download URL of a past report's file (same origin; relative to the app's base). */
export const pastReportUrl = (id: string): string => REPORT_FILE_PATHS.pastOne(id);
