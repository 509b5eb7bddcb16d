/**
 * data-testid values of the file analysis dialog (docs/reports.md §5): opened from a log event's
 * details and from the files report. Never rename one.
 */
export const fileAnalysisIds = {
  /** The details drawer's "File analysis report" button (an event with a file hash). */
  openFromEvent: 'file-analysis-open-event',
  /** `${openFromReport}-${file name}`: the files report table's row action. */
  openFromReport: 'file-analysis-open-report',
  dialog: 'file-analysis-dialog',
  close: 'file-analysis-close',
  /** `${file}-${sha256}`: one inspected file's summary. */
  file: 'file-analysis-file',
  /** `${report}-${sha256}-${plugin}`: the button that shows one plugin's report. */
  report: 'file-analysis-report',
  /** `${verdict}-${sha256}-${plugin}`: its verdict. */
  verdict: 'file-analysis-verdict',
  /** The sandboxed frame the chosen report's HTML document shows in. */
  frame: 'file-analysis-frame',
} as const;
