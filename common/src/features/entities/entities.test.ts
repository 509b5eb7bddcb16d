/** The entity feature (slice, watcher, selectors) over a real store with HTTP stubbed at axios. */
import MockAdapter from 'axios-mock-adapter';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { PROVIDER_XSRF_COOKIE } from '../../api/contract/wire';
import { createHttpClient, FORBIDDEN_MESSAGE, FORBIDDEN_SNACKBAR_MS, type HttpClient } from '../../api/http';
import { createAppStore } from '../../store/createAppStore';
import { flush, stateWhen } from '../../test-support/storeHarness';
import type { EntitySource } from './entitySource';
import { sortOfHeader } from './entitySource';
import {
  createEntitiesReducer,
  entityListRequested,
  entityQueryChanged,
  entitySelectionChanged,
  entityWriteRequested,
  entityWriteReset,
  nextQuery,
} from './entitiesSlice';
import { entitiesSaga, unsupportedWriteMessage } from './entitiesSaga';
import { entitySelectors } from './entitySelectors';

interface Widget {
  code: string;
  name: string;
}

/** A small entity over /widgets: list with the query's parameters, create, rename, bulk delete. */
const widgets: EntitySource<Widget, { code: string; name: string }, { name: string }> = {
  name: 'widgets',
  idOf: (w) => w.code,
  defaultQuery: { search: '', sort: 'code', order: 'asc', page: 0, pageSize: 2 },
  sortFields: ['code', 'name'],
  async list(http: HttpClient, q) {
    const r = await http.get<{ items: Widget[]; total: number }>('/widgets', {
      params: { q: q.search, sort: q.sort, order: q.order, offset: q.page * q.pageSize, limit: q.pageSize },
    });
    return { rows: r.data.items, total: r.data.total };
  },
  async create(http: HttpClient, body) {
    return (await http.post<Widget>('/widgets', body)).data;
  },
  async update(http: HttpClient, id, changes) {
    return (await http.put(`/widgets/${id}`, changes)).data;
  },
  async remove(http: HttpClient, ids) {
    return (await http.post<{ deleted: number }>('/widgets/delete', { ids })).data.deleted;
  },
  messages: {
    created: (w) => `The widget ${w.code} has been added.`,
    updated: (label) => `The widget ${label} has been saved.`,
    removed: (n) => `${n} widgets have been deleted.`,
  },
};
const others: EntitySource<Widget> = { ...widgets, name: 'others', create: undefined };
const select = entitySelectors(widgets);

function widgetStore() {
  const http = createHttpClient({ xsrfCookie: PROVIDER_XSRF_COOKIE, timeoutMs: 5000 });
  const mock = new MockAdapter(http);
  const navigation = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };
  const { store } = createAppStore({
    world: 'provider',
    navigation,
    http,
    extraReducers: { entities: createEntitiesReducer([widgets, others]) },
    extraSagas: [entitiesSaga([widgets, others])],
  });
  return { store, mock };
}
const a = { code: 'a', name: 'Alpha' };
const b = { code: 'b', name: 'Beta' };
const c = { code: 'c', name: 'Gamma' };

beforeEach(() => setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true }));
afterAll(() => setRuntimeEnvForTests(null));

