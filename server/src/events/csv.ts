/**
 * CSV (RFC 4180) for report files and the log export's header (the export's lines are written by
 * the event store's engine, EventStore.exportCsv, with the same formula rule). Text that a
 * spreadsheet would run as a formula (starting with = + - @ or a tab/CR) gets a leading apostrophe: log fields carry attacker-chosen text (URLs,
 * subjects), and an export must not turn into code when an operator opens it.
 */
import type { FieldValue } from '@workbench/common/api/contract/logSchema';

/** The first characters that make a spreadsheet run a cell as a formula (also used in SQL by exportCsv). */
export const FORMULA_START_CHARS = ['=', '+', '-', '@', '\t', '\r'] as const;
const FORMULA_START = new RegExp(`^[${FORMULA_START_CHARS.map((c) => `\\${c}`).join('')}]`);

export function csvCell(value: FieldValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (FieldValue | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
