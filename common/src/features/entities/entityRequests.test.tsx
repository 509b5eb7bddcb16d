/** The entity feature's requests and the typed hooks, over a real store with HTTP stubbed at axios. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import type { HttpClient } from '../../api/http';
import { isApiCallError } from '../../api/ApiCallError';
import { createFeatureTestStore } from '../../test-support/storeHarness';
import type { EntitySource } from './entitySource';
import { createEntitiesReducer } from './entitiesSlice';
import { entitiesSaga } from './entitiesSaga';
import {
  MAX_KEPT_READS,
  entityReadRequested,
  entityRequestsReducer,
  readKey,
  request,
} from './entityRequests';
import { createEntityHooks } from './createEntityHooks';

interface Widget {
  code: string;
  name: string;
}

const widgets: EntitySource<Widget> = {
  name: 'widgets',
  idOf: (w) => w.code,
  defaultQuery: { search: '', sort: 'code', order: 'asc', page: 0, pageSize: 10 },
  sortFields: ['code'],
  async list(http: HttpClient) {
    return { rows: (await http.get<Widget[]>('/widgets')).data, total: 1 };
  },
};

const getWidget = async (http: HttpClient, code: string): Promise<Widget> =>
  (await http.get<Widget>(`/widgets/${code}`)).data;
const renameWidget = async (http: HttpClient, code: string, name: string): Promise<Widget> =>
  (await http.put<Widget>(`/widgets/${code}`, { name })).data;

/** A read that is not a GET (the client joins identical GETs in flight, so they cannot race). */
const countWidgets = async (http: HttpClient, code: string): Promise<number> =>
  (await http.post<{ count: number }>('/widgets/count', { code })).data.count;

const REQUESTS = {
  widget: request(getWidget),
  renameWidget: request(renameWidget),
  countWidgets: request(countWidgets),
};
const hooks = createEntityHooks({ widgets }, REQUESTS);

function setup() {
  const { store, mock } = createFeatureTestStore({
    reducers: { entities: createEntitiesReducer([widgets]), entityRequests: entityRequestsReducer },
    sagas: [entitiesSaga([widgets], REQUESTS)],
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, mock, wrapper };
}

beforeEach(() => setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true }));
afterAll(() => setRuntimeEnvForTests(null));

