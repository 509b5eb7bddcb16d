/**
 * The logs API's query language (GET/POST /api/rep/v1/query/{logtype}?{query}) turned into a
 * store-neutral EventQuery, and the opaque keyset cursor of pagingIdentifiers.
 *
 * Query parameters:
 * - start, end: unix seconds (end exclusive). Defaults: end = now, start = end − 7 days (the
 *   default log interval).
 * - limit: 1..1000, default 100.
 * - search: free text, case-insensitive substring over the log type's main fields.
 * - order: `desc` (default, newest first) or `asc` (oldest first).
 * - sort: the column to sort by in `order`: `event_time` (the default) or a sortable field of the
 *   type (common's logColumns.ts); ties by time, then id; events without a value last.
 * - q: a query of the query language (common's logQueryLanguage.ts: NOT, OR across fields,
 *   ranges, patterns), ANDed with the filters and search; at most 1000 characters.
 * - cursor: the pagingIdentifiers.cursor of the previous block (GET form; POST sends it in the body).
 *   The cursor pins the time range of the block that made it: a later block that leaves start or
 *   end out continues that range (the default end, now, would otherwise have moved on).
 * - any field of the log type: equality; several values comma-joined mean any of them
 *   (`action=block,safeview`). Integer fields take integers; coded fields take vocabulary codes.
 * - a field name with `!` after it: exclusion, none of the values (`action!=block` reads as
 *   "action is not block"; events without a value are kept). A field may have both.
 * Anything else is refused with a LogQueryError naming the parameter.
 */
import crypto from 'node:crypto';
import { LOG_INTERVALS } from '@workbench/common/features/interval/intervals';
import {
  FIELD_SPECS,
  tenantFieldsOf,
  type FieldValue,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import { DEFAULT_LOG_ORDER, LOG_ORDERS } from '@workbench/common/api/contract/logs';
import {
  LOG_TIME_SORT,
  isSortableLogColumn,
  sortableLogColumns,
} from '@workbench/common/api/contract/logColumns';
import {
  LogQuerySyntaxError,
  parseLogQueryText,
  type LogCondition,
} from '@workbench/common/api/contract/logQueryLanguage';
import type { EventCursor, EventFilter, EventOrder, EventQuery, EventScan, StoredEvent } from './eventStore';
import { fieldValueError } from './queryValidation';

export const DEFAULT_LOG_LIMIT = 100;
export const MAX_LOG_LIMIT = 1000;
export const RESERVED_PARAMS = ['start', 'end', 'limit', 'search', 'cursor', 'order', 'sort', 'q'] as const;
const MAX_SEARCH_LENGTH = 200;
const DEFAULT_SPAN_MS = LOG_INTERVALS.find((i) => i.code === '7d')!.ms;

export class LogQueryError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'LogQueryError';
  }
}

export type RawQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

function single(raw: RawQuery, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new LogQueryError(name, `Parameter "${name}" is given more than once.`);
  return value;
}

function unixSeconds(raw: RawQuery, name: string): number | undefined {
  const value = single(raw, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,12}(\.\d{1,3})?$/.test(value)) {
    throw new LogQueryError(name, `Parameter "${name}" must be unix seconds, got "${value}".`);
  }
  return Math.round(Number(value) * 1000);
}

/** Which ends of the time range a request gave (an end not given was defaulted). */
export interface RangeGiven {
  readonly start: boolean;
  readonly end: boolean;
}

/** Both ends given: a cursor must have been made for exactly the query's range. */
export const WHOLE_RANGE_GIVEN: RangeGiven = { start: true, end: true };

/**
 * The events a logs request covers and their order: type, tenant, range, filters and exclusions,
 * search, the query language's `q`, `order` and `sort`. Every route of the logs API reads its
 * condition here (the paging blocks, the export and its count, the histogram, a field's top
 * values), so a summary of a result counts exactly the rows the grid pages through (issue 31).
 */
export interface ParsedLogScan {
  readonly scan: EventScan;
  /** An end not given is taken from the cursor, if one came (see decodeCursor). */
  readonly rangeGiven: RangeGiven;
}

/** A parsed request: the query without its cursor, plus the cursor text if one came. */
export interface ParsedLogQuery extends ParsedLogScan {
  readonly query: Omit<EventQuery, 'after'>;
  readonly cursor?: string;
}

