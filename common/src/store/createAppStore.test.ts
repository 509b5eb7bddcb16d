import { createSlice } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { put, takeEvery } from 'redux-saga/effects';
import { createAppStore } from './createAppStore';

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
  test('has the shared slices, plus the app slices and sagas it is given', () => {
    const { store, http } = createAppStore({
      world: 'tenant',
      navigation,
      extraReducers: { counter: counter.reducer },
      extraSagas: [pingSaga],
    });
    const state = store.getState() as ReturnType<typeof store.getState> & {
      counter: { pings: number; pongs: number };
    };
    expect(Object.keys(state)).toEqual(
      expect.arrayContaining([
        'session',
        'revision',
        'inactivity',
        'snackbar',
        'providerSession',
        'logPaging',
        'savedSearches',
        'counter',
      ]),
    );
    expect(state.session.status).toBe('notInitialized');
    store.dispatch(counter.actions.pinged());
    expect((store.getState() as typeof state).counter).toEqual({ pings: 1, pongs: 1 });
    expect(typeof http.get).toBe('function');
  });
});
