import {
  UNDO_LIMIT,
  conflictDiscarded,
  conflictReapplyRequested,
  initialPolicyDocsState,
  policyDocConflicted,
  policyDocEdited,
  policyDocLoaded,
  policyDocRedone,
  policyDocRequested,
  policyDocSaveFailed,
  policyDocSaveRequested,
  policyDocSaved,
  policyDocUndone,
  policyDocsReducer,
  sameDoc,
  type PolicyDocsState,
} from './policyDocsSlice';
import { reorderingEvents, withReorderingEvents } from './reorderingEvents';

const rev = { staged_rev_id: 5, rev_id: 4, state: 'new' as const, updated_at: '2026-11-01T00:00:00.000Z' };
const kind = 'cats' as const;
const doc = (...ids: number[]) => ({ list: ids.map((category_id) => ({ category_id, action: 'block' })) });

const run = (...actions: Parameters<typeof policyDocsReducer>[1][]): PolicyDocsState =>
  actions.reduce(policyDocsReducer, initialPolicyDocsState);
const loaded = policyDocLoaded({ kind, revision: rev, data: doc() });
const edited = (...ids: number[]) => policyDocEdited({ kind, draft: doc(...ids) });

describe('policy-docs reducer: undo and redo of unsaved edits', () => {
  test('an edit pushes the previous draft; undo and redo walk the history', () => {
    let s = run(loaded, edited(1), edited(1, 2));
    expect(s.editors.cats).toMatchObject({ draft: doc(1, 2), saved: doc(), past: [doc(), doc(1)] });
    s = policyDocsReducer(s, policyDocUndone({ kind }));
    expect(s.editors.cats?.draft).toEqual(doc(1));
    s = policyDocsReducer(s, policyDocUndone({ kind }));
    expect(s.editors.cats?.draft).toEqual(doc());
    // Nothing earlier: undo does nothing.
    expect(policyDocsReducer(s, policyDocUndone({ kind }))).toBe(s);
    s = policyDocsReducer(s, policyDocRedone({ kind }));
    expect(s.editors.cats?.draft).toEqual(doc(1));
    expect(s.editors.cats?.future).toEqual([doc(1, 2)]);
  });

  test('a new edit after undo clears redo', () => {
    const s = run(loaded, edited(1), edited(1, 2), policyDocUndone({ kind }), edited(3));
    expect(s.editors.cats).toMatchObject({ draft: doc(3), past: [doc(), doc(1)], future: [] });
    expect(policyDocsReducer(s, policyDocRedone({ kind })).editors.cats?.draft).toEqual(doc(3));
  });

  test('an edit equal to the draft is no step', () => {
    const s = run(loaded, edited(1), edited(1));
    expect(s.editors.cats?.past).toEqual([doc()]);
  });

  test(`undo keeps the last ${UNDO_LIMIT} steps`, () => {
    const steps = Array.from({ length: UNDO_LIMIT + 5 }, (_, i) => edited(i + 1));
    const s = run(loaded, ...steps);
    expect(s.editors.cats?.past).toHaveLength(UNDO_LIMIT);
    expect(s.editors.cats?.past[0]).toEqual(doc(5));
  });

  test('editors are kept per kind', () => {
    const s = run(
      loaded,
      policyDocLoaded({ kind: 'risks', revision: rev, data: { list: [], flash: false } }),
      edited(1),
      policyDocUndone({ kind: 'risks' }),
    );
    expect(s.editors.cats?.draft).toEqual(doc(1));
    expect(s.editors.risks?.past).toEqual([]);
  });

  test('no edit, undo or redo before the load, while saving or in conflict', () => {
    expect(run(policyDocRequested({ kind }), edited(1)).editors.cats?.draft).toBeNull();
    const saving = run(loaded, edited(1), policyDocSaveRequested({ kind }));
    expect(saving.editors.cats?.status).toBe('saving');
    expect(policyDocsReducer(saving, edited(2))).toBe(saving);
    expect(policyDocsReducer(saving, policyDocUndone({ kind }))).toBe(saving);
    // A second save while one runs does not start another.
    expect(policyDocsReducer(saving, policyDocSaveRequested({ kind }))).toBe(saving);
  });

  test('a save makes the draft the saved document and starts the history again', () => {
    const next = { ...rev, state: 'staged' as const, updated_at: '2026-11-02T00:00:00.000Z' };
    const s = run(
      loaded,
      edited(1),
      policyDocSaveRequested({ kind }),
      policyDocSaved({ kind, revision: next, data: doc(1) }),
    );
    expect(s.editors.cats).toMatchObject({
      status: 'ready',
      saved: doc(1),
      draft: doc(1),
      past: [],
      basis: { rev: 5, state: 'staged', updatedAt: next.updated_at },
    });
  });

  test('a failed save keeps the draft and its history', () => {
    const error = {
      status: 400,
      message: 'data.list.0.category_id is invalid.',
      callName: 'x',
      field: 'data.list.0.category_id',
    };
    const s = run(loaded, edited(1), policyDocSaveRequested({ kind }), policyDocSaveFailed({ kind, error }));
    expect(s.editors.cats).toMatchObject({ status: 'ready', draft: doc(1), past: [doc()], error });
  });

  describe('conflict', () => {
    const fresh = { ...rev, state: 'staged' as const, updated_at: '2026-11-03T00:00:00.000Z' };
    const conflicted = policyDocConflicted({
      kind,
      theirs: doc(9),
      mine: doc(1),
      changedBy: 'bob@acme.example',
      changedAt: fresh.updated_at,
      revision: fresh,
    });
    const base = () => run(loaded, edited(1), policyDocSaveRequested({ kind }), conflicted);

    test('holds theirs and mine; nothing can be edited until the user chooses', () => {
      const s = base();
      expect(s.editors.cats).toMatchObject({ status: 'conflict', draft: doc(1) });
      expect(s.editors.cats?.conflict).toMatchObject({
        theirs: doc(9),
        mine: doc(1),
        changedBy: 'bob@acme.example',
      });
      expect(policyDocsReducer(s, edited(2))).toBe(s);
    });

    test('re-apply keeps my draft over their version and saves it again', () => {
      const s = policyDocsReducer(base(), conflictReapplyRequested({ kind }));
      expect(s.editors.cats).toMatchObject({
        status: 'saving',
        saved: doc(9),
        draft: doc(1),
        conflict: null,
        basis: { updatedAt: fresh.updated_at },
      });
    });

    test('discard takes their version', () => {
      const s = policyDocsReducer(base(), conflictDiscarded({ kind }));
      expect(s.editors.cats).toMatchObject({
        status: 'ready',
        saved: doc(9),
        draft: doc(9),
        past: [],
        conflict: null,
      });
    });

    test('the choices do nothing without a conflict', () => {
      const s = run(loaded, edited(1));
      expect(policyDocsReducer(s, conflictDiscarded({ kind }))).toBe(s);
      expect(policyDocsReducer(s, conflictReapplyRequested({ kind }))).toBe(s);
    });
  });
});

