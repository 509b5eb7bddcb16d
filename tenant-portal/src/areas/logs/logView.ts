/**
 * The logs explorer's whole view lives in the URL's query, so a copied link reproduces the same
 * rows, columns and sort:
 *   interval  7d (default) | a code of LOG_INTERVALS | a month name plus a year ("March 2026");
 *             an older portal's `interval=` or `interval=any` is replaced by the default
 *   from      with `interval=custom` (or no interval): an absolute range from this time, unix
 *             seconds, to `to` (or now); the interval menu shows "Custom range" then
 *   to        the end of the range, unix seconds (optional): "Copy link" pins it to the end of
 *             the rows shown, so the link gives the same rows later; without it the range ends
 *             when the view is opened (or refreshed)
 *   search    free text over the type's main fields
 *   q         the part of the typed query the chips and the search cannot hold (NOT, OR across
 *             fields, ranges, patterns), in the query language (common's logQueryLanguage.ts);
 *             the search box shows chips, search and q as one query
 *   from      the start of an absolute range (unix seconds) with interval `custom` (the range
 *             picker, a drag across the histogram); `to` its end, or until now without it
 *   <field>   a filter on any field of the type, several values comma-joined (`action=block,allow`):
 *             the bar's coded ones and the values filtered in from a cell, the drawer or the
 *             field sidebar
 *   <field>!  an exclusion, none of the values (`action!=block`: "filter out")
 *   event     the event the details drawer shows, `<id>_<epoch ms>` (withEvent): the time finds it
 *             (a one-millisecond query), so a link opens it whatever the rows around it
 *   columns   the visible columns, comma-joined, in order (absent: the route's defaults)
 *   sort      `<column>:<asc|desc>`: `event_time:desc` (newest first, the default), or any column
 *             the API can sort by (common's log column registry, logColumns.ts: `status_code:asc`),
 *             ties by time in the same order; the query's and the export's `sort` and `order`.
 *             Any other value of `sort` means the default
 * Anything else in the query (e.g. the filter bar's `page`) is ignored.
 */
import {
  DEFAULT_LOG_INTERVAL,
  InvalidIntervalError,
  intervalToTimeRange,
  timeRangeToUnixSeconds,
} from '@workbench/common/features/interval/index';
import type { LogQuery } from '@workbench/common/api/logs';
import { DEFAULT_LOG_ORDER, type LogOrder } from '@workbench/common/api/contract/logs';
import { LOG_TIME_SORT, sortableLogColumns } from '@workbench/common/api/contract/logColumns';
import { LOG_ROUTE_TYPES, type LogRoute } from '@workbench/common/vocabularies/index';
import {
  parseLogQueryText,
  printLogCondition,
  printLogQueryParts,
  type LogCondition,
  type LogQueryParts,
} from '@workbench/common/api/contract/logQueryLanguage';
import { withFilterValue, type FilterSchema } from '@workbench/common/components/filter-bar/index';
import { FIELD_VOCABULARIES, LOG_ROUTE_FIELDS } from './logFields';

/** The default sort column: Time (the paging API's default order). */
export const LOG_SORT_COLUMN = LOG_TIME_SORT;

/** A view's sort: a sortable column of the route (common's log column registry) and its order. */
export interface LogSort {
  column: string;
  order: LogOrder;
}

/** The `sort` value of a column and order (`domain:asc`). */
export const logSortParam = (order: LogOrder, column: string = LOG_SORT_COLUMN): string =>
  `${column}:${order}`;
/** The default `sort`: newest first. */
export const LOG_SORT = logSortParam(DEFAULT_LOG_ORDER);

/**
 * The sort a `sort` value names (`event_time:asc`, `status_code:desc`): a column the route's log
 * type can sort by (logColumns.ts) and an order; anything else is the default (newest first).
 */
