// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { snackbarIds } from '../../test-ids';
import { createTestStore } from '../../test-support/storeHarness';
import { SnackbarHost } from './SnackbarHost';
import { snackbarShown } from './snackbarSlice';

function renderHost() {
  const ctx = createTestStore();
  render(
    <Provider store={ctx.store}>
      <SnackbarHost />
    </Provider>,
  );
  return ctx;
}

describe('SnackbarHost (docs/shared-ui.md §2 Snackbar)', () => {
  afterEach(() => jest.useRealTimers());

  test('It has a Close button', async () => {
    const { store } = renderHost();
    act(() => {
      store.dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: 'Saved.' }));
    });
    expect(screen.getByTestId(snackbarIds.bottom)).toBeInTheDocument();
    expect(screen.getByTestId(snackbarIds.message)).toHaveTextContent('Saved.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getState().snackbar.bottom).toBeNull();
    expect(screen.queryByTestId(snackbarIds.bottom)).not.toBeInTheDocument();
  });

  test('Default duration 3 seconds', () => {
    jest.useFakeTimers();
    const { store } = renderHost();
    act(() => {
      store.dispatch(snackbarShown({ kind: 'custom', message: 'Hello' }));
    });
    act(() => {
      jest.advanceTimersByTime(2900);
    });
    expect(store.getState().snackbar.bottom?.text).toBe('Hello');
    act(() => {
      jest.advanceTimersByTime(200);
    });
    expect(store.getState().snackbar.bottom).toBeNull();
  });

  test('Login errors use a top snackbar', () => {
    const { store } = renderHost();
    act(() => {
      store.dispatch(snackbarShown({ kind: 'custom', message: 'Wrong', severity: 'error', position: 'top' }));
    });
    expect(screen.getByTestId(snackbarIds.top)).toHaveTextContent('Wrong');
    expect(screen.queryByTestId(snackbarIds.bottom)).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong');
  });
});

describe('SnackbarHost kinds and texts (docs/shared-ui.md §2 Snackbar)', () => {
  const shown = (req: Parameters<typeof snackbarShown>[0]) => {
    const { store } = renderHost();
    act(() => {
      store.dispatch(snackbarShown(req));
    });
    return screen.getByTestId(snackbarIds.bottom);
  };

  test('save: shows a success message', () => {
    const bar = shown({ kind: 'save', outcome: 'success', message: 'The rule has been saved.' });
    expect(bar).toHaveTextContent('The rule has been saved.');
    expect(screen.getByRole('status')).toHaveClass('MuiAlert-colorSuccess');
  });

  test("save: shows an error message after 'Error:'", () => {
    shown({ kind: 'save', outcome: 'error', message: 'name is too long' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: name is too long');
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorError');
  });

  test("download: 'Downloading file ...' when it starts", () => {
    expect(shown({ kind: 'download', fileType: 'CSV', outcome: 'started' })).toHaveTextContent(
      'Downloading file ...',
    );
  });

  test('download: the file type and the failure', () => {
    shown({ kind: 'download', fileType: 'JSON', outcome: 'failed' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: The JSON file could not be downloaded.');
  });

  test("copy: 'has been copied to the clipboard.'", () => {
    expect(shown({ kind: 'copy', subject: 'The API token' })).toHaveTextContent(
      'The API token has been copied to the clipboard.',
    );
  });

  test('custom template: the caller’s text and severity', () => {
    shown({ kind: 'custom', message: 'Rows over the limit were skipped.', severity: 'warning' });
    expect(screen.getByRole('status')).toHaveTextContent('Rows over the limit were skipped.');
    expect(screen.getByRole('status')).toHaveClass('MuiAlert-colorWarning');
  });

  test('a newer message replaces the one shown', () => {
    const { store } = renderHost();
    act(() => {
      store.dispatch(snackbarShown({ kind: 'custom', message: 'first' }));
      store.dispatch(snackbarShown({ kind: 'custom', message: 'second' }));
    });
    expect(screen.getByTestId(snackbarIds.bottom)).toHaveTextContent('second');
    expect(screen.queryByText('first')).not.toBeInTheDocument();
  });

  test('the top variant sits at the top centre, the bottom one at the bottom centre', () => {
    const { store } = renderHost();
    act(() => {
      store.dispatch(snackbarShown({ kind: 'custom', message: 'below' }));
      store.dispatch(snackbarShown({ kind: 'custom', message: 'above', severity: 'error', position: 'top' }));
    });
    expect(screen.getByTestId(snackbarIds.top)).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
    expect(screen.getByTestId(snackbarIds.top)).toHaveTextContent('above');
    expect(screen.getByTestId(snackbarIds.bottom)).toHaveClass('MuiSnackbar-anchorOriginBottomCenter');
    expect(screen.getByTestId(snackbarIds.bottom)).toHaveTextContent('below');
  });
});

describe('HTTP 403 (docs/http-client.md §4)', () => {
  afterEach(() => jest.useRealTimers());

  test('a snackbar for 5 seconds: "Operation can\'t be completed because you don\'t have the necessary permissions" with a Close button', async () => {
    jest.useFakeTimers();
    const { http, mock, store } = renderHost();
    mock.onPut('/api/policy/v1/rules/risks/4').reply(403, { message: 'Forbidden' });
    await act(async () => {
      await http.put('/api/policy/v1/rules/risks/4', {}).catch(() => undefined);
    });
    expect(screen.getByTestId(snackbarIds.bottom)).toHaveTextContent(
      "Operation can't be completed because you don't have the necessary permissions",
    );
    expect(screen.getByTestId(snackbarIds.close)).toHaveAccessibleName('Close');
    act(() => {
      jest.advanceTimersByTime(4500);
    });
    expect(screen.getByTestId(snackbarIds.bottom)).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(600);
    });
    expect(store.getState().snackbar.bottom).toBeNull();
  });
});
