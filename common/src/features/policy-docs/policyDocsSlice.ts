/**
 * The editing machinery of every policy editor (docs/policy.md §2 Policy revision, §2; docs/policy.md §3 Policy revision, §4): one editor per policy kind (a row of the policy-kind registry), keyed by
 * kind. An editor loads its document at the staged revision, keeps a draft with undo/redo of the
 * unsaved edits, saves the draft with the revision's rev_id, state and updated_at, and on a stale
 * save (409) holds both versions until the user re-applies the edit or takes the other one.
 *
 * Status: idle → loading → ready ⇄ saving → ready | conflict; failed when the load failed.
 * The documents are kept as `unknown` here; usePolicyDocEditor(kind) types them by the registry.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Revision } from '../../api/contract/policy';
import type { PolicyKind } from '../../api/contract/policyKinds';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import { loggedOut } from '../session/sessionSlice';

export type PolicyDocStatus = 'idle' | 'loading' | 'ready' | 'saving' | 'conflict' | 'failed';

/** Undo keeps at most this many steps per editor: enough for a session, bounded in memory. */
export const UNDO_LIMIT = 100;

/** A stale save (409): the other administrator's version, mine, and who changed it when. */
export interface PolicyDocConflict {
  /** The document as the fresh revision holds it. */
  theirs: unknown;
  /** My draft, never dropped until I choose. */
  mine: unknown;
  /** From the 409 body (errors.ts ApiError), else the fresh revision's updated_by. */
  changedBy: string | null;
  changedAt: string | null;
  /** The fresh revision the conflict was read at. */
  revision: Revision;
}

export interface PolicyDocEditorState {
  status: PolicyDocStatus;
  /** The staged revision the saved document belongs to, and its state and updated_at then. */
  basis: { rev: number; state: Revision['state']; updatedAt: string } | null;
  /** The document as last read or saved. */
  saved: unknown;
  /** What the user sees and edits. */
  draft: unknown;
  /** Earlier drafts (newest last) and undone ones (next redo last). */
  past: unknown[];
  future: unknown[];
  /** The last load or save failure; a 400's `field` names the offending input (data.list.2.name). */
  error: ApiCallErrorInfo | null;
  conflict: PolicyDocConflict | null;
}

export interface PolicyDocsState {
  editors: Partial<Record<PolicyKind, PolicyDocEditorState>>;
}

export const initialPolicyDocsState: PolicyDocsState = { editors: {} };

export const emptyEditor: PolicyDocEditorState = {
  status: 'idle',
  basis: null,
  saved: null,
  draft: null,
  past: [],
  future: [],
  error: null,
  conflict: null,
};

interface KindPayload {
  kind: PolicyKind;
}

const basisOf = (revision: Revision): PolicyDocEditorState['basis'] => ({
  rev: revision.staged_rev_id,
  state: revision.state,
  updatedAt: revision.updated_at,
});

function editorOf(state: PolicyDocsState, kind: PolicyKind): PolicyDocEditorState {
  const editor = state.editors[kind] ?? { ...emptyEditor, past: [], future: [] };
  state.editors[kind] = editor;
  return editor;
}

/** JSON with object keys sorted, so equal documents compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Structural equality of two JSON documents (drafts are plain JSON; key order does not count). */
export const sameDoc = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** The user may change the draft only when it is loaded and not being saved or in conflict. */
const editable = (editor: PolicyDocEditorState) => editor.status === 'ready';

