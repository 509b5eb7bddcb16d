import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { componentIds } from '../../test-ids';
import { DataTable, type DataTableColumn } from './DataTable';
import { readableMinWidth } from './tableModel';
import { loadDataTableGrid } from './gridLoader';

// The grid's chunk loaded before the tests: the table then draws it in its first render.
beforeAll(() => loadDataTableGrid());

/* The paginator, which the table renders itself (the grid's behaviour: DataTableGrid.test.tsx). */

interface User {
  id: string;
  name: string;
}

const columns: DataTableColumn<User>[] = [{ name: 'name', header: 'Name', sortable: true }];
const users = (n: number): User[] =>
  Array.from({ length: n }, (_, i) => ({ id: `u${i + 1}`, name: `User ${i + 1}` }));

describe('DataTable paginator', () => {
  it('shows only when the page size is above 0 and the total count exceeds 10', () => {
    const { rerender } = render(<DataTable rows={users(10)} rowKey={(u) => u.id} columns={columns} />);
    expect(screen.queryByTestId(componentIds.tablePaginator)).not.toBeInTheDocument();
    rerender(<DataTable rows={users(11)} rowKey={(u) => u.id} columns={columns} />);
    expect(screen.getByTestId(componentIds.tablePaginator)).toBeInTheDocument();
    rerender(<DataTable rows={users(11)} rowKey={(u) => u.id} columns={columns} pageSize={0} />);
    expect(screen.queryByTestId(componentIds.tablePaginator)).not.toBeInTheDocument();
  });

  it('has first and last buttons and the page sizes 10, 25, 50, 100', async () => {
    const user = userEvent.setup();
    render(<DataTable rows={users(42)} rowKey={(u) => u.id} columns={columns} />);
    const paginator = screen.getByTestId(componentIds.tablePaginator);
    expect(within(paginator).getByText('1–10 of 42')).toBeInTheDocument();
    await user.click(within(paginator).getByRole('button', { name: 'Go to last page' }));
    expect(within(paginator).getByText('41–42 of 42')).toBeInTheDocument();
    await user.click(within(paginator).getByRole('button', { name: 'Go to first page' }));
    expect(within(paginator).getByText('1–10 of 42')).toBeInTheDocument();
    await user.click(within(paginator).getByRole('combobox'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(within(paginator).getByText('1–25 of 42')).toBeInTheDocument();
  });

  it('with server paging reports page changes to the caller', async () => {
    const user = userEvent.setup();
    const changes: [number, number][] = [];
    function Server() {
      const [paging, setPaging] = useState({ page: 0, pageSize: 10 });
      return (
        <DataTable
          rows={users(10)}
          rowKey={(u) => u.id}
          columns={columns}
          serverPaging={{
            ...paging,
            total: 95,
            onChange: (page, pageSize) => {
              changes.push([page, pageSize]);
              setPaging({ page, pageSize });
            },
          }}
        />
      );
    }
    render(<Server />);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(screen.getByRole('button', { name: 'Go to last page' }));
    expect(changes).toEqual([
      [1, 10],
      [9, 10],
    ]);
    expect(screen.getByText('91–95 of 95')).toBeInTheDocument();
  });
});

test('a column is at least as wide as its header needs (a sortable one also fits the arrow)', () => {
  expect(readableMinWidth('E-mail', false)).toBe(77);
  expect(readableMinWidth('E-mail', true)).toBe(97);
  expect(readableMinWidth('Last sign-in time', false)).toBeGreaterThan(readableMinWidth('Name', false));
});
