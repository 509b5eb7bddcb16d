import Papa from 'papaparse';

/**
 * Export builders (docs/shared-ui.md §12 Export): pure functions from rows to file content.
 * CSV rows join multi-select maps with a pipe; JSON or CSV downloads are named by the given name.
 */

/** A multi-select map: option → selected ({ web: true, email: false } exports as 'web'). */
export type MultiSelectMap = Record<string, boolean>;
export type ExportCell =
  string | number | boolean | null | undefined | MultiSelectMap | readonly (string | number)[];
export type ExportRow = Record<string, ExportCell>;

export interface ExportColumn {
  /** Key of the value in each row. */
  field: string;
  /** Column heading in the CSV (defaults to the field). */
  header?: string;
}

export type ExportFormat = 'csv' | 'json';

export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

/** The separator of multi-select values in a CSV cell. */
export const MULTI_SELECT_SEPARATOR = '|';

function isMultiSelectMap(value: ExportCell): value is MultiSelectMap {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'boolean')
  );
}

/** One CSV cell: a multi-select map becomes its selected keys pipe-joined (in the map's order), an array its items pipe-joined; null/undefined an empty cell. */
export function csvCell(value: ExportCell): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(MULTI_SELECT_SEPARATOR);
  if (isMultiSelectMap(value)) {
    return Object.entries(value)
      .filter(([, selected]) => selected)
      .map(([key]) => key)
      .join(MULTI_SELECT_SEPARATOR);
  }
  return value as string | number | boolean;
}

/**
 * CSV text of the rows: a header line, then one line per row (RFC 4180 quoting, CRLF line ends).
 * Columns default to the keys of the first row. Decision: text cells that start with = + - @ or a
 * tab are prefixed with a single quote, so a spreadsheet does not run them as formulas (CSV
 * injection); numbers are left as they are.
 */
export function buildCsv(rows: readonly ExportRow[], columns?: readonly ExportColumn[]): string {
  const cols: readonly ExportColumn[] = columns ?? Object.keys(rows[0] ?? {}).map((field) => ({ field }));
  return Papa.unparse(
    {
      fields: cols.map((column) => column.header ?? column.field),
      data: rows.map((row) => cols.map((column) => csvCell(row[column.field]))),
    },
    { newline: '\r\n', escapeFormulae: true },
  );
}

/** JSON text of the rows (2-space indented), as they are: multi-select maps stay objects. */
export function buildJson(rows: readonly ExportRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/**
 * The download's file name: the given name with the format's extension (not doubled when the name
 * already ends with it). Characters file systems refuse (/ \ : * ? " < > | and control characters)
 * become '_'; an empty name becomes 'export'.
 */
export function exportFileName(name: string, format: ExportFormat): string {
  const safe =
    [...name.trim()]
      .map((char) => (/[/\\:*?"<>|]/.test(char) || char.charCodeAt(0) < 32 ? '_' : char))
      .join('') || 'export';
  return safe.toLowerCase().endsWith(`.${format}`) ? safe : `${safe}.${format}`;
}

export interface ExportFile {
  fileName: string;
  content: string;
  mime: string;
}

/** Everything a download needs for the rows in the given format. */
export function buildExport(
  format: ExportFormat,
  name: string,
  rows: readonly ExportRow[],
  columns?: readonly ExportColumn[],
): ExportFile {
  return {
    fileName: exportFileName(name, format),
    content: format === 'csv' ? buildCsv(rows, columns) : buildJson(rows),
    mime: EXPORT_MIME[format],
  };
}
