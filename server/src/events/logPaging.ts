/**
 * One block of a log query: reads limit + 1 events to know whether more follow, and hands back
 * the opaque cursor of the block's last event, which pins the block's time range. Store-neutral.
 */
import type { EventQuery, EventStore } from './eventStore';
import {
  WHOLE_RANGE_GIVEN,
  decodeCursor,
  encodeCursor,
  toLogEventJson,
  type LogEventJson,
  type RangeGiven,
} from './logQuery';

export interface PagingIdentifiers {
  /** Absent on the last block. */
  cursor?: string;
  last_iteration: boolean;
}

export interface LogBlock {
  events: LogEventJson[];
  pagingIdentifiers: PagingIdentifiers;
}

export interface ReadLogBlockOptions {
  /** The parameter a bad cursor is reported under (`cursor` on GET). */
  cursorField?: string;
  /** The ends of the range the request gave; those it left out come from the cursor. */
  rangeGiven?: RangeGiven;
}

export async function readLogBlock(
  store: EventStore,
  query: Omit<EventQuery, 'after'>,
  cursor: string | undefined,
  { cursorField = 'pagingIdentifiers', rangeGiven = WHOLE_RANGE_GIVEN }: ReadLogBlockOptions = {},
): Promise<LogBlock> {
  const decoded = cursor ? decodeCursor(cursor, query, cursorField, rangeGiven) : undefined;
  // The range the first block was read over (the default end = now moves between blocks).
  const pinned = decoded ? { ...query, start: decoded.start, end: decoded.end } : query;
  const rows = await store.query({ ...pinned, after: decoded?.after, limit: query.limit + 1 });
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  return {
    events: page.map(toLogEventJson),
    pagingIdentifiers:
      more && last
        ? { cursor: encodeCursor({ time: last.time, id: last.id }, pinned), last_iteration: false }
        : { last_iteration: true },
  };
}