/** The request's condition (see ParsedLogScan); `limit` and `cursor` are the paging's, read apart. */
export function parseLogScan(logType: LogType, tid: string, raw: RawQuery, now: number): ParsedLogScan {
  const fields = tenantFieldsOf(logType);
  const givenEnd = unixSeconds(raw, 'end');
  const givenStart = unixSeconds(raw, 'start');
  const end = givenEnd ?? now;
  const start = givenStart ?? end - DEFAULT_SPAN_MS;
  if (start >= end) throw new LogQueryError('start', 'Parameter "start" must be before "end".');

  const searchText = single(raw, 'search')?.trim();
  if (searchText !== undefined && searchText.length > MAX_SEARCH_LENGTH) {
    throw new LogQueryError('search', `Parameter "search" is longer than ${MAX_SEARCH_LENGTH} characters.`);
  }

  const orderText = single(raw, 'order');
  if (orderText !== undefined && !(LOG_ORDERS as readonly string[]).includes(orderText)) {
    throw new LogQueryError('order', `Parameter "order" must be desc or asc, got "${orderText}".`);
  }
  const order: EventOrder = (orderText as EventOrder | undefined) ?? DEFAULT_LOG_ORDER;

  const sortText = single(raw, 'sort');
  if (
    sortText !== undefined &&
    sortText !== LOG_TIME_SORT &&
    (!fields.includes(sortText) || !isSortableLogColumn(sortText))
  ) {
    throw new LogQueryError(
      'sort',
      `Parameter "sort" must be one of: ${sortableLogColumns(logType).join(', ')}; got "${sortText}".`,
    );
  }
  const sortField = sortText === undefined || sortText === LOG_TIME_SORT ? undefined : sortText;

  let where: LogCondition | null = null;
  const qText = single(raw, 'q');
  if (qText !== undefined) {
    try {
      where = parseLogQueryText(logType, qText);
    } catch (error) {
      if (!(error instanceof LogQuerySyntaxError)) throw error;
      throw new LogQueryError('q', `Parameter "q": ${error.message} (at character ${error.position + 1})`);
    }
  }

  const filters: EventFilter[] = [];
  for (const name of Object.keys(raw).sort()) {
    if ((RESERVED_PARAMS as readonly string[]).includes(name) || raw[name] === undefined) continue;
    const exclude = name.endsWith('!');
    const field = exclude ? name.slice(0, -1) : name;
    if (!fields.includes(field)) {
      throw new LogQueryError(name, `Unknown filter "${name}" for ${logType}; known: ${fields.join(', ')}.`);
    }
    const text = single(raw, name)!;
    const parts = text.split(',').map((p) => p.trim());
    if (parts.some((p) => p === '')) throw new LogQueryError(name, `Filter "${name}" has an empty value.`);
    const values: FieldValue[] = parts.map((part) => {
      if (FIELD_SPECS[field].kind === 'integer') {
        if (!/^-?\d{1,15}$/.test(part))
          throw new LogQueryError(name, `Filter "${name}" must be an integer, got "${part}".`);
        return Number(part);
      }
      const error = fieldValueError(field, part);
      if (error) throw new LogQueryError(name, `Bad value for filter "${name}": ${error}`);
      return part;
    });
    const sorted = [...new Set(values)].sort();
    filters.push(exclude ? { field, values: sorted, exclude } : { field, values: sorted });
  }

  return {
    scan: {
      logType,
      tid,
      start,
      end,
      order,
      ...(sortField ? { sortField } : {}),
      filters,
      ...(searchText ? { search: searchText } : {}),
      ...(where ? { where } : {}),
    },
    rangeGiven: { start: givenStart !== undefined, end: givenEnd !== undefined },
  };
}

/** A paging request: its condition (parseLogScan), `limit` (1..1000, default 100) and `cursor`. */
export function parseLogQuery(logType: LogType, tid: string, raw: RawQuery, now: number): ParsedLogQuery {
  const { scan, rangeGiven } = parseLogScan(logType, tid, raw, now);
  let limit = DEFAULT_LOG_LIMIT;
  const limitText = single(raw, 'limit');
  if (limitText !== undefined) {
    if (!/^\d{1,7}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LOG_LIMIT) {
      throw new LogQueryError('limit', `Parameter "limit" must be an integer from 1 to ${MAX_LOG_LIMIT}.`);
    }
    limit = Number(limitText);
  }
  return { scan, query: { ...scan, limit }, cursor: single(raw, 'cursor'), rangeGiven };
}

/**
 * The condition of a request about a query's whole result (`what`: an export, a summary): the
 * route's own parameters (`own`, e.g. the histogram's bucket) set aside, the paging parameters it
 * has no use for (`refused`) refused naming them, the rest read by parseLogScan.
 */
