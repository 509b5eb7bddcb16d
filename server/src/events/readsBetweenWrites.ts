/**
 * Identical reads between two writes share one answer (events/README.md, "Reads between writes").
 *
 * The embedded event store is the only writer of its file, so it knows when its data changes:
 * every committed (or failed) write transaction calls `written()`, which forgets every answer.
 * Until then a read asked again, or asked while the same read is still running, gets the answer
 * the first one gets: the data it ran over is the data a new run would find. A read that a write
 * overtakes is not kept (its answer may be of the data before the write). What the map holds is the
 * answer's promise, so 50 requests for the same logs block run one query.
 *
 * Only for a store whose writes all pass through this process: ClickHouse is written by every
 * server of a deployment, so its store has no such cache.
 */

export class ReadsBetweenWrites {
  /** Answers (their promises) by request, the least recently used first. */
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly capacity: number) {}

  /** A write transaction ended (committed or rolled back): no earlier answer is kept. */
  written(): void {
    // A read still running is dropped too: its answer may be of the data before the write.
    this.entries.clear();
  }

  /**
   * The answer of `read` for `request` (a plain JSON value naming everything the answer depends
   * on), shared with an identical read since the last write. A request that is not plain JSON
   * (a number that JSON cannot write, a Map, a Date) is read on its own, never shared.
   */
  read<T>(request: unknown, read: () => Promise<T>): Promise<T> {
    const key = keyOf(request);
    if (key === undefined) return read();
    const kept = this.entries.get(key) as Promise<T> | undefined;
    if (kept) {
      // Most recently used last: the first entry is the one to drop when full.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const answer = read();
    this.entries.set(key, answer);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    // A failed read is not kept: the next one runs again.
    answer.catch(() => {
      if (this.entries.get(key) === answer) this.entries.delete(key);
    });
    return answer;
  }
}

/** The request as text, or undefined when it holds anything but strings, finite numbers, booleans, null, arrays and plain objects. */
function keyOf(request: unknown): string | undefined {
  let plain = true;
  const text = JSON.stringify(request, (_, value: unknown) => {
    if (typeof value === 'number' && !Number.isFinite(value)) plain = false;
    else if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol')
      plain = false;
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) plain = false;
    }
    return plain ? value : undefined;
  });
  return plain ? text : undefined;
}
