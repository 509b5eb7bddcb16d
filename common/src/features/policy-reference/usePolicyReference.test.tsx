import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { createTestStore } from '../../test-support/storeHarness';
import { usePolicyReference } from './usePolicyReference';
import { useCategoryTree } from './useCategoryTree';

const ZONES = '/api/policy/v1/rules/time_zones';

beforeEach(() => setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true }));
afterAll(() => setRuntimeEnvForTests(null));

function setup() {
  const ctx = createTestStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={ctx.store}>{children}</Provider>
  );
  return { ...ctx, wrapper };
}

describe('usePolicyReference', () => {
  test('requests the row once and returns its status, data and error', async () => {
    const { mock, wrapper } = setup();
    mock.onGet(ZONES).reply(200, { time_zones: ['UTC', 'Europe/Paris'] });
    const { result, rerender } = renderHook(() => usePolicyReference('time_zones'), { wrapper });
    expect(result.current).toMatchObject({ status: 'loading', data: null, error: null });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data?.time_zones).toEqual(['UTC', 'Europe/Paris']);
    rerender();
    // A second view of the same row reads the kept reply.
    const other = renderHook(() => usePolicyReference('time_zones'), { wrapper });
    expect(other.result.current.status).toBe('ready');
    expect(mock.history.get.filter((r) => r.url === ZONES)).toHaveLength(1);
  });

  test('a failure is returned as the error; reload tries again', async () => {
    const { mock, wrapper } = setup();
    mock
      .onGet(ZONES)
      .replyOnce(503, { message: 'Service unavailable' })
      .onGet(ZONES)
      .reply(200, { time_zones: ['UTC'] });
    const { result } = renderHook(() => usePolicyReference('time_zones'), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toMatchObject({ status: 503, message: 'Service unavailable' });
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ data: { time_zones: ['UTC'] }, error: null });
  });

  test('a row by revision follows the revision asked for', async () => {
    const { mock, wrapper } = setup();
    mock
      .onGet(/\/api\/policy\/v1\/ad\/group_users\/\d+$/)
      .reply((config) => [200, { rev_id: Number(config.url?.split('/').pop()), groups: [] }]);
    const { result, rerender } = renderHook(({ rev }) => usePolicyReference('ad/group_users', { rev }), {
      wrapper,
      initialProps: { rev: 4 },
    });
    await waitFor(() => expect(result.current.data?.rev_id).toBe(4));
    rerender({ rev: 5 });
    await waitFor(() => expect(result.current.data?.rev_id).toBe(5));
  });
});

describe('useCategoryTree', () => {
  const v1 = {
    groups: [{ key: 'security', name: 'Security Risk' }],
    categories: [{ id: 56, name: 'Malware Sites', group: 'security' }],
  };
  const v2 = {
    ...v1,
    categories: [{ id: 101, name: 'Malware', group: 'security' }],
    mapping: [{ v1_id: 56, v2_ids: [101] }],
  };

  test.each([
    [1, v1, '/api/policy/v1/cats', '/api/policy/v1/cats_v2'],
    [2, v2, '/api/policy/v1/cats_v2', '/api/policy/v1/cats'],
  ])('version %i reads its tree and not the other', async (version, tree, read, unread) => {
    const { mock, wrapper } = setup();
    mock.onGet('/api/policy/v1/category_version').reply(200, { version });
    mock.onGet(read).reply(200, tree);
    const { result } = renderHook(() => useCategoryTree(), { wrapper });
    expect(result.current).toMatchObject({ status: 'loading', version: null, tree: null });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toEqual({ status: 'ready', version, tree, error: null });
    expect(mock.history.get.filter((r) => r.url === unread)).toHaveLength(0);
  });

  test('a failed version read is the failure shown', async () => {
    const { mock, wrapper } = setup();
    mock.onGet('/api/policy/v1/category_version').reply(500, { message: 'boom' });
    const { result } = renderHook(() => useCategoryTree(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toMatchObject({ status: 500, message: 'boom' });
    expect(mock.history.get).toHaveLength(1);
  });
});
