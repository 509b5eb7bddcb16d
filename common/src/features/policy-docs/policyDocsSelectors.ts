import { createSelector } from '@reduxjs/toolkit';
import type { PolicyKind } from '../../api/contract/policyKinds';
import { emptyEditor, sameDoc, type PolicyDocEditorState, type PolicyDocsState } from './policyDocsSlice';

export interface WithPolicyDocs {
  policyDocs: PolicyDocsState;
}

export const selectPolicyDocsSlice = (state: WithPolicyDocs): PolicyDocsState => state.policyDocs;

const editorSelectors = new Map<PolicyKind, (state: WithPolicyDocs) => PolicyDocEditorState>();

/** One memoised selector per kind; an editor never touched reads as idle. */
export function selectPolicyDocEditor(kind: PolicyKind): (state: WithPolicyDocs) => PolicyDocEditorState {
  let selector = editorSelectors.get(kind);
  if (!selector) {
    selector = createSelector([selectPolicyDocsSlice], (s) => s.editors[kind] ?? emptyEditor);
    editorSelectors.set(kind, selector);
  }
  return selector;
}

const dirtySelectors = new Map<PolicyKind, (state: WithPolicyDocs) => boolean>();

/** The draft differs from the saved document (what Save would change). */
export function selectPolicyDocDirty(kind: PolicyKind): (state: WithPolicyDocs) => boolean {
  let selector = dirtySelectors.get(kind);
  if (!selector) {
    selector = createSelector(
      [selectPolicyDocEditor(kind)],
      (e) => e.draft !== null && !sameDoc(e.draft, e.saved),
    );
    dirtySelectors.set(kind, selector);
  }
  return selector;
}

/**
 * Where a 400 points in the document: the server names the dotted field under the save body
 * (`data.list.2.conditions.domain.0`); the path inside the document is what follows `data.`.
 */
export function errorPath(field: string | undefined): string | null {
  if (!field || !field.startsWith('data')) return null;
  return field === 'data' ? '' : field.replace(/^data\./, '');
}
