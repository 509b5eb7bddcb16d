import { createSlice } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { put, takeEvery } from 'redux-saga/effects';
import { createAppStore } from './createAppStore';
import { TENANT_SESSION_WORLD } from './tenantSessionWorld';
import { createWorldStore } from './worldStore';

const counter = createSlice({
  name: 'counter',
  initialState: { pings: 0, pongs: 0 },
  reducers: {
    pinged(state) {
      state.pings += 1;
    },
    ponged(state) {
      state.pongs += 1;
    },
  },
});

function* pingSaga(): SagaIterator {
  yield takeEvery(counter.actions.pinged.type, function* pong() {
    yield put(counter.actions.ponged());
  });
}

const navigation = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };

describe('createAppStore', () => {
  test("a tenant store has the tenant world's slices, plus the app slices and sagas it is given, and nothing else", () => {
    const { store, http } = createAppStore({
      world: 'tenant',
      navigation,
      extraReducers: { counter: counter.reducer },
      extraSagas: [pingSaga],
    });
    const state = store.getState();
    expect(Object.keys(state).sort()).toEqual([
      'counter',
      'extensions',
      'inactivity',
      'policyReference',
      'revision',
      'session',
      'snackbar',
    ]);
    expect(state.session.status).toBe('notInitialized');
    store.dispatch(counter.actions.pinged());
    expect(store.getState().counter).toEqual({ pings: 1, pongs: 1 });
    expect(typeof http.get).toBe('function');
  });

  test("a provider store has the provider world's slices only (no tenant session, no logs)", () => {
    const { store } = createAppStore({ world: 'provider', navigation });
    expect(Object.keys(store.getState()).sort()).toEqual(['extensions', 'providerSession', 'snackbar']);
    expect(store.getState().providerSession.status).toBe('notInitialized');
  });

  test('inject adds slices and runs sagas on a running store, each once; the state it had stays', () => {
    const { store, inject } = createWorldStore(TENANT_SESSION_WORLD, { navigation });
    expect(Object.keys(store.getState()).sort()).toEqual(['extensions', 'inactivity', 'session', 'snackbar']);
    const session = store.getState().session;
    inject({ reducers: { counter: counter.reducer }, sagas: [pingSaga] });
    inject({ reducers: { counter: counter.reducer }, sagas: [pingSaga] });
    const state = store.getState() as unknown as Record<string, unknown>;
    expect(Object.keys(state).sort()).toEqual(['counter', 'extensions', 'inactivity', 'session', 'snackbar']);
    expect(state.session).toBe(session);
    store.dispatch(counter.actions.pinged());
    // One pong: the saga injected twice runs once.
    expect((store.getState() as unknown as { counter: unknown }).counter).toEqual({ pings: 1, pongs: 1 });
  });
});
