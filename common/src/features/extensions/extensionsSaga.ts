/**
 * Detection at session start (docs/api.md): when a world's session starts, one call lists the
 * extensions the server serves. Sagas that call an extension's routes themselves ask
 * `extensionServed(id)`, which waits for that answer; components gate their controls on
 * `useExtension(id)` (or the route table's `extension`), never on a call failing.
 */
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, take, takeLatest } from 'redux-saga/effects';
import type { ExtensionId } from '../../api/contract/extensions';
import { listExtensions } from '../../api/extensions';
import type { HttpClient } from '../../api/http';
import { toErrorInfo } from '../../api/ApiCallError';
import { loggedOut, sessionStarted } from '../session/sessionSlice';
import { providerLoggedOut, providerSessionStarted } from '../provider-session/providerSessionSlice';
import { extensionsDetected, extensionsDetectionFailed } from './extensionsSlice';
import { selectExtensionsState } from './extensionsSelectors';
import type { ExtensionsState } from './extensionsSlice';

function detect(world: 'tenant' | 'provider') {
  return function* detectExtensions(): SagaIterator {
    const http: HttpClient = yield getContext('http');
    try {
      const served: ExtensionId[] = yield call(listExtensions, http, world);
      yield put(extensionsDetected(served));
    } catch (e) {
      yield put(extensionsDetectionFailed(toErrorInfo(e, 'listExtensions')));
    }
  };
}

/**
 * The tenant portal's: on sessionStarted, unless a step is pending (the server holds back every
 * other call until it is done; the session is then started again).
 */
export function* tenantExtensionsSaga(): SagaIterator {
  const detectTenant = detect('tenant');
  yield takeLatest(sessionStarted.type, function* started(action: ReturnType<typeof sessionStarted>) {
    if (action.payload.pending_steps.length > 0) return;
    yield call(detectTenant);
  });
}

/** The provider console's: on providerSessionStarted. */
export function* providerExtensionsSaga(): SagaIterator {
  yield takeLatest(providerSessionStarted.type, detect('provider'));
}

/**
 * Whether extension `id` is served, once the session's detection has answered (a store where no
 * session started, or whose session ended meanwhile, has none).
 */
export function* extensionServed(id: ExtensionId): SagaIterator<boolean> {
  let state: ExtensionsState = yield select(selectExtensionsState);
  while (state.status === 'detecting') {
    // A logout during detection ends the wait too (the state is reset: nothing served).
    yield take([
      extensionsDetected.type,
      extensionsDetectionFailed.type,
      loggedOut.type,
      providerLoggedOut.type,
    ]);
    state = yield select(selectExtensionsState);
  }
  return state.served.includes(id);
}
