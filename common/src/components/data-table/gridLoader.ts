/**
 * The DataTable's grid, loaded on first use: the chunk is asked for when a table first renders
 * (while the page's data requests are in flight), once per page load; later tables draw at once.
 */
import { useEffect, useState } from 'react';

export type GridModule = typeof import('./agGridView');

let loaded: GridModule | null = null;
let loading: Promise<GridModule> | null = null;

/** Loads the grid chunk (once); a failed load is tried again by the next caller. */
export function loadDataTableGrid(): Promise<GridModule> {
  loading ??= import('./agGridView').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The grid module once loaded (at once when an earlier table loaded it), and whether loading failed. */
export function useDataTableGrid(): { grid: GridModule | null; failed: boolean } {
  const [grid, setGrid] = useState<GridModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (grid) return;
    let live = true;
    loadDataTableGrid().then(
      (module) => live && setGrid(module),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [grid]);
  return { grid, failed };
}
