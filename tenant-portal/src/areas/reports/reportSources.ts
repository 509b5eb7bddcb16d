/**
 * The Reports page's data on common's entity feature: the tenant's scheduled reports (list,
 * create, replace, delete, run now) and its past reports (list). The server answers whole lists
 * (a tenant has a handful of schedules and at most 200 past reports), so search, sort and paging
 * happen here, on the rows the list call brought.
 */
import type { EntityPage, EntityQuery, EntitySource } from '@workbench/common';
import type {
  PastReport,
  ScheduledReport,
  ScheduledReportInput,
} from '@workbench/common/api/contract/reportFiles';
import {
  deleteScheduledReport,
  listPastReports,
  listScheduledReports,
  runScheduledReport,
  saveScheduledReport,
} from '@workbench/common/api/reportFiles';

export const RUN_NOW = 'runNow';

/** The rows of a query: those whose name holds the search text, sorted, one page. */
export function pageOf<Row extends { name: string }>(rows: Row[], q: EntityQuery): EntityPage<Row> {
  const search = q.search.trim().toLowerCase();
  const found = search ? rows.filter((r) => r.name.toLowerCase().includes(search)) : rows;
  const key = (r: Row) => String((r as Record<string, unknown>)[q.sort] ?? '');
  const sorted = [...found].sort((a, b) => {
    const order = key(a).localeCompare(key(b), 'en', { sensitivity: 'base' });
    return q.order === 'asc' ? order : -order;
  });
  return { rows: sorted.slice(q.page * q.pageSize, (q.page + 1) * q.pageSize), total: found.length };
}

export const scheduledReportsSource: EntitySource<
  ScheduledReport,
  ScheduledReportInput,
  ScheduledReportInput
> = {
  name: 'scheduledReports',
  idOf: (r) => r.id,
  defaultQuery: { search: '', sort: 'name', order: 'asc', page: 0, pageSize: 100 },
  sortFields: ['name', 'next_run_at', 'last_run_at'],
  list: async (http, q) => pageOf(await listScheduledReports(http), q),
  create: (http, body) => saveScheduledReport(http, body),
  update: (http, id, changes) => saveScheduledReport(http, { ...changes, id }),
  async remove(http, ids) {
    for (const id of ids) await deleteScheduledReport(http, id);
    return ids.length;
  },
  commands: { [RUN_NOW]: (http, id) => runScheduledReport(http, id) },
  messages: {
    created: (r) => `The scheduled report ${r.name} has been added.`,
    updated: (name) => `The scheduled report ${name} has been saved.`,
    removed: (count) =>
      count === 1 ? '1 scheduled report has been deleted.' : `${count} scheduled reports have been deleted.`,
  },
};

export const pastReportsSource: EntitySource<PastReport> = {
  name: 'pastReports',
  idOf: (r) => r.id,
  defaultQuery: { search: '', sort: 'created_at', order: 'desc', page: 0, pageSize: 200 },
  sortFields: ['name', 'created_at'],
  list: async (http, q) => pageOf(await listPastReports(http), q),
};