export function readLogSort(route: LogRoute, sort: string | null): LogSort {
  const match = /^([a-z_]+):(asc|desc)$/.exec(sort ?? '');
  const column = match?.[1] ?? '';
  if (!match || !sortableLogColumns(LOG_ROUTE_TYPES[route]).includes(column))
    return { column: LOG_SORT_COLUMN, order: DEFAULT_LOG_ORDER };
  return { column, order: match[2] as LogOrder };
}

/** The interval of an absolute range (from/to in the URL). */
export const CUSTOM_INTERVAL = 'custom';
export const CUSTOM_INTERVAL_LABEL = 'Custom range';

/**
 * An absolute range as the interval chip shows it (local time, as the grid): `Nov 26, 10:00 AM –
 * Nov 26, 11:30 AM`, seconds when an end has them (a drag across a short interval), `now` for an
 * open end.
 */
export function absoluteRangeLabel(from: number, to: number | null): string {
  const seconds = from % 60 !== 0 || (to !== null && to % 60 !== 0);
  const format = (s: number) =>
    new Date(s * 1000).toLocaleString(undefined, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
    });
  return `${format(from)} – ${to === null ? 'now' : format(to)}`;
}

/** An absolute range that is no range: no start, or a start not before its end. */
export class InvalidRangeError extends InvalidIntervalError {
  constructor(message: string) {
    super(CUSTOM_INTERVAL);
    this.message = message;
  }
}

export interface LogView {
  interval: string;
  /** Start of an absolute range, unix seconds (with interval `custom`), else null. */
  from: number | null;
  /** Unix seconds, or null when not pinned yet. */
  to: number | null;
  search: string;
  /** The query-language rest (the API's `q`), '' for none. */
  q: string;
  filters: Record<string, string[]>;
  /** `<field>!`: the values filtered out. */
  exclude: Record<string, string[]>;
  columns: string[];
  /** The sort column (from `sort`): event_time or a sortable field. */
  sortColumn: string;
  /** The order of the sort column (ties by time in the same order). */
  order: LogOrder;
  /** `<column>:<order>`. */
  sort: string;
}

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/**
 * What an older interval menu's "Any" item wrote: `interval=` or `interval=any`. It still asked
 * for the last 7 days; such a URL now reads as no interval given (docs/logs.md §2).
 */
export function isRetiredInterval(value: string | null): boolean {
  return value !== null && ['', 'any'].includes(value.trim().toLowerCase());
}

/** The view's interval: the URL's, else `custom` with a `from`, else the default (7d). */
function intervalOf(params: URLSearchParams): string {
  const given = params.get('interval');
  if (given && !isRetiredInterval(given)) return given;
  return params.get('from') ? CUSTOM_INTERVAL : DEFAULT_LOG_INTERVAL;
}

/**
 * The query with a retired interval (isRetiredInterval) replaced by the one it reads as, so the
 * interval menu and a copied link show it; null when there is none to replace.
 */
export function withRetiredIntervalReplaced(params: URLSearchParams): URLSearchParams | null {
  if (!isRetiredInterval(params.get('interval'))) return null;
  const next = new URLSearchParams(params);
  next.set('interval', intervalOf(params));
  return next;
}

export function readLogView(route: LogRoute, params: URLSearchParams): LogView {
  const spec = LOG_ROUTE_FIELDS[route];
  const filters: Record<string, string[]> = {};
  const exclude: Record<string, string[]> = {};
  for (const field of spec.fields) {
    const coded = FIELD_VOCABULARIES[field] !== undefined;
    const read = (name: string) =>
      // Same-label codes are plus-joined (%2B); a hand-typed '+' arrives as a space. No code has
      // one; a free-text value (a user agent) may, so only codes are split.
      list(params.get(name)).flatMap((v) => (coded ? v.split(/[+\s]+/).filter((c) => c !== '') : [v]));
    const values = read(field);
    if (values.length) filters[field] = values;
    const excluded = read(`${field}!`);
    if (excluded.length) exclude[field] = excluded;
  }
  const to = Number(params.get('to'));
  const from = Number(params.get('from'));
  const interval = intervalOf(params);
  const columns = list(params.get('columns')).filter((c) => spec.fields.includes(c));
  const { column: sortColumn, order } = readLogSort(route, params.get('sort'));
  return {
    interval,
    from: interval === CUSTOM_INTERVAL && Number.isInteger(from) && from > 0 ? from : null,
    to: Number.isInteger(to) && to > 0 ? to : null,
    search: (params.get('search') ?? '').trim(),
    q: (params.get('q') ?? '').trim(),
    filters,
    exclude,
    columns: columns.length ? columns : [...spec.defaultColumns],
    sortColumn,
    order,
    sort: logSortParam(order, sortColumn),
  };
}

