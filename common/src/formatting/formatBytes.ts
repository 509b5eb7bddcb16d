/**
 * Byte display units of docs/shared-ui.md §12 (B, KB, MB, GB, TB), in decimal steps.
 * Decision (issue 31, docs/decisions.md §12): read literally these names are base 1024, but a kilobyte is 1,000 bytes; binary
 * steps under decimal names made a chart's round ticks read "95.37 MB" for 100,000,000 bytes.
 * Every byte count shown (charts and their axes, KPIs, log fields, report files, the PDF) and every
 * byte count typed in a log query (`bytes>1.5MB`) goes through these units, so what is typed and
 * what is read agree. See common/src/formatting/README.md.
 */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];
export const BYTE_BASE = 1000;

/** How many bytes one of `unit` is (1 MB = 1,000,000 bytes). */
export const bytesPerUnit = (unit: ByteUnit): number => BYTE_BASE ** BYTE_UNITS.indexOf(unit);
/** What zero or an invalid value (negative, NaN, infinite, not a number) shows as (docs/shared-ui.md §12). */
export const ZERO_BYTES_TEXT = '0 MB';

/**
 * A byte count for display: the largest unit (B..TB, base 1000) in which the value is at least 1,
 * with at most two decimals and no trailing zeros ('1.5 KB', '3 MB', '2000 TB' stays in TB).
 * Zero or an invalid value shows '0 MB'. Numeric strings ('2048') are accepted, as the APIs
 * sometimes send sizes as text.
 */
export function formatBytes(value: number | string | null | undefined): string {
  const bytes = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return ZERO_BYTES_TEXT;
  let unit = 0;
  let scaled = bytes;
  while (scaled >= BYTE_BASE && unit < BYTE_UNITS.length - 1) {
    scaled /= BYTE_BASE;
    unit += 1;
  }
  const rounded = Math.round(scaled * 100) / 100;
  // 999.999 KB rounds to 1000 KB: show it as 1 MB instead.
  if (rounded >= BYTE_BASE && unit < BYTE_UNITS.length - 1) return `1 ${BYTE_UNITS[unit + 1]}`;
  return `${rounded} ${BYTE_UNITS[unit]}`;
}
