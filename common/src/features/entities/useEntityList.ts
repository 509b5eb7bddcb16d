/**
 * A data page's view of one entity: its rows and state, and the page's requests (query changes,
 * reload, selection, writes). Loads the current query when the page mounts.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { EntityQuery, EntitySource, EntityWrite } from './entitySource';
import {
  entityListRequested,
  entityQueryChanged,
  entitySelectionChanged,
  entityWriteRequested,
  entityWriteReset,
  nextQuery,
  sameQuery,
} from './entitiesSlice';
import { entitySelectors } from './entitySelectors';

export function useEntityList<Row>(
  source: EntitySource<Row, never, never>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const dispatch = useDispatch();
  const entity = source.name;
  const selectors = useMemo(() => entitySelectors(source), [source]);
  const state = useSelector(selectors.selectState);
  const rows = useSelector(selectors.selectRows);
  const selectedRows = useSelector(selectors.selectSelectedRows);
  const { query } = state;

  useEffect(() => {
    if (enabled) dispatch(entityListRequested({ entity }));
  }, [dispatch, entity, enabled]);

  const changeQuery = useCallback(
    (change: Partial<EntityQuery>) => {
      if (!sameQuery(nextQuery(query, change), query))
        dispatch(entityQueryChanged({ entity, query: change }));
    },
    [dispatch, entity, query],
  );
  const reload = useCallback(() => dispatch(entityListRequested({ entity })), [dispatch, entity]);
  const select = useCallback(
    (ids: string[]) => dispatch(entitySelectionChanged({ entity, ids })),
    [dispatch, entity],
  );
  const requestWrite = useCallback(
    (write: EntityWrite) => dispatch(entityWriteRequested({ entity, write })),
    [dispatch, entity],
  );
  const resetWrite = useCallback(() => dispatch(entityWriteReset({ entity })), [dispatch, entity]);

  return { ...state, rows, selectedRows, changeQuery, reload, select, requestWrite, resetWrite };
}
