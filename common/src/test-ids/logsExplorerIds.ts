/**
 * data-testid values of the logs explorer's summaries and filter actions (issue 15): the
 * histogram, the field sidebar, filter in/out and the details drawer's navigation. Never rename one.
 */
export const logsExplorerIds = {
  histogram: 'logs-histogram',
  /** The absolute range of a drag, with its reset. */
  timeRange: 'logs-time-range',
  timeRangeReset: 'logs-time-range-reset',
  sidebar: 'logs-field-sidebar',
  sidebarToggle: 'logs-field-sidebar-toggle',
  /** `${sidebarField}-${field}`: the field's row (expands its top values). */
  sidebarField: 'logs-field-sidebar-field',
  /** `${sidebarValue}-${field}-${value}`: a top value (click: filter in). */
  sidebarValue: 'logs-field-sidebar-value',
  /** `${filterIn}-${field}` / `${filterOut}-${field}`: the buttons of a value (cell, drawer, sidebar). */
  filterIn: 'logs-filter-in',
  filterOut: 'logs-filter-out',
  /** `${filterChip}-${field}-${value}` (kept) / `${excludeChip}-${field}-${value}` (excluded). */
  filterChip: 'logs-filter-chip',
  excludeChip: 'logs-exclude-chip',
  detailPrevious: 'logs-detail-previous',
  detailNext: 'logs-detail-next',
  /** The export dialog (columns, values, format) and its Export button. */
  exportDialog: 'logs-export-dialog',
  exportConfirm: 'logs-export-confirm',
} as const;