/**
 * The paging API query of a view: start and end in unix seconds from the interval ending at
 * `to` (or `nowMs` when not pinned), the time order, search and filters. Throws
 * InvalidIntervalError on an unknown interval.
 */
export function buildLogQuery(route: LogRoute, view: LogView, nowMs: number): LogQuery {
  const endMs = view.to !== null ? view.to * 1000 : nowMs;
  let range: { start: number; end: number };
  if (view.interval === CUSTOM_INTERVAL) {
    if (view.from === null) throw new InvalidRangeError('Choose the start of the custom range.');
    range = { start: view.from, end: Math.ceil(endMs / 1000) };
    if (range.start >= range.end) throw new InvalidRangeError('The range must start before it ends.');
  } else range = timeRangeToUnixSeconds(intervalToTimeRange(view.interval, endMs));
  const params: Record<string, string> = {
    start: String(range.start),
    end: String(range.end),
    order: view.order,
  };
  // Time is the API's default sort: a time-sorted view sends only `order`, as it always did.
  if (view.sortColumn !== LOG_SORT_COLUMN) params.sort = view.sortColumn;
  if (view.search) params.search = view.search;
  if (view.q) params.q = view.q;
  for (const [field, values] of Object.entries(view.filters)) params[field] = values.join(',');
  for (const [field, values] of Object.entries(view.exclude)) params[`${field}!`] = values.join(',');
  return { logType: LOG_ROUTE_TYPES[route], params };
}

/**
 * The query with the absolute range [from, to) in unix seconds (a drag across the histogram), in
 * the same `from`/`to` the absolute range picker writes.
 */
export function withTimeRange(params: URLSearchParams, from: number, to: number): URLSearchParams {
  return withAbsoluteRange(params, Math.floor(from), Math.ceil(to));
}

/** The query back on a relative interval (the absolute range dropped; `custom` becomes the default). */
export function withoutTimeRange(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('from');
  next.delete('to');
  if (next.get('interval') === CUSTOM_INTERVAL) next.delete('interval');
  return next;
}

/** Same-label codes are written plus-joined by the filter bar; a value stands alone here. */
const valuesOf = (params: URLSearchParams, name: string): string[] => list(params.get(name));

function setValues(next: URLSearchParams, name: string, values: readonly string[]): void {
  if (values.length) next.set(name, values.join(','));
  else next.delete(name);
}

/**
 * Filter in (`in`): only events whose field is the value (the field's other kept values dropped,
 * so it narrows like Kibana's "filter for value"); filter out (`out`): none with that value, added
 * to the field's exclusions. Either way the value leaves the other list.
 */
export function withFieldFilter(
  params: URLSearchParams,
  field: string,
  value: string,
  mode: 'in' | 'out',
): URLSearchParams {
  const next = new URLSearchParams(params);
  const excluded = valuesOf(params, `${field}!`).filter((v) => v !== value);
  if (mode === 'in') {
    next.set(field, value);
    setValues(next, `${field}!`, excluded);
  } else {
    setValues(next, `${field}!`, [...excluded, value]);
    setValues(
      next,
      field,
      valuesOf(params, field).filter((v) => v.split('+').every((c) => c !== value)),
    );
  }
  next.delete('page');
  return next;
}

