import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { componentIds } from '../../test-ids';
import { createTestStore } from '../../test-support/storeHarness';
import { readFileText, type ImportRecord } from '../../features/import-wizard/importParsing';
import type { ImportBatchResult } from '../../features/import-wizard/runBatches';
import {
  CONFIRMATION_TEXT,
  ERROR_DIALOG_WIDTH,
  ImportWizard,
  SUMMARY_TEXT,
  confirmStepText,
  deletionWarning,
  yupRowValidator,
  type ImportWizardProps,
} from './ImportWizard';
import { object, string } from 'yup';
import { UserImportWizard } from './UserImportWizard';
import { toUserRow, type BulkUserCreate } from '../../features/import-wizard/userImport';
import { UDB_REASONS, endUserRowProblem } from '../../api/contract/udb';

const fields = ['username', 'email'];
const csv = (lines: string[], name = 'users.csv') => new File([lines.join('\n')], name, { type: 'text/csv' });
const rowsCsv = (n: number) =>
  csv(Array.from({ length: n }, (_, i) => `user${i + 1},user${i + 1}@x.example`));

/** Downloads land here: name and text (downloadFile goes through an object URL and a clicked link). */
let downloads: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  downloads = [];
  let lastBlob: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:test';
    },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) downloads.push({ name: this.download, blob: lastBlob });
  });
});
afterEach(() => jest.restoreAllMocks());

function setup(overrides: Partial<ImportWizardProps> = {}) {
  const { store } = createTestStore();
  const onClose = jest.fn();
  const submitted: [ImportRecord[], number][] = [];
  const submitBatch = jest.fn(async (rows: ImportRecord[], offset: number): Promise<ImportBatchResult> => {
    submitted.push([rows, offset]);
    const errors = rows.flatMap((row, i) =>
      row.username.startsWith('bad') ? [{ index: offset + i, reason: 'username taken' }] : [],
    );
    return { created: rows.length - errors.length, errors };
  });
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <ImportWizard
        open
        title="Import users"
        fields={fields}
        maxRows={50}
        batchSize={4}
        submitBatch={submitBatch}
        onClose={onClose}
        {...overrides}
      />
    </Provider>,
  );
  const upload = (file: File) =>
    user.upload(screen.getByTestId(componentIds.uploadInput) as HTMLInputElement, file);
  const next = () => user.click(screen.getByTestId(componentIds.wizardNext));
  return { store, onClose, submitted, submitBatch, user, upload, next };
}

const previewRows = () =>
  within(screen.getByRole('table', { name: 'Rows to import' }))
    .getAllByRole('row')
    .slice(1);

