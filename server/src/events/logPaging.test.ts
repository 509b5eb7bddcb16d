/**
 * One block of a log query (logPaging.ts) against a store that answers from a list: the block
 * asks for limit + 1 events, hands back at most limit, and a cursor only when more follow.
 */
import type { EventQuery, EventStore, JsonEvents } from './eventStore';
import { logBlockBody, readLogBlock } from './logPaging';
import { LogQueryError, decodeCursor, encodeCursor, parseLogQuery } from './logQuery';

const NOW = Date.UTC(2026, 10, 20, 12);

/** Events at NOW - 1 s, NOW - 2 s, … with ids n, n-1, …, newest first; records the queries asked. */
function listStore(count: number) {
  const asked: EventQuery[] = [];
  const events = Array.from({ length: count }, (_, k) => ({ time: NOW - 1000 * (k + 1), id: count - k }));
  const store = {
    async queryJson(query: EventQuery): Promise<JsonEvents> {
      asked.push(query);
      const after = query.after;
      const rows = events
        .filter((e) => e.time >= query.start && e.time < query.end)
        .filter((e) => !after || e.time < after.time || (e.time === after.time && e.id < after.id))
        .slice(0, query.limit);
      return { json: rows.map((e) => JSON.stringify({ id: String(e.id) })), keys: rows };
    },
  } as Partial<EventStore> as EventStore;
  return { store, asked };
}

const parsed = (raw: Record<string, string> = {}, now = NOW) => parseLogQuery('scan_web', 'tid-1', raw, now);
const idsOf = (events: string[]) => events.map((e) => (JSON.parse(e) as { id: string }).id);

describe('readLogBlock', () => {
  it('reads limit + 1 to know whether more follow; hands out limit events and a cursor after the last', async () => {
    const { store, asked } = listStore(5);
    const { query } = parsed({ limit: '2' });
    const block = await readLogBlock(store, query, undefined);
    expect(asked[0].limit).toBe(3);
    expect(asked[0].after).toBeUndefined();
    expect(idsOf(block.events)).toEqual(['5', '4']);
    expect(block.pagingIdentifiers.last_iteration).toBe(false);
    expect(decodeCursor(block.pagingIdentifiers.cursor!, query).after).toEqual({ time: NOW - 2000, id: 4 });
  });

  it('the last block that holds events claims no more and hands out no cursor', async () => {
    for (const count of [2, 1, 0]) {
      const { store } = listStore(count);
      const block = await readLogBlock(store, parsed({ limit: '2' }).query, undefined);
      expect(block.events).toHaveLength(count);
      expect(block.pagingIdentifiers).toEqual({ last_iteration: true });
    }
  });

  it('limit=1 pages one event at a time to the end', async () => {
    const { store } = listStore(3);
    const { query, rangeGiven } = parsed({ limit: '1' });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let blocks = 0; blocks < 10; blocks++) {
      const block = await readLogBlock(store, query, cursor, { rangeGiven });
      seen.push(...idsOf(block.events));
      cursor = block.pagingIdentifiers.cursor;
      if (block.pagingIdentifiers.last_iteration) break;
    }
    expect(seen).toEqual(['3', '2', '1']);
    expect(cursor).toBeUndefined();
  });

  it("a later block continues the first block's range although the default end (now) moved on", async () => {
    const { store, asked } = listStore(4);
    const first = parsed({ limit: '2' });
    const block = await readLogBlock(store, first.query, undefined, { rangeGiven: first.rangeGiven });
    const later = parsed({ limit: '2' }, NOW + 60_000);
    const next = await readLogBlock(store, later.query, block.pagingIdentifiers.cursor, {
      rangeGiven: later.rangeGiven,
    });
    expect(asked[1]).toMatchObject({
      start: first.query.start,
      end: NOW,
      after: { time: NOW - 2000, id: 3 },
    });
    expect(idsOf(next.events)).toEqual(['2', '1']);
    expect(next.pagingIdentifiers).toEqual({ last_iteration: true });
  });

  it('the cursor it hands out pins the range it read', async () => {
    const { store } = listStore(3);
    const first = parsed({ limit: '1' });
    const block = await readLogBlock(store, first.query, undefined);
    const later = parsed({ limit: '1' }, NOW + 5000);
    // Both ends given (the default): the moved range is another query.
    await expect(readLogBlock(store, later.query, block.pagingIdentifiers.cursor)).rejects.toThrow(
      'The paging cursor belongs to another query; start again from the first block.',
    );
  });

  it('a bad cursor is refused under the field the request named (pagingIdentifiers by default)', async () => {
    const { store, asked } = listStore(3);
    const { query } = parsed();
    const refusal = (cursorField?: string) =>
      readLogBlock(store, query, 'garbage', cursorField ? { cursorField } : {}).catch((e: unknown) => e);
    const byDefault = (await refusal()) as LogQueryError;
    expect(byDefault).toBeInstanceOf(LogQueryError);
    expect(byDefault.field).toBe('pagingIdentifiers');
    expect(byDefault.message).toBe('The paging cursor is not valid.');
    expect(((await refusal('cursor')) as LogQueryError).field).toBe('cursor');
    expect(asked).toHaveLength(0);
  });

  it('an empty cursor text reads the first block', async () => {
    const { store, asked } = listStore(2);
    await readLogBlock(store, parsed().query, '');
    expect(asked[0].after).toBeUndefined();
  });
});

describe('logBlockBody', () => {
  it('writes the events as the store wrote them, then the paging identifiers', () => {
    expect(
      logBlockBody({ events: ['{"id":"1"}', '{"id":"2"}'], pagingIdentifiers: { last_iteration: true } }),
    ).toBe('{"events":[{"id":"1"},{"id":"2"}],"pagingIdentifiers":{"last_iteration":true}}');
    const cursor = encodeCursor({ time: 1, id: 2 }, parsed().query);
    expect(
      JSON.parse(logBlockBody({ events: [], pagingIdentifiers: { cursor, last_iteration: false } })),
    ).toEqual({ events: [], pagingIdentifiers: { cursor, last_iteration: false } });
  });
});
