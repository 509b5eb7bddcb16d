import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';

/* The grid drawn by AG Grid in jsdom: rows carry row-id (the row key) and row-index. */

interface User {
  id: string;
  name: string;
  locked?: boolean;
}

const columns: DataTableColumn<User>[] = [{ name: 'name', header: 'Name', sortable: true }];
const users = (n: number): User[] =>
  Array.from({ length: n }, (_, i) => ({ id: `u${i + 1}`, name: `User ${i + 1}` }));

const gridRows = () =>
  [...document.querySelectorAll<HTMLElement>('.ag-row[row-id]')].sort(
    (a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')),
  );
const rowKeys = () => gridRows().map((row) => row.getAttribute('row-id'));
const names = () => gridRows().map((row) => row.querySelector('[col-id="name"]')?.textContent ?? '');
const box = (n: number) => screen.getByRole('checkbox', { name: `Select row ${n}` });
const headerLabel = () =>
  document.querySelector('.ag-header-cell[col-id="name"] .ag-header-cell-label') as HTMLElement;
const headerBox = () => screen.getByRole('checkbox', { name: 'Select all rows' });

function renderTable(props: Partial<DataTableProps<User>> = {}, rows = users(5)) {
  const onSelectionChange = jest.fn();
  const base = { rows, rowKey: (u: User) => u.id, columns, onSelectionChange, ...props };
  const view = render(<DataTable {...base} />);
  const rerender = (next: Partial<DataTableProps<User>>) => view.rerender(<DataTable {...base} {...next} />);
  const selectedIds = () =>
    (onSelectionChange.mock.calls.at(-1)?.[0] as User[] | undefined)?.map((u) => u.id).sort() ?? [];
  return { onSelectionChange, rerender, selectedIds, unmount: view.unmount, user: userEvent.setup() };
}

describe('DataTable on AG Grid', () => {
  it('The header checkbox selects all enabled rows; when some or all are selected it clears the selection', async () => {
    const { user, selectedIds } = renderTable({ selectable: true, isRowDisabled: (u) => u.id === 'u2' });
    await waitFor(() => expect(rowKeys()).toHaveLength(5));
    await user.click(headerBox());
    await waitFor(() => expect(selectedIds()).toEqual(['u1', 'u3', 'u4', 'u5']));
    expect(box(2)).toBeDisabled();
    await waitFor(() => expect(headerBox()).toBeChecked());
    await user.click(headerBox());
    await waitFor(() => expect(selectedIds()).toEqual([]));
    await user.click(box(3));
    await waitFor(() => expect(headerBox()).toHaveAttribute('data-indeterminate', 'true'));
    await user.click(headerBox());
    await waitFor(() => expect(selectedIds()).toEqual([]));
  });

  it('With shift held, a checkbox click selects the range between the last clicked row and this one, skipping rows whose checkbox is disabled', async () => {
    const { user, selectedIds } = renderTable({ selectable: true, isRowDisabled: (u) => u.id === 'u3' });
    await waitFor(() => expect(rowKeys()).toHaveLength(5));
    await user.click(box(1));
    await user.keyboard('{Shift>}');
    await user.click(box(4));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(selectedIds()).toEqual(['u1', 'u2', 'u4']));
  });

  it('A row can be expanded (one at a time) or collapsed; the detail shows under the row', async () => {
    const { user } = renderTable({ renderDetail: (u) => <p>detail of {u.name}</p> });
    await waitFor(() => expect(rowKeys()).toHaveLength(5));
    await user.click(screen.getAllByRole('button', { name: 'Expand row' })[0]);
    await waitFor(() => expect(rowKeys().slice(0, 3)).toEqual(['u1', 'u1::detail', 'u2']));
    expect(screen.getByText('detail of User 1')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Expand row' })[1]);
    await waitFor(() => expect(screen.queryByText('detail of User 1')).not.toBeInTheDocument());
    expect(screen.getByText('detail of User 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse row' }));
    await waitFor(() => expect(rowKeys()).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']));
  });

  it('Selection and the expanded row survive data refreshes, identified by a row key', async () => {
    const { user, rerender, selectedIds } = renderTable({
      selectable: true,
      renderDetail: (u) => <p>detail of {u.name}</p>,
    });
    await waitFor(() => expect(rowKeys()).toHaveLength(5));
    await user.click(box(2));
    await user.click(box(4));
    await user.click(screen.getAllByRole('button', { name: 'Expand row' })[1]);
    await waitFor(() => expect(screen.getByText('detail of User 2')).toBeInTheDocument());
    // A refresh: new objects, same keys, one row gone.
    rerender({
      rows: users(5)
        .filter((u) => u.id !== 'u4')
        .map((u) => ({ ...u, name: `${u.name}!` })),
    });
    await waitFor(() => expect(names()).toContain('User 2!'));
    await waitFor(() => expect(selectedIds()).toEqual(['u2']));
    expect(screen.getByText('detail of User 2!')).toBeInTheDocument();
  });

  it('Selection is cleared when page or page size changes, unless the table keeps its selection', async () => {
    const first = renderTable({ selectable: true }, users(15));
    await waitFor(() => expect(rowKeys()).toHaveLength(10));
    await first.user.click(box(1));
    await waitFor(() => expect(first.selectedIds()).toEqual(['u1']));
    await first.user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rowKeys()).toEqual(['u11', 'u12', 'u13', 'u14', 'u15']));
    expect(first.selectedIds()).toEqual([]);
    first.rerender({ keepSelection: true });
    await first.user.click(box(12));
    await first.user.click(screen.getByRole('button', { name: 'Go to first page' }));
    await waitFor(() => expect(rowKeys()).toHaveLength(10));
    expect(first.selectedIds()).toEqual(['u12']);
  });

  it('Sorting is case-insensitive for strings and can start ascending or descending', async () => {
    const rows: User[] = [
      { id: '1', name: 'banana' },
      { id: '2', name: 'Apple' },
      { id: '3', name: 'cherry' },
      { id: '4', name: 'apricot' },
    ];
    renderTable({ initialSort: { column: 'name', direction: 'asc' } }, rows);
    await waitFor(() => expect(names()).toEqual(['Apple', 'apricot', 'banana', 'cherry']));
    await act(async () => fireEvent.click(headerLabel()));
    await waitFor(() => expect(names()).toEqual(['cherry', 'banana', 'apricot', 'Apple']));
  });

  it('a reverse-sorted column starts descending', async () => {
    renderTable({ columns: [{ name: 'name', header: 'Name', sortable: true, reverseSort: true }] }, users(3));
    await waitFor(() => expect(names()).toEqual(['User 1', 'User 2', 'User 3']));
    await act(async () => fireEvent.click(headerLabel()));
    await waitFor(() => expect(names()).toEqual(['User 3', 'User 2', 'User 1']));
  });

  it('an initial descending sort', async () => {
    renderTable({ initialSort: { column: 'name', direction: 'desc' } }, users(3));
    await waitFor(() => expect(names()).toEqual(['User 3', 'User 2', 'User 1']));
  });

  it('typing a new position (digits only) fires the 1-based position-change event', async () => {
    const onPositionChange = jest.fn();
    const { user } = renderTable({ onPositionChange }, users(4));
    await waitFor(() => expect(rowKeys()).toHaveLength(4));
    const input = screen.getByRole('textbox', { name: 'Position of row 1' });
    await user.clear(input);
    await user.type(input, 'x3{Enter}');
    expect(input).toHaveValue('3');
    expect(onPositionChange).toHaveBeenCalledWith({ item: users(4)[0], current: 1, next: 3 });
    await user.clear(input);
    await user.type(input, '9{Enter}');
    expect(onPositionChange).toHaveBeenCalledTimes(1);
  });

  it('marks rows with their state (error, soft-error, warning, info)', async () => {
    const states = { u1: 'error', u2: 'soft-error', u3: 'warning', u4: 'info' } as const;
    renderTable({ rowState: (u) => states[u.id as keyof typeof states] }, users(5));
    await waitFor(() => expect(rowKeys()).toHaveLength(5));
    const classes = gridRows().map((row) => [...row.classList].find((c) => c.startsWith('wb-row-')) ?? null);
    expect(classes).toEqual(['wb-row-error', 'wb-row-soft-error', 'wb-row-warning', 'wb-row-info', null]);
  });

  it('says so when there are no rows', async () => {
    renderTable({ emptyText: 'No users yet.' }, []);
    expect(screen.getByRole('status')).toHaveTextContent('No users yet.');
  });

  it('with server sorting keeps the rows as given and reports header clicks', async () => {
    const onChange = jest.fn();
    const rows: User[] = [
      { id: '1', name: 'b' },
      { id: '2', name: 'a' },
    ];
    renderTable({ serverSort: { column: 'name', direction: 'desc', onChange } }, rows);
    await waitFor(() => expect(names()).toEqual(['b', 'a']));
    await act(async () => fireEvent.click(headerLabel()));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('name', 'asc'));
    expect(names()).toEqual(['b', 'a']);
  });

  it('a page-size change clears the selection too; a polling table keeps it', async () => {
    const first = renderTable({ selectable: true }, users(15));
    await waitFor(() => expect(rowKeys()).toHaveLength(10));
    await first.user.click(box(2));
    await waitFor(() => expect(first.selectedIds()).toEqual(['u2']));
    await first.user.click(screen.getByRole('combobox'));
    await first.user.click(screen.getByRole('option', { name: '25' }));
    expect(await screen.findByText('1–15 of 15')).toBeInTheDocument();
    await waitFor(() => expect(first.selectedIds()).toEqual([]));
    first.unmount();

    const polling = renderTable({ selectable: true, polling: true }, users(15));
    await waitFor(() => expect(rowKeys()).toHaveLength(10));
    await polling.user.click(box(3));
    await polling.user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rowKeys()).toHaveLength(5));
    await polling.user.click(screen.getByRole('combobox'));
    await polling.user.click(screen.getByRole('option', { name: '25' }));
    expect(await screen.findByText('1–15 of 15')).toBeInTheDocument();
    expect(polling.selectedIds()).toEqual(['u3']);
  });

  it('the header checkbox is disabled when no row can be selected', async () => {
    renderTable({ selectable: true, isRowDisabled: () => true }, users(3));
    await waitFor(() => expect(rowKeys()).toHaveLength(3));
    expect(headerBox()).toBeDisabled();
  });

  it('the header checkbox works on the rows shown: it selects the enabled rows of the page', async () => {
    const { user, selectedIds } = renderTable(
      { selectable: true, isRowDisabled: (u) => u.id === 'u1' },
      users(12),
    );
    await waitFor(() => expect(rowKeys()).toHaveLength(10));
    await user.click(headerBox());
    await waitFor(() =>
      expect(selectedIds()).toEqual(['u10', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9']),
    );
  });

  it('the header sticks (position sticky, z-index 100) below the app bar', async () => {
    renderTable({}, users(3));
    await waitFor(() => expect(rowKeys()).toHaveLength(3));
    const headerRow = document.querySelector('.ag-header') as HTMLElement;
    const style = getComputedStyle(headerRow);
    expect(style.position).toBe('sticky');
    expect(style.zIndex).toBe('100');
    expect(style.top).toBe('var(--workbench-sticky-top, 0px)');
  });
});