/** The query without one kept (`in`) or excluded (`out`) value of a field. */
export function withoutFieldFilter(
  params: URLSearchParams,
  field: string,
  value: string,
  mode: 'in' | 'out',
): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = mode === 'in' ? field : `${field}!`;
  setValues(
    next,
    name,
    valuesOf(params, name).filter((v) => v !== value),
  );
  next.delete('page');
  return next;
}

/** The view without its filters, exclusions, search and pinned range (interval and columns kept). */
export function withoutCriteria(params: URLSearchParams, route: LogRoute): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of LOG_ROUTE_FIELDS[route].fields) {
    next.delete(field);
    next.delete(`${field}!`);
  }
  next.delete('search');
  next.delete('q');
  next.delete('page');
  return withoutTimeRange(next);
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
  if (!next.get('sort')) next.set('sort', LOG_SORT);
  next.delete('page');
  return next;
}

/** The query after a header click: `sort=<column>:<order>` (Time by default). */
export function withSort(
  params: URLSearchParams,
  order: LogOrder,
  column = LOG_SORT_COLUMN,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('sort', logSortParam(order, column));
  next.delete('page');
  return next;
}

export function withSearch(params: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (search.trim()) next.set('search', search.trim());
  else next.delete('search');
  return next;
}

/**
 * The query after a typed query was applied: its chips written as the filter bar writes them
 * (same-label codes plus-joined), its free text as `search`, the rest as `q`; chips it does not
 * name are removed.
 */
export function withQueryParts(
  params: URLSearchParams,
  route: LogRoute,
  schema: FilterSchema,
  parts: LogQueryParts,
): URLSearchParams {
  let next = new URLSearchParams(params);
  for (const field of LOG_ROUTE_FIELDS[route].filters) {
    next = withFilterValue(next, schema, field, parts.filters[field] ?? []);
  }
  next = withSearch(next, parts.search);
  if (parts.rest) next.set('q', printLogCondition(parts.rest));
  else next.delete('q');
  next.delete('page');
  return next;
}

/** The query text the search box shows for a view: chips, search and q as one query. */
export function viewQueryText(route: LogRoute, view: LogView): string {
  const chips = LOG_ROUTE_FIELDS[route].filters;
  let rest: LogCondition | null;
  try {
    rest = view.q ? parseLogQueryText(LOG_ROUTE_TYPES[route], view.q) : null;
  } catch {
    // A hand-edited q the language refuses: shown as it is (the server's 400 says why).
    const text = printLogQueryParts({ filters: view.filters, search: view.search, rest: null }, chips);
    return text ? `${text} AND (${view.q})` : view.q;
  }
  return printLogQueryParts({ filters: view.filters, search: view.search, rest }, chips);
}

/** The query with an absolute range (unix seconds; `to` null: until now). */
export function withAbsoluteRange(params: URLSearchParams, from: number, to: number | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('interval', CUSTOM_INTERVAL);
  next.set('from', String(from));
  if (to === null) next.delete('to');
  else next.set('to', String(to));
  next.delete('page');
  return next;
}

/**
 * The query with a relative interval or a month ("March 2026"): an absolute range's from/to go.
 * (The interval menu writes a code itself; readLogView then ignores `from`.)
 */
export function withInterval(params: URLSearchParams, interval: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('interval', interval);
  next.delete('from');
  next.delete('to');
  next.delete('page');
  return next;
}

/** The event of the details drawer in the URL: its id and time (epoch ms). */
export interface LinkedEvent {
  id: string;
  time: number;
}

/** `event=<id>_<epoch ms>`, or null when absent or malformed. */
export function readLinkedEvent(params: URLSearchParams): LinkedEvent | null {
  const match = /^(\d{1,18})_(\d{1,15})$/.exec(params.get('event') ?? '');
  return match ? { id: match[1], time: Number(match[2]) } : null;
}

/** The query with the drawer's event (null: the drawer closed). */
export function withEvent(params: URLSearchParams, event: LinkedEvent | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (event) next.set('event', `${event.id}_${event.time}`);
  else next.delete('event');
  return next;
}
