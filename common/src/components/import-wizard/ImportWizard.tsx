import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { deletionWarning } from '../confirm-delete/ConfirmDeleteDialog';
import { useDispatch } from 'react-redux';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Link,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { componentIds } from '../../test-ids';
import { INVALID_FILE_TEXT, snackbarShown } from '../../features/snackbar/snackbarSlice';
import {
  IMPORT_FILE_TYPES,
  INVALID_FILE_TYPE_MSG,
  INVALID_IMPORT_FILE_MSG,
  importFileError,
} from '../../validators/files';
import { buildCsv, EXPORT_MIME, exportFileName } from '../../formatting/exportBuilders';
import { downloadFile } from '../../formatting/downloadFile';
import { counted } from '../../formatting/counted';
import {
  ImportFileError,
  importTemplateCsv,
  IMPORT_REASON_COLUMN,
  parseImportFile,
  type ImportHeader,
  HEADER_MARK,
  type ImportRecord,
} from '../../features/import-wizard/importParsing';
import {
  BatchFailedError,
  DEFAULT_IMPORT_BATCH_SIZE,
  checkRowsInChunks,
  mergeBatchResults,
  mergeDryRuns,
  progressPercent,
  progressText,
  runInBatches,
  type ImportBatchResult,
  type ImportDryRunResult,
} from '../../features/import-wizard/runBatches';
import {
  batchFailed,
  batchesStarted,
  batchProgressed,
  closableByBackdrop,
  dryRunFinished,
  fileLoaded,
  fileReadStarted,
  fileRefused,
  importWizardSlice,
  initialImportWizardState,
  invalidRowCount,
  nextDisabled,
  nextRequested,
  previousRequested,
  rowDeleted,
  savingFinished,
  type ImportStep,
} from '../../features/import-wizard/importWizardSlice';
import { UploadBox } from '../upload-box/UploadBox';
import { UploadSummary } from '../upload-summary/UploadSummary';

export const PREVIEW_PAGE_SIZES = [3, 10, 25, 50, 100] as const;
export const PREVIEW_DEFAULT_PAGE_SIZE = 3;
export const ROWS_PER_PAGE_LABEL = 'Rows per page:';
/**
 * docs/shared-ui.md §3 Confirmation text. It announces the next screen, so the wizard shows it where that is true:
 * at the Check step of a wizard with a prompt, whose next screen is Confirm. The Confirm step
 * itself says what its button does (confirmStepText).
 */
export const CONFIRMATION_TEXT =
  'Once you confirm your changes on the next screen, the selected items will be uploaded. This cannot be undone.';
export const PROCESSING_ERRORS_TITLE = 'Processing Errors';
export const ERROR_DIALOG_WIDTH = 600;
/** Decision: the summary text of docs/shared-ui.md §3, worded for the user. */
export const SUMMARY_TEXT =
  'Only the correct rows have been imported. Download the errors to get the rows that failed, each with the reason.';

/** 'If you choose to proceed N items will be deleted. This cannot be undone.' (docs/shared-ui.md §3 Deletion warning). */
export { deletionWarning };

/**
 * What the Confirm step's button does (issue 15: the step's text matches what it does): it writes
 * the rows now; after a dry run, with what would happen to them.
 */
export function confirmStepText(rowCount: number, dryRun: ImportDryRunResult | null): string {
  const outcome = dryRun
    ? `: ${dryRun.create.length} will be created, ${dryRun.change.length} changed and ${dryRun.refuse.length} refused`
    : '';
  return `Select Confirm to upload ${counted(rowCount, 'row')} now${outcome}. This cannot be undone.`;
}

/** Snackbar text when a file holds more rows than the wizard takes (decision; the spec only says a snackbar warns). */
export function tooManyRowsMessage(count: number, max: number): string {
  return `The file holds ${count} rows; at most ${max} can be imported at once. Nothing was loaded.`;
}

