import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { clearAllCookies, createTestStore, flush, stateWhen } from '../../test-support/storeHarness';
import { revisionLoaded } from '../revision/revisionSlice';
import {
  conflictDiscarded,
  conflictReapplyRequested,
  policyDocEdited,
  policyDocRequested,
  policyDocSaveRequested,
} from './policyDocsSlice';
import { POLICY_DOC_SAVED_MESSAGE } from './policyDocsSaga';
import { FORBIDDEN_MESSAGE, FORBIDDEN_SNACKBAR_MS } from '../../api/http';

const loadedRev = {
  staged_rev_id: 5,
  rev_id: 4,
  state: 'new' as const,
  updated_at: '2026-11-01T00:00:00.000Z',
};
const afterMine = { ...loadedRev, state: 'staged' as const, updated_at: '2026-11-01T00:05:00.000Z' };
const afterTheirs = {
  ...loadedRev,
  state: 'staged' as const,
  updated_at: '2026-11-01T00:03:00.000Z',
  updated_by: 'bob@acme.example',
};
const CATS = '/api/policy/v1/rules/cats/5';
const stale = {
  statusCode: 409,
  error: 'Conflict',
  message:
    'The policy revision was changed by bob@acme.example at 2026-11-01T00:03:00.000Z. Reload and try again.',
  field: 'updated_at',
  changed_by: 'bob@acme.example',
  changed_at: '2026-11-01T00:03:00.000Z',
};
const cats = (...entries: Array<[number, string]>) => ({
  list: entries.map(([category_id, action]) => ({ category_id, action })),
});
const kind = 'cats' as const;

beforeEach(() => {
  clearAllCookies();
  setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
});
afterAll(() => setRuntimeEnvForTests(null));

/** A store whose cats editor loaded [1 allow] at revision 5 and whose draft blocks 2 as well. */
async function editedStore() {
  const { store, mock } = createTestStore();
  store.dispatch(revisionLoaded(loadedRev));
  mock.onGet(CATS).replyOnce(200, { rev_id: 5, ...cats([1, 'allow']) });
  store.dispatch(policyDocRequested({ kind }));
  await stateWhen(store, (s) => s.policyDocs.editors.cats?.status === 'ready');
  store.dispatch(policyDocEdited({ kind, draft: cats([1, 'allow'], [2, 'block']) }));
  return { store, mock };
}

const putBodies = (mock: { history: { put: Array<{ data?: unknown }> } }) =>
  mock.history.put.map((r) => JSON.parse(r.data as string) as Record<string, unknown>);

describe('policy-docs saga: load', () => {
  test('reads the kind at the staged revision; the document is the reply without rev_id', async () => {
    const { store } = await editedStore();
    expect(store.getState().policyDocs.editors.cats).toMatchObject({
      saved: cats([1, 'allow']),
      basis: { rev: 5, state: 'new', updatedAt: loadedRev.updated_at },
    });
  });

  test("a parent tenant's rules answered 403 or 404 read as empty, not as a failure (docs/http-client.md §5)", async () => {
    const { store, mock } = createTestStore();
    store.dispatch(revisionLoaded(loadedRev));
    mock
      .onGet('/api/policy/v1/rules/inspection/parent_global_exceptions/')
      .replyOnce(404, { message: 'No parent.' });
    store.dispatch(policyDocRequested({ kind: 'inspection/parent_global_exceptions' }));
    await stateWhen(
      store,
      (s) => s.policyDocs.editors['inspection/parent_global_exceptions']?.status === 'ready',
    );
    expect(store.getState().policyDocs.editors['inspection/parent_global_exceptions']?.draft).toEqual({
      pre: [],
      post: [],
    });
  });

  test('fetches the revision first when none is known', async () => {
    const { store, mock } = createTestStore();
    mock.onGet('/api/policy/v1/rules').reply(200, loadedRev);
    mock.onGet('/api/policy/v1/rules/risks/5').reply(200, { rev_id: 5, list: [], flash: true });
    store.dispatch(policyDocRequested({ kind: 'risks' }));
    const s = await stateWhen(store, (st) => st.policyDocs.editors.risks?.status === 'ready');
    expect(s.policyDocs.editors.risks?.draft).toEqual({ list: [], flash: true });
    expect(s.revision.revision).toEqual(loadedRev);
  });

  test('a failed load is typed state', async () => {
    const { store, mock } = createTestStore();
    store.dispatch(revisionLoaded(loadedRev));
    mock.onGet(CATS).reply(500, { statusCode: 500, error: 'Internal', message: 'Store unavailable' });
    store.dispatch(policyDocRequested({ kind }));
    const s = await stateWhen(store, (st) => st.policyDocs.editors.cats?.status === 'failed');
    expect(s.policyDocs.editors.cats?.error).toMatchObject({ status: 500, message: 'Store unavailable' });
  });
});

