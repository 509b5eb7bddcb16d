/**
 * For component tests of pages with a DataTable. AG Grid draws no rows in jsdom (it waits for
 * its theme's CSS measurements; see DataTable.test), so here the table is a plain list driven by the same props: each row's cells (render or value),
 * a checkbox that reports the selection, and for `serverSort` a header button per sortable column
 * that shows the sort it is given (aria-sort) and reports a click as DataTable does (the column's
 * sort cycle: a new column starts at its first direction, the sorted one turns to the other).
 * The real grid is exercised by the browser specs. Use:
 *
 *   jest.mock('@workbench/common/components/data-table/index', () =>
 *     jest.requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
 *       '@workbench/common/testing/plainDataTable').plainDataTableModule());
 */
export function plainDataTableModule() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const React = require('react') as typeof import('react');
  const { sortCycle } = jest.requireActual<typeof import('../components/data-table/tableModel')>(
    '../components/data-table/tableModel',
  );
  type Direction = 'asc' | 'desc';
  interface Col {
    name: string;
    header?: string;
    sortable?: boolean;
    reverseSort?: boolean;
    value?: (row: unknown) => unknown;
    render?: (row: unknown) => unknown;
  }
  interface Props {
    rows: unknown[];
    rowKey: (row: unknown) => string;
    columns: Col[];
    selectable?: boolean;
    onSelectionChange?: (rows: unknown[]) => void;
    serverSort?: {
      column: string | null;
      direction: Direction;
      onChange: (column: string | null, direction: Direction) => void;
    };
    emptyText?: string;
  }
  function Header({ columns, serverSort }: Pick<Props, 'columns' | 'serverSort'>) {
    return React.createElement(
      'div',
      { role: 'row' },
      columns.map((c) => {
        const sorted = serverSort?.column === c.name;
        if (!c.sortable || !serverSort) return React.createElement('span', { key: c.name }, c.header);
        const cycle = sortCycle(c.reverseSort);
        const next = sorted ? (cycle.find((d) => d !== serverSort.direction) ?? cycle[0]) : cycle[0];
        return React.createElement(
          'button',
          {
            key: c.name,
            role: 'columnheader',
            'aria-sort': sorted ? (serverSort.direction === 'asc' ? 'ascending' : 'descending') : 'none',
            onClick: () => serverSort.onChange(c.name, next),
          },
          c.header,
        );
      }),
    );
  }
  function DataTable(props: Props) {
    const [selected, setSelected] = React.useState<string[]>([]);
    const header = React.createElement(Header, { columns: props.columns, serverSort: props.serverSort });
    if (props.rows.length === 0) return React.createElement('div', null, header, props.emptyText);
    return React.createElement(
      'div',
      null,
      header,
      React.createElement(
        'ul',
        null,
        props.rows.map((row, i) => {
          const key = props.rowKey(row);
          const cells = props.columns.map((c) =>
            React.createElement(
              'span',
              { key: c.name },
              (c.render
                ? c.render(row)
                : String(c.value ? c.value(row) : (row as Record<string, unknown>)[c.name])) as string,
            ),
          );
          const box = props.selectable
            ? React.createElement('input', {
                key: 'select',
                type: 'checkbox',
                'aria-label': `Select row ${i + 1}`,
                checked: selected.includes(key),
                onChange: () => {
                  const next = selected.includes(key)
                    ? selected.filter((k) => k !== key)
                    : [...selected, key];
                  setSelected(next);
                  props.onSelectionChange?.(props.rows.filter((r) => next.includes(props.rowKey(r))));
                },
              })
            : null;
          return React.createElement('li', { key }, box, ...cells);
        }),
      ),
    );
  }
  return {
    ...jest.requireActual<typeof import('../components/data-table/index')>('../components/data-table/index'),
    DataTable,
  };
}