const STEP_LABELS: Record<ImportStep, string> = {
  importing: 'Import',
  processing: 'Check',
  confirmation: 'Confirm',
  saving: 'Save',
  summary: 'Summary',
};

/**
 * Props of ImportWizard (bulk import dialog, docs/shared-ui.md §3, §3).
 *
 * Usage:
 * ```tsx
 * <ImportWizard open title="Import users" fields={['username', 'email']} requiredFields={['username']}
 *   maxRows={10000} batchSize={500} prompt validateRow={(row) => (row.username ? null : 'username is required')}
 *   dryRun={(rows, offset) => api.check(rows, offset)} submitBatch={(rows, offset) => api.create(rows, offset)}
 *   onClose={(result) => result && reload()} />
 * ```
 * Needs a react-redux store with the snackbar slice (the apps' stores have it). `onClose` gets the
 * result when saving ends (with or without errors), null when the user leaves before saving.
 */
export interface ImportWizardProps {
  open: boolean;
  title: string;
  /** Column names, in file order; the template is built from them. */
  fields: readonly string[];
  /** Columns shown as required in the dialog's text (default: all fields). */
  requiredFields?: readonly string[];
  /** The file may hold up to this many rows; more → snackbar warning, nothing loads. */
  maxRows: number;
  /** Rows per call of submitBatch / dryRun (default 100). */
  batchSize?: number;
  /** With the confirmation step. */
  prompt?: boolean;
  /** Confirmation shows the deletion warning instead of the upload text (imports that delete). */
  deletes?: boolean;
  /** A row's problem (e.g. from a yup schema; see yupRowValidator), or null when valid. */
  validateRow?: (row: ImportRecord) => string | null;
  /** Writes one batch; `offset` = index of its first row in the import; error indexes count from the start of the import. */
  submitBatch: (rows: ImportRecord[], offset: number) => Promise<ImportBatchResult>;
  /** Optional: what a batch would do, writing nothing (shown at the processing step). */
  dryRun?: (rows: ImportRecord[], offset: number) => Promise<ImportDryRunResult>;
  onClose: (result: ImportBatchResult | null) => void;
  /** Base name of the template and errors downloads (default 'import'). */
  fileBaseName?: string;
  /** How to fill the columns that need it (lists, codes), shown with the template download. */
  columnNotes?: readonly string[];
}

/** What the wizard says about the file's first row (issue 15: it says which header it found). */
export function headerText(header: ImportHeader | null, fields: readonly string[]): string {
  if (header === 'template') return "Header row found: the template's ($ names); it is not imported.";
  if (header === 'plain') return 'Header row found: column names; it is not imported.';
  return `No header row: the columns are read in the order ${fields.join(', ')}.`;
}

