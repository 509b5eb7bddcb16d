import { fireEvent } from '@testing-library/react';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { clearAllCookies, createTestStore, stubTenantSession } from '../../test-support/storeHarness';
import { sessionStartRequested } from '../session/sessionSlice';
import { LOGOUT_TIMEOUT_PATH, inactivityTimeoutMs } from './inactivitySaga';
import { staySignedInClicked } from './inactivitySlice';

const DAYS = 0.002; // 172800 ms
const TIMEOUT_MS = DAYS * 86400000;

async function startSession() {
  const ctx = createTestStore();
  stubTenantSession(ctx.mock);
  ctx.mock.onPost('/api/auth/v1/cookie_refresh').reply(200, { expires: '2026-11-22T05:00:00.000Z' });
  ctx.mock.onGet('/api/auth/v1/logout').reply(200, 'ok');
  ctx.store.dispatch(sessionStartRequested());
  await jest.advanceTimersByTimeAsync(0);
  expect(ctx.store.getState().session.status).toBe('loggedIn');
  return ctx;
}

const refreshes = (mock: ReturnType<typeof createTestStore>['mock']) =>
  mock.history.post.filter((r) => r.url === '/api/auth/v1/cookie_refresh').length;

beforeEach(() => {
  jest.useFakeTimers();
  clearAllCookies();
  setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true, inactivityTimeoutDays: DAYS });
});
afterEach(() => {
  jest.useRealTimers();
  setRuntimeEnvForTests(null);
});

describe('inactivity (docs/sessions.md §4, §4)', () => {
  test('Inactivity logout default: 0.042 days', () => {
    setRuntimeEnvForTests(null);
    expect(inactivityTimeoutMs()).toBe(Math.round(0.042 * 86400000));
  });

  test('The session logs out after a configured time with no user activity; on timeout the user goes to the logout page with the timeout flag set', async () => {
    const { store, mock, navigation } = await startSession();
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS - 1000);
    expect(store.getState().session.status).toBe('loggedIn');
    await jest.advanceTimersByTimeAsync(1000);
    const s = store.getState();
    expect(s.session.status).toBe('loggedOut');
    expect(s.session.timedOut).toBe(true);
    expect(mock.history.get.some((r) => r.url === '/api/auth/v1/logout')).toBe(true);
    expect(navigation.navigate).toHaveBeenCalledWith(LOGOUT_TIMEOUT_PATH);
    expect(LOGOUT_TIMEOUT_PATH).toBe('/logout?timeout=true');
  });

  test('User activity events (keys, clicks, scroll, touch) are throttled to once per 60 s; each one resets the timer and refreshes the cookie', async () => {
    const { store, mock } = await startSession();
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS - 90000);
    fireEvent.click(window);
    await jest.advanceTimersByTimeAsync(0);
    expect(refreshes(mock)).toBe(1);
    fireEvent.keyDown(window);
    fireEvent.scroll(window);
    fireEvent.touchStart(window);
    await jest.advanceTimersByTimeAsync(0);
    expect(refreshes(mock)).toBe(1);
    // The click reset the timer: the original deadline passes without a logout.
    await jest.advanceTimersByTimeAsync(60000);
    expect(store.getState().session.status).toBe('loggedIn');
    fireEvent.keyDown(window);
    await jest.advanceTimersByTimeAsync(0);
    expect(refreshes(mock)).toBe(2);
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS - 1000);
    expect(store.getState().session.status).toBe('loggedIn');
    await jest.advanceTimersByTimeAsync(1000);
    expect(store.getState().session.status).toBe('loggedOut');
  });

  test('a warning one minute before counts down the seconds left', async () => {
    const { store } = await startSession();
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS - 60000);
    expect(store.getState().inactivity).toMatchObject({ status: 'warning', secondsLeft: 60 });
    await jest.advanceTimersByTimeAsync(1000);
    expect(store.getState().inactivity.secondsLeft).toBe(59);
    await jest.advanceTimersByTimeAsync(58000);
    expect(store.getState().inactivity.secondsLeft).toBe(1);
  });

  test('"Stay signed in" counts as activity: it closes the warning, refreshes the cookie and restarts the timer', async () => {
    const { store, mock } = await startSession();
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS - 30000);
    expect(store.getState().inactivity.status).toBe('warning');
    store.dispatch(staySignedInClicked());
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().inactivity).toMatchObject({ status: 'watching', secondsLeft: null });
    expect(refreshes(mock)).toBe(1);
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS - 1000);
    expect(store.getState().session.status).toBe('loggedIn');
  });

  test('activity does nothing while nobody is signed in', async () => {
    const { store, mock } = createTestStore();
    fireEvent.click(window);
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS * 2);
    expect(mock.history.post).toHaveLength(0);
    expect(store.getState().inactivity.status).toBe('idle');
  });
});
