/**
 * Export of the whole filtered result (GET /api/rep/v1/export/{logtype}?{query}, CSV, streamed).
 * The server announces the row count in `x-total-events`; the body is read chunk by chunk, its
 * line ends counted for the progress bar (the first line is the header), and the chunks saved as
 * one file. Nothing is capped: a result of millions of rows streams the same way.
 */
import { downloadFile } from '@workbench/common';
import { LOGS_EXPORT_TOTAL_HEADER } from '@workbench/common/api/contract/logs';

export interface ExportProgress {
  /** Rows received so far. */
  rows: number;
  /** Rows the server announced; null when it did not say. */
  total: number | null;
}

/** What `streamExport` needs of fetch's Response (so tests can hand it a plain object). */
export interface StreamedResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> } } | null;
  text(): Promise<string>;
}

export type FetchLike = (
  url: string,
  init: { credentials: 'same-origin'; signal?: AbortSignal },
) => Promise<StreamedResponse>;

export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

const NEWLINE = 10;

/** Streams an export, reporting progress after every chunk; resolves to the file's chunks. */
export async function streamExport(
  url: string,
  onProgress: (p: ExportProgress) => void,
  fetchImpl: FetchLike = (u, init) => fetch(u, init) as unknown as Promise<StreamedResponse>,
  signal?: AbortSignal,
): Promise<{ chunks: Uint8Array[]; rows: number }> {
  const response = await fetchImpl(url, { credentials: 'same-origin', signal });
  if (!response.ok || !response.body) {
    let message = `Export failed (HTTP ${response.status}).`;
    try {
      const body = JSON.parse(await response.text()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the status message
    }
    throw new ExportError(message);
  }
  const announced = Number(response.headers.get(LOGS_EXPORT_TOTAL_HEADER));
  const total =
    response.headers.get(LOGS_EXPORT_TOTAL_HEADER) !== null && Number.isFinite(announced) ? announced : null;
  const reader = response.body.getReader();
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
