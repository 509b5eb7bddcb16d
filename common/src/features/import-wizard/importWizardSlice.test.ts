import {
  batchFailed,
  batchesStarted,
  closableByBackdrop,
  dryRunFinished,
  fileLoaded,
  fileRefused,
  importWizardSlice,
  initialImportWizardState,
  nextDisabled,
  nextRequested,
  previousRequested,
  rowDeleted,
  savingFinished,
  type ImportWizardState,
} from './importWizardSlice';

const reduce = importWizardSlice.reducer;
const rows = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
const loaded = (prompt: boolean) =>
  reduce(initialImportWizardState(prompt), fileLoaded({ fileName: 'u.csv', rows }));
const through = (state: ImportWizardState, ...actions: Parameters<typeof reduce>[1][]) =>
  actions.reduce(reduce, state);

describe('import dialog states (docs/shared-ui.md §3)', () => {
  it('With a prompt: importing, processing, confirmation, saving, summary', () => {
    let state = loaded(true);
    const seen = [state.step];
    state = through(state, nextRequested());
    seen.push(state.step);
    state = through(state, dryRunFinished(null), nextRequested());
    seen.push(state.step);
    state = through(state, nextRequested());
    seen.push(state.step);
    state = through(
      state,
      batchesStarted(),
      savingFinished({ created: 2, errors: [{ index: 1, reason: 'dup' }] }),
    );
    seen.push(state.step);
    expect(seen).toEqual(['importing', 'processing', 'confirmation', 'saving', 'summary']);
  });

  it('Without a prompt: importing, processing, saving, summary', () => {
    const state = through(loaded(false), nextRequested(), dryRunFinished(null), nextRequested());
    expect(state.step).toBe('saving');
    expect(state.steps).toEqual(['importing', 'processing', 'saving', 'summary']);
  });

  it('Next and previous move one step in the list', () => {
    const state = through(loaded(true), nextRequested(), dryRunFinished(null), nextRequested());
    expect(state.step).toBe('confirmation');
    expect(through(state, previousRequested()).step).toBe('processing');
    expect(through(state, previousRequested(), previousRequested()).step).toBe('importing');
  });

  it('On saving with no errors the dialog ends with the result (it stays on saving, done, for the caller to close)', () => {
    const state = through(
      loaded(false),
      nextRequested(),
      dryRunFinished(null),
      nextRequested(),
      batchesStarted(),
      savingFinished({ created: 3, errors: [] }),
    );
    expect(state.step).toBe('saving');
    expect(state.status).toBe('done');
    expect(state.result).toEqual({ created: 3, errors: [] });
  });

  it('saving ends in summary when there are errors; no way back from saving or summary', () => {
    const saving = through(loaded(false), nextRequested(), dryRunFinished(null), nextRequested());
    expect(through(saving, previousRequested()).step).toBe('saving');
    const summary = through(
      saving,
      batchesStarted(),
      savingFinished({ created: 1, errors: [{ index: 0, reason: 'x' }] }),
    );
    expect(summary.step).toBe('summary');
    expect(through(summary, previousRequested()).step).toBe('summary');
  });

  it('Backdrop click or Escape closes the dialog only at the summary step', () => {
    const importing = loaded(false);
    expect(closableByBackdrop(importing)).toBe(false);
    const summary = through(
      importing,
      nextRequested(),
      dryRunFinished(null),
      nextRequested(),
      batchesStarted(),
      savingFinished({ created: 0, errors: [{ index: 0, reason: 'x' }] }),
    );
    expect(closableByBackdrop(summary)).toBe(true);
  });

  it('Next is disabled while there are no rows or the rows are invalid', () => {
    const empty = initialImportWizardState(false);
    expect(nextDisabled(empty, 0)).toBe(true);
    expect(nextDisabled(loaded(false), 1)).toBe(true);
    expect(nextDisabled(loaded(false), 0)).toBe(false);
    expect(nextDisabled(through(loaded(false), nextRequested()), 0)).toBe(true);
    expect(nextDisabled(through(loaded(false), nextRequested(), dryRunFinished(null)), 0)).toBe(false);
  });

  it('a refused file loads nothing and keeps what was loaded', () => {
    const state = through(loaded(false), fileRefused({ message: 'Invalid file uploaded' }));
    expect(state.rows).toEqual(rows);
    expect(state.error).toBe('Invalid file uploaded');
  });

  it('keeps each row’s problem with its row when a row is deleted', () => {
    const state = reduce(
      initialImportWizardState(false),
      fileLoaded({ fileName: 'u.csv', rows, problems: [null, 'bad email', null] }),
    );
    expect(nextDisabled(state)).toBe(true);
    const fixed = through(state, rowDeleted({ index: 1 }));
    expect(fixed.problems).toEqual([null, null]);
    expect(nextDisabled(fixed)).toBe(false);
  });

  it('deletes one preview row; an index out of range changes nothing', () => {
    expect(through(loaded(false), rowDeleted({ index: 1 })).rows).toEqual([{ name: 'a' }, { name: 'c' }]);
    expect(through(loaded(false), rowDeleted({ index: 9 })).rows).toEqual(rows);
  });

  it('a failed saving batch reports the rows from that batch on as errors, keeping what was saved', () => {
    const saving = through(
      loaded(false),
      nextRequested(),
      dryRunFinished(null),
      nextRequested(),
      batchesStarted(),
    );
    const failed = through(
      saving,
      batchFailed({ batchSize: 2, offset: 2, partial: { created: 2, errors: [] } }),
    );
    expect(failed.error).toBe('Processing failed. Attempt 2 (or fewer) at a time.');
    expect(failed.result).toEqual({
      created: 2,
      errors: [{ index: 2, reason: 'Processing failed. Attempt 2 (or fewer) at a time.' }],
    });
    expect(nextDisabled(failed, 0)).toBe(false);
    expect(through(failed, nextRequested()).step).toBe('summary');
  });
});