describe('entity feature', () => {
  test('a list request loads the current query; rows keep the server order, keyed by the source id', async () => {
    const { store, mock } = widgetStore();
    mock.onGet('/widgets').reply(200, { items: [b, a], total: 3 });
    store.dispatch(entityListRequested({ entity: 'widgets' }));
    expect(select.selectState(store.getState()).status).toBe('loading');
    const s = await stateWhen(store, (st) => select.selectState(st).status === 'loaded');
    expect(select.selectRows(s)).toEqual([b, a]);
    expect(select.selectRowById(s, 'a')).toEqual(a);
    expect(select.selectState(s).total).toBe(3);
    expect(mock.history.get[0]?.params).toEqual({ q: '', sort: 'code', order: 'asc', offset: 0, limit: 2 });
    expect(store.getState().entities.others?.status).toBe('idle');
  });

  test('a new search, sort or page size starts at the first page; a page change clears the selection', () => {
    const q = { search: '', sort: 'code', order: 'asc' as const, page: 3, pageSize: 2 };
    expect(nextQuery(q, { search: 'x' }).page).toBe(0);
    expect(nextQuery(q, { sort: 'name' }).page).toBe(0);
    expect(nextQuery(q, { order: 'desc' }).page).toBe(0);
    expect(nextQuery(q, { pageSize: 10 }).page).toBe(0);
    expect(nextQuery(q, { page: 1 }).page).toBe(1);
    expect(nextQuery(q, { sort: 'code' }).page).toBe(3);

    const { store } = widgetStore();
    store.dispatch(entitySelectionChanged({ entity: 'widgets', ids: ['a'] }));
    store.dispatch(entityQueryChanged({ entity: 'widgets', query: { sort: 'name' } }));
    expect(select.selectState(store.getState()).selected).toEqual(['a']);
    store.dispatch(entityQueryChanged({ entity: 'widgets', query: { page: 1 } }));
    expect(select.selectState(store.getState()).selected).toEqual([]);
  });

  test('only the last query’s answer lands when an older one answers later', async () => {
    const { store, mock } = widgetStore();
    let releaseFirst: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releaseFirst = resolve));
    mock
      .onGet('/widgets', { params: { q: 'al', sort: 'code', order: 'asc', offset: 0, limit: 2 } })
      .reply(async () => {
        await held;
        return [200, { items: [a], total: 1 }];
      })
      .onGet('/widgets', { params: { q: 'ga', sort: 'code', order: 'asc', offset: 0, limit: 2 } })
      .reply(200, { items: [c], total: 1 });
    store.dispatch(entityQueryChanged({ entity: 'widgets', query: { search: 'al' } }));
    store.dispatch(entityQueryChanged({ entity: 'widgets', query: { search: 'ga' } }));
    await stateWhen(store, (st) => select.selectState(st).status === 'loaded');
    releaseFirst();
    await flush();
    expect(select.selectRows(store.getState())).toEqual([c]);
  });

  test('selection is kept across a refresh for the rows still present', async () => {
    const { store, mock } = widgetStore();
    mock
      .onGet('/widgets')
      .replyOnce(200, { items: [a, b], total: 2 })
      .onGet('/widgets')
      .reply(200, {
        items: [b],
        total: 1,
      });
    store.dispatch(entityListRequested({ entity: 'widgets' }));
    await stateWhen(store, (st) => select.selectState(st).status === 'loaded');
    store.dispatch(entitySelectionChanged({ entity: 'widgets', ids: ['a', 'b'] }));
    expect(select.selectSelectedRows(store.getState())).toEqual([a, b]);
    store.dispatch(entityListRequested({ entity: 'widgets' }));
    const s = await stateWhen(store, (st) => select.selectState(st).status === 'loaded');
    expect(select.selectState(s).selected).toEqual(['b']);
  });

  test('a create shows the source’s message and reloads; a refused one keeps the error for the form', async () => {
    const { store, mock } = widgetStore();
    mock.onGet('/widgets').reply(200, { items: [a], total: 1 });
    mock.onPost('/widgets').replyOnce(201, a).onPost('/widgets').replyOnce(409, {
      message: "A widget with the code 'a' already exists.",
      field: 'code',
    });
    store.dispatch(entityWriteRequested({ entity: 'widgets', write: { op: 'create', body: a } }));
    expect(select.selectState(store.getState()).write.status).toBe('saving');
    let s = await stateWhen(store, (st) => select.selectState(st).status === 'loaded');
    expect(select.selectState(s).write).toMatchObject({ status: 'done', op: 'create', result: a });
    expect(s.snackbar.bottom?.text).toBe('The widget a has been added.');
    expect(mock.history.get).toHaveLength(1);

    store.dispatch(entityWriteRequested({ entity: 'widgets', write: { op: 'create', body: a } }));
    s = await stateWhen(store, (st) => select.selectState(st).write.status === 'failed');
    expect(select.selectState(s).write.error).toMatchObject({ status: 409, field: 'code' });
    store.dispatch(entityWriteReset({ entity: 'widgets' }));
    expect(select.selectState(store.getState()).write).toEqual({
      status: 'idle',
      op: null,
      error: null,
      result: null,
    });
  });

  test('an update names the row by its label; a remove clears the selection', async () => {
    const { store, mock } = widgetStore();
    mock.onGet('/widgets').reply(200, { items: [], total: 0 });
    mock.onPut('/widgets/a').reply(200, {});
    mock.onPost('/widgets/delete').reply(200, { deleted: 2 });
    store.dispatch(
      entityWriteRequested({
        entity: 'widgets',
        write: { op: 'update', id: 'a', changes: { name: 'A' }, label: 'A' },
      }),
    );
    let s = await stateWhen(store, (st) => select.selectState(st).write.status === 'done');
    expect(JSON.parse(String(mock.history.put[0]?.data))).toEqual({ name: 'A' });
    expect(s.snackbar.bottom?.text).toBe('The widget A has been saved.');
    store.dispatch(entitySelectionChanged({ entity: 'widgets', ids: ['a', 'b'] }));
    store.dispatch(entityWriteRequested({ entity: 'widgets', write: { op: 'remove', ids: ['a', 'b'] } }));
    s = await stateWhen(
      store,
      (st) => select.selectState(st).write.op === 'remove' && select.selectState(st).write.status === 'done',
    );
    expect(select.selectState(s).selected).toEqual([]);
    expect(s.snackbar.bottom?.text).toBe('2 widgets have been deleted.');
  });

  test('a failed bulk write goes to the snackbar; a write the source cannot do fails with a message', async () => {
    const { store, mock } = widgetStore();
    mock.onGet('/widgets').reply(200, { items: [], total: 0 });
    mock.onPost('/widgets/delete').reply(500, { message: 'Disk full.' });
    store.dispatch(entityWriteRequested({ entity: 'widgets', write: { op: 'remove', ids: ['a'] } }));
    let s = await stateWhen(store, (st) => select.selectState(st).write.status === 'failed');
    expect(s.snackbar.bottom).toMatchObject({ text: 'Error: Disk full.', severity: 'error' });

    store.dispatch(entityWriteRequested({ entity: 'others', write: { op: 'create', body: a } }));
    s = await stateWhen(store, (st) => st.entities.others?.write.status === 'failed');
    expect(s.entities.others?.write.error?.message).toBe(unsupportedWriteMessage('others', 'create'));
  });

  // docs/http-client.md §4: the HTTP client's 5-second permission message stays.
  test('a bulk write refused with 403 keeps the permission message, not "Error: <message>"', async () => {
    const { store, mock } = widgetStore();
    mock.onGet('/widgets').reply(200, { items: [], total: 0 });
    mock.onPost('/widgets/delete').reply(403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' });
    store.dispatch(entityWriteRequested({ entity: 'widgets', write: { op: 'remove', ids: ['a'] } }));
    await stateWhen(store, (st) => select.selectState(st).write.status === 'failed');
    await flush();
    expect(store.getState().snackbar.bottom).toMatchObject({
      text: FORBIDDEN_MESSAGE,
      duration: FORBIDDEN_SNACKBAR_MS,
    });
  });

  test('a header click sorts by a field the source sorts by; no sort goes back to the default', () => {
    expect(sortOfHeader(widgets, 'name', 'desc')).toEqual({ sort: 'name', order: 'desc' });
    expect(sortOfHeader(widgets, null, 'desc')).toEqual({ sort: 'code', order: 'asc' });
    expect(sortOfHeader(widgets, 'colour', 'asc')).toBeNull();
  });
});
