/** Typed selectors of one entity's state (rows in the order the server answered them). */
import { createEntityAdapter, createSelector } from '@reduxjs/toolkit';
import type { EntitySource } from './entitySource';
import { initialEntityListState, type EntitiesState, type EntityListState } from './entitiesSlice';

export interface WithEntities {
  entities: EntitiesState;
}

export function entitySelectors<Row>(source: EntitySource<Row, never, never>) {
  const fallback = initialEntityListState(source as EntitySource) as EntityListState<Row>;
  const selectState = (state: WithEntities): EntityListState<Row> =>
    (state.entities[source.name] as EntityListState<Row> | undefined) ?? fallback;
  const rowSelectors = createEntityAdapter<Row, string>({ selectId: (row) => source.idOf(row) }).getSelectors(
    (state: WithEntities) => selectState(state).rows,
  );
  return {
    selectState,
    selectRows: rowSelectors.selectAll,
    selectRowById: rowSelectors.selectById,
    selectSelectedRows: createSelector([selectState], (s) =>
      s.selected.map((id) => s.rows.entities[id]).filter((r): r is Row => r !== undefined),
    ),
  };
}