describe('entity requests', () => {
  test('a read loads on mount, keeps its data while it reloads, and follows its arguments', async () => {
    const { mock, wrapper } = setup();
    mock.onGet('/widgets/a').replyOnce(200, { code: 'a', name: 'Alpha' });
    mock.onGet('/widgets/a').replyOnce(200, { code: 'a', name: 'Alpha 2' });
    mock.onGet('/widgets/b').reply(200, { code: 'b', name: 'Beta' });
    const { result, rerender } = renderHook(({ code }) => hooks.useEntityRead('widget', [code]), {
      wrapper,
      initialProps: { code: 'a' },
    });
    expect(result.current).toMatchObject({ status: 'loading', data: null, error: null });
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(result.current.data).toEqual({ code: 'a', name: 'Alpha' });
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ status: 'loading', data: { name: 'Alpha' } });
    await waitFor(() => expect(result.current.data?.name).toBe('Alpha 2'));
    rerender({ code: 'b' });
    await waitFor(() => expect(result.current.data?.name).toBe('Beta'));
  });

  test('a read is loading from its first render, and its own request does not render it again', async () => {
    const { mock, wrapper } = setup();
    let answer: (value: [number, Widget]) => void = () => undefined;
    mock.onGet('/widgets/a').reply(() => new Promise((resolve) => (answer = resolve)));
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return hooks.useEntityRead('widget', ['a']);
      },
      { wrapper },
    );
    expect(result.current).toMatchObject({ status: 'loading', data: null });
    await waitFor(() => expect(mock.history.get).toHaveLength(1));
    expect(renders).toBe(1);
    act(() => answer([200, { code: 'a', name: 'Alpha' }]));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(renders).toBe(2);
  });

  test('a failed read shows its error and no data; a read not enabled asks nothing', async () => {
    const { mock, wrapper } = setup();
    mock.onGet('/widgets/x').reply(404, { message: 'No widget x.' });
    const { result } = renderHook(() => hooks.useEntityRead('widget', ['x']), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current).toMatchObject({ data: null, error: { status: 404, message: 'No widget x.' } });
    const off = renderHook(() => hooks.useEntityRead('widget', ['y'], { enabled: false }), { wrapper });
    expect(off.result.current.status).toBe('idle');
    expect(mock.history.get.map((r) => r.url)).toEqual(['/widgets/x']);
  });

  test('only the last read of a key lands when an older one answers later', async () => {
    const { store, mock } = setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    mock
      .onPost('/widgets/count')
      .replyOnce(async () => {
        await held;
        return [200, { count: 1 }];
      })
      .onPost('/widgets/count')
      .reply(200, { count: 2 });
    store.dispatch(entityReadRequested('countWidgets', ['a']));
    store.dispatch(entityReadRequested('countWidgets', ['a']));
    const key = readKey('countWidgets', ['a']);
    await waitFor(() => expect(store.getState().entityRequests.reads[key]?.status).toBe('loaded'));
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().entityRequests.reads[key]?.data).toBe(2);
  });

  test('the state keeps the most recently asked reads only', () => {
    let state = entityRequestsReducer(undefined, { type: 'init' });
    for (let n = 0; n < MAX_KEPT_READS; n += 1)
      state = entityRequestsReducer(state, entityReadRequested('widget', [`w${n}`]));
    // The first one asked again is the most recent; a new one then drops the oldest, the second.
    state = entityRequestsReducer(state, entityReadRequested('widget', ['w0']));
    state = entityRequestsReducer(state, entityReadRequested('widget', ['new']));
    const keys = Object.keys(state.reads);
    expect(keys).toHaveLength(MAX_KEPT_READS);
    expect(keys.slice(-2)).toEqual([readKey('widget', ['w0']), readKey('widget', ['new'])]);
    expect(keys).not.toContain(readKey('widget', ['w1']));
    expect(keys).toContain(readKey('widget', ['w2']));
  });

  test('a call runs through the watcher and answers its result; a refusal rejects with the API error', async () => {
    const { store, mock, wrapper } = setup();
    mock.onPut('/widgets/a').replyOnce(200, { code: 'a', name: 'Renamed' });
    mock.onPut('/widgets/a').replyOnce(400, { message: 'The name is too long.', field: 'name' });
    const { result } = renderHook(() => hooks.useEntityCall('renameWidget'), { wrapper });
    await expect(result.current('a', 'Renamed')).resolves.toEqual({ code: 'a', name: 'Renamed' });
    expect(JSON.parse(String(mock.history.put[0]?.data))).toEqual({ name: 'Renamed' });
    const refused = await result.current('a', 'x'.repeat(300)).catch((e: unknown) => e);
    expect(isApiCallError(refused)).toBe(true);
    expect(refused).toMatchObject({ status: 400, message: 'The name is too long.', field: 'name' });
    // The page has its answers: no call is left in the state.
    expect(store.getState().entityRequests.calls).toEqual({});
  });

  test('an entity table whose key is not its source’s name is refused', () => {
    expect(() => createEntityHooks({ gadgets: widgets }, {})).toThrow(
      'The entity source under gadgets is named widgets.',
    );
  });
});

/**
 * Checked by the compiler (npm run typecheck), never run: names are the tables' keys, so a
 * mistyped one fails to compile, and a request's arguments and a page's rows take their types.
 */
export function typedNamesCompileOnly(): string[] {
  // @ts-expect-error -- no entity is named 'widget' (the source is 'widgets')
  hooks.useEntityPage('widget');
  // @ts-expect-error -- no request is named 'widgets'
  hooks.useEntityRead('widgets', ['a']);
  // @ts-expect-error -- the widget read takes a code, not a number
  hooks.useEntityRead('widget', [1]);
  const rename = hooks.useEntityCall('renameWidget');
  // @ts-expect-error -- renameWidget takes the code and the name
  void rename('a');
  const page = hooks.useEntityPage('widgets');
  return page.rows.map((w) => w.name);
}
