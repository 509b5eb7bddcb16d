/**
 * The import dialog as a state machine (docs/shared-ui.md §3 Import dialog). The dialog
 * (ImportWizard) runs it with React's useReducer: the state belongs to one open dialog, and the
 * side effects (reading the file, the batches) are the caller's functions run by the component.
 *
 * Steps with a prompt: importing, processing, confirmation, saving, summary; without: importing,
 * processing, saving, summary. Next and previous move one step in the list. Decision: processing
 * checks the rows (the optional dry run, in batches: what would be created, changed or refused)
 * and writes nothing; confirmation asks before writing; saving writes in batches. Previous is not
 * offered once saving has started (rows may be written).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ImportHeader, ImportRecord } from './importParsing';
import {
  processingFailedMessage,
  type BatchProgress,
  type ImportBatchResult,
  type ImportDryRunResult,
  type ImportRowError,
} from './runBatches';

export type ImportStep = 'importing' | 'processing' | 'confirmation' | 'saving' | 'summary';

export const STEPS_WITH_PROMPT: readonly ImportStep[] = [
  'importing',
  'processing',
  'confirmation',
  'saving',
  'summary',
];
export const STEPS_WITHOUT_PROMPT: readonly ImportStep[] = ['importing', 'processing', 'saving', 'summary'];

export function importSteps(prompt: boolean): readonly ImportStep[] {
  return prompt ? STEPS_WITH_PROMPT : STEPS_WITHOUT_PROMPT;
}

/** idle: nothing running on this step; reading: the file; running: batches in flight; failed: the last run failed; done: the step's run finished. */
export type ImportStatus = 'idle' | 'reading' | 'running' | 'failed' | 'done';

export interface ImportWizardState {
  steps: readonly ImportStep[];
  step: ImportStep;
  status: ImportStatus;
  fileName: string | null;
  /** The header row of the loaded file (null: none). */
  header: ImportHeader | null;
  /** The loaded file's columns in its order (null: none loaded); the errors CSV's columns. */
  columns: string[] | null;
  rows: ImportRecord[];
  /** Each row's problem from the caller's row validator (null = valid), aligned with rows. */
  problems: (string | null)[];
  /** A user-facing message: a refused file, a failed batch. */
  error: string | null;
  progress: BatchProgress | null;
  dryRun: ImportDryRunResult | null;
  result: ImportBatchResult | null;
}

export function initialImportWizardState(prompt: boolean): ImportWizardState {
  return {
    steps: importSteps(prompt),
    step: 'importing',
    status: 'idle',
    fileName: null,
    header: null,
    columns: null,
    rows: [],
    problems: [],
    error: null,
    progress: null,
    dryRun: null,
    result: null,
  };
}

function move(state: ImportWizardState, by: 1 | -1): void {
  const index = state.steps.indexOf(state.step) + by;
  if (index < 0 || index >= state.steps.length) return;
  state.step = state.steps[index];
  state.status = 'idle';
  state.error = null;
  state.progress = null;
}

