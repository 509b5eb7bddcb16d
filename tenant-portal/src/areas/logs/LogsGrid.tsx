/**
 * The logs page's grid: AG Grid's infinite row model in the workbench theme. Its own chunk, which
 * LogsPage loads lazily, so the page's frame, query bar and histogram draw while the grid (about
 * 216 KB gzipped) is on its way; the first block is asked for once the grid is up.
 */
import type { Ref } from 'react';
import { AgGridReact, type AgGridReactProps } from 'ag-grid-react';
import {
  ColumnApiModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  RowStyleModule,
  TooltipModule,
} from 'ag-grid-community';
import { workbenchGridTheme } from '@workbench/common/components/data-table/gridTheme';
import type { IndexedLogEvent } from '@workbench/common';

ModuleRegistry.registerModules([InfiniteRowModelModule, ColumnApiModule, TooltipModule, RowStyleModule]);

export interface LogsGridProps extends Omit<AgGridReactProps<IndexedLogEvent>, 'theme'> {
  ref?: Ref<AgGridReact<IndexedLogEvent>>;
}

export default function LogsGrid({ ref, ...props }: LogsGridProps) {
  return <AgGridReact<IndexedLogEvent> ref={ref} theme={workbenchGridTheme} {...props} />;
}
