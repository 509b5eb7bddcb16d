/**
 * The logs page's grid: AG Grid's infinite row model in the workbench theme. Its own chunk, which
 * LogsPage loads lazily, so the page's frame, query bar and histogram draw while the grid (about
 * 216 KB gzipped) is on its way; the first block is asked for once the grid is up.
 * AG Grid's own DOM rendering (createGrid) instead of its React one (issue 42): it builds each row
 * and its cells before attaching them, where the React cells set their classes one at a time on
 * attached elements from their commits, which made the first rows one long task in Lighthouse's
 * trace (bench/README.md, "AG Grid's own rendering for the logs"). Its options carry no React
 * component, so nothing here needs React inside the grid.
 */
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import {
  ColumnApiModule,
  createGrid,
  InfiniteRowModelModule,
  ModuleRegistry,
  RowStyleModule,
  ScrollApiModule,
  TooltipModule,
  type GridApi,
  type GridOptions,
} from 'ag-grid-community';
import { afterNextPaint } from '@workbench/charts/afterNextPaint';
import { workbenchGridTheme } from '@workbench/common/components/data-table/gridTheme';
import type { IndexedLogEvent } from '@workbench/common';

// ScrollApiModule: the details drawer's previous / next bring their row into view (ensureIndexVisible).
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  ColumnApiModule,
  TooltipModule,
  RowStyleModule,
  ScrollApiModule,
]);

/** What the page holds of the grid: its API once the grid is up. */
export interface LogsGridHandle {
  readonly api: GridApi<IndexedLogEvent> | undefined;
}

export type LogsGridOptions = Omit<GridOptions<IndexedLogEvent>, 'theme'>;

export interface LogsGridProps extends LogsGridOptions {
  ref?: Ref<LogsGridHandle>;
}

const FILL = { height: '100%', width: '100%' };

/** The options that differ between two renders' props (a removed one as undefined). */
function changedOptions(before: LogsGridOptions, after: LogsGridOptions): LogsGridOptions {
  const changed: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof LogsGridOptions>;
  for (const key of keys) if (before[key] !== after[key]) changed[key] = after[key];
  return changed as LogsGridOptions;
}

export default function LogsGrid({ ref, ...options }: LogsGridProps) {
  const element = useRef<HTMLDivElement>(null);
  const api = useRef<GridApi<IndexedLogEvent> | null>(null);
  const applied = useRef(options);
  useImperativeHandle(
    ref,
    () => ({
      get api() {
        return api.current ?? undefined;
      },
    }),
    [],
  );

  useEffect(() => {
    const first = { ...applied.current, datasource: undefined, theme: workbenchGridTheme };
    // Started on an element not yet in the page, then put in: AG Grid reads the sizes of what it
    // builds as it starts, and in the page each read laid out the whole page (with the theme's CSS
    // new to it) inside the grid's start; detached, it reads nothing and measures again once the
    // element is in (bench/README.md, "The logs grid started off the page").
    const host = document.createElement('div');
    Object.assign(host.style, FILL);
    const grid = createGrid(host, first);
    element.current!.appendChild(host);
    api.current = grid;
    // The rows after the next paint: the grid has measured its theme then, and its rows are a task
    // of their own. Unless a render gave the grid its datasource first: AG Grid takes an object set
    // again as a new one and would drop the one it has.
    const cancelRows = afterNextPaint(() => {
      if (grid.getGridOption('datasource') === undefined) {
        grid.setGridOption('datasource', applied.current.datasource);
      }
    });
    return () => {
      cancelRows();
      api.current = null;
      grid.destroy();
      host.remove();
    };
  }, []);

  // Each render hands the grid the options that changed, as AG Grid's React component does.
  useEffect(() => {
    const changed = changedOptions(applied.current, options);
    applied.current = options;
    if (api.current && Object.keys(changed).length > 0) api.current.updateGridOptions(changed);
  });

  return <div ref={element} style={FILL} />;
}
