/**
 * Rows of two-dimensional queries carry a `series` beside their key (a count by date per SMTP
 * event, a count by code and reason). These helpers pivot them; a row without `series` counts as
 * the null series ("(none)").
 */
import type { ChartRow } from './topNBar';

export type SeriesKey = string | number | null;

export const seriesOf = (row: ChartRow): SeriesKey => row.series ?? null;

/**
 * The distinct values of `keyOf`, the largest total first; ties keep the rows' order (Array.sort
 * is stable), so a reply in the server's order stays in it.
 */
export function orderByTotal<K>(rows: readonly ChartRow[], keyOf: (row: ChartRow) => K): K[] {
  const totals = new Map<K, number>();
  for (const r of rows) totals.set(keyOf(r), (totals.get(keyOf(r)) ?? 0) + r.value);
  return [...totals.keys()].sort((a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0));
}

/** The value of each (key, series) pair, summed; `valueAt` answers 0 for a missing pair. */
export function pivot(rows: readonly ChartRow[]) {
  const cells = new Map<ChartRow['key'], Map<SeriesKey, number>>();
  for (const r of rows) {
    const bySeries = cells.get(r.key) ?? new Map<SeriesKey, number>();
    bySeries.set(seriesOf(r), (bySeries.get(seriesOf(r)) ?? 0) + r.value);
    cells.set(r.key, bySeries);
  }
  return {
    valueAt: (key: ChartRow['key'], series: SeriesKey): number => cells.get(key)?.get(series) ?? 0,
  };
}

/** The legend text of a series value; the null series (and an empty one) by `nullLabel`. */
export const seriesLabel = (
  series: SeriesKey,
  nullLabel = '(none)',
  labelOf = (s: string | number) => String(s),
): string => (series === null || series === '' ? nullLabel : labelOf(series));