describe('ImportWizard', () => {
  it('states the row limit and the required columns, and offers the empty CSV template built from the field names', async () => {
    const { user } = setup();
    expect(
      screen.getByText('The file may hold up to 50 rows. Required columns: username, email.'),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId(componentIds.wizardTemplate));
    expect(downloads[0].name).toBe('import-template.csv');
    expect(await readFileText(downloads[0].blob)).toBe('$username,$email\r\n');
  });

  it("says which header row it found: the template's, plain column names, or none", async () => {
    const { upload } = setup();
    await upload(csv(['$username,$email', 'ada,a@x.example']));
    expect(await screen.findByTestId(componentIds.wizardHeader)).toHaveTextContent(
      "Header row found: the template's ($ names); it is not imported.",
    );
    await upload(csv(['email,username', 'a@x.example,ada', 'b@x.example,bob']));
    await waitFor(() =>
      expect(screen.getByTestId(componentIds.wizardHeader)).toHaveTextContent(
        'Header row found: column names; it is not imported.',
      ),
    );
    expect(screen.getByText('2 rows')).toBeInTheDocument();
    expect(within(previewRows()[0]).getByText('ada')).toBeInTheDocument();
    await upload(csv(['ada,a@x.example']));
    await waitFor(() =>
      expect(screen.getByTestId(componentIds.wizardHeader)).toHaveTextContent(
        'No header row: the columns are read in the order username, email.',
      ),
    );
    expect(screen.getByText('1 row')).toBeInTheDocument();
  });

  it('previews the rows with page sizes 3, 10, 25, 50, 100 (default 3) and a per-row delete', async () => {
    const { user, upload } = setup();
    await upload(rowsCsv(7));
    await screen.findByTestId(componentIds.wizardPreview);
    expect(previewRows()).toHaveLength(3);
    expect(screen.getByText('Rows per page:')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['3', '10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '10' }));
    expect(previewRows()).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Delete row 2' }));
    expect(previewRows()).toHaveLength(6);
    expect(previewRows()[1]).toHaveTextContent('user3');
  });

  it("Only csv or json files are accepted: another type shows the snackbar 'Invalid file uploaded.' and the inline error", async () => {
    const { upload, store } = setup();
    expect(store.getState().snackbar.bottom).toBeNull();
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        screen.getByTestId(componentIds.uploadInput) as HTMLInputElement,
        new File(['x'], 'notes.txt', { type: 'text/plain' }),
      );
    expect(screen.getByTestId(componentIds.uploadError)).toHaveTextContent('Invalid file uploaded');
    expect(store.getState().snackbar.bottom).toMatchObject({
      text: 'Invalid file uploaded.',
      severity: 'error',
    });
    expect(screen.queryByTestId(componentIds.wizardPreview)).not.toBeInTheDocument();
    await upload(
      new File(['[{"username":"ada","email":"a@x.example"}]'], 'u.json', { type: 'application/json' }),
    );
    expect(await screen.findByTestId(componentIds.wizardPreview)).toHaveTextContent('ada');
  });

  it("a json file that is not a list of rows: the snackbar 'Invalid file uploaded.' and the reason inline", async () => {
    const { upload, store } = setup();
    await upload(new File(['{"username":"ada"}'], 'u.json', { type: 'application/json' }));
    expect(await screen.findByTestId(componentIds.wizardError)).toHaveTextContent(
      'The JSON file must hold a list of rows.',
    );
    expect(store.getState().snackbar.bottom?.text).toBe('Invalid file uploaded.');
    expect(screen.queryByTestId(componentIds.wizardPreview)).not.toBeInTheDocument();
  });

  it('If the row count exceeds the configured maximum, a snackbar warns and nothing loads', async () => {
    const { upload, store } = setup({ maxRows: 5 });
    await upload(rowsCsv(6));
    await waitFor(() =>
      expect(store.getState().snackbar.bottom?.text).toBe(
        'The file holds 6 rows; at most 5 can be imported at once. Nothing was loaded.',
      ),
    );
    expect(store.getState().snackbar.bottom?.severity).toBe('warning');
    expect(screen.queryByTestId(componentIds.wizardPreview)).not.toBeInTheDocument();
    expect(screen.getByTestId(componentIds.wizardNext)).toBeDisabled();
  });

  it('Next is disabled while there are no rows or the rows are invalid', async () => {
    const validateRow = yupRowValidator(object({ email: string().email('email is not valid') }));
    const { user, upload } = setup({ validateRow });
    expect(screen.getByTestId(componentIds.wizardNext)).toBeDisabled();
    await upload(csv(['ada,ada@x.example', 'bob,not-an-email']));
    await screen.findByTestId(componentIds.wizardPreview);
    expect(screen.getByText('email is not valid')).toBeInTheDocument();
    expect(screen.getByTestId(componentIds.wizardNext)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Delete row 2' }));
    expect(screen.getByTestId(componentIds.wizardNext)).toBeEnabled();
  });

  it('saves in batches and, with no errors, closes with the result', async () => {
    const { upload, next, onClose, submitted } = setup();
    await upload(rowsCsv(10));
    await screen.findByTestId(componentIds.wizardPreview);
    await next();
    expect(screen.getByTestId(`${componentIds.wizardStep}-processing`)).toHaveTextContent(
      '10 rows are ready to import.',
    );
    await next();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: 10, errors: [] }));
    expect(submitted.map(([rows, offset]) => [rows.length, offset])).toEqual([
      [4, 0],
      [4, 4],
      [2, 8],
    ]);
  });

  it('with a prompt asks for confirmation before anything is written; the Confirm step says that its button uploads the rows', async () => {
    const { upload, next, submitBatch, onClose } = setup({ prompt: true });
    await upload(rowsCsv(2));
    await screen.findByTestId(componentIds.wizardPreview);
    await next();
    // The Check step's next screen is Confirm: the docs/shared-ui.md §3 confirmation text is true here.
    expect(screen.getByTestId(`${componentIds.wizardStep}-processing`)).toHaveTextContent(CONFIRMATION_TEXT);
    await next();
    const confirmation = screen.getByTestId(`${componentIds.wizardStep}-confirmation`);
    expect(confirmation).toHaveTextContent('Select Confirm to upload 2 rows now. This cannot be undone.');
    expect(confirmation).not.toHaveTextContent('next screen');
    expect(submitBatch).not.toHaveBeenCalled();
    expect(screen.getByTestId(componentIds.wizardNext)).toHaveTextContent('Confirm');
    await next();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: 2, errors: [] }));
  });

  it('after a dry run the Confirm step says what its button will do with the rows', async () => {
    const dryRun = jest.fn(async (rows: ImportRecord[], offset: number) => ({
      create: rows.flatMap((row, i) => (row.username.startsWith('user') ? [offset + i] : [])),
      change: [],
      refuse: rows.flatMap((row, i) =>
        row.username.startsWith('bad') ? [{ index: offset + i, reason: 'username taken' }] : [],
      ),
    }));
    const { upload, next } = setup({ prompt: true, dryRun });
    await upload(csv(['user1,a@x.example', 'bad1,b@x.example', 'user2,c@x.example']));
    await screen.findByTestId(componentIds.wizardPreview);
    await next();
    await screen.findByTestId(componentIds.wizardDryRun);
    await next();
    expect(screen.getByTestId(`${componentIds.wizardStep}-confirmation`)).toHaveTextContent(
      'Select Confirm to upload 3 rows now: 2 will be created, 0 changed and 1 refused. This cannot be undone.',
    );
  });

  it('the Confirm step counts one row in the singular', () => {
    expect(confirmStepText(1, null)).toBe('Select Confirm to upload 1 row now. This cannot be undone.');
  });

  it('the deletion warning names the number of items', () => {
    expect(deletionWarning(3)).toBe(
      'If you choose to proceed 3 items will be deleted. This cannot be undone.',
    );
    expect(deletionWarning(1)).toBe(
      'If you choose to proceed 1 item will be deleted. This cannot be undone.',
    );
  });

  it('shows progress with percent and start-end of total while a batch is in flight', async () => {
    let release: () => void = () => undefined;
    const submitBatch = jest.fn(
      (rows: ImportRecord[]) =>
        new Promise<ImportBatchResult>((resolve) => {
          release = () => resolve({ created: rows.length, errors: [] });
        }),
    );
    const { upload, next, onClose } = setup({ submitBatch });
    await upload(rowsCsv(6));
    await screen.findByTestId(componentIds.wizardPreview);
    await next();
    await next();
    expect(await screen.findByTestId(componentIds.wizardProgressText)).toHaveTextContent('0% · 1-4 of 6');
    expect(screen.getByRole('progressbar', { name: 'Saving' })).toHaveAttribute('aria-valuenow', '0');
    release();
    await waitFor(() =>
      expect(screen.getByTestId(componentIds.wizardProgressText)).toHaveTextContent('67% · 5-6 of 6'),
    );
    expect(screen.getByRole('progressbar', { name: 'Saving' })).toHaveAttribute('aria-valuenow', '67');
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: 6, errors: [] }));
  });

  it('at summary with errors: counts, the 600px error dialog, View Errors and Download Errors with exactly the failing rows and their reason', async () => {
    const { user, upload, next, onClose } = setup();
    await upload(
      csv([
        '$username,$email',
        'ada,a@x.example',
        'bad1,b@x.example',
        'cy,"c@x.example"',
        'bad2,"d,e"',
        'eve,e@x.example',
      ]),
    );
    await screen.findByTestId(componentIds.wizardPreview);
    await next();
    await next();
    const summary = await screen.findByTestId(`${componentIds.wizardStep}-summary`);
    expect(within(summary).getByTestId(componentIds.summaryCreated)).toHaveTextContent('3');
    expect(within(summary).getByTestId(componentIds.summaryErrors)).toHaveTextContent('2');
    expect(summary).toHaveTextContent(SUMMARY_TEXT);
    expect(onClose).not.toHaveBeenCalled();
    // No dialog opens on top of the wizard by itself (issue 15): View Errors opens it, and has the focus.
    expect(screen.queryByRole('dialog', { name: 'Processing Errors' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId(componentIds.viewErrors)).toHaveFocus());
    await user.click(screen.getByTestId(componentIds.viewErrors));
    const errorDialog = await screen.findByRole('dialog', { name: 'Processing Errors' });
    expect(within(errorDialog).getAllByText('username taken')).toHaveLength(2);
    expect(errorDialog).toHaveStyle({ width: `${ERROR_DIALOG_WIDTH}px` });
    await user.click(
      within(screen.getByRole('dialog', { name: 'Processing Errors' })).getByRole('button', {
        name: 'Close',
      }),
    );
    await user.click(screen.getByTestId(componentIds.downloadErrors));
    expect(downloads.at(-1)?.name).toBe('import-errors.csv');
    expect(await readFileText(downloads.at(-1)!.blob)).toBe(
      '$username,$email,$reason\r\nbad1,b@x.example,username taken\r\nbad2,"d,e",username taken',
    );
  });

  it('Backdrop click or Escape closes the dialog only at the summary step', async () => {
    const { user, upload, next, onClose } = setup();
    await upload(csv(['bad1,b@x.example', 'ada,a@x.example']));
    await screen.findByTestId(componentIds.wizardPreview);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await next();
    await next();
    await screen.findByTestId(`${componentIds.wizardStep}-summary`);
    await user.click(screen.getByTestId(componentIds.viewErrors));
    await screen.findByRole('dialog', { name: 'Processing Errors' });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Processing Errors' })).not.toBeInTheDocument(),
    );
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith({ created: 1, errors: [{ index: 0, reason: 'username taken' }] });
  });

  it("a failed batch shows 'Processing failed. Attempt 4 (or fewer) at a time.' and the summary counts the unsent rows as errors", async () => {
    let calls = 0;
    const submitBatch = jest.fn(async (rows: ImportRecord[]) => {
      calls += 1;
      if (calls === 2) throw new Error('Request timeout. bulkCreate');
      return { created: rows.length, errors: [] };
    });
    const { upload, next } = setup({ submitBatch });
    await upload(rowsCsv(10));
    await screen.findByTestId(componentIds.wizardPreview);
    await next();
    await next();
    expect(await screen.findByTestId(componentIds.wizardError)).toHaveTextContent(
      'Processing failed. Attempt 4 (or fewer) at a time.',
    );
    await next();
    const summary = await screen.findByTestId(`${componentIds.wizardStep}-summary`);
    expect(within(summary).getByTestId(componentIds.summaryCreated)).toHaveTextContent('4');
    expect(within(summary).getByTestId(componentIds.summaryErrors)).toHaveTextContent('6');
  });

  it('a dry run shows, before anything is written, which rows would be created, changed or refused', async () => {
    const dryRun = jest.fn(async (rows: ImportRecord[], offset: number) => ({
      create: rows.flatMap((row, i) => (row.username.startsWith('user') ? [offset + i] : [])),
      change: rows.flatMap((row, i) => (row.username === 'ada' ? [offset + i] : [])),
      refuse: rows.flatMap((row, i) =>
        row.username.startsWith('bad') ? [{ index: offset + i, reason: 'username taken' }] : [],
      ),
    }));
    const { upload, next, submitBatch } = setup({ dryRun });
    await upload(
      csv([
        'user1,a@x.example',
        'ada,b@x.example',
        'bad1,c@x.example',
        'user2,d@x.example',
        'user3,e@x.example',
      ]),
    );
    await screen.findByTestId(componentIds.wizardPreview);
    await next();
    const report = await screen.findByTestId(componentIds.wizardDryRun);
    expect(report).toHaveTextContent(
      'Of 5 rows: 3 would be created, 1 would be changed, 1 would be refused.',
    );
    const outcomes = within(within(report).getByRole('table', { name: 'What each row would do' }))
      .getAllByRole('row')
      .slice(1);
    expect(outcomes.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['1', 'user1', 'Create'],
      ['2', 'ada', 'Change'],
      ['3', 'bad1', 'Refuse: username taken'],
      ['4', 'user2', 'Create'],
      ['5', 'user3', 'Create'],
    ]);
    expect(dryRun).toHaveBeenCalledTimes(2);
    expect(submitBatch).not.toHaveBeenCalled();
  });

  it('the steps with a prompt are Import, Check, Confirm, Save, Summary; without, there is no Confirm', () => {
    const stepLabels = () =>
      [...document.querySelectorAll('.MuiStepLabel-label')].map((label) => label.textContent);
    setup({ prompt: true });
    expect(stepLabels()).toEqual(['Import', 'Check', 'Confirm', 'Save', 'Summary']);
    cleanup();
    setup();
    expect(stepLabels()).toEqual(['Import', 'Check', 'Save', 'Summary']);
  });

  it('the preview keeps quoted fields with commas and line breaks, drops blank lines and trims cells', async () => {
    const { upload } = setup();
    await upload(
      csv(['$username,$email', '', '  ada  ,  a@x.example  ', '   ', '"o,neil","line one', 'line two"']),
    );
    await screen.findByTestId(componentIds.wizardPreview);
    expect(screen.getByText('2 rows')).toBeInTheDocument();
    const cells = previewRows().map((row) =>
      [...row.querySelectorAll('td')].slice(1, 3).map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['ada', 'a@x.example'],
      ['o,neil', 'line one\nline two'],
    ]);
  });

  it('Previous moves back one step, keeping the loaded rows', async () => {
    const { user, upload, next } = setup({ prompt: true });
    await upload(rowsCsv(2));
    await screen.findByTestId(componentIds.wizardPreview);
    await next();
    await next();
    expect(screen.getByTestId(`${componentIds.wizardStep}-confirmation`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByTestId(`${componentIds.wizardStep}-processing`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByTestId(`${componentIds.wizardStep}-importing`)).toBeInTheDocument();
    expect(previewRows()).toHaveLength(2);
  });

  it('with deletes, the confirmation step shows the deletion warning with the number of items', async () => {
    const { upload, next, submitBatch } = setup({ prompt: true, deletes: true });
    await upload(rowsCsv(7));
    await screen.findByTestId(componentIds.wizardPreview);
    await next();
    await next();
    expect(screen.getByTestId(`${componentIds.wizardStep}-confirmation`)).toHaveTextContent(
      'If you choose to proceed 7 items will be deleted. This cannot be undone.',
    );
    expect(screen.queryByText(CONFIRMATION_TEXT)).not.toBeInTheDocument();
    expect(submitBatch).not.toHaveBeenCalled();
  });

  it('a backdrop click closes the dialog only at the summary step', async () => {
    const { user, upload, next, onClose } = setup();
    const backdrop = () =>
      screen.getByTestId(componentIds.importWizard).querySelector('.MuiBackdrop-root') as HTMLElement;
    await upload(csv(['bad1,b@x.example', 'ada,a@x.example']));
    await screen.findByTestId(componentIds.wizardPreview);
    await user.click(backdrop());
    await next();
    await user.click(backdrop());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId(`${componentIds.wizardStep}-processing`)).toBeInTheDocument();
    await next();
    await screen.findByTestId(`${componentIds.wizardStep}-summary`);
    await user.click(backdrop());
    expect(onClose).toHaveBeenCalledWith({ created: 1, errors: [{ index: 0, reason: 'username taken' }] });
  });

  it('deleting the only row of the last preview page shows the page before', async () => {
    const { user, upload } = setup();
    await upload(rowsCsv(7));
    await screen.findByTestId(componentIds.wizardPreview);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('7–7 of 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete row 7' }));
    expect(screen.getByText('4–6 of 6')).toBeInTheDocument();
    expect(previewRows().map((row) => row.querySelectorAll('td')[1].textContent)).toEqual([
      'user4',
      'user5',
      'user6',
    ]);
  });
});

