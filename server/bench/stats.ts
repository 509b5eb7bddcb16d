/** What the benches share to time and print: percentiles, p50/p95 of repeated calls, number format. */

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50/p95 in ms of `runs` calls after one warm-up call, whose answer is returned for comparison. */
export async function latency<T>(
  runs: number,
  fn: () => Promise<T>,
): Promise<{ p50: number; p95: number; answer: T }> {
  const answer = await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), answer };
}

/**
 * `latency` of several calls measured in the same minutes: each run times every call once, the
 * order turned by one each run, so a shared machine's changing load weighs on each alike.
 */
export async function interleavedLatency<T>(
  runs: number,
  fns: readonly (() => Promise<T>)[],
): Promise<{ p50: number; p95: number; answer: T }[]> {
  const answers: T[] = [];
  for (const fn of fns) answers.push(await fn());
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < runs; i += 1)
    for (let j = 0; j < fns.length; j += 1) {
      const k = (i + j) % fns.length;
      const t0 = performance.now();
      await fns[k]();
      times[k].push(performance.now() - t0);
    }
  return times.map((list, k) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p95: percentile(list, 95), answer: answers[k] };
  });
}

/** A figure as the benches print it: grouped thousands, `digits` decimals. */
export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
