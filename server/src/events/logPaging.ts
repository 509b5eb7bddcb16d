/**
 * One block of a log query: reads limit + 1 events to know whether more follow, and hands back
 * the opaque cursor of the block's last event, which pins the block's time range. Store-neutral.
 */
import type { EventQuery, EventStore } from './eventStore';
import { WHOLE_RANGE_GIVEN, decodeCursor, encodeCursor, type RangeGiven } from './logQuery';

export interface PagingIdentifiers {
  /** Absent on the last block. */
  cursor?: string;
  last_iteration: boolean;
}

/** A block: its events as the JSON texts the store wrote (LogEventJson objects), and what follows. */
export interface LogBlock {
  events: string[];
  pagingIdentifiers: PagingIdentifiers;
}

/** The reply body of a block: `{"events":[…],"pagingIdentifiers":{…}}`, the events as written. */
export const logBlockBody = (block: LogBlock): string =>
  `{"events":[${block.events.join(',')}],"pagingIdentifiers":${JSON.stringify(block.pagingIdentifiers)}}`;

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
  const rows = await store.queryJson({ ...pinned, after: decoded?.after, limit: query.limit + 1 });
  const more = rows.json.length > query.limit;
  const count = Math.min(rows.json.length, query.limit);
  const last = rows.keys[count - 1];
  return {
    events: rows.json.slice(0, count),
    pagingIdentifiers:
      more && last ? { cursor: encodeCursor(last, pinned), last_iteration: false } : { last_iteration: true },
  };
}
