/**
 * The logs grid as AG Grid's own DOM rendering behind a React component: its rows come from the
 * datasource given, an option changed in the props reaches the grid (and only a changed one), the
 * page's handle reaches the grid's API, and unmounting destroys the grid. The grid starts on an
 * element not yet in the page (its start then lays nothing out) and is in the page when it draws.
 */
import { createRef } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import type { IndexedLogEvent } from '@workbench/common';
import LogsGrid, { type LogsGridHandle } from './LogsGrid';

/** Whether each element the grid was started on was in the page then. */
const mockStartedInPage: boolean[] = [];
jest.mock('ag-grid-community', () => {
  const actual = jest.requireActual<typeof import('ag-grid-community')>('ag-grid-community');
  return {
    ...actual,
    createGrid: (...args: Parameters<typeof actual.createGrid>) => {
      mockStartedInPage.push(args[0].isConnected);
      return actual.createGrid(...args);
    },
  };
});

const GRID = { timeout: 60_000 };

/** A datasource of `count` rows whose domain starts with `prefix`; it records each ask. */
function rowsOf(prefix: string, count: number) {
  const asks: IGetRowsParams[] = [];
  const state = { destroyed: false };
  const datasource: IDatasource = {
    destroy: () => {
      state.destroyed = true;
    },
    getRows: (params) => {
      asks.push(params);
      const rows = Array.from({ length: Math.min(count, params.endRow) - params.startRow }, (_, i) => ({
        index: params.startRow + i,
        domain: `${prefix}${params.startRow + i}.example`,
      }));
      params.successCallback(rows, count);
    },
  };
  return { datasource, asks, state };
}

const COLUMNS = [{ field: 'domain' as const, headerName: 'Domain' }];

function Grid(props: {
  datasource: IDatasource;
  onRowClicked?: () => void;
  ref?: React.Ref<LogsGridHandle>;
}) {
  return (
    <div style={{ height: 400, width: 600 }}>
      <LogsGrid
        ref={props.ref}
        rowModelType="infinite"
        datasource={props.datasource}
        columnDefs={COLUMNS}
        cacheBlockSize={20}
        getRowId={(p) => String((p.data as IndexedLogEvent & { index: number }).index)}
        onRowClicked={props.onRowClicked}
      />
    </div>
  );
}

it('draws the datasource’s rows, follows a new datasource, hands over its API and is destroyed on unmount', async () => {
  const first = rowsOf('first', 5);
  const handle = createRef<LogsGridHandle>();
  const view = render(<Grid ref={handle} datasource={first.datasource} />);
  expect(await screen.findByText('first0.example', undefined, GRID)).toBeInTheDocument();
  expect(screen.getByText('Domain')).toBeInTheDocument();
  expect(handle.current?.api?.isDestroyed()).toBe(false);
  expect(handle.current?.api?.getColumnDefs()).toHaveLength(1);
  expect(screen.getByText('first4.example')).toBeInTheDocument();
  expect(mockStartedInPage).toEqual([false]);

  // A render with the same options asks nothing again; a new datasource is asked for its rows.
  const asked = first.asks.length;
  view.rerender(<Grid ref={handle} datasource={first.datasource} />);
  expect(first.asks.length).toBe(asked);
  const second = rowsOf('second', 3);
  view.rerender(<Grid ref={handle} datasource={second.datasource} />);
  expect(await screen.findByText('second0.example', undefined, GRID)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('first0.example')).toBeNull());
  expect(screen.getByText('second2.example')).toBeInTheDocument();

  const api = handle.current?.api;
  view.unmount();
  expect(api?.isDestroyed()).toBe(true);
  expect(handle.current).toBeNull();
});

it('keeps a datasource given before its first rows were asked for (AG Grid drops one set again)', async () => {
  const first = rowsOf('first', 5);
  const second = rowsOf('second', 3);
  const view = render(<Grid datasource={first.datasource} />);
  // In the same task as the mount: before the grid is given its first datasource.
  view.rerender(<Grid datasource={second.datasource} />);
  expect(await screen.findByText('second2.example', undefined, GRID)).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(first.asks).toEqual([]);
  expect(second.state.destroyed).toBe(false);
  view.unmount();
  expect(second.state.destroyed).toBe(true);
});