describe('the user import wizard (issue 31: "sales;finance" became one group silently)', () => {
  it('says beside the template how to list several groups, and the import splits them so', async () => {
    const { store } = createTestStore();
    const bulk = jest.fn(async (rows: unknown[]) => ({
      users: [],
      created: rows.length,
      errors: [],
      dry_run: false,
    }));
    render(
      <Provider store={store}>
        <UserImportWizard bulk={bulk} onClose={() => undefined} />
      </Provider>,
    );
    const notes = screen.getByTestId(componentIds.wizardNotes);
    expect(notes).toHaveTextContent(
      'groups: several groups separated by commas, semicolons or | (sales;finance is two groups).',
    );
    expect(toUserRow({ username: 'ann@acme.example', groups: 'sales;finance' })).toEqual({
      username: 'ann@acme.example',
      groups: ['sales', 'finance'],
    });
  });
});

/**
 * A user database over the contract's row rule (endUserRowProblem, the server's) that refuses a
 * username it already holds, as bulkusercreate does.
 */
function fakeUserDatabase(existing: string[]) {
  const usernames = new Set(existing);
  const received: Record<string, unknown>[][] = [];
  const bulk: BulkUserCreate = async (rows, { dryRun }) => {
    received.push(rows);
    const errors: { index: number; reason: string }[] = [];
    const created: string[] = [];
    rows.forEach((row, index) => {
      const problem = endUserRowProblem(row);
      if (problem) errors.push({ index, reason: problem.reason });
      else if (usernames.has(row.username))
        errors.push({ index, reason: UDB_REASONS.duplicate(row.username) });
      else created.push(row.username);
    });
    if (!dryRun) created.forEach((name) => usernames.add(name));
    return { users: [], created: created.length, errors, dry_run: dryRun ?? false };
  };
  return { bulk, usernames, received };
}

