/**
 * One block of a log query: reads limit + 1 events to know whether more follow, and hands back
 * the opaque cursor of the block's last event. Store-neutral.
 */
import type { EventQuery, EventStore } from './eventStore';
import { decodeCursor, encodeCursor, queryFingerprint, toLogEventJson, type LogEventJson } from './logQuery';

export interface PagingIdentifiers {
  /** Absent on the last block. */
  cursor?: string;
  last_iteration: boolean;
}

export interface LogBlock {
  events: LogEventJson[];
  pagingIdentifiers: PagingIdentifiers;
}

export async function readLogBlock(
  store: EventStore,
  query: Omit<EventQuery, 'after'>,
  cursor: string | undefined,
  cursorField = 'pagingIdentifiers',
): Promise<LogBlock> {
  const fingerprint = queryFingerprint(query);
  const after = cursor ? decodeCursor(cursor, fingerprint, cursorField) : undefined;
  const rows = await store.query({ ...query, after, limit: query.limit + 1 });
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  return {
    events: page.map(toLogEventJson),
    pagingIdentifiers:
      more && last
        ? { cursor: encodeCursor({ time: last.time, id: last.id }, fingerprint), last_iteration: false }
        : { last_iteration: true },
  };
}