/** A row validator from a yup-like schema: its first error message, or null. */
export function yupRowValidator(schema: {
  validateSync(value: unknown): unknown;
}): (row: ImportRecord) => string | null {
  return (row) => {
    try {
      schema.validateSync(row);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
}

export function ImportWizard(props: ImportWizardProps) {
  // A fresh machine each time the dialog opens.
  return props.open ? <ImportWizardDialog {...props} /> : null;
}

function ImportWizardDialog(props: ImportWizardProps) {
  const { fields, maxRows, validateRow, prompt = false, onClose, columnNotes } = props;
  const batchSize = props.batchSize ?? DEFAULT_IMPORT_BATCH_SIZE;
  const baseName = props.fileBaseName ?? 'import';
  const appDispatch = useDispatch();
  const [state, dispatch] = useReducer(importWizardSlice.reducer, prompt, initialImportWizardState);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PREVIEW_DEFAULT_PAGE_SIZE);
  const [errorsOpen, setErrorsOpen] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const problems = state.problems;
  const invalidCount = invalidRowCount(state);

  /**
   * A file the dialog cannot take (not csv or json, or not readable as one): the snackbar says
   * 'Invalid file uploaded.' (docs/shared-ui.md §2 Snackbar, §3 Import dialog) and the reason stays inline.
   */
  const refuseInvalidFile = (message: string | null) => {
    appDispatch(snackbarShown({ kind: 'custom', severity: 'error', message: INVALID_FILE_TEXT }));
    if (message) dispatch(fileRefused({ message }));
  };

  const load = async (file: File) => {
    const refused = importFileError(file);
    if (refused) {
      refuseInvalidFile(refused);
      return;
    }
    dispatch(fileReadStarted({ fileName: file.name }));
    try {
      const { records: rows, header, columns } = await parseImportFile(file, fields);
      if (!alive.current) return;
      if (rows.length > maxRows) {
        appDispatch(
          snackbarShown({
            kind: 'custom',
            severity: 'warning',
            message: tooManyRowsMessage(rows.length, maxRows),
          }),
        );
        dispatch(fileRefused({ message: null }));
        return;
      }
      const checked = validateRow ? await checkRowsInChunks(rows, validateRow) : undefined;
      if (!alive.current) return;
      setPage(0);
      dispatch(fileLoaded({ fileName: file.name, rows, problems: checked, header, columns }));
    } catch (error) {
      if (!alive.current) return;
      refuseInvalidFile(error instanceof ImportFileError ? error.message : INVALID_IMPORT_FILE_MSG);
    }
  };

  // Processing: the dry run (if any); saving: the writes. Each runs once when its step starts.
  useEffect(() => {
    if (state.status !== 'idle') return;
    const progress = (p: Parameters<typeof batchProgressed>[0]) =>
      alive.current && dispatch(batchProgressed(p));
    const cancelled = () => !alive.current;
    if (state.step === 'processing') {
      if (!props.dryRun) {
        dispatch(dryRunFinished(null));
        return;
      }
      dispatch(batchesStarted());
      runInBatches(state.rows, batchSize, props.dryRun, progress, cancelled)
        .then((results) => alive.current && dispatch(dryRunFinished(mergeDryRuns(results))))
        .catch(
          (error: unknown) =>
            alive.current && dispatch(batchFailed({ batchSize, offset: offsetOf(error), partial: null })),
        );
    }
    if (state.step === 'saving') {
      dispatch(batchesStarted());
      runInBatches(state.rows, batchSize, props.submitBatch, progress, cancelled)
        .then((results) => alive.current && dispatch(savingFinished(mergeBatchResults(results))))
        .catch((error: unknown) => {
          if (!alive.current) return;
          const partial =
            error instanceof BatchFailedError
              ? mergeBatchResults(error.partial as ImportBatchResult[])
              : null;
          dispatch(batchFailed({ batchSize, offset: offsetOf(error), partial }));
        });
    }
    // The rows and callbacks are fixed once the step has started.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.step, state.status]);

  // On saving with no errors the dialog closes with the result.
  useEffect(() => {
    if (
      state.step === 'saving' &&
      state.status === 'done' &&
      state.result &&
      state.result.errors.length === 0
    )
      onClose(state.result);
  }, [state.step, state.status, state.result, onClose]);
  // Decision (issue 15: no dialog opens on top of the wizard by itself): at summary with errors
  // the error dialog opens from View Errors (focused), not on its own as docs/shared-ui.md §3 has it.

  const errorRows = useMemo(
    () => (state.result?.errors ?? []).map((error) => ({ ...error, record: state.rows[error.index] ?? {} })),
    [state.result, state.rows],
  );

  // The errors CSV: the file's own columns in its order (every one of its $ columns), then the
  // reason, which an import skips: the user fixes the rows and imports the file as it is.
  const downloadErrors = () => {
    const columns = [
      ...(state.columns ?? fields).map((field) => ({ field, header: `${HEADER_MARK}${field}` })),
      { field: '__reason', header: `${HEADER_MARK}${IMPORT_REASON_COLUMN}` },
    ];
    const csv = buildCsv(
      errorRows.map((e) => ({ ...e.record, __reason: e.reason })),
      columns,
    );
    downloadFile(exportFileName(`${baseName}-errors`, 'csv'), csv, EXPORT_MIME.csv);
  };

  const close = () => onClose(state.step === 'summary' || state.step === 'saving' ? state.result : null);
  const stepIndex = state.steps.indexOf(state.step);
  const required = props.requiredFields ?? fields;
  // The preview shows the file's columns (a column that is not a field too: its rows' problem names it).
  const previewColumns = state.columns ?? fields;
  // The page stays in range when rows are deleted (deleting the last page's only row shows the page before).
  const shownPage = Math.min(page, Math.max(0, Math.ceil(state.rows.length / pageSize) - 1));
  const visible = state.rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize);

  return (
    <Dialog
      open
      maxWidth="md"
      fullWidth
      aria-labelledby="import-wizard-title"
      data-testid={componentIds.importWizard}
      onClose={() => {
        // Backdrop click or Escape closes the dialog only at the summary step.
        if (closableByBackdrop(state)) close();
      }}
    >
      <DialogTitle id="import-wizard-title">{props.title}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={stepIndex} sx={{ mb: 2 }}>
          {state.steps.map((step) => (
            <Step key={step}>
              <StepLabel>{STEP_LABELS[step]}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Box data-testid={`${componentIds.wizardStep}-${state.step}`}>
          {state.error && (
            <Alert severity="error" data-testid={componentIds.wizardError} sx={{ mb: 2 }}>
              {state.error}
            </Alert>
          )}
          {state.step === 'importing' && (
            <>
              <Typography sx={{ mb: 1 }}>
                The file may hold up to {maxRows} rows. Required columns: {required.join(', ')}.
              </Typography>
              {columnNotes && columnNotes.length > 0 && (
                <Box component="ul" sx={{ mt: 0, mb: 1, pl: 3 }} data-testid={componentIds.wizardNotes}>
                  {columnNotes.map((note) => (
                    <Typography component="li" variant="body2" key={note}>
                      {note}
                    </Typography>
                  ))}
                </Box>
              )}
              <Link
                component="button"
                type="button"
                data-testid={componentIds.wizardTemplate}
                onClick={() =>
                  downloadFile(
                    exportFileName(`${baseName}-template`, 'csv'),
                    importTemplateCsv(fields),
                    EXPORT_MIME.csv,
                  )
                }
                sx={{ mb: 2, display: 'inline-block' }}
              >
                Download the CSV template
              </Link>
              <UploadBox
                accept={IMPORT_FILE_TYPES}
                invalidTypeMessage={INVALID_IMPORT_FILE_MSG}
                onRefused={(reason) => {
                  if (reason === INVALID_FILE_TYPE_MSG) refuseInvalidFile(null);
                }}
                disabled={state.status === 'reading'}
                label={
                  state.fileName
                    ? `${state.fileName}: drop or choose another file to replace it`
                    : 'Drop a csv or json file here or click to choose one'
                }
                onFiles={([file]) => void load(file)}
              />
              {state.status === 'reading' && <LinearProgress sx={{ mt: 1 }} aria-label="Reading the file" />}
              {state.rows.length > 0 && (
                <Box data-testid={componentIds.wizardPreview} sx={{ mt: 2 }}>
                  <Typography variant="body2">
                    {counted(state.rows.length, 'row')}
                    {invalidCount > 0 &&
                      `, ${invalidCount} with problems: fix the file or delete those rows.`}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" data-testid={componentIds.wizardHeader}>
                    {headerText(state.header, fields)}
                  </Typography>
                  <Table size="small" aria-label="Rows to import">
                    <TableHead>
                      <TableRow>
                        <TableCell>#</TableCell>
                        {previewColumns.map((field) => (
                          <TableCell key={field}>{field}</TableCell>
                        ))}
                        {validateRow && <TableCell>Problem</TableCell>}
                        <TableCell />
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {visible.map((row, i) => {
                        const index = shownPage * pageSize + i;
                        return (
                          <TableRow
                            key={index}
                            sx={problems[index] ? { bgcolor: 'error.light' } : undefined}
                            aria-invalid={Boolean(problems[index]) || undefined}
                          >
                            <TableCell>{index + 1}</TableCell>
                            {previewColumns.map((field) => (
                              <TableCell key={field}>{row[field]}</TableCell>
                            ))}
                            {validateRow && <TableCell>{problems[index]}</TableCell>}
                            <TableCell padding="checkbox">
                              <IconButton
                                size="small"
                                aria-label={`Delete row ${index + 1}`}
                                onClick={() => dispatch(rowDeleted({ index }))}
                              >
                                <DeleteIcon fontSize="small" />
                              </IconButton>
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                  <TablePagination
                    component="div"
                    count={state.rows.length}
                    page={shownPage}
                    rowsPerPage={pageSize}
                    rowsPerPageOptions={[...PREVIEW_PAGE_SIZES]}
                    labelRowsPerPage={ROWS_PER_PAGE_LABEL}
                    onPageChange={(_, next) => setPage(next)}
                    onRowsPerPageChange={(event) => {
                      setPageSize(Number(event.target.value));
                      setPage(0);
                    }}
                  />
                </Box>
              )}
            </>
          )}
          {(state.step === 'processing' || state.step === 'saving') &&
            state.progress &&
            state.status !== 'done' && (
              <Box sx={{ my: 2 }}>
                <LinearProgress
                  variant="determinate"
                  value={progressPercent(state.progress)}
                  data-testid={componentIds.wizardProgress}
                  aria-label={state.step === 'saving' ? 'Saving' : 'Checking'}
                />
                <Typography variant="body2" sx={{ mt: 1 }} data-testid={componentIds.wizardProgressText}>
                  {progressPercent(state.progress)}% · {progressText(state.progress)}
                </Typography>
              </Box>
            )}
          {state.step === 'processing' && state.status === 'done' && (
            <>
              <DryRunReport rows={state.rows} label={fields[0]} report={state.dryRun} />
              {prompt && !props.deletes && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                  {CONFIRMATION_TEXT}
                </Typography>
              )}
            </>
          )}
          {state.step === 'confirmation' && (
            <Alert severity="warning">
              {props.deletes
                ? deletionWarning(state.rows.length)
                : confirmStepText(state.rows.length, state.dryRun)}
            </Alert>
          )}
          {state.step === 'summary' && state.result && (
            <>
              <UploadSummary created={state.result.created} errors={state.result.errors.length} />
              {state.result.errors.length > 0 && (
                <>
                  <Typography sx={{ mb: 1 }}>{SUMMARY_TEXT}</Typography>
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button
                      variant="outlined"
                      autoFocus
                      data-testid={componentIds.viewErrors}
                      onClick={() => setErrorsOpen(true)}
                    >
                      View Errors
                    </Button>
                    <Button
                      variant="outlined"
                      data-testid={componentIds.downloadErrors}
                      onClick={downloadErrors}
                    >
                      Download Errors
                    </Button>
                  </Box>
                </>
              )}
            </>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        {state.step === 'importing' && (
          <Button data-testid={componentIds.wizardBack} onClick={() => onClose(null)}>
            Back
          </Button>
        )}
        {(state.step === 'processing' || state.step === 'confirmation') && (
          <Button
            data-testid={componentIds.wizardBack}
            disabled={state.status === 'running'}
            onClick={() => dispatch(previousRequested())}
          >
            Previous
          </Button>
        )}
        {state.step === 'summary' ? (
          <Button variant="contained" data-testid={componentIds.wizardClose} onClick={close}>
            Close
          </Button>
        ) : (
          <Button
            variant="contained"
            data-testid={componentIds.wizardNext}
            disabled={nextDisabled(state, invalidCount)}
            onClick={() => dispatch(nextRequested())}
          >
            {state.step === 'confirmation' ? 'Confirm' : 'Next'}
          </Button>
        )}
      </DialogActions>
      <Dialog
        open={errorsOpen}
        onClose={() => setErrorsOpen(false)}
        aria-labelledby="import-errors-title"
        slotProps={{ paper: { sx: { width: ERROR_DIALOG_WIDTH, maxWidth: ERROR_DIALOG_WIDTH } } }}
        data-testid={componentIds.errorDialog}
      >
        <DialogTitle id="import-errors-title">{PROCESSING_ERRORS_TITLE}</DialogTitle>
        <DialogContent>
          <Table size="small" aria-label="Rows that failed">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>{fields[0]}</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errorRows.slice(0, 500).map((error) => (
                <TableRow key={error.index}>
                  <TableCell>{error.index + 1}</TableCell>
                  <TableCell>{error.record[fields[0]]}</TableCell>
                  <TableCell>{error.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {errorRows.length > 500 && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              The first 500 of {errorRows.length} errors are shown; download the errors for all of them.
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={downloadErrors}>Download Errors</Button>
          <Button onClick={() => setErrorsOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}

function offsetOf(error: unknown): number {
  return error instanceof BatchFailedError ? error.offset : 0;
}

/** The outcome of each row in a dry run: 'Create', 'Change', 'Refuse: <reason>' (rows the dry run did not name: 'No change'). */
export function dryRunOutcomes(rowCount: number, report: ImportDryRunResult): string[] {
  const outcomes: string[] = Array.from({ length: rowCount }, () => 'No change');
  for (const index of report.create) if (index >= 0 && index < rowCount) outcomes[index] = 'Create';
  for (const index of report.change) if (index >= 0 && index < rowCount) outcomes[index] = 'Change';
  for (const refused of report.refuse)
    if (refused.index >= 0 && refused.index < rowCount) outcomes[refused.index] = `Refuse: ${refused.reason}`;
  return outcomes;
}

const DRY_RUN_PAGE_SIZE = 10;

function DryRunReport({
  rows,
  label,
  report,
}: {
  rows: readonly ImportRecord[];
  label: string;
  report: ImportDryRunResult | null;
}) {
  const [page, setPage] = useState(0);
  const outcomes = useMemo(() => (report ? dryRunOutcomes(rows.length, report) : []), [rows.length, report]);
  if (!report)
    return (
      <Typography data-testid={componentIds.wizardDryRun}>{rows.length} rows are ready to import.</Typography>
    );
  return (
    <Box data-testid={componentIds.wizardDryRun}>
      <Typography>
        Nothing has been written yet. Of {rows.length} rows: {report.create.length} would be created,{' '}
        {report.change.length} would be changed, {report.refuse.length} would be refused.
      </Typography>
      <Table size="small" aria-label="What each row would do" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>{label}</TableCell>
            <TableCell>Outcome</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {outcomes.slice(page * DRY_RUN_PAGE_SIZE, (page + 1) * DRY_RUN_PAGE_SIZE).map((outcome, i) => {
            const index = page * DRY_RUN_PAGE_SIZE + i;
            return (
              <TableRow key={index}>
                <TableCell>{index + 1}</TableCell>
                <TableCell>{rows[index]?.[label]}</TableCell>
                <TableCell sx={outcome.startsWith('Refuse') ? { color: 'error.main' } : undefined}>
                  {outcome}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {rows.length > DRY_RUN_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          rowsPerPage={DRY_RUN_PAGE_SIZE}
          rowsPerPageOptions={[DRY_RUN_PAGE_SIZE]}
          onPageChange={(_, next) => setPage(next)}
        />
      )}
    </Box>
  );
}
