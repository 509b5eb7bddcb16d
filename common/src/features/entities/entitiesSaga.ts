/**
 * The entity feature's watcher: loads the page of an entity's current query whenever it changes
 * (a newer load of the same entity cancels the older, so only the last query's answer lands),
 * and runs the writes pages ask for, then reloads. Success shows the source's message; a failed
 * form write (create, update, command) stays in the state for the open form to show, a failed
 * bulk write (remove, modify) shows in the snackbar.
 */
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, select, take, takeEvery } from 'redux-saga/effects';
import type { HttpClient } from '../../api/http';
import { toErrorInfo, type ApiCallErrorInfo } from '../../api/ApiCallError';
import { snackbarShown } from '../snackbar/snackbarSlice';
import { failureSnackbar } from '../snackbar/failureSnackbar';
import type { EntityPage, EntitySource, EntityWrite, EntityQuery } from './entitySource';
import {
  entityListFailed,
  entityListLoaded,
  entityListRequested,
  entityQueryChanged,
  entityWriteDone,
  entityWriteFailed,
  entityWriteRequested,
} from './entitiesSlice';
import type { WithEntities } from './entitySelectors';
import {
  entityCallDone,
  entityCallFailed,
  entityCallRequested,
  entityReadFailed,
  entityReadLoaded,
  entityReadRequested,
  type EntityRequests,
} from './entityRequests';

/** The message of a write that is not possible for the source. */
export const unsupportedWriteMessage = (entity: string, op: string): string => `${entity} cannot ${op}.`;

function* loadPage(http: HttpClient, source: EntitySource): SagaIterator {
  const query: EntityQuery | undefined = yield select((s: WithEntities) => s.entities[source.name]?.query);
  if (!query) return;
  try {
    const page: EntityPage<unknown> = yield call([source, source.list], http, query);
    yield put(entityListLoaded({ entity: source.name, rows: page.rows, total: page.total }));
  } catch (e) {
    yield put(entityListFailed({ entity: source.name, error: toErrorInfo(e, `list:${source.name}`) }));
  }
}

/** Runs one write against the source; answers what the success message needs. */
async function perform(
  http: HttpClient,
  source: EntitySource,
  write: EntityWrite,
): Promise<{ result: unknown; message?: string }> {
  const m = source.messages ?? {};
  const unsupported = (): never => {
    throw new Error(unsupportedWriteMessage(source.name, write.op));
  };
  switch (write.op) {
    case 'create': {
      const row = await (source.create ?? unsupported)(http, write.body);
      return { result: row, message: m.created?.(row) };
    }
    case 'update':
      return {
        result: await (source.update ?? unsupported)(http, write.id, write.changes),
        message: m.updated?.(write.label),
      };
    case 'remove': {
      const count = await (source.remove ?? unsupported)(http, write.ids);
      return { result: count, message: m.removed?.(count) };
    }
    case 'modify': {
      const count = await (source.modify ?? unsupported)(http, write.ids, write.changes);
      return { result: count, message: m.modified?.(count, write.changes) };
    }
    case 'command':
      return { result: await (source.commands?.[write.command] ?? unsupported)(http, write.id) };
  }
}

function* runWrite(
  http: HttpClient,
  sources: ReadonlyMap<string, EntitySource>,
  action: ReturnType<typeof entityWriteRequested>,
): SagaIterator {
  const { entity, write } = action.payload;
  const source = sources.get(entity);
  if (!source) return;
  try {
    const { result, message }: { result: unknown; message?: string } = yield call(
      perform,
      http,
      source,
      write,
    );
    if (message) yield put(snackbarShown({ kind: 'save', outcome: 'success', message }));
    yield put(entityWriteDone({ entity, op: write.op, result }));
    if (write.op !== 'command') yield put(entityListRequested({ entity }));
  } catch (e) {
    const error = toErrorInfo(e, `${write.op}:${entity}`);
    const bulk = write.op === 'remove' || write.op === 'modify';
    if (bulk) yield call(failureSnackbar, error);
    yield put(entityWriteFailed({ entity, op: write.op, error }));
    if (bulk) yield put(entityListRequested({ entity }));
  }
}

/** Runs one request of the table: its result, or its error as the state keeps it. */
async function settle(
  requests: EntityRequests,
  name: string,
  http: HttpClient,
  args: unknown,
): Promise<{ result: unknown } | { error: ApiCallErrorInfo }> {
  try {
    return { result: await requestOf(requests, name)(http, args as never) };
  } catch (e) {
    return { error: toErrorInfo(e, name) };
  }
}

/** A read puts its answer under its key; a call under its id, for the page that awaits it. */
function* runRequest(
  http: HttpClient,
  requests: EntityRequests,
  action: ReturnType<typeof entityReadRequested> | ReturnType<typeof entityCallRequested>,
): SagaIterator {
  const r: Awaited<ReturnType<typeof settle>> = yield call(
    settle,
    requests,
    action.payload.name,
    http,
    action.payload.args,
  );
  if (entityReadRequested.match(action)) {
    const { key } = action.payload;
    yield put(
      'error' in r ? entityReadFailed({ key, error: r.error }) : entityReadLoaded({ key, data: r.result }),
    );
  } else {
    const { id } = action.payload;
    yield put(
      'error' in r ? entityCallFailed({ id, error: r.error }) : entityCallDone({ id, result: r.result }),
    );
  }
}

/** The request's call; one the table does not name fails with a message (the typed hooks prevent it). */
const requestOf =
  (requests: EntityRequests, name: string) =>
  (http: HttpClient, args: never): Promise<unknown> => {
    const r = Object.hasOwn(requests, name) ? requests[name] : undefined;
    return r ? r.run(http, args) : Promise.reject(new Error(unknownRequestMessage(name)));
  };

export const unknownRequestMessage = (name: string): string => `No request is named ${name}.`;

/** Reads: a newer read of the same key cancels the older, so only the last answer lands. */
function* readsWatcher(http: HttpClient, requests: EntityRequests): SagaIterator {
  const reads = new Map<string, Task>();
  while (true) {
    const action: ReturnType<typeof entityReadRequested> = yield take(entityReadRequested.type);
    const previous = reads.get(action.payload.key);
    if (previous?.isRunning()) yield cancel(previous);
    reads.set(action.payload.key, yield fork(runRequest, http, requests, action));
  }
}

/** The one watcher of an app's entity sources and its table of requests (entityRequests.ts). */
export function entitiesSaga(sources: readonly EntitySource[], requests: EntityRequests = {}) {
  const byName = new Map(sources.map((s) => [s.name, s]));
  return function* entitiesWatcher(): SagaIterator {
    const http: HttpClient = yield getContext('http');
    yield takeEvery(entityWriteRequested.type, runWrite, http, byName);
    yield takeEvery(entityCallRequested.type, runRequest, http, requests);
    yield fork(readsWatcher, http, requests);
    const loads = new Map<string, Task>();
    while (true) {
      const action: ReturnType<typeof entityQueryChanged> | ReturnType<typeof entityListRequested> =
        yield take([entityQueryChanged.type, entityListRequested.type]);
      const source = byName.get(action.payload.entity);
      if (!source) continue;
      const previous = loads.get(source.name);
      if (previous?.isRunning()) yield cancel(previous);
      loads.set(source.name, yield fork(loadPage, http, source));
    }
  };
}