/** Renders the user import wizard, loads `file` and goes through Check, Confirm and Save. */
async function importUsers(bulk: BulkUserCreate, file: File) {
  const { store } = createTestStore();
  const onClose = jest.fn();
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <UserImportWizard bulk={bulk} onClose={onClose} />
    </Provider>,
  );
  await user.upload(screen.getByTestId(componentIds.uploadInput) as HTMLInputElement, file);
  await screen.findByTestId(componentIds.wizardPreview);
  await user.click(screen.getByTestId(componentIds.wizardNext));
  await screen.findByTestId(componentIds.wizardDryRun);
  await user.click(screen.getByTestId(componentIds.wizardNext));
  await user.click(screen.getByTestId(componentIds.wizardNext));
  return { user, onClose, view };
}

describe('the user import errors CSV (issue 37 point 5: it re-imports after fixing)', () => {
  it('keeps every $ column of the imported file, in its order; the fixed file imports', async () => {
    const db = fakeUserDatabase(['bob@acme.example']);
    const first = await importUsers(
      db.bulk,
      csv([
        '$email,$username,$groups',
        'ann@acme.example,ann@acme.example,sales;finance',
        'bob@acme.example,bob@acme.example,sales',
      ]),
    );
    const summary = await screen.findByTestId(`${componentIds.wizardStep}-summary`);
    expect(within(summary).getByTestId(componentIds.summaryErrors)).toHaveTextContent('1');
    await first.user.click(screen.getByTestId(componentIds.downloadErrors));
    const errorsCsv = await readFileText(downloads.at(-1)!.blob);
    expect(errorsCsv).toBe(
      '$email,$username,$groups,$reason\r\n' +
        'bob@acme.example,bob@acme.example,sales,username bob@acme.example already exists.',
    );
    first.view.unmount();

    // The user fixes the refused row in the downloaded file and imports it as it is.
    const fixed = errorsCsv.replace(
      'bob@acme.example,bob@acme.example',
      'bob@acme.example,bob2@acme.example',
    );
    const second = await importUsers(db.bulk, csv([fixed], 'users-errors.csv'));
    await waitFor(() => expect(second.onClose).toHaveBeenCalledWith(true));
    expect(db.usernames).toEqual(new Set(['bob@acme.example', 'ann@acme.example', 'bob2@acme.example']));
    expect(db.received.at(-1)).toEqual([
      { email: 'bob@acme.example', username: 'bob2@acme.example', groups: ['sales'] },
    ]);
  });
});

