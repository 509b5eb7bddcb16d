/**
 * Issue 12: publish with a comment (and the reviewed updated_at), discard, rollback, the staged
 * review, the history page and the comparison of two revisions, against a real store with HTTP
 * stubbed at the axios boundary.
 */
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { clearAllCookies, createTestStore, flush, stateWhen } from '../../test-support/storeHarness';
import type { PolicyDiff, RevisionsPage } from '../../api/contract/policy';
import {
  comparisonRequested,
  discardRequested,
  historyRequested,
  publishRequested,
  reviewRequested,
  revisionLoaded,
  rollbackRequested,
} from './revisionSlice';
import { DISCARDED_MESSAGE, PUBLISHED_MESSAGE, conflictMessage, rollbackStagedMessage } from './revisionSaga';
import { extensionsDetected } from '../extensions/extensionsSlice';
import { extensionsOf } from '../../api/contract/extensions';
import { selectStagedChangeCount } from './revisionSelectors';

const staged = {
  staged_rev_id: 5,
  rev_id: 4,
  state: 'staged' as const,
  updated_at: '2026-11-01T00:00:00.000Z',
};
const published = {
  staged_rev_id: 5,
  rev_id: 5,
  state: 'new' as const,
  updated_at: '2026-11-02T00:00:00.000Z',
};

const diff: PolicyDiff = {
  from: 4,
  to: 5,
  kinds: [
    {
      kind: 'risks',
      title: 'Risk levels',
      changes: [
        { op: 'changed', path: 'list', key: 'Y', index: 1, field: 'action', from: 'safeview', to: 'block' },
      ],
    },
    {
      kind: 'web/exceptions',
      title: 'Domain rules and exceptions',
      changes: [{ op: 'moved', path: 'list', key: 'r2', from: 1, to: 0 }],
    },
  ],
};

beforeEach(() => {
  clearAllCookies();
  setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
});
afterAll(() => setRuntimeEnvForTests(null));

describe('publish with a comment (issue 12)', () => {
  test('sends the comment and the updated_at the publisher reviewed', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    mock.onPost('/api/policy/v1/rules/5').reply(200, published);
    store.dispatch(revisionLoaded(staged));
    store.dispatch(publishRequested({ comment: 'Quarterly review', reviewedAt: '2026-10-31T23:00:00.000Z' }));
    const s = await stateWhen(store, (st) => st.snackbar.bottom !== null);
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual({
      comment: 'Quarterly review',
      updated_at: '2026-10-31T23:00:00.000Z',
    });
    expect(s.snackbar.bottom?.text).toBe(PUBLISHED_MESSAGE);
    expect(s.revision.revision).toEqual(published);
  });

  test('without a review it sends the loaded revision’s updated_at and no comment', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    mock.onPost('/api/policy/v1/rules/5').reply(200, published);
    store.dispatch(revisionLoaded(staged));
    store.dispatch(publishRequested());
    await stateWhen(store, (st) => st.snackbar.bottom !== null);
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual({ updated_at: staged.updated_at });
  });

  test('a 409 names who changed the policy and when, reloads the revision and its review', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    const changed = { ...staged, updated_at: '2026-11-01T00:05:00.000Z', updated_by: 'bob@acme.example' };
    mock.onPost('/api/policy/v1/rules/5').reply(409, {
      statusCode: 409,
      error: 'Conflict',
      message:
        'The policy revision was changed by bob@acme.example at 2026-11-01T00:05:00.000Z. Reload and try again.',
      field: 'updated_at',
      changed_by: 'bob@acme.example',
      changed_at: '2026-11-01T00:05:00.000Z',
    });
    mock.onGet('/api/policy/v1/rules').reply(200, changed);
    mock.onGet('/api/policy/v1/rules/portal_note/5').reply(200, { rev_id: 5, note: '' });
    mock.onGet('/api/policy/v1/revisions/diff').reply(200, diff);
    mock
      .onGet(/\/api\/policy\/v3\/rules\/web\/exceptions\/5/)
      .reply(200, { rev_id: 5, list: [], bypass: [] });
    store.dispatch(revisionLoaded(staged));
    store.dispatch(publishRequested({ comment: 'x' }));
    const s = await stateWhen(store, (st) => st.revision.review.status === 'loaded');
    const details = { changed_by: 'bob@acme.example', changed_at: '2026-11-01T00:05:00.000Z' };
    expect(s.revision.conflict).toEqual(details);
    expect(s.snackbar.bottom?.text).toBe(`Error: ${conflictMessage(details)}`);
    expect(conflictMessage(details)).toContain('bob@acme.example changed the policy at ');
    // The revision reloaded, and the review is that of the new updated_at.
    expect(s.revision.revision).toEqual(changed);
    expect(s.revision.review.updatedAt).toBe(changed.updated_at);
    expect(mock.history.get.find((r) => r.url === '/api/policy/v1/revisions/diff')?.params).toMatchObject({
      from: '4',
      to: '5',
    });
    expect(selectStagedChangeCount(s)).toBe(2);
  });

  test('on a backend without revision-diff (docs/api.md) a 409 reloads the revision and asks no review', async () => {
    const { store, mock } = createTestStore();
    store.dispatch(extensionsDetected([]));
    const changed = { ...staged, updated_at: '2026-11-01T00:05:00.000Z' };
    mock.onPost('/api/policy/v1/rules/5').reply(409, {
      message: 'The policy revision was changed. Reload and try again.',
      changed_by: 'bob@acme.example',
      changed_at: '2026-11-01T00:05:00.000Z',
    });
    mock.onGet('/api/policy/v1/rules').reply(200, changed);
    store.dispatch(revisionLoaded(staged));
    store.dispatch(publishRequested({}));
    const s = await stateWhen(store, (st) => st.revision.revision?.updated_at === changed.updated_at);
    await flush();
    expect(s.revision.conflict).not.toBeNull();
    expect(store.getState().revision.review.status).toBe('idle');
    expect(mock.history.get.map((r) => r.url)).toEqual(['/api/policy/v1/rules']);
  });
});

