import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ReadsBetweenWrites } from './readsBetweenWrites';
import { DuckDbEventStore } from './duckdbEventStore';
import type { EventAggregate, EventQuery, NewEvent } from './eventStore';

/** A promise and the function that settles it. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ReadsBetweenWrites', () => {
  it('runs identical reads once until a write, and again after it', async () => {
    const reads = new ReadsBetweenWrites(8);
    let runs = 0;
    const read = () => Promise.resolve((runs += 1));
    expect(await reads.read({ a: 1 }, read)).toBe(1);
    expect(await reads.read({ a: 1 }, read)).toBe(1);
    expect(await reads.read({ a: 2 }, read)).toBe(2);
    reads.written();
    expect(await reads.read({ a: 1 }, read)).toBe(3);
  });

  it('shares a read still running with an identical one asked meanwhile', async () => {
    const reads = new ReadsBetweenWrites(8);
    const running = deferred<string>();
    let runs = 0;
    const read = () => {
      runs += 1;
      return running.promise;
    };
    const first = reads.read(['block', { tid: 't' }], read);
    const second = reads.read(['block', { tid: 't' }], read);
    running.resolve('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    expect(runs).toBe(1);
  });

  it('does not keep an answer that a write overtook', async () => {
    const reads = new ReadsBetweenWrites(8);
    const before = deferred<string>();
    const first = reads.read('q', () => before.promise);
    reads.written();
    // Asked after the write: not joined to the read that started before it.
    const second = reads.read('q', () => Promise.resolve('after'));
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(await reads.read('q', () => Promise.resolve('again'))).toBe('after');
  });

  it('forgets a failed read, so the next one runs again', async () => {
    const reads = new ReadsBetweenWrites(8);
    await expect(reads.read('q', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    expect(await reads.read('q', () => Promise.resolve('ok'))).toBe('ok');
  });

  it('never shares a request that JSON cannot write faithfully', async () => {
    const reads = new ReadsBetweenWrites(8);
    let runs = 0;
    const read = () => Promise.resolve((runs += 1));
    for (const request of [{ n: Number.NaN }, { n: Infinity }, { s: new Set([1]) }, { m: new Map() }, [1n]]) {
      await reads.read(request, read);
      await reads.read(request, read);
    }
    expect(runs).toBe(10);
  });

  it('keeps at most its capacity, dropping the least recently used', async () => {
    const reads = new ReadsBetweenWrites(2);
    let runs = 0;
    const read = () => Promise.resolve((runs += 1));
    await reads.read('a', read); // 1
    await reads.read('b', read); // 2
    await reads.read('a', read); // kept: a is now the most recent
    await reads.read('c', read); // 3, drops b
    expect(await reads.read('a', read)).toBe(1);
    expect(await reads.read('b', read)).toBe(4);
  });
});

describe('the DuckDB store: a read after a write sees it', () => {
  const NOW = Date.UTC(2026, 10, 20, 12);
  let dir: string;
  let store: DuckDbEventStore;
  const web = (time: number, userid: string): NewEvent => ({
    tid: 'tid-acme',
    logType: 'scan_web',
    time,
    fields: { userid, domain: 'example.com' },
  });
  /** The events of `block`'s range counted, grouped as given. */
  const countOver = (groupBy: EventAggregate['groupBy'], limit: number): EventAggregate => ({
    logType: 'scan_web',
    tid: 'tid-acme',
    start: block.start,
    end: block.end,
    filters: [],
    groupBy,
    measure: { kind: 'count' },
    limit,
  });
  const block: EventQuery = {
    logType: 'scan_web',
    tid: 'tid-acme',
    start: NOW - 3_600_000,
    end: NOW + 1,
    filters: [],
    limit: 10,
  };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reads-between-writes-'));
    store = await DuckDbEventStore.open(dir);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('blocks, counts and aggregates answer again after each append', async () => {
    await store.append([web(NOW - 60_000, 'ella')]);
    const aggregate = countOver({ field: 'userid' }, 10);
    // Read twice (the second from the kept answer), then write, then read again.
    for (let round = 0; round < 2; round++) {
      expect((await store.queryJson(block)).json).toHaveLength(1);
      expect(await store.countMatching(block)).toBe(1);
      expect(await store.aggregate(aggregate)).toEqual([{ key: 'ella', value: 1 }]);
    }
    await store.append([web(NOW - 30_000, 'finn')]);
    const after = await store.queryJson(block);
    expect(after.json.map((text) => (JSON.parse(text) as { userid: string }).userid)).toEqual([
      'finn',
      'ella',
    ]);
    expect(await store.countMatching(block)).toBe(2);
    expect(await store.aggregate(aggregate)).toEqual([
      { key: 'ella', value: 1 },
      { key: 'finn', value: 1 },
    ]);
    expect((await store.query(block)).map((event) => event.fields.userid)).toEqual(['finn', 'ella']);
  });

  it('gives each caller its own list of rows', async () => {
    await store.append([web(NOW - 60_000, 'ella')]);
    const aggregate = countOver({ total: true }, 1);
    const first = await store.aggregate(aggregate);
    first.pop();
    expect(await store.aggregate(aggregate)).toEqual([{ key: null, value: 1 }]);
  });
});
