/**
 * The paths of reports as files (api/contract/reportFiles.ts, which re-exports them). Apart from
 * the contract's schemas and checks: the client's calls (api/reportFiles.ts) sit in every signed-in
 * page's store (the Reports page's entity sources), and the checks bring croner (~10 KiB gzipped)
 * that only the Reports page's form and the server use (bench/README.md "First load").
 */
export const REPORT_FILE_PATHS = {
  scheduled: '/api/reports/v1/scheduled_reports',
  scheduledOne: (id: string) => `/api/reports/v1/scheduled_reports/${encodeURIComponent(id)}`,
  runNow: (id: string) => `/api/reports/v1/scheduled_reports/${encodeURIComponent(id)}/run`,
  instant: '/api/reports/v1/instant_reports',
  past: '/api/reports/v1/past_reports',
  pastOne: (id: string) => `/api/reports/v1/past_reports/${encodeURIComponent(id)}`,
} as const;
