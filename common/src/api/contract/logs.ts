/**
 * Logs (docs/logs.md §1 Logs, §4 Logs; docs/logs.md §3 log event, §3 logs paging).
 * GET or POST (body pagingIdentifiers) /api/rep/v1/query/{logtype}?{query} → {events, pagingIdentifiers};
 * GET /api/rep/v1/export/{logtype}?{query} → the whole filtered result as CSV.
 *
 * Query: start, end (unix seconds, end exclusive; default the last 7 days), limit (1..1000,
 * default 100), search (free text over the type's main fields), order (`desc`, the default:
 * newest first; `asc`: oldest first; anything else → 400, field order), and equality filters on
 * the type's fields, several values comma-joined (`risk=Y,R`). Queries and exports both take
 * order. Keep start, end and order fixed while paging: a cursor is only valid for the query, the
 * order (and tenant) that produced it (else 400, field pagingIdentifiers). Paging is keyset-based
 * in either order, so it neither skips nor repeats an event while new events arrive.
 */
import { Type, type Static } from 'typebox';
import { LOG_ROUTES, LOG_TYPES, type LogRoute } from '../../vocabularies/logTypes';

/** The time orders of a log query: `desc` newest first (the default), `asc` oldest first. */
export const LOG_ORDERS = ['desc', 'asc'] as const;
export type LogOrder = (typeof LOG_ORDERS)[number];
export const DEFAULT_LOG_ORDER: LogOrder = 'desc';

/** A logs route (audit, dlp, email, firewall, web, saa): one of LOG_ROUTES, for the bodies that name one. */
export const LogRouteSchema = Type.Unsafe<LogRoute>(
  Type.Union(LOG_ROUTES.map((route) => Type.Literal(route))),
);

/** Paging info: an opaque keyset cursor; last_iteration true when no more events follow. */
export const PagingIdentifiers = Type.Object({
  cursor: Type.Optional(Type.String({ description: 'Opaque; absent on the last block.' })),
  last_iteration: Type.Boolean(),
});
export type PagingIdentifiers = Static<typeof PagingIdentifiers>;

/**
 * A log event: id (string), time (epoch ms), event_time (ISO 8601), log_type, and the fields of
 * its type (absent when empty). The client adds its own index.
 */
export const LogEvent = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));
export type LogEvent = Static<typeof LogEvent>;

export const LogQueryReply = Type.Object({
  events: Type.Array(LogEvent),
  pagingIdentifiers: PagingIdentifiers,
});
export type LogQueryReply = Static<typeof LogQueryReply>;

/** POST body: the previous block's pagingIdentifiers (omit it, or send no cursor, for the first block). */
export const LogQueryBody = Type.Object({ pagingIdentifiers: Type.Optional(PagingIdentifiers) });
export type LogQueryBody = Static<typeof LogQueryBody>;

export const LOGS_PATHS = {
  query: (logType: (typeof LOG_TYPES)[number]) => `/api/rep/v1/query/${logType}`,
  export: (logType: (typeof LOG_TYPES)[number]) => `/api/rep/v1/export/${logType}`,
} as const;

/** Response header of an export: how many events (CSV rows after the header line) it sends, for progress. */
export const LOGS_EXPORT_TOTAL_HEADER = 'x-total-events';
