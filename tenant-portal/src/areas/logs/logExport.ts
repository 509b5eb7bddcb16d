/**
 * Export of the whole filtered result (GET /api/rep/v1/export/{logtype}?{query}, streamed
 * through the shared client: common's requestLogExport, with its no-cache and xsrf headers and
 * its 401/403/time-out handling). The export dialog's choice goes in the query (`columns`,
 * `values`, `format`; the server checks them). The server announces the row count in
 * `x-total-events`; the body is read chunk by chunk, its line ends counted for the progress bar,
 * and the chunks saved as one file. Nothing is capped: millions of rows stream the same way.
 */
import { downloadFile } from '@workbench/common';
import type { LogExportStream, LogQuery } from '@workbench/common/api/logs';
import {
  LOG_EXPORT_MEDIA_TYPES,
  type LogExportFormat,
  type LogExportValues,
} from '@workbench/common/api/contract/logColumns';

/** The export dialog's choice. */
export interface ExportChoice {
  /** The grid's visible columns (in their order) or every field of the type. */
  columns: 'visible' | 'all';
  values: LogExportValues;
  format: LogExportFormat;
}

/** What the dialog offers first: what the grid shows, as it shows it, as CSV. */
export const DEFAULT_EXPORT_CHOICE: ExportChoice = { columns: 'visible', values: 'labels', format: 'csv' };

/** The export request of a view's query and a choice (`visible`: the grid's shown fields). */
export function exportQuery(query: LogQuery, choice: ExportChoice, visible: readonly string[]): LogQuery {
  const params: Record<string, string> = { ...query.params, format: choice.format, values: choice.values };
  if (choice.columns === 'visible') params.columns = visible.join(',');
  return { ...query, params };
}

export interface ExportProgress {
  /** Rows received so far. */
  rows: number;
  /** Rows the server announced; null when it did not say. */
  total: number | null;
}

const NEWLINE = 10;

/**
 * Reads an export's streamed body, reporting progress after every chunk (rows received of the
 * announced total; a CSV's first line is the header, NDJSON has none); resolves to the file's chunks.
 */
export async function readExport(
  { total, body }: LogExportStream,
  onProgress: (p: ExportProgress) => void,
  headerLines = 1,
): Promise<{ chunks: Uint8Array[]; rows: number }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  onProgress({ rows: 0, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!value) continue;
    chunks.push(value);
    for (let i = 0; i < value.length; i += 1) if (value[i] === NEWLINE) lines += 1;
    const rows = Math.max(0, lines - headerLines);
    onProgress({ rows: total !== null ? Math.min(rows, total) : rows, total });
  }
  const rows = Math.max(0, lines - headerLines);
  onProgress({ rows: total ?? rows, total });
  return { chunks, rows: total ?? rows };
}

/** The file name of an export: `<route>-logs-<YYYY-MM-DD>.<csv|ndjson>`. */
export function exportFileName(route: string, now: Date, format: LogExportFormat = 'csv'): string {
  return `${route}-logs-${now.toISOString().slice(0, 10)}.${format}`;
}

/** Saves the chunks as a file of the format's media type. */
export function saveChunks(name: string, chunks: Uint8Array[], format: LogExportFormat = 'csv'): void {
  downloadFile(name, chunks as BlobPart[], LOG_EXPORT_MEDIA_TYPES[format]);
}
