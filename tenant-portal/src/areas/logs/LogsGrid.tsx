/**
 * The logs page's grid: AG Grid's infinite row model in the workbench theme. Its own chunk, which
 * LogsPage loads lazily, so the page's frame, query bar and histogram draw while the grid (about
 * 216 KB gzipped) is on its way; the first block is asked for once the grid is up. Drawn by a React
 * root of its own (IsolatedRoot): its cells set their classes from their commits, which under the
 * page's tree made the first rows one long task in Lighthouse's trace (issue 42). Its props carry
 * no React component, so it needs none of the page's context.
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
import { IsolatedRoot } from '@workbench/common/components/isolated-root/index';
import type { IndexedLogEvent } from '@workbench/common';

ModuleRegistry.registerModules([InfiniteRowModelModule, ColumnApiModule, TooltipModule, RowStyleModule]);

export interface LogsGridProps extends Omit<AgGridReactProps<IndexedLogEvent>, 'theme'> {
  ref?: Ref<AgGridReact<IndexedLogEvent>>;
}

const FILL = { height: '100%', width: '100%' };

export default function LogsGrid({ ref, ...props }: LogsGridProps) {
  return (
    <IsolatedRoot style={FILL}>
      <AgGridReact<IndexedLogEvent> ref={ref} theme={workbenchGridTheme} {...props} />
    </IsolatedRoot>
  );
}