describe('discard', () => {
  test('posts rev_id, state and updated_at to the staged revision’s discard; the revision is new again', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    const after = {
      staged_rev_id: 5,
      rev_id: 4,
      state: 'new' as const,
      updated_at: '2026-11-01T00:01:00.000Z',
    };
    mock.onPost('/api/policy/v1/rules/5/discard').reply(200, after);
    store.dispatch(revisionLoaded(staged));
    store.dispatch(discardRequested());
    expect(store.getState().revision.status).toBe('discarding');
    const s = await stateWhen(store, (st) => st.snackbar.bottom !== null);
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual({
      rev_id: 4,
      state: 'staged',
      updated_at: staged.updated_at,
    });
    expect(s.revision.revision).toEqual(after);
    expect(s.revision.status).toBe('loaded');
    expect(s.snackbar.bottom?.text).toBe(DISCARDED_MESSAGE);
  });

  test('does nothing when nothing is staged', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    store.dispatch(revisionLoaded(published));
    store.dispatch(discardRequested());
    await flush();
    expect(mock.history.post).toHaveLength(0);
    expect(store.getState().revision.status).toBe('loaded');
  });

  test('a refused discard is typed state and an error snackbar', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    mock.onPost('/api/policy/v1/rules/5/discard').reply(403, {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Missing permission: web_policy:*:write.',
    });
    store.dispatch(revisionLoaded(staged));
    store.dispatch(discardRequested());
    const s = await stateWhen(store, (st) => st.revision.status === 'failed');
    expect(s.revision.error).toMatchObject({ status: 403, callName: 'discardStaged' });
    expect(s.revision.revision).toEqual(staged);
  });
});

describe('rollback', () => {
  test('stages a copy of the published revision and says what to do next', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    const after = {
      staged_rev_id: 6,
      rev_id: 5,
      state: 'staged' as const,
      updated_at: '2026-11-03T00:00:00.000Z',
    };
    mock.onPost('/api/policy/v1/revisions/3/rollback').reply(200, after);
    store.dispatch(revisionLoaded(published));
    store.dispatch(rollbackRequested({ rev: 3 }));
    expect(store.getState().revision.status).toBe('rollingBack');
    const s = await stateWhen(store, (st) => st.snackbar.bottom !== null);
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual({
      rev_id: 5,
      state: 'new',
      updated_at: published.updated_at,
    });
    expect(s.revision.revision).toEqual(after);
    expect(s.snackbar.bottom?.text).toBe(rollbackStagedMessage(3));
  });

  test('a rollback refused as stale shows who changed the policy', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    mock.onPost('/api/policy/v1/revisions/3/rollback').reply(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'stale',
      changed_by: null,
      changed_at: '2026-11-02T10:00:00.000Z',
    });
    mock.onGet('/api/policy/v1/rules').reply(200, published);
    mock.onGet('/api/policy/v1/rules/portal_note/5').reply(200, { rev_id: 5, note: '' });
    store.dispatch(revisionLoaded(published));
    store.dispatch(rollbackRequested({ rev: 3 }));
    const s = await stateWhen(
      store,
      (st) => st.revision.conflict !== null && st.revision.review.status === 'loaded',
    );
    expect(s.snackbar.bottom?.text).toContain('Someone changed the policy at ');
    // Nothing staged after the reload: an empty review, no diff call.
    expect(s.revision.review.diff?.kinds).toEqual([]);
    expect(mock.history.get.some((r) => r.url === '/api/policy/v1/revisions/diff')).toBe(false);
  });
});

