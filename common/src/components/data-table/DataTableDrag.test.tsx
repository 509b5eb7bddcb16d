import type { ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ColDef, RowDragEndEvent } from 'ag-grid-community';
import { DataTable } from './DataTable';
import { ROW_EXPANSION_MS } from './tableModel';
import { loadDataTableGrid } from './gridLoader';

/*
 * Reordering by drag and the row expansion's animation. AG Grid's drag needs real pointer geometry,
 * which jsdom lacks, so here the grid is replaced by a stand-in that keeps the props the table gives
 * it; the test plays the grid's part (the drag-end event AG Grid fires) and checks what the table
 * does with it. The grid itself is exercised in DataTableGrid.test.tsx.
 */

interface GridRow {
  key: string;
  row: User;
  detail: boolean;
}
interface GridProps {
  rowData: GridRow[];
  columnDefs: ColDef<GridRow>[];
  onRowDragEnd?: (event: RowDragEndEvent<GridRow>) => void;
  fullWidthCellRenderer: (p: { data: GridRow }) => ReactElement | null;
}

let grid: GridProps;
jest.mock('ag-grid-react', () => ({
  AgGridReact: (props: GridProps) => {
    grid = props;
    return null;
  },
}));

interface User {
  id: string;
  name: string;
}
const users = (n: number): User[] =>
  Array.from({ length: n }, (_, i) => ({ id: `u${i + 1}`, name: `User ${i + 1}` }));

/** What AG Grid reports when the row `key` is dropped over display index `overIndex`. */
const dragEnd = (key: string, overIndex: number) =>
  grid.onRowDragEnd?.({
    node: { data: grid.rowData.find((r) => r.key === key) },
    overIndex,
  } as unknown as RowDragEndEvent<GridRow>);

// The grid's chunk loaded before the tests: the table then draws it in its first render.
beforeAll(() => loadDataTableGrid());

describe('DataTable reordering by drag', () => {
  it('rows have a drag handle (the position column) only when the table is reorderable', () => {
    const { rerender } = render(
      <DataTable rows={users(3)} rowKey={(u) => u.id} columns={[{ name: 'name' }]} />,
    );
    expect(grid.columnDefs.some((c) => c.rowDrag)).toBe(false);
    expect(grid.onRowDragEnd).toBeUndefined();
    rerender(
      <DataTable
        rows={users(3)}
        rowKey={(u) => u.id}
        columns={[{ name: 'name' }]}
        onPositionChange={jest.fn()}
      />,
    );
    expect(grid.columnDefs.find((c) => c.rowDrag)?.colId).toBe('__position');
  });

  it('a drop fires the position-change event with 1-based positions; a drop in place or outside fires nothing', () => {
    const onPositionChange = jest.fn();
    render(
      <DataTable
        rows={users(4)}
        rowKey={(u) => u.id}
        columns={[{ name: 'name' }]}
        onPositionChange={onPositionChange}
      />,
    );
    dragEnd('u1', 2);
    expect(onPositionChange).toHaveBeenLastCalledWith({ item: users(4)[0], current: 1, next: 3 });
    dragEnd('u4', 0);
    expect(onPositionChange).toHaveBeenLastCalledWith({ item: users(4)[3], current: 4, next: 1 });
    onPositionChange.mockClear();
    dragEnd('u2', 1);
    dragEnd('u2', -1);
    expect(onPositionChange).not.toHaveBeenCalled();
  });

  it('positions count across pages and in the sorted order', () => {
    const onPositionChange = jest.fn();
    render(
      <DataTable
        rows={users(15)}
        rowKey={(u) => u.id}
        columns={[{ name: 'name', sortable: true }]}
        initialSort={{ column: 'name', direction: 'desc' }}
        pageSize={10}
        onPositionChange={onPositionChange}
      />,
    );
    // Descending with numeric collation: User 15, User 14, ... on the first page.
    expect(grid.rowData.map((r) => r.key).slice(0, 3)).toEqual(['u15', 'u14', 'u13']);
    dragEnd('u15', 2);
    expect(onPositionChange).toHaveBeenLastCalledWith({ item: users(15)[14], current: 1, next: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(grid.rowData.map((r) => r.key)).toEqual(['u5', 'u4', 'u3', 'u2', 'u1']);
    dragEnd('u5', 1);
    expect(onPositionChange).toHaveBeenLastCalledWith({ item: users(15)[4], current: 11, next: 12 });
  });
  it('a drop on an expanded row’s detail counts as a drop on that row', () => {
    const onPositionChange = jest.fn();
    render(
      <DataTable
        rows={users(4)}
        rowKey={(u) => u.id}
        columns={[{ name: 'name' }]}
        renderDetail={(u) => <p>detail of {u.name}</p>}
        onPositionChange={onPositionChange}
      />,
    );
    const expand = grid.columnDefs.find((c) => c.colId === '__expand')?.cellRenderer as (p: {
      data: GridRow;
    }) => ReactElement;
    const button = render(expand({ data: grid.rowData[2] }));
    act(() => fireEvent.click(button.getByRole('button', { name: 'Expand row' })));
    expect(grid.rowData.map((r) => r.key)).toEqual(['u1', 'u2', 'u3', 'u3::detail', 'u4']);
    dragEnd('u1', 3);
    expect(onPositionChange).toHaveBeenLastCalledWith({ item: users(4)[0], current: 1, next: 3 });
    dragEnd('u1', 4);
    expect(onPositionChange).toHaveBeenLastCalledWith({ item: users(4)[0], current: 1, next: 4 });
  });
});

describe('DataTable row expansion', () => {
  it('the detail row opens with a 225 ms animation', () => {
    render(
      <DataTable
        rows={users(2)}
        rowKey={(u) => u.id}
        columns={[{ name: 'name' }]}
        renderDetail={(u) => <p>detail of {u.name}</p>}
      />,
    );
    const detail = render(
      grid.fullWidthCellRenderer({ data: { key: 'u1::detail', row: users(1)[0], detail: true } })!,
    );
    const collapse = detail.container.querySelector('.MuiCollapse-root') as HTMLElement;
    expect(ROW_EXPANSION_MS).toBe(225);
    expect(collapse.style.transitionDuration).toBe('225ms');
    expect(detail.getByText('detail of User 1')).toBeInTheDocument();
  });
});
