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

/** A figure as the benches print it: grouped thousands, `digits` decimals. */
export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