export const importWizardSlice = createSlice({
  name: 'importWizard',
  initialState: initialImportWizardState(false),
  reducers: {
    fileReadStarted(state, action: PayloadAction<{ fileName: string }>) {
      if (state.step !== 'importing') return;
      state.status = 'reading';
      state.error = null;
      state.fileName = action.payload.fileName;
    },
    /** The file's rows (and their problems, when checked) replace any loaded before. */
    fileLoaded(
      state,
      action: PayloadAction<{
        fileName: string;
        rows: ImportRecord[];
        problems?: (string | null)[];
        /** The header row the file began with (null: none, columns in the fields' order). */
        header?: ImportHeader | null;
        /** The file's columns in its order (ImportContent.columns). */
        columns?: string[];
      }>,
    ) {
      if (state.step !== 'importing') return;
      const { rows, problems } = action.payload;
      state.status = 'idle';
      state.fileName = action.payload.fileName;
      state.header = action.payload.header ?? null;
      state.columns = action.payload.columns ?? null;
      state.rows = rows;
      state.problems = problems && problems.length === rows.length ? problems : rows.map(() => null);
      state.dryRun = null;
    },
    /** A file that cannot be loaded (wrong type, unreadable, too many rows): nothing loads, what was loaded stays. */
    fileRefused(state, action: PayloadAction<{ message: string | null }>) {
      if (state.step !== 'importing') return;
      state.status = 'idle';
      state.error = action.payload.message;
      state.fileName = state.rows.length > 0 ? state.fileName : null;
    },
    rowDeleted(state, action: PayloadAction<{ index: number }>) {
      if (state.step !== 'importing') return;
      const { index } = action.payload;
      if (index < 0 || index >= state.rows.length) return;
      state.rows.splice(index, 1);
      state.problems.splice(index, 1);
      state.dryRun = null;
    },
    nextRequested(state) {
      if (state.status === 'running' || state.status === 'reading') return;
      if (state.step === 'saving' && state.status === 'idle') return;
      move(state, 1);
    },
    previousRequested(state) {
      if (state.status === 'running' || state.step === 'saving' || state.step === 'summary') return;
      move(state, -1);
    },
    batchesStarted(state) {
      state.status = 'running';
      state.error = null;
      state.progress = { done: 0, total: state.rows.length, start: 0, end: 0 };
    },
    batchProgressed(state, action: PayloadAction<BatchProgress>) {
      state.progress = action.payload;
    },
    /** The processing step's check finished: the dry run's outcome, or null without a dry run. */
    dryRunFinished(state, action: PayloadAction<ImportDryRunResult | null>) {
      state.status = 'done';
      state.dryRun = action.payload;
    },
    /**
     * Saving finished. With no errors the dialog closes with the result (the component calls
     * onClose); with errors it moves on to the summary.
     */
    savingFinished(state, action: PayloadAction<ImportBatchResult>) {
      state.status = 'done';
      state.result = action.payload;
      if (action.payload.errors.length > 0) move(state, 1);
    },
    /**
     * A batch failed. While saving, the rows from the failed batch on are reported as errors with
     * the message (what earlier batches saved stays counted), and Next leads to the summary.
     */
    batchFailed(
      state,
      action: PayloadAction<{ batchSize: number; offset: number; partial: ImportBatchResult | null }>,
    ) {
      const message = processingFailedMessage(action.payload.batchSize);
      state.status = 'failed';
      state.error = message;
      if (state.step === 'saving') {
        const unprocessed: ImportRowError[] = [];
        for (let index = action.payload.offset; index < state.rows.length; index += 1)
          unprocessed.push({ index, reason: message });
        const partial = action.payload.partial ?? { created: 0, errors: [] };
        state.result = { created: partial.created, errors: [...partial.errors, ...unprocessed] };
      }
    },
  },
});

export const {
  fileReadStarted,
  fileLoaded,
  fileRefused,
  rowDeleted,
  nextRequested,
  previousRequested,
  batchesStarted,
  batchProgressed,
  dryRunFinished,
  savingFinished,
  batchFailed,
} = importWizardSlice.actions;

/** How many rows have a problem. */
export function invalidRowCount(state: ImportWizardState): number {
  return state.problems.filter((problem) => problem !== null).length;
}

/** Next is disabled while there are no rows or the rows are invalid, and while work is in flight. */
export function nextDisabled(state: ImportWizardState, invalidRows = invalidRowCount(state)): boolean {
  if (state.status === 'running' || state.status === 'reading') return true;
  switch (state.step) {
    case 'importing':
      return state.rows.length === 0 || invalidRows > 0;
    case 'processing':
      return state.status !== 'done';
    case 'saving':
      return state.status !== 'failed';
    case 'summary':
      return true;
    default:
      return false;
  }
}

/** Escape and backdrop close the dialog only at the summary step. */
export function closableByBackdrop(state: ImportWizardState): boolean {
  return state.step === 'summary';
}