export const policyDocsSlice = createSlice({
  name: 'policyDocs',
  initialState: initialPolicyDocsState,
  reducers: {
    /** Load (or reload) the kind at the staged revision; unsaved edits are dropped. */
    policyDocRequested(state, action: PayloadAction<KindPayload>) {
      const editor = editorOf(state, action.payload.kind);
      editor.status = 'loading';
      editor.error = null;
    },
    policyDocLoaded(state, action: PayloadAction<KindPayload & { revision: Revision; data: unknown }>) {
      const { kind, revision, data } = action.payload;
      state.editors[kind] = {
        ...emptyEditor,
        status: 'ready',
        basis: basisOf(revision),
        saved: data,
        draft: data,
        past: [],
        future: [],
      };
    },
    policyDocLoadFailed(state, action: PayloadAction<KindPayload & { error: ApiCallErrorInfo }>) {
      const editor = editorOf(state, action.payload.kind);
      editor.status = 'failed';
      editor.error = action.payload.error;
    },
    /** A user edit: the previous draft goes on the undo stack, redo is cleared. */
    policyDocEdited(state, action: PayloadAction<KindPayload & { draft: unknown }>) {
      const editor = editorOf(state, action.payload.kind);
      if (!editable(editor) || sameDoc(editor.draft, action.payload.draft)) return;
      editor.past.push(editor.draft);
      if (editor.past.length > UNDO_LIMIT) editor.past.shift();
      editor.future = [];
      editor.draft = action.payload.draft;
    },
    policyDocUndone(state, action: PayloadAction<KindPayload>) {
      const editor = editorOf(state, action.payload.kind);
      if (!editable(editor) || editor.past.length === 0) return;
      editor.future.push(editor.draft);
      editor.draft = editor.past.pop();
    },
    policyDocRedone(state, action: PayloadAction<KindPayload>) {
      const editor = editorOf(state, action.payload.kind);
      if (!editable(editor) || editor.future.length === 0) return;
      editor.past.push(editor.draft);
      editor.draft = editor.future.pop();
    },
    /** Save the draft into the staged revision (the saga sends it). */
    policyDocSaveRequested(state, action: PayloadAction<KindPayload>) {
      const editor = editorOf(state, action.payload.kind);
      if (!editable(editor)) return;
      editor.status = 'saving';
      editor.error = null;
    },
    /** The save staged `data`; it is the saved document now and the undo history starts again. */
    policyDocSaved(state, action: PayloadAction<KindPayload & { revision: Revision; data: unknown }>) {
      const { kind, revision, data } = action.payload;
      const editor = editorOf(state, kind);
      editor.status = 'ready';
      editor.basis = basisOf(revision);
      editor.saved = data;
      editor.draft = data;
      editor.past = [];
      editor.future = [];
      editor.error = null;
      editor.conflict = null;
    },
    /** Any other failure: the draft stays as it was, the error says why (and where, on a 400). */
    policyDocSaveFailed(state, action: PayloadAction<KindPayload & { error: ApiCallErrorInfo }>) {
      const editor = editorOf(state, action.payload.kind);
      editor.status = 'ready';
      editor.error = action.payload.error;
    },
    /** A stale save (409): both versions are held until the user chooses. */
    policyDocConflicted(state, action: PayloadAction<KindPayload & PolicyDocConflict>) {
      const { kind, ...conflict } = action.payload;
      const editor = editorOf(state, kind);
      editor.status = 'conflict';
      editor.conflict = conflict;
      editor.error = null;
    },
    /**
     * "Reload and re-apply my edit": the fresh document becomes the saved one, my draft stays the
     * draft (undo can still step back through my edits), and the saga saves it again.
     */
    conflictReapplyRequested(state, action: PayloadAction<KindPayload>) {
      const editor = editorOf(state, action.payload.kind);
      const conflict = editor.conflict;
      if (editor.status !== 'conflict' || !conflict) return;
      editor.basis = basisOf(conflict.revision);
      editor.saved = conflict.theirs;
      editor.draft = conflict.mine;
      editor.conflict = null;
      editor.status = 'saving';
    },
    /** "Discard my edit": take the other administrator's version; nothing of mine is kept. */
    conflictDiscarded(state, action: PayloadAction<KindPayload>) {
      const editor = editorOf(state, action.payload.kind);
      const conflict = editor.conflict;
      if (editor.status !== 'conflict' || !conflict) return;
      state.editors[action.payload.kind] = {
        ...emptyEditor,
        status: 'ready',
        basis: basisOf(conflict.revision),
        saved: conflict.theirs,
        draft: conflict.theirs,
        past: [],
        future: [],
      };
    },
  },
  extraReducers: (builder) => {
    // A signed-out user keeps nothing of the tenant's policy.
    builder.addCase(loggedOut, () => initialPolicyDocsState);
  },
});

export const {
  policyDocRequested,
  policyDocLoaded,
  policyDocLoadFailed,
  policyDocEdited,
  policyDocUndone,
  policyDocRedone,
  policyDocSaveRequested,
  policyDocSaved,
  policyDocSaveFailed,
  policyDocConflicted,
  conflictReapplyRequested,
  conflictDiscarded,
} = policyDocsSlice.actions;

export const policyDocsReducer = policyDocsSlice.reducer;
