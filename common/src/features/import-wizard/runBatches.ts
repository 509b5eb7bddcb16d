/**
 * Processing in batches (docs/shared-ui.md §3 Bulk import dialog, §3). Rows go to the
 * caller's function `batchSize` at a time, one batch after the other; progress is reported after
 * each batch. A batch whose call fails stops the run with 'Processing failed. Attempt N (or fewer)
 * at a time.' (N = the batch size); what earlier batches did stays reported.
 */

/** A refused row: its 0-based index in the whole import, and why. */
export interface ImportRowError {
  index: number;
  reason: string;
}

/** What one submitted batch did. `errors[].index` counts from the start of the import (offset + index in the batch). */
export interface ImportBatchResult {
  created: number;
  errors: ImportRowError[];
}

/** What a dry run of one batch would do: indexes (in the whole import) created, changed, refused. */
export interface ImportDryRunResult {
  create: number[];
  change: number[];
  refuse: ImportRowError[];
}

export interface BatchProgress {
  /** Rows done so far. */
  done: number;
  total: number;
  /** 1-based first and last row of the batch in flight (or last done). */
  start: number;
  end: number;
}

export const DEFAULT_IMPORT_BATCH_SIZE = 100;

export function processingFailedMessage(batchSize: number): string {
  return `Processing failed. Attempt ${batchSize} (or fewer) at a time.`;
}

/** 'start-end of total' of a progress report. */
export function progressText(progress: BatchProgress): string {
  return `${progress.start}-${progress.end} of ${progress.total}`;
}

/** Whole percent of rows done. */
export function progressPercent(progress: BatchProgress): number {
  return progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100);
}

export class BatchFailedError<R> extends Error {
  constructor(
    readonly batchSize: number,
    /** What the batches before the failed one returned. */
    readonly partial: R[],
    /** 0-based index of the first row of the failed batch. */
    readonly offset: number,
  ) {
    super(processingFailedMessage(batchSize));
  }
}

/** Runs `send` over the rows in batches; resolves with every batch's result in order. */
export async function runInBatches<T, R>(
  rows: readonly T[],
  batchSize: number,
  send: (batch: T[], offset: number) => Promise<R>,
  onProgress: (progress: BatchProgress) => void,
  isCancelled: () => boolean = () => false,
): Promise<R[]> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new Error(`Batch size must be a whole number above 0, not ${batchSize}`);
  const results: R[] = [];
  const total = rows.length;
  for (let offset = 0; offset < total && !isCancelled(); offset += batchSize) {
    const end = Math.min(offset + batchSize, total);
    onProgress({ done: offset, total, start: offset + 1, end });
    try {
      results.push(await send(rows.slice(offset, end), offset));
    } catch {
      throw new BatchFailedError(batchSize, results, offset);
    }
    onProgress({ done: end, total, start: offset + 1, end });
  }
  return results;
}

/** The batches' results as one. */
export function mergeBatchResults(results: readonly ImportBatchResult[]): ImportBatchResult {
  return {
    created: results.reduce((sum, r) => sum + r.created, 0),
    errors: results.flatMap((r) => r.errors),
  };
}

export function mergeDryRuns(results: readonly ImportDryRunResult[]): ImportDryRunResult {
  return {
    create: results.flatMap((r) => r.create),
    change: results.flatMap((r) => r.change),
    refuse: results.flatMap((r) => r.refuse),
  };
}

/** Gives the event loop a turn (so a long job does not block the page). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Each row's problem (null = valid), checked in chunks with a yield between them. */
export async function checkRowsInChunks<T>(
  rows: readonly T[],
  check: (row: T) => string | null,
  chunkSize = 1000,
): Promise<(string | null)[]> {
  const problems: (string | null)[] = [];
  for (let start = 0; start < rows.length; start += chunkSize) {
    if (start > 0) await yieldToEventLoop();
    for (const row of rows.slice(start, start + chunkSize)) problems.push(check(row));
  }
  return problems;
}