describe('the user import checks rows before Next (issue 37 point 5)', () => {
  it("shows each row's problem by the user database's own rule, keeps Next disabled and sends nothing until they are gone", async () => {
    const db = fakeUserDatabase([]);
    const bulk = jest.fn(db.bulk);
    const { store } = createTestStore();
    const user = userEvent.setup();
    render(
      <Provider store={store}>
        <UserImportWizard bulk={bulk} onClose={() => undefined} />
      </Provider>,
    );
    await user.upload(
      screen.getByTestId(componentIds.uploadInput) as HTMLInputElement,
      csv([
        '$username,$email,$status',
        'ann@acme.example,ann@acme.example,active',
        'bob@acme.example,not-an-address,active',
        'cy@acme.example,cy@acme.example,retired',
      ]),
    );
    const preview = await screen.findByTestId(componentIds.wizardPreview);
    expect(preview).toHaveTextContent('3 rows, 2 with problems: fix the file or delete those rows.');
    expect(within(previewRows()[1]).getByText(UDB_REASONS.email)).toBeInTheDocument();
    expect(within(previewRows()[2]).getByText(UDB_REASONS.status)).toBeInTheDocument();
    expect(screen.getByTestId(componentIds.wizardNext)).toBeDisabled();
    expect(bulk).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete row 3' }));
    await user.click(screen.getByRole('button', { name: 'Delete row 2' }));
    expect(screen.getByTestId(componentIds.wizardNext)).toBeEnabled();
  });
});
