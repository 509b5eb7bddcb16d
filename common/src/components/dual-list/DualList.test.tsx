import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { componentIds } from '../../test-ids';
import { DualList, type DualListProps } from './DualList';
import { DUAL_LIST_HEIGHT, type DualListItem } from './dualListModel';

const groups = [
  { title: 'Groups', items: [{ name: 'Sales' }, { name: 'Ops', disabled: true }, { name: 'Dev' }] },
  { title: 'Users', items: [{ name: 'ada' }] },
];

function Harness(props: Partial<DualListProps> & { initial?: DualListItem[] }) {
  const [value, setValue] = useState<DualListItem[]>(props.initial ?? []);
  return (
    <>
      <DualList groups={groups} {...props} value={value} onChange={setValue} />
      <output data-testid="value">{value.map((i) => `${i.category}/${i.name}`).join(',')}</output>
    </>
  );
}

const available = () => within(screen.getByTestId(componentIds.dualListAvailable));
const selected = () => within(screen.getByTestId(componentIds.dualListSelected));
const value = () => screen.getByTestId('value').textContent;

describe('DualList', () => {
  it('Two lists: available and selected. Height 330px. Items move between them', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByTestId(componentIds.dualListAvailable)).toHaveStyle({
      height: `${DUAL_LIST_HEIGHT}px`,
    });
    await user.click(available().getByText('Sales'));
    await user.click(available().getByText('ada'));
    await user.click(screen.getByRole('button', { name: 'Add to selected' }));
    expect(value()).toBe('Groups/Sales,Users/ada');
    expect(available().queryByText('Sales')).not.toBeInTheDocument();
    await user.click(selected().getByText('Sales'));
    await user.click(screen.getByRole('button', { name: 'Remove from selected' }));
    expect(value()).toBe('Users/ada');
    expect(available().getByText('Sales')).toBeInTheDocument();
  });

  it('the required error shows only when the control is dirty and invalid', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ name: 'Dev', category: 'Groups' }]} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.dblClick(selected().getByText('Dev'));
    expect(value()).toBe('');
    expect(screen.getByRole('alert')).toHaveTextContent('Select at least one item.');
  });

  it('no required error when empty is allowed', async () => {
    const user = userEvent.setup();
    render(<Harness allowEmpty initial={[{ name: 'Dev', category: 'Groups' }]} />);
    await user.dblClick(selected().getByText('Dev'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a maximum item count blocks the move and says why', async () => {
    const user = userEvent.setup();
    render(<Harness max={1} initial={[{ name: 'Dev', category: 'Groups' }]} />);
    await user.dblClick(available().getByText('Sales'));
    expect(value()).toBe('Groups/Dev');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 1 item can be selected.');
  });

  it('disabled items cannot be chosen', async () => {
    render(<Harness />);
    expect(available().getByText('Ops').closest('[role="button"]')).toHaveAttribute('aria-disabled', 'true');
  });

  it('disabled items never move to the selected list, not even by double-click or with others', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    fireEvent.doubleClick(available().getByText('Ops'));
    expect(value()).toBe('');
    fireEvent.click(available().getByText('Ops'));
    await user.click(available().getByText('Dev'));
    await user.click(screen.getByRole('button', { name: 'Add to selected' }));
    expect(value()).toBe('Groups/Dev');
    expect(available().getByText('Ops')).toBeInTheDocument();
  });

  it('duplicates are blocked unless allowed', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness initial={[{ name: 'Dev', category: 'Groups' }]} />);
    expect(available().queryByText('Dev')).not.toBeInTheDocument();
    unmount();
    render(<Harness allowDuplicates initial={[{ name: 'Dev', category: 'Groups' }]} />);
    await user.dblClick(available().getByText('Dev'));
    expect(value()).toBe('Groups/Dev,Groups/Dev');
    expect(available().getByText('Dev')).toBeInTheDocument();
  });

  it('the maximum lets moves up to it through', async () => {
    const user = userEvent.setup();
    render(<Harness max={2} />);
    await user.dblClick(available().getByText('Sales'));
    await user.dblClick(available().getByText('Dev'));
    expect(value()).toBe('Groups/Sales,Groups/Dev');
    await user.dblClick(available().getByText('ada'));
    expect(value()).toBe('Groups/Sales,Groups/Dev');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 2 items can be selected.');
  });

  it('no error before the user changes anything, even when empty; a dirty start shows it', () => {
    const { unmount } = render(<Harness />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();
    render(<Harness dirty />);
    expect(screen.getByRole('alert')).toHaveTextContent('Select at least one item.');
  });

  it('both lists are 330px high', () => {
    render(<Harness />);
    expect(screen.getByTestId(componentIds.dualListSelected)).toHaveStyle({ height: '330px' });
    expect(screen.getByTestId(componentIds.dualListAvailable)).toHaveStyle({ height: '330px' });
  });
});
