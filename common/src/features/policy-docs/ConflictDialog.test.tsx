import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConflictDialog } from './ConflictDialog';
import { localTime } from '../revision/revisionSaga';

const changedAt = '2026-11-01T09:30:00.000Z';

describe('ConflictDialog', () => {
  test('says who changed the policy and when, in local time', () => {
    render(
      <ConflictDialog
        title="Categories"
        conflict={{ changedBy: 'bob@acme.example', changedAt }}
        onReapply={jest.fn()}
        onDiscard={jest.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Categories changed since you loaded it' });
    expect(dialog).toHaveTextContent(
      `bob@acme.example saved a change to the policy at ${localTime(changedAt)}. Your edit has not been saved yet.`,
    );
  });

  test('offers the two choices; re-apply has the focus; Escape does not close it', async () => {
    const user = userEvent.setup();
    const onReapply = jest.fn();
    const onDiscard = jest.fn();
    render(
      <ConflictDialog
        title="Categories"
        conflict={{ changedBy: null, changedAt: null }}
        onReapply={onReapply}
        onDiscard={onDiscard}
      />,
    );
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Another administrator saved a change to the policy.',
    );
    const reapply = screen.getByRole('button', { name: 'Reload and re-apply my edit' });
    expect(reapply).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(reapply);
    expect(onReapply).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Discard my edit' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
  });

  test('is closed without a conflict', () => {
    render(<ConflictDialog title="Categories" conflict={null} onReapply={jest.fn()} onDiscard={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('localTime keeps text it cannot read', () => {
    expect(localTime('yesterday')).toBe('yesterday');
  });
});
