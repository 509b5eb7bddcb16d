/**
 * AG Grid as the DataTable draws it: the grid modules the table uses and the workbench theme. Its
 * own chunk, imported on a table's first render (gridLoader.ts), so a page draws its frame and
 * asks for its data while the grid (about 216 KB gzipped) is still on its way.
 */
import { AgGridReact, type AgGridReactProps } from 'ag-grid-react';
import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  RowAutoHeightModule,
  RowDragModule,
  RowStyleModule,
} from 'ag-grid-community';
import { workbenchGridTheme } from './gridTheme';

// Only the grid modules the table uses: client-side rows, row drag (reorder), cell and row styles
// (centred cells, row state markers), the column API (sort state), the row model's API (row
// heights measured again); column pinning is in the core.
// Given per grid, not registered globally, so loading the grid has no side effect on other grids.
const gridModules = [
  ClientSideRowModelModule,
  RowDragModule,
  CellStyleModule,
  RowStyleModule,
  ColumnApiModule,
  // Columns with `wrap`: a row grows to show a wrapped list whole, and is measured again when the
  // table's width changes (`resetRowHeights`, an API function of the client-side row model's module).
  RowAutoHeightModule,
  ClientSideRowModelApiModule,
];

export type AgGridViewProps<Row> = Omit<AgGridReactProps<Row>, 'modules' | 'theme'>;

export function AgGridView<Row>(props: AgGridViewProps<Row>) {
  return <AgGridReact<Row> modules={gridModules} theme={workbenchGridTheme} {...props} />;
}
