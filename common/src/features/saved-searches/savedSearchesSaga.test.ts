import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { SAVED_SEARCH_PATHS } from '../../api/contract/savedSearches';
import { createTestStore, flush, stateWhen } from '../../test-support/storeHarness';
import {
  blockedSearch as blocked,
  loginsSearch as logins,
  serveSavedSearches as serve,
} from '../../testing/savedSearchServer';
import {
  savedSearchDeleteRequested,
  savedSearchSaveRequested,
  savedSearchesRequested,
  type SavedSearchesState,
} from './savedSearchesSlice';
import { savedSearchSavedMessage } from './savedSearchesSaga';

type Mock = ReturnType<typeof createTestStore>['mock'];

const slice = (s: { savedSearches: SavedSearchesState }) => s.savedSearches;
const lists = (mock: Mock) => mock.history.get.filter((r) => r.url === SAVED_SEARCH_PATHS.list).length;

beforeEach(() => setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true }));
afterAll(() => setRuntimeEnvForTests(null));

describe('saved searches saga', () => {
  test('a list request fetches every search of the user', async () => {
    const { store, mock } = createTestStore();
    serve(mock, [blocked, logins]);
    store.dispatch(savedSearchesRequested());
    const s = await stateWhen(store, (st) => slice(st).status === 'ready');
    expect(slice(s).searches).toEqual([blocked, logins]);
  });

  test('a save posts the trimmed name with the route and query, shows a snackbar and lists again', async () => {
    const { store, mock } = createTestStore();
    const stored = serve(mock, [blocked]);
    store.dispatch(savedSearchSaveRequested({ name: ' Risky ', route: 'web', query: 'interval=7d&risk=R' }));
    expect(slice(store.getState()).status).toBe('saving');
    const s = await stateWhen(store, (st) => slice(st).status === 'ready' && lists(mock) === 1);
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({
      name: 'Risky',
      route: 'web',
      query: 'interval=7d&risk=R',
    });
    expect(slice(s).searches).toEqual(stored);
    expect(slice(s).lastSaved).toMatchObject({ name: 'Risky', route: 'web' });
    expect(s.snackbar.bottom).toMatchObject({
      text: savedSearchSavedMessage('Risky'),
      severity: 'success',
    });
    expect(savedSearchSavedMessage('Risky')).toBe('The search "Risky" has been saved.');
  });

  test('a blank name sends nothing', async () => {
    const { store, mock } = createTestStore();
    serve(mock, []);
    store.dispatch(savedSearchSaveRequested({ name: '  ', route: 'web', query: '' }));
    await flush();
    expect(mock.history.post).toHaveLength(0);
    expect(slice(store.getState()).error?.message).toBe('Enter a name.');
  });

  test("a refused save becomes state with the server's message, and no snackbar", async () => {
    const { store, mock } = createTestStore();
    const stored = serve(mock, [blocked]);
    store.dispatch(savedSearchSaveRequested({ name: 'blocked', route: 'web', query: 'risk=R' }));
    const s = await stateWhen(store, (st) => slice(st).status === 'failed');
    expect(slice(s).error).toEqual({
      status: 409,
      message: 'A saved search with this name already exists.',
      callName: 'createSavedSearch',
      field: 'name',
    });
    expect(s.snackbar.bottom).toBeNull();
    expect(stored).toEqual([blocked]);
    expect(lists(mock)).toBe(0);
  });

  test('a delete sends DELETE for the id, removes the search and lists again', async () => {
    const { store, mock } = createTestStore();
    const stored = serve(mock, [blocked, logins]);
    store.dispatch(savedSearchesRequested());
    await stateWhen(store, (st) => slice(st).status === 'ready');
    store.dispatch(savedSearchDeleteRequested({ id: 's0' }));
    const s = await stateWhen(store, (st) => slice(st).status === 'ready' && lists(mock) === 2);
    expect(mock.history.delete.map((r) => r.url)).toEqual([SAVED_SEARCH_PATHS.one('s0')]);
    expect(slice(s).searches).toEqual([logins]);
    expect(stored).toEqual([logins]);
  });

  test('a failed delete or list becomes state and keeps the list', async () => {
    const { store, mock } = createTestStore();
    serve(mock, [blocked]);
    store.dispatch(savedSearchesRequested());
    await stateWhen(store, (st) => slice(st).status === 'ready');
    store.dispatch(savedSearchDeleteRequested({ id: 'nope' }));
    let s = await stateWhen(store, (st) => slice(st).status === 'failed');
    expect(slice(s).error).toMatchObject({ status: 404, callName: 'deleteSavedSearch' });
    expect(slice(s).searches).toEqual([blocked]);

    mock.onGet(SAVED_SEARCH_PATHS.list).reply(500, { message: 'boom' });
    store.dispatch(savedSearchesRequested());
    s = await stateWhen(store, (st) => slice(st).status === 'failed');
    expect(slice(s).error).toMatchObject({ status: 500, message: 'boom', callName: 'listSavedSearches' });
    expect(slice(s).searches).toEqual([blocked]);
  });
});
