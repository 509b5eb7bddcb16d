import {
  checkRowsInChunks,
  BatchFailedError,
  mergeBatchResults,
  processingFailedMessage,
  progressPercent,
  progressText,
  runInBatches,
  type BatchProgress,
} from './runBatches';

describe('processing in batches', () => {
  it('sends the rows batch by batch with their offsets and reports progress as start-end of total', async () => {
    const sent: [number[], number][] = [];
    const progress: BatchProgress[] = [];
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const results = await runInBatches(
      rows,
      3,
      async (batch, offset) => {
        sent.push([batch, offset]);
        return batch.length;
      },
      (p) => progress.push(p),
    );
    expect(sent).toEqual([
      [[0, 1, 2], 0],
      [[3, 4, 5], 3],
      [[6], 6],
    ]);
    expect(results).toEqual([3, 3, 1]);
    expect(progress.map(progressText)).toEqual([
      '1-3 of 7',
      '1-3 of 7',
      '4-6 of 7',
      '4-6 of 7',
      '7-7 of 7',
      '7-7 of 7',
    ]);
    expect(progress.map(progressPercent)).toEqual([0, 43, 43, 86, 86, 100]);
  });

  it("a failed batch stops the run with 'Processing failed. Attempt ... (or fewer) at a time.' with the batch size filled in", async () => {
    const calls: number[] = [];
    const run = runInBatches(
      [1, 2, 3, 4, 5],
      2,
      async (batch, offset) => {
        calls.push(offset);
        if (offset === 2) throw new Error('502');
        return batch.length;
      },
      () => undefined,
    );
    await expect(run).rejects.toThrow('Processing failed. Attempt 2 (or fewer) at a time.');
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchFailedError);
    expect((error as BatchFailedError<number>).partial).toEqual([2]);
    expect((error as BatchFailedError<number>).offset).toBe(2);
    expect(calls).toEqual([0, 2]);
    expect(processingFailedMessage(500)).toBe('Processing failed. Attempt 500 (or fewer) at a time.');
  });

  it('refuses a batch size that is not a whole number above 0', async () => {
    await expect(
      runInBatches(
        [1],
        0,
        async () => 1,
        () => undefined,
      ),
    ).rejects.toThrow('Batch size must be a whole number above 0, not 0');
  });

  it('merges batch results', () => {
    expect(
      mergeBatchResults([
        { created: 2, errors: [] },
        { created: 1, errors: [{ index: 4, reason: 'dup' }] },
      ]),
    ).toEqual({
      created: 3,
      errors: [{ index: 4, reason: 'dup' }],
    });
  });
});

describe('row checks', () => {
  it('checks every row, in chunks, keeping the order', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => i);
    const problems = await checkRowsInChunks(rows, (n) => (n % 1000 === 999 ? `row ${n}` : null), 1000);
    expect(problems).toHaveLength(2500);
    expect(problems.filter(Boolean)).toEqual(['row 999', 'row 1999']);
  });
});
