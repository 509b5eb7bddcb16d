import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { createTestStore } from '../../test-support/storeHarness';
import { usePolicyReference } from './usePolicyReference';

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
