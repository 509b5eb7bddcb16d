import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IconButton } from '@mui/material';
import { LazyTooltip } from './AnchoredTooltip';

function Toggle() {
  const [on, setOn] = useState(false);
  return (
    <LazyTooltip title={on ? 'Show the chart' : 'Show the numbers'}>
      <IconButton aria-label="Toggle" onClick={() => setOn(!on)}>
        x
      </IconButton>
    </LazyTooltip>
  );
}

describe('LazyTooltip', () => {
  test('nothing of the tooltip before it is used; hover shows it after MUI’s delay, with the current title; leaving hides it', async () => {
    jest.useFakeTimers();
    try {
      const { container } = render(<Toggle />);
      const button = screen.getByRole('button', { name: 'Toggle' });
      // Only the button: no placeholder, no Popper, until the pointer rests on it.
      expect(container.childNodes).toHaveLength(1);
      fireEvent.mouseEnter(button);
      act(() => jest.advanceTimersByTime(50));
      expect(screen.queryByRole('tooltip')).toBeNull();
      act(() => jest.advanceTimersByTime(60));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Show the numbers');
      // A click changes the title under the pointer.
      fireEvent.click(button);
      expect(screen.getByRole('tooltip')).toHaveTextContent('Show the chart');
      // The button keeps its own name.
      expect(button).toHaveAccessibleName('Toggle');
      fireEvent.mouseLeave(button);
      act(() => jest.runOnlyPendingTimers());
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  test('keyboard focus shows it at once; the child’s own handlers still run', () => {
    const entered: string[] = [];
    render(
      <LazyTooltip title="Download CSV">
        <button type="button" onMouseEnter={() => entered.push('own')} onBlur={() => entered.push('blur')}>
          CSV
        </button>
      </LazyTooltip>,
    );
    const button = screen.getByRole('button', { name: 'CSV' });
    fireEvent.mouseEnter(button);
    expect(entered).toEqual(['own']);
    // jsdom has no focus-visible: a focus seen as the keyboard's.
    const matches = jest.spyOn(button, 'matches').mockImplementation((s) => s === ':focus-visible');
    fireEvent.focus(button);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Download CSV');
    matches.mockRestore();
    fireEvent.blur(button);
    expect(entered).toEqual(['own', 'blur']);
  });
});
