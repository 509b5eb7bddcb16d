import MockAdapter from 'axios-mock-adapter';
import { PROVIDER_XSRF_COOKIE } from '../../api/contract/wire';
import { createHttpClient } from '../../api/http';
import { rolloutActionPath, rolloutPath } from '../../api/contract/providerRolloutPaths';
import type { Rollout } from '../../api/contract/providerRollouts';
import { createAppStore } from '../../store/createAppStore';
import { rolloutActionRequested, rolloutClosed, rolloutOpened, rolloutsReducer } from './rolloutsSlice';
import { rolloutsSaga } from './rolloutsSaga';
import { selectRolloutView, selectRolloutWaves } from './rolloutsSelectors';

function harness() {
  const http = createHttpClient({ xsrfCookie: PROVIDER_XSRF_COOKIE, timeoutMs: 5000 });
  const mock = new MockAdapter(http);
  const navigation = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };
  const { store } = createAppStore({
    world: 'provider',
    navigation,
    http,
    extraReducers: { rollouts: rolloutsReducer },
    extraSagas: [rolloutsSaga],
  });
  return { mock, store, view: () => selectRolloutView(store.getState()) };
}

const rollout = (state: Rollout['state'], applied: number): Rollout => ({
  id: 'r1',
  name: 'Isolation beta',
  change: { kind: 'capabilities', set: { isolation_beta: true }, remove: [] },
  target: { tags: ['beta'], deployments: [], sku_ids: [], tids: [] },
  wave_size: 2,
  pause_seconds: 5,
  state,
  reason: state === 'failed' ? 'roll-c: The tenant is disabled.' : null,
  waves: 2,
  waves_done: applied >= 4 ? 2 : applied >= 2 ? 1 : 0,
  counts: { pending: 4 - applied, applied, failed: 0, rolled_back: 0 },
  created_at: '2026-11-22T08:00:00.000Z',
  created_by: 'operator@provider.example',
  started_at: null,
  ended_at: null,
  next_wave_at: null,
  tenants: ['a', 'b', 'c', 'd'].map((n, i) => ({
    tid: n,
    name: `roll-${n}`,
    wave: i < 2 ? 1 : 2,
    status: i < applied ? 'applied' : 'pending',
    reason: null,
    changes: [],
    applied_at: null,
    rolled_back_at: null,
  })),
});

/** Answers the rollout's states in turn (the last one repeats); counts the reads. */
function stub(mock: MockAdapter, answers: Rollout[]) {
  let n = 0;
  mock.onGet(rolloutPath('r1')).reply(() => {
    const a = answers[Math.min(n, answers.length - 1)];
    n += 1;
    return [200, a];
  });
  return () => n;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a running rollout is read every second until it settles; its waves follow', async () => {
  const { mock, store, view } = harness();
  const reads = stub(mock, [rollout('running', 0), rollout('running', 2), rollout('completed', 4)]);
  store.dispatch(rolloutOpened('r1'));
  await jest.advanceTimersByTimeAsync(0);
  expect(reads()).toBe(1);
  expect(view()).toMatchObject({ status: 'watching', polls: 1 });
  await jest.advanceTimersByTimeAsync(999);
  expect(reads()).toBe(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(view().rollout?.counts.applied).toBe(2);
  expect(selectRolloutWaves(store.getState()).map((w) => w.map((t) => t.status))).toEqual([
    ['applied', 'applied'],
    ['pending', 'pending'],
  ]);
  await jest.advanceTimersByTimeAsync(1000);
  expect(view()).toMatchObject({ status: 'settled', rollout: { state: 'completed' } });
  await jest.advanceTimersByTimeAsync(5000);
  expect(reads()).toBe(3);
});

test('a failed rollout stops the polling with its reason; resume watches it again; closing stops it', async () => {
  const { mock, store, view } = harness();
  const reads = stub(mock, [rollout('running', 2), rollout('failed', 2)]);
  store.dispatch(rolloutOpened('r1'));
  await jest.advanceTimersByTimeAsync(1000);
  expect(view()).toMatchObject({ status: 'settled', rollout: { reason: 'roll-c: The tenant is disabled.' } });
  await jest.advanceTimersByTimeAsync(3000);
  expect(reads()).toBe(2);

  mock.onPost(rolloutActionPath('r1', 'resume')).reply(200, rollout('running', 2));
  mock.onGet(rolloutPath('r1')).reply(200, rollout('running', 3));
  store.dispatch(rolloutActionRequested({ id: 'r1', action: 'resume' }));
  await jest.advanceTimersByTimeAsync(0);
  expect(view()).toMatchObject({ status: 'watching', action: { name: 'resume', status: 'done' } });
  expect(view().rollout?.counts.applied).toBe(3);
  const before = mock.history.get.length;
  store.dispatch(rolloutClosed());
  await jest.advanceTimersByTimeAsync(5000);
  expect(mock.history.get.length).toBe(before);
  expect(view().id).toBeNull();
});

test("a refused action keeps the server's message; a failing read ends the watch with its error", async () => {
  const { mock, store, view } = harness();
  stub(mock, [rollout('completed', 4)]);
  store.dispatch(rolloutOpened('r1'));
  await jest.advanceTimersByTimeAsync(0);
  mock.onPost(rolloutActionPath('r1', 'stop')).reply(409, { message: 'A completed rollout cannot stop.' });
  store.dispatch(rolloutActionRequested({ id: 'r1', action: 'stop' }));
  await jest.advanceTimersByTimeAsync(0);
  expect(view().action).toMatchObject({ status: 'failed', error: expect.stringContaining('cannot stop') });

  mock.onGet(rolloutPath('gone')).reply(404, { message: 'No such rollout.' });
  store.dispatch(rolloutOpened('gone'));
  await jest.advanceTimersByTimeAsync(0);
  expect(view()).toMatchObject({ status: 'failed', error: expect.stringContaining('No such rollout.') });
});
