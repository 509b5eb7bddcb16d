import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import {
  clearAllCookies,
  createTestStore,
  flush,
  makeUser,
  stateWhen,
} from '../../test-support/storeHarness';
import { DEMO_TENANT_ROLES } from '../../api/contract/demo';
import { sessionStarted } from '../session/sessionSlice';
import {
  noteSaveRequested,
  publishRequested,
  revisionLoaded,
  revisionReducer,
  initialRevisionState,
  revisionRequested,
} from './revisionSlice';
import { PUBLISHED_MESSAGE } from './revisionSaga';
import { EXTENSIONS_PATHS } from '../../api/contract/extensions';
import { FORBIDDEN_MESSAGE, FORBIDDEN_SNACKBAR_MS } from '../../api/http';

const base = { staged_rev_id: 5, rev_id: 4, updated_at: '2026-11-01T00:00:00.000Z' };
const staged = { ...base, state: 'staged' as const };
const fresh = { ...base, state: 'new' as const };

beforeEach(() => {
  clearAllCookies();
  setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
});
afterAll(() => setRuntimeEnvForTests(null));

describe('policy revision (docs/policy.md §2)', () => {
  test('revisionRequested loads the revision and its note (the revision-note extension)', async () => {
    const { store, mock } = createTestStore();
    // The session's start asks which extensions the server serves (extensionsSaga).
    mock.onGet(EXTENSIONS_PATHS.tenant).reply(200, { extensions: ['revision-note'] });
    store.dispatch(sessionStarted(makeUser({ roles: { read: ['web_policy:*'], write: [] } })));
    await stateWhen(store, (s) => s.extensions.status === 'detected');
    mock.onGet('/api/policy/v1/rules').reply(200, staged);
    mock.onGet('/api/policy/v1/rules/portal_note/5').reply(200, { rev_id: 5, note: 'Block gambling' });
    store.dispatch(revisionRequested());
    await stateWhen(store, (s) => s.revision.note !== null);
    expect(store.getState().revision).toMatchObject({
      status: 'loaded',
      revision: staged,
      note: 'Block gambling',
    });
    const read = mock.history.get.find((r) => r.url === '/api/policy/v1/rules');
    expect(read?.params).toHaveProperty('timestamp');
  });

  test('a role that may not read web policy is not asked for the note (issue 31: a 403 at every logs visit)', async () => {
    const { store, mock } = createTestStore();
    // The server serves the note (revision-note): only the role keeps the portal from asking.
    mock.onGet(EXTENSIONS_PATHS.tenant).reply(200, { extensions: ['revision-note'] });
    store.dispatch(
      sessionStarted(makeUser({ roles: { read: [...DEMO_TENANT_ROLES.logs.read], write: [] } })),
    );
    await stateWhen(store, (s) => s.extensions.status === 'detected');
    mock.onGet('/api/policy/v1/rules').reply(200, staged);
    store.dispatch(revisionRequested());
    await stateWhen(store, (s) => s.revision.status === 'loaded');
    await flush();
    expect(mock.history.get.map((r) => r.url).filter((u) => u?.startsWith('/api/policy'))).toEqual([
      '/api/policy/v1/rules',
    ]);
    expect(store.getState().revision.note).toBeNull();
  });

  test('Publishing posts only when the state is staged', async () => {
    const { store, mock } = createTestStore();
    const published = { staged_rev_id: 5, rev_id: 5, state: 'new', updated_at: '2026-11-02T00:00:00.000Z' };
    mock.onPost('/api/policy/v1/rules/5').reply(200, published);
    store.dispatch(revisionLoaded(staged));
    store.dispatch(publishRequested());
    expect(store.getState().revision.status).toBe('publishing');
    const s = await stateWhen(store, (st) => st.snackbar.bottom !== null);
    expect(mock.history.post).toHaveLength(1);
    expect(s.revision.revision).toEqual(published);
    expect(s.snackbar.bottom?.text).toBe(PUBLISHED_MESSAGE);
  });

  test('otherwise it does nothing', async () => {
    const { store, mock } = createTestStore();
    store.dispatch(revisionLoaded(fresh));
    const before = store.getState().revision;
    store.dispatch(publishRequested());
    await flush();
    expect(mock.history.post).toHaveLength(0);
    expect(store.getState().revision).toEqual(before);
  });

  test('a failed publish becomes typed state and a save-kind error snackbar', async () => {
    const { store, mock } = createTestStore();
    mock.onPost('/api/policy/v1/rules/5').reply(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'The policy revision has changed since it was loaded. Reload and try again.',
      field: 'rev',
    });
    store.dispatch(revisionLoaded(staged));
    store.dispatch(publishRequested());
    const s = await stateWhen(store, (st) => st.snackbar.bottom !== null);
    expect(s.revision.error).toMatchObject({ status: 409, field: 'rev', callName: 'publishRevision' });
    expect(s.snackbar.bottom?.text).toBe(
      'Error: The policy revision has changed since it was loaded. Reload and try again.',
    );
    expect(s.snackbar.bottom?.severity).toBe('error');
  });

  // docs/http-client.md §4: a 403 shows the permission message for 5 s; the
  // revision's own "Error: <message>" snackbar replaced it (issue 37 point 5).
  test('a 403 on the revision read shows the 5-second permission message, not "Error: <message>"', async () => {
    const { store, mock } = createTestStore();
    mock
      .onGet('/api/policy/v1/rules')
      .reply(403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' });
    store.dispatch(revisionRequested());
    const s = await stateWhen(store, (st) => st.revision.status === 'failed');
    await flush();
    expect(s.revision.error).toMatchObject({ status: 403, callName: 'getRevision' });
    expect(store.getState().snackbar.bottom).toMatchObject({
      text: FORBIDDEN_MESSAGE,
      severity: 'error',
      duration: FORBIDDEN_SNACKBAR_MS,
    });
  });

  test('a 403 on publish keeps the permission message too', async () => {
    const { store, mock } = createTestStore();
    mock
      .onPost('/api/policy/v1/rules/5')
      .reply(403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' });
    store.dispatch(revisionLoaded(staged));
    store.dispatch(publishRequested());
    await stateWhen(store, (st) => st.revision.status !== 'publishing');
    await flush();
    expect(store.getState().snackbar.bottom).toMatchObject({
      text: FORBIDDEN_MESSAGE,
      duration: FORBIDDEN_SNACKBAR_MS,
    });
  });

  test('noteSaveRequested saves the note with rev_id, state and updated_at into the staged revision', async () => {
    const { store, mock } = createTestStore();
    mock
      .onPut('/api/policy/v1/rules/portal_note/5')
      .reply(200, { ...staged, updated_at: '2026-11-03T00:00:00.000Z' });
    store.dispatch(revisionLoaded(fresh));
    store.dispatch(noteSaveRequested({ note: 'Quarterly review' }));
    const s = await stateWhen(store, (st) => st.revision.status === 'loaded' && st.revision.note !== null);
    expect(JSON.parse(mock.history.put[0].data as string)).toEqual({
      rev_id: 4,
      state: 'new',
      updated_at: '2026-11-01T00:00:00.000Z',
      data: { note: 'Quarterly review' },
    });
    expect(s.revision.note).toBe('Quarterly review');
    expect(s.revision.revision?.state).toBe('staged');
  });

  test('the reducer ignores publishRequested without a staged revision', () => {
    expect(revisionReducer(initialRevisionState, publishRequested()).status).toBe('idle');
  });
});
