/**
 * The entity feature's state (the data-page pattern): per entity, its rows in an RTK entity
 * adapter keyed by the source's id, the query of the page shown, the total, the selection, and
 * the state of the last write. Actions carry the entity's name; the reducer is built for the
 * sources an app has (`createEntitiesReducer`), one watcher serves them (entitiesSaga.ts).
 */
import { createAction, createEntityAdapter, createReducer, type EntityState } from '@reduxjs/toolkit';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import type { EntityQuery, EntitySource, EntityWrite, EntityWriteOp } from './entitySource';

export type EntityListStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type EntityWriteStatus = 'idle' | 'saving' | 'done' | 'failed';

export interface EntityWriteState {
  status: EntityWriteStatus;
  op: EntityWriteOp | null;
  error: ApiCallErrorInfo | null;
  /** A command's answer (shown once by the page; cleared by the next write or a reset). */
  result: unknown;
}

export interface EntityListState<Row = unknown> {
  rows: EntityState<Row, string>;
  query: EntityQuery;
  total: number;
  status: EntityListStatus;
  error: ApiCallErrorInfo | null;
  /** Selected ids: kept across refreshes of the same page (while present), cleared when the page changes. */
  selected: string[];
  write: EntityWriteState;
}

export type EntitiesState = Record<string, EntityListState>;

interface Named {
  entity: string;
}

export const entityQueryChanged = createAction<Named & { query: Partial<EntityQuery> }>(
  'entities/queryChanged',
);
/** Load the current query again (after a write, or Retry). */
export const entityListRequested = createAction<Named>('entities/listRequested');
export const entityListLoaded = createAction<Named & { rows: unknown[]; total: number }>(
  'entities/listLoaded',
);
export const entityListFailed = createAction<Named & { error: ApiCallErrorInfo }>('entities/listFailed');
export const entitySelectionChanged = createAction<Named & { ids: string[] }>('entities/selectionChanged');
export const entityWriteRequested = createAction<Named & { write: EntityWrite }>('entities/writeRequested');
export const entityWriteDone = createAction<Named & { op: EntityWriteOp; result: unknown }>(
  'entities/writeDone',
);
export const entityWriteFailed = createAction<Named & { op: EntityWriteOp; error: ApiCallErrorInfo }>(
  'entities/writeFailed',
);
/** The page opened a form or dialog: forget the last write's outcome. */
export const entityWriteReset = createAction<Named>('entities/writeReset');

const idleWrite: EntityWriteState = { status: 'idle', op: null, error: null, result: null };

export function initialEntityListState(source: EntitySource): EntityListState {
  return {
    rows: { ids: [], entities: {} },
    query: { ...source.defaultQuery },
    total: 0,
    status: 'idle',
    error: null,
    selected: [],
    write: idleWrite,
  };
}

/** The query after a change: a new search, sort or page size starts at the first page. */
export function nextQuery(query: EntityQuery, change: Partial<EntityQuery>): EntityQuery {
  const next = { ...query, ...change };
  const restart =
    next.search !== query.search ||
    next.sort !== query.sort ||
    next.order !== query.order ||
    next.pageSize !== query.pageSize;
  return restart ? { ...next, page: 0 } : next;
}

export const sameQuery = (a: EntityQuery, b: EntityQuery): boolean =>
  a.search === b.search &&
  a.sort === b.sort &&
  a.order === b.order &&
  a.page === b.page &&
  a.pageSize === b.pageSize;

/** The reducer of the `entities` state for an app's sources. */
export function createEntitiesReducer(sources: readonly EntitySource[]) {
  const adapters = new Map(
    sources.map((s) => [s.name, createEntityAdapter<unknown, string>({ selectId: s.idOf })]),
  );
  const initial: EntitiesState = Object.fromEntries(sources.map((s) => [s.name, initialEntityListState(s)]));
  return createReducer(initial, (builder) => {
    builder
      .addCase(entityQueryChanged, (state, { payload }) => {
        const e = state[payload.entity];
        if (!e) return;
        const next = nextQuery(e.query, payload.query);
        if (
          next.search !== e.query.search ||
          next.page !== e.query.page ||
          next.pageSize !== e.query.pageSize
        )
          e.selected = [];
        e.query = next;
        e.status = 'loading';
        e.error = null;
      })
      .addCase(entityListRequested, (state, { payload }) => {
        const e = state[payload.entity];
        if (!e) return;
        e.status = 'loading';
        e.error = null;
      })
      .addCase(entityListLoaded, (state, { payload }) => {
        const e = state[payload.entity];
        const adapter = adapters.get(payload.entity);
        if (!e || !adapter) return;
        adapter.setAll(e.rows, payload.rows);
        e.total = payload.total;
        e.status = 'loaded';
        const present = new Set(e.rows.ids);
        e.selected = e.selected.filter((id) => present.has(id));
      })
      .addCase(entityListFailed, (state, { payload }) => {
        const e = state[payload.entity];
        if (!e) return;
        e.status = 'failed';
        e.error = payload.error;
      })
      .addCase(entitySelectionChanged, (state, { payload }) => {
        const e = state[payload.entity];
        if (e && payload.ids.join('\n') !== e.selected.join('\n')) e.selected = payload.ids;
      })
      .addCase(entityWriteRequested, (state, { payload }) => {
        const e = state[payload.entity];
        if (e) e.write = { status: 'saving', op: payload.write.op, error: null, result: null };
      })
      .addCase(entityWriteDone, (state, { payload }) => {
        const e = state[payload.entity];
        if (!e) return;
        e.write = { status: 'done', op: payload.op, error: null, result: payload.result };
        if (payload.op === 'remove') e.selected = [];
      })
      .addCase(entityWriteFailed, (state, { payload }) => {
        const e = state[payload.entity];
        if (e) e.write = { status: 'failed', op: payload.op, error: payload.error, result: null };
      })
      .addCase(entityWriteReset, (state, { payload }) => {
        const e = state[payload.entity];
        if (e) e.write = idleWrite;
      });
  });
}
