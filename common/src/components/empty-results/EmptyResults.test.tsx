import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyResults, emptyResultsText } from './EmptyResults';

describe('EmptyResults', () => {
  it("Empty results: 'No ... were found to match your search/filters. Try modifying or resetting your criteria.' with the noun filled in", () => {
    expect(emptyResultsText('users')).toBe(
      'No users were found to match your search/filters. Try modifying or resetting your criteria.',
    );
    render(<EmptyResults noun="events" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'No events were found to match your search/filters. Try modifying or resetting your criteria.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers a reset button when the caller can reset the criteria', async () => {
    const onReset = jest.fn();
    render(<EmptyResults noun="users" onReset={onReset} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});