describe('sameDoc', () => {
  test('ignores key order and undefined fields, not list order', () => {
    expect(sameDoc({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1, c: undefined })).toBe(true);
    expect(sameDoc({ b: [1, 2] }, { b: [2, 1] })).toBe(false);
  });
});

describe('reorderingEvents (docs/policy.md §3 exception rules)', () => {
  const ids = (...xs: string[]) => xs.map((id) => ({ id }));
  test('dragging one rule reports that rule only', () => {
    expect(reorderingEvents(ids('a', 'b', 'c', 'd'), ids('b', 'c', 'a', 'd'))).toEqual([
      { rule_id: 'a', from: 0, to: 2 },
    ]);
    expect(reorderingEvents(ids('a', 'b', 'c'), ids('c', 'a', 'b'))).toEqual([
      { rule_id: 'c', from: 2, to: 0 },
    ]);
  });
  test('added and removed rules are no moves', () => {
    expect(reorderingEvents(ids('a', 'b'), ids('x', 'a', 'b'))).toEqual([]);
    expect(reorderingEvents(ids('a', 'b', 'c'), ids('a', 'c'))).toEqual([]);
  });
  test('only kinds whose save carries reorderingEvents get them, always (empty when nothing moved)', () => {
    const before = { list: ids('a', 'b'), bypass: [] };
    const after = { list: ids('b', 'a'), bypass: [] };
    expect(withReorderingEvents('web/exceptions', before, after)).toEqual({
      ...after,
      reorderingEvents: [{ rule_id: 'a', from: 0, to: 1 }],
    });
    expect(withReorderingEvents('web/exceptions', before, before)).toEqual({
      ...before,
      reorderingEvents: [],
    });
    expect(withReorderingEvents('web/user_agents', { list: ids('a', 'b') }, { list: ids('b', 'a') })).toEqual(
      {
        list: ids('b', 'a'),
      },
    );
  });
  test('a kind whose one ordered list is not `list` reports the moves of that list (private access rules)', () => {
    const before = { access_rules: ids('a', 'b', 'c'), applications: ids('x', 'y') };
    const after = { access_rules: ids('c', 'a', 'b'), applications: ids('y', 'x') };
    expect(withReorderingEvents('mpa/access_rules', before, after)).toEqual({
      ...after,
      reorderingEvents: [{ rule_id: 'c', from: 2, to: 0 }],
    });
  });
});
