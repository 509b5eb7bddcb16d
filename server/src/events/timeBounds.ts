/**
 * A log type's oldest and newest event time and its row count (all tenants): both event stores
 * keep them to size the first window a block's probe reads (README.md, "Paging").
 */
export interface TimeBounds {
  min: number;
  max: number;
  rows: number;
}

/** The narrowest first probe window. */
export const MIN_WINDOW_MS = 60000;
/** How many times the expected number of rows a first probe window is sized for. */
export const WINDOW_MARGIN = 8;

/** The bounds once `rows` more events between `lo` and `hi` are in. */
export function widenedBounds(
  known: TimeBounds | undefined,
  lo: number,
  hi: number,
  rows: number,
): TimeBounds {
  return known
    ? { min: Math.min(known.min, lo), max: Math.max(known.max, hi), rows: known.rows + rows }
    : { min: lo, max: hi, rows };
}

/**
 * The first probe window: the time in which the table's average rate (all tenants) brings
 * WINDOW_MARGIN × `limit` events, at least MIN_WINDOW_MS. One probe usually finds the block;
 * a tenant with a small share of the table needs a widening or two.
 */
export function firstProbeWindow(bounds: TimeBounds | undefined, limit: number): number {
  if (!bounds) return MIN_WINDOW_MS;
  const perMs = bounds.rows / Math.max(1, bounds.max - bounds.min);
  return Math.max(MIN_WINDOW_MS, Math.ceil((WINDOW_MARGIN * limit) / perMs));
}