describe('review, history and comparison', () => {
  test('the staged review diffs rev_id → staged_rev_id and reads the changed lists’ entries', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    mock.onGet('/api/policy/v1/revisions/diff').reply(200, diff);
    mock.onGet('/api/policy/v3/rules/web/exceptions/5').reply(200, {
      rev_id: 5,
      list: [{ id: 'r2', name: 'Allow news', enabled: true, action: 'allow', conditions: {} }],
      bypass: [],
    });
    mock.onGet('/api/policy/v1/rules/risks/5').reply(200, { rev_id: 5, list: [], flash: false });
    store.dispatch(revisionLoaded(staged));
    store.dispatch(reviewRequested());
    const s = await stateWhen(store, (st) => st.revision.review.status === 'loaded');
    expect(s.revision.review.diff).toEqual(diff);
    expect(s.revision.review.entries['web/exceptions'].list.r2).toMatchObject({ name: 'Allow news' });
    expect(selectStagedChangeCount(s)).toBe(2);
  });

  test('a failed review is typed state (the bar shows it), the revision stays', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    mock.onGet('/api/policy/v1/revisions/diff').reply(500, { statusCode: 500, error: 'x', message: 'Boom' });
    store.dispatch(revisionLoaded(staged));
    store.dispatch(reviewRequested());
    const s = await stateWhen(store, (st) => st.revision.review.status === 'failed');
    expect(s.revision.review.error).toMatchObject({ status: 500, callName: 'diffRevisions' });
    expect(s.revision.revision).toEqual(staged);
  });

  test('a review of a revision that changed meanwhile is dropped', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    mock.onGet('/api/policy/v1/revisions/diff').reply(200, { from: 4, to: 5, kinds: [] });
    store.dispatch(revisionLoaded(staged));
    store.dispatch(reviewRequested());
    store.dispatch(revisionLoaded({ ...staged, updated_at: '2026-11-01T00:09:00.000Z' }));
    await flush();
    expect(store.getState().revision.review.status).toBe('idle');
  });

  test('the history loads 25 from offset 0 by default, then the page asked for', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    const page: RevisionsPage = {
      total: 30,
      items: [
        {
          rev_id: 5,
          published_at: '2026-11-02T00:00:00.000Z',
          published_by: 'admin@acme.example',
          comment: 'Quarterly review',
          rolled_back_from: null,
        },
      ],
      current: published,
    };
    mock.onGet('/api/policy/v1/revisions').reply(200, page);
    store.dispatch(historyRequested());
    let s = await stateWhen(store, (st) => st.revision.history.status === 'loaded');
    expect(mock.history.get[0].params).toMatchObject({ limit: '25', offset: '0' });
    expect(s.revision.history).toMatchObject({ total: 30, items: page.items, limit: 25, offset: 0 });
    store.dispatch(historyRequested({ offset: 25 }));
    expect(store.getState().revision.history.status).toBe('loading');
    s = await stateWhen(store, (st) => st.revision.history.status === 'loaded');
    expect(mock.history.get[1].params).toMatchObject({ limit: '25', offset: '25' });
    expect(s.revision.history.offset).toBe(25);
  });

  test('a failed history page is typed state', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    mock.onGet('/api/policy/v1/revisions').reply(500, { statusCode: 500, error: 'x', message: 'Down' });
    store.dispatch(historyRequested());
    const s = await stateWhen(store, (st) => st.revision.history.status === 'failed');
    expect(s.revision.history.error?.message).toContain('Down');
  });

  test('comparing two revisions diffs from → to', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    const between: PolicyDiff = { ...diff, from: 2, to: 4 };
    mock.onGet('/api/policy/v1/revisions/diff').reply(200, between);
    mock.onGet(/^\/api\/policy\/v[13]\/rules\//).reply(200, { rev_id: 4, list: [] });
    store.dispatch(comparisonRequested({ from: 2, to: 4 }));
    const s = await stateWhen(store, (st) => st.revision.comparison.status === 'loaded');
    expect(mock.history.get[0].params).toMatchObject({ from: '2', to: '4' });
    expect(s.revision.comparison.diff).toEqual(between);
  });

  test('a published revision drops the review and marks the history for a reload', async () => {
    const { store, mock } = createTestStore();
    // The reference server's extensions (docs/api.md): the review and the note are read.
    store.dispatch(extensionsDetected(extensionsOf('tenant')));
    mock.onGet('/api/policy/v1/revisions').reply(200, { total: 0, items: [], current: staged });
    mock.onPost('/api/policy/v1/rules/5').reply(200, published);
    store.dispatch(historyRequested());
    await stateWhen(store, (st) => st.revision.history.status === 'loaded');
    store.dispatch(revisionLoaded(staged));
    store.dispatch(publishRequested());
    const s = await stateWhen(
      store,
      (st) => st.revision.status === 'loaded' && st.revision.revision?.state === 'new',
    );
    expect(s.revision.history.status).toBe('idle');
    expect(s.revision.review.status).toBe('idle');
  });
});
