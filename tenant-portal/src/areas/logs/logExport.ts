/**
 * Export of the whole filtered result (GET /api/rep/v1/export/{logtype}?{query}, CSV, streamed
 * through the shared client: common's requestLogExport). The server announces the row count in
 * `x-total-events`; the body is read chunk by chunk, its line ends counted for the progress bar,
 * and the chunks saved as one file. Nothing is capped: millions of rows stream the same way.
 */
import { downloadFile } from '@workbench/common';
import type { LogExportStream } from '@workbench/common/api/logs';

export interface ExportProgress {
  /** Rows received so far. */
  rows: number;
  /** Rows the server announced; null when it did not say. */
  total: number | null;
}

const NEWLINE = 10;

/**
 * Reads an export's streamed body, reporting progress after every chunk (rows received of the
 * announced total; the first line is the header); resolves to the file's chunks.
 */
export async function readExport(
  { total, body }: LogExportStream,
  onProgress: (p: ExportProgress) => void,
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
    const rows = Math.max(0, lines - 1);
    onProgress({ rows: total !== null ? Math.min(rows, total) : rows, total });
  }
  const rows = Math.max(0, lines - 1);
  onProgress({ rows: total ?? rows, total });
  return { chunks, rows: total ?? rows };
}

/** The file name of an export: `<route>-logs-<YYYY-MM-DD>.csv`. */
export function exportFileName(route: string, now: Date): string {
  return `${route}-logs-${now.toISOString().slice(0, 10)}.csv`;
}

/** Saves the chunks as a CSV file. */
export function saveChunks(name: string, chunks: Uint8Array[]): void {
  downloadFile(name, chunks as BlobPart[], 'text/csv');
}
