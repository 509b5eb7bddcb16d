/** A KPI tile's numbers: this period's value against the previous period's. */

export type KpiDirection = 'up' | 'down' | 'flat';

export interface Kpi {
  value: number;
  previous: number | null;
  /** (current − previous) / previous as a fraction (0.12 = 12 %); null without a base to divide by. */
  change: number | null;
  /** null only when there is no previous period to compare with. */
  direction: KpiDirection | null;
}

/**
 * previous null (no comparison asked, or no data): no change, no direction. previous 0: the
 * direction still tells (up from nothing) but the change is null, not Infinity or NaN.
 */
export function kpiOf(current: number, previous: number | null): Kpi {
  if (previous === null) return { value: current, previous, change: null, direction: null };
  const direction: KpiDirection = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  // Divided by |previous| so a rise from a negative base still reads as a rise.
  const change = previous === 0 ? null : (current - previous) / Math.abs(previous);
  return { value: current, previous, change, direction };
}

/** A change as a whole percent without sign ("12%"); a change under half a percent as "<1%". */
export const percentText = (change: number): string => {
  const percent = Math.abs(change) * 100;
  return percent > 0 && percent < 0.5 ? '<1%' : `${Math.round(percent)}%`;
};

/**
 * The change in words, for screen readers and the tile's tooltip: "up 12% on the previous period",
 * "flat on the previous period", "up from 0 on the previous period"; null without a comparison.
 */
export function kpiChangeText(kpi: Kpi, formatValue: (value: number) => string = String): string | null {
  if (kpi.direction === null) return null;
  if (kpi.direction === 'flat') return 'flat on the previous period';
  if (kpi.change === null)
    return `${kpi.direction} from ${formatValue(kpi.previous ?? 0)} on the previous period`;
  return `${kpi.direction} ${percentText(kpi.change)} on the previous period`;
}
