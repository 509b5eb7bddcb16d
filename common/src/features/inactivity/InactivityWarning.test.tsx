// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { shellIds } from '../../test-ids';
import { createTestStore } from '../../test-support/storeHarness';
import { InactivityWarning, STAY_SIGNED_IN_TEXT } from './InactivityWarning';
import { inactivityCountdownTicked, inactivityWarningShown, inactivityWatchStarted } from './inactivitySlice';

describe('InactivityWarning', () => {
  test('shows the countdown while the warning is on and "Stay signed in" dismisses it', async () => {
    const { store } = createTestStore();
    render(
      <Provider store={store}>
        <InactivityWarning />
      </Provider>,
    );
    expect(screen.queryByTestId(shellIds.inactivityWarning)).not.toBeInTheDocument();
    act(() => {
      store.dispatch(inactivityWatchStarted());
      store.dispatch(inactivityWarningShown({ secondsLeft: 60 }));
    });
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('signed out in 60 seconds');
    act(() => {
      store.dispatch(inactivityCountdownTicked({ secondsLeft: 1 }));
    });
    expect(dialog).toHaveTextContent('signed out in 1 second ');
    const button = screen.getByRole('button', { name: STAY_SIGNED_IN_TEXT });
    expect(button).toHaveAttribute('data-testid', shellIds.staySignedIn);
    await userEvent.click(button);
    expect(store.getState().inactivity.status).toBe('watching');
  });
});