describe('policy-docs saga: save', () => {
  test('sends rev_id, state, updated_at and the draft; hands the reply to the revision', async () => {
    const { store, mock } = await editedStore();
    mock.onPut(CATS).replyOnce(200, afterMine);
    store.dispatch(policyDocSaveRequested({ kind }));
    const s = await stateWhen(store, (st) => st.snackbar.bottom !== null);
    expect(putBodies(mock)).toEqual([
      { rev_id: 4, state: 'new', updated_at: loadedRev.updated_at, data: cats([1, 'allow'], [2, 'block']) },
    ]);
    expect(s.revision.revision).toEqual(afterMine);
    expect(s.policyDocs.editors.cats).toMatchObject({ saved: cats([1, 'allow'], [2, 'block']), past: [] });
    expect(s.snackbar.bottom?.text).toBe(POLICY_DOC_SAVED_MESSAGE);
  });

  test('a 400 keeps the draft and names the field', async () => {
    const { store, mock } = await editedStore();
    mock.onPut(CATS).replyOnce(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'category_id 2 is listed twice.',
      field: 'data.list.1.category_id',
    });
    store.dispatch(policyDocSaveRequested({ kind }));
    const s = await stateWhen(store, (st) => st.policyDocs.editors.cats?.error !== null);
    expect(s.policyDocs.editors.cats).toMatchObject({
      status: 'ready',
      draft: cats([1, 'allow'], [2, 'block']),
      error: { status: 400, field: 'data.list.1.category_id', message: 'category_id 2 is listed twice.' },
    });
  });

  // docs/http-client.md §4: a 403 shows the permission message for 5 s; the
  // save's own "Error: <message>" snackbar must not replace it.
  test('a 403 on save keeps the 5-second permission message and the draft', async () => {
    const { store, mock } = await editedStore();
    mock.onPut(CATS).replyOnce(403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' });
    store.dispatch(policyDocSaveRequested({ kind }));
    await stateWhen(store, (st) => st.policyDocs.editors.cats?.error !== null);
    await flush();
    expect(store.getState().policyDocs.editors.cats?.draft).toEqual(cats([1, 'allow'], [2, 'block']));
    expect(store.getState().snackbar.bottom).toMatchObject({
      text: FORBIDDEN_MESSAGE,
      duration: FORBIDDEN_SNACKBAR_MS,
    });
  });

  describe('409: another administrator changed the document', () => {
    async function conflicted() {
      const ctx = await editedStore();
      ctx.mock.onPut(CATS).replyOnce(409, stale);
      ctx.mock.onGet('/api/policy/v1/rules').reply(200, afterTheirs);
      ctx.mock.onGet(CATS).replyOnce(200, { rev_id: 5, ...cats([1, 'block']) });
      ctx.store.dispatch(policyDocSaveRequested({ kind }));
      await stateWhen(ctx.store, (s) => s.policyDocs.editors.cats?.status === 'conflict');
      return ctx;
    }

    test('enters conflict with theirs, mine, who and when; the revision is the fresh one', async () => {
      const { store } = await conflicted();
      const s = store.getState();
      expect(s.policyDocs.editors.cats?.conflict).toEqual({
        theirs: cats([1, 'block']),
        mine: cats([1, 'allow'], [2, 'block']),
        changedBy: 'bob@acme.example',
        changedAt: '2026-11-01T00:03:00.000Z',
        revision: afterTheirs,
      });
      expect(s.revision.revision).toEqual(afterTheirs);
    });

    test('"Reload and re-apply my edit" saves my draft against the fresh revision', async () => {
      const { store, mock } = await conflicted();
      mock.onPut(CATS).replyOnce(200, afterMine);
      store.dispatch(conflictReapplyRequested({ kind }));
      const s = await stateWhen(store, (st) => st.snackbar.bottom !== null);
      expect(s.revision.revision).toEqual(afterMine);
      expect(putBodies(mock)[1]).toEqual({
        rev_id: 4,
        state: 'staged',
        updated_at: afterTheirs.updated_at,
        data: cats([1, 'allow'], [2, 'block']),
      });
      expect(s.policyDocs.editors.cats).toMatchObject({
        saved: cats([1, 'allow'], [2, 'block']),
        draft: cats([1, 'allow'], [2, 'block']),
        conflict: null,
      });
    });

    test('"Discard my edit" takes their version and sends nothing', async () => {
      const { store, mock } = await conflicted();
      store.dispatch(conflictDiscarded({ kind }));
      await flush();
      expect(mock.history.put).toHaveLength(1);
      expect(store.getState().policyDocs.editors.cats).toMatchObject({
        status: 'ready',
        saved: cats([1, 'block']),
        draft: cats([1, 'block']),
        basis: { updatedAt: afterTheirs.updated_at },
      });
    });
  });

  test('a 409 whose fresh revision holds this document unchanged re-saves by itself', async () => {
    const { store, mock } = await editedStore();
    mock.onPut(CATS).replyOnce(409, stale).onPut(CATS).replyOnce(200, afterMine);
    mock.onGet('/api/policy/v1/rules').reply(200, afterTheirs);
    mock.onGet(CATS).replyOnce(200, { rev_id: 5, ...cats([1, 'allow']) });
    store.dispatch(policyDocSaveRequested({ kind }));
    const s = await stateWhen(store, (st) => st.snackbar.bottom !== null);
    expect(putBodies(mock).map((b) => b.updated_at)).toEqual([loadedRev.updated_at, afterTheirs.updated_at]);
    expect(s.policyDocs.editors.cats?.status).toBe('ready');
  });

  test('a revision that moved since the load is checked before saving: a changed document is a conflict', async () => {
    const { store, mock } = await editedStore();
    // The page learnt of a newer revision (e.g. the publish bar reloaded it).
    store.dispatch(revisionLoaded(afterTheirs));
    mock.onGet(CATS).replyOnce(200, { rev_id: 5, ...cats([7, 'block']) });
    store.dispatch(policyDocSaveRequested({ kind }));
    const s = await stateWhen(store, (st) => st.policyDocs.editors.cats?.status === 'conflict');
    expect(mock.history.put).toHaveLength(0);
    expect(s.policyDocs.editors.cats?.conflict).toMatchObject({
      theirs: cats([7, 'block']),
      changedBy: 'bob@acme.example',
      changedAt: afterTheirs.updated_at,
    });
  });
});
