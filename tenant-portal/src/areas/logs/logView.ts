/**
 * The logs explorer's whole view lives in the URL's query, so a copied link reproduces the same
 * rows, columns and sort:
 *   interval  7d (default) | a code of LOG_INTERVALS | a month name plus a year ("March 2026")
 *   to        the end of the range, unix seconds (optional): "Copy link" pins it to the end of
 *             the rows shown, so the link gives the same rows later; without it the range ends
 *             when the view is opened (or refreshed)
 *   search    free text over the type's main fields
 *   <field>   a coded filter, several values comma-joined (`action=block,allow`)
 *   columns   the visible columns, comma-joined, in order (absent: the route's defaults)
 *   sort      `event_time:desc`: the only order the paging API serves (newest first, keyset);
 *             kept in the URL so the link says which order it shows
 * Anything else in the query (e.g. the filter bar's `page`) is ignored.
 */
import {
  DEFAULT_LOG_INTERVAL,
  intervalToTimeRange,
  timeRangeToUnixSeconds,
} from '@workbench/common/features/interval/index';
import type { LogQuery } from '@workbench/common/api/logs';
import { LOG_ROUTE_TYPES, type LogRoute } from '@workbench/common/vocabularies/index';
import { LOG_ROUTE_FIELDS } from './logFields';

export const LOG_SORT = 'event_time:desc';

export interface LogView {
  interval: string;
  /** Unix seconds, or null when not pinned yet. */
  to: number | null;
  search: string;
  filters: Record<string, string[]>;
  columns: string[];
  sort: string;
}

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

export function readLogView(route: LogRoute, params: URLSearchParams): LogView {
  const spec = LOG_ROUTE_FIELDS[route];
  const filters: Record<string, string[]> = {};
  for (const field of spec.filters) {
    // Same-label codes are plus-joined (%2B); a hand-typed '+' arrives as a space. No code has one.
    const values = list(params.get(field)).flatMap((v) => v.split(/[+\s]+/).filter((c) => c !== ''));
    if (values.length) filters[field] = values;
  }
  const to = Number(params.get('to'));
  const columns = list(params.get('columns')).filter((c) => spec.fields.includes(c));
  return {
    interval: params.get('interval') || DEFAULT_LOG_INTERVAL,
    to: Number.isInteger(to) && to > 0 ? to : null,
    search: (params.get('search') ?? '').trim(),
    filters,
    columns: columns.length ? columns : [...spec.defaultColumns],
    sort: LOG_SORT,
  };
}

/**
 * The paging API query of a view: start and end in unix seconds from the interval ending at
 * `to` (or `nowMs` when not pinned). Throws InvalidIntervalError on an unknown interval.
 */
export function buildLogQuery(route: LogRoute, view: LogView, nowMs: number): LogQuery {
  const endMs = view.to !== null ? view.to * 1000 : nowMs;
  const range = timeRangeToUnixSeconds(intervalToTimeRange(view.interval, endMs));
  const params: Record<string, string> = { start: String(range.start), end: String(range.end) };
  if (view.search) params.search = view.search;
  for (const [field, values] of Object.entries(view.filters)) params[field] = values.join(',');
  return { logType: LOG_ROUTE_TYPES[route], params };
}

/** The query after showing `columns` (written in the URL, kept in the given order). */
export function withColumns(params: URLSearchParams, columns: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('columns', columns.join(','));
  return next;
}

/** The query with the range end pinned at `nowMs` (unix seconds). */
export function withPinnedEnd(params: URLSearchParams, nowMs: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('to', String(Math.ceil(nowMs / 1000)));
  if (!next.get('interval')) next.set('interval', DEFAULT_LOG_INTERVAL);
  next.set('sort', LOG_SORT);
  next.delete('page');
  return next;
}

export function withSearch(params: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (search.trim()) next.set('search', search.trim());
  else next.delete('search');
  return next;
}
