import {
  COPIED_SUFFIX,
  DOWNLOADING_TEXT,
  INVALID_FILE_TEXT,
  SNACKBAR_ERROR_PREFIX,
  initialSnackbarState,
  snackbarClosed,
  snackbarReducer,
  snackbarShown,
  SNACKBAR_DEFAULT_MS,
  type SnackbarRequest,
} from './snackbarSlice';

const show = (req: SnackbarRequest, state = initialSnackbarState) =>
  snackbarReducer(state, snackbarShown(req));

describe('snackbar (docs/shared-ui.md §2)', () => {
  test('save: shows a success message or an error message', () => {
    expect(show({ kind: 'save', outcome: 'success', message: 'Saved.' }).bottom).toMatchObject({
      text: 'Saved.',
      severity: 'success',
    });
    expect(show({ kind: 'save', outcome: 'error', message: 'name is too long' }).bottom).toMatchObject({
      text: 'Error: name is too long',
      severity: 'error',
    });
  });

  test("download: 'Downloading file ...' or the failure text", () => {
    expect(show({ kind: 'download', fileType: 'CSV', outcome: 'started' }).bottom?.text).toBe(
      'Downloading file ...',
    );
    expect(show({ kind: 'download', fileType: 'CSV', outcome: 'failed' }).bottom?.text).toBe(
      'Error: The CSV file could not be downloaded.',
    );
  });

  test("copy: clipboard confirmation ('has been copied to the clipboard.')", () => {
    expect(show({ kind: 'copy', subject: 'The token' }).bottom?.text).toBe(
      'The token has been copied to the clipboard.',
    );
  });

  test('custom template', () => {
    expect(show({ kind: 'custom', message: 'Anything', severity: 'warning' }).bottom).toMatchObject({
      text: 'Anything',
      severity: 'warning',
    });
  });

  test("Texts: 'Error:', 'Downloading file ...', 'Invalid file uploaded.', 'has been copied to the clipboard.'", () => {
    expect([SNACKBAR_ERROR_PREFIX, DOWNLOADING_TEXT, INVALID_FILE_TEXT, COPIED_SUFFIX]).toEqual([
      'Error:',
      'Downloading file ...',
      'Invalid file uploaded.',
      'has been copied to the clipboard.',
    ]);
    expect(show({ kind: 'custom', message: INVALID_FILE_TEXT, severity: 'error' }).bottom).toMatchObject({
      text: 'Invalid file uploaded.',
      severity: 'error',
      duration: 3000,
    });
  });

  test('Default duration 3 seconds', () => {
    expect(SNACKBAR_DEFAULT_MS).toBe(3000);
    expect(show({ kind: 'custom', message: 'x' }).bottom?.duration).toBe(3000);
    expect(show({ kind: 'custom', message: 'x', duration: 5000 }).bottom?.duration).toBe(5000);
  });

  test('bottom by default; login errors use a top snackbar', () => {
    const s = show({ kind: 'custom', message: 'Bad password', position: 'top' });
    expect(s.top?.text).toBe('Bad password');
    expect(s.bottom).toBeNull();
  });

  test('snackbarClosed closes only the message it names', () => {
    const first = show({ kind: 'custom', message: 'one' });
    const second = show({ kind: 'custom', message: 'two' }, first);
    const staleClose = snackbarReducer(second, snackbarClosed({ position: 'bottom', id: first.bottom!.id }));
    expect(staleClose.bottom?.text).toBe('two');
    const closed = snackbarReducer(second, snackbarClosed({ position: 'bottom', id: second.bottom!.id }));
    expect(closed.bottom).toBeNull();
  });
});
