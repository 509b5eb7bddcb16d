/** Byte display units of shared-ui-and-validators §9, base 1024. */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export const BYTE_BASE = 1024;
/** What zero or an invalid value (negative, NaN, infinite, not a number) shows as (§9). */
export const ZERO_BYTES_TEXT = '0 MB';

/**
 * A byte count for display: the largest unit (B..TB, base 1024) in which the value is at least 1,
 * with at most two decimals and no trailing zeros ('1.5 KB', '3 MB', '1024 TB' stays in TB).
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
  // 1023.999 KB rounds to 1024 KB: show it as 1 MB instead.
  if (rounded >= BYTE_BASE && unit < BYTE_UNITS.length - 1) return `1 ${BYTE_UNITS[unit + 1]}`;
  return `${rounded} ${BYTE_UNITS[unit]}`;
}