export function parseResultScan(
  logType: LogType,
  tid: string,
  raw: RawQuery,
  now: number,
  { own, refused, what }: { own: readonly string[]; refused: readonly string[]; what: string },
): EventScan {
  for (const name of refused) {
    if (raw[name] !== undefined)
      throw new LogQueryError(name, `Parameter "${name}" does not apply to ${what}.`);
  }
  const rest = Object.fromEntries(Object.entries(raw).filter(([name]) => !own.includes(name)));
  return parseLogScan(logType, tid, rest, now).scan;
}

/**
 * A fingerprint of everything that decides the result set and its order (not the limit): a cursor
 * is only valid for the query that produced it, in the same order, for the same tenant.
 */
export function queryFingerprint(query: Omit<EventQuery, 'after' | 'limit'>): string {
  const canonical = JSON.stringify([
    query.logType,
    query.tid,
    query.start,
    query.end,
    query.filters,
    query.search ?? '',
    query.order ?? 'desc',
    query.where ?? null,
    // Only when sorted by a field, so a time-sorted cursor's fingerprint is what it always was.
    ...(query.sortField !== undefined ? [query.sortField] : []),
  ]);
  return crypto.createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

/**
 * Version 2 carries the time range the cursor was made for (s, e: epoch ms) in the clear, so a
 * later block with a defaulted end continues it; the fingerprint f covers that range too.
 */
interface CursorBody {
  v: 2;
  /** The (time, id) of the last event of the block. */
  t: number;
  i: number;
  /** The range of the query that made the cursor. */
  s: number;
  e: number;
  f: string;
  /** Sorted by a field: the last event's value of it (null: it has none). */
  k?: FieldValue | null;
}

type FingerprintedQuery = Omit<EventQuery, 'after' | 'limit'>;

/** The cursor after `position` in the result of `query` (its range included). */
export function encodeCursor(position: EventCursor, query: FingerprintedQuery): string {
  const body: CursorBody = {
    v: 2,
    t: position.time,
    i: position.id,
    s: query.start,
    e: query.end,
    f: queryFingerprint(query),
    ...(query.sortField !== undefined ? { k: position.value ?? null } : {}),
  };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** A decoded cursor: where the next block starts, and the time range it continues. */
export interface DecodedCursor {
  readonly after: EventCursor;
  readonly start: number;
  readonly end: number;
}

/**
 * Decodes a cursor and checks it belongs to the query: same tenant, type, filters, search and
 * order; the range is the cursor's where the request left an end out (rangeGiven), and must be the
 * cursor's where it gave one. A LogQueryError naming `field` otherwise.
 */
export function decodeCursor(
  text: string,
  query: FingerprintedQuery,
  field = 'pagingIdentifiers',
  rangeGiven: RangeGiven = WHOLE_RANGE_GIVEN,
): DecodedCursor {
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    throw new LogQueryError(field, 'The paging cursor is not valid.');
  }
  if (
    typeof body !== 'object' ||
    body === null ||
    body.v !== 2 ||
    !Number.isSafeInteger(body.t) ||
    !Number.isSafeInteger(body.i) ||
    !Number.isSafeInteger(body.s) ||
    !Number.isSafeInteger(body.e) ||
    body.s! < 0 ||
    body.s! >= body.e! ||
    typeof body.f !== 'string'
  ) {
    throw new LogQueryError(field, 'The paging cursor is not valid.');
  }
  const start = rangeGiven.start ? query.start : body.s!;
  const end = rangeGiven.end ? query.end : body.e!;
  if (body.f !== queryFingerprint({ ...query, start, end })) {
    throw new LogQueryError(
      field,
      'The paging cursor belongs to another query; start again from the first block.',
    );
  }
  if (query.sortField === undefined) return { after: { time: body.t!, id: body.i! }, start, end };
  // The fingerprint names the sort field; the value must still be one of that field.
  const value = body.k;
  if (value === undefined || (value !== null && fieldValueError(query.sortField, value) !== null)) {
    throw new LogQueryError(field, 'The paging cursor is not valid.');
  }
  return { after: { time: body.t!, id: body.i!, value }, start, end };
}

/** An event as the API returns it: id, time (epoch ms), event_time (ISO), log_type and its fields. */
export type LogEventJson = Record<string, string | number>;

export function toLogEventJson(event: StoredEvent): LogEventJson {
  return {
    id: String(event.id),
    time: event.time,
    event_time: new Date(event.time).toISOString(),
    log_type: event.logType,
    ...event.fields,
  };
}
