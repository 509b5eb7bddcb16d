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

describe('SnackbarHost (shared-ui §2 Snackbar)', () => {
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
