/**
 * usePolicyDocEditor(kind): what a policy editor's page needs from the policy-docs feature,
 * typed by the kind's row of the policy-kind registry.
 *
 * Usage: `const ed = usePolicyDocEditor('cats'); ed.draft && <Cats value={ed.draft}
 * onChange={ed.edit} disabled={ed.readOnly} />; <Button disabled={!ed.canSave} onClick={ed.save}>`.
 * Put `onKeyDown={ed.onKeyDown}` on the editor's region: Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y)
 * redoes that editor's unsaved edits (text fields keep their own text undo).
 */
import { useCallback, useEffect, useMemo, type KeyboardEvent } from 'react';
import type { PolicyData, PolicyKind } from '../../api/contract/policyKinds';
import { isParentKind, isWritableKind, policyKindWritePermission } from '../../api/contract/policyKinds';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';
import { useAppDispatch, useAppSelector } from '../../store/storeHooks';
import { selectCan } from '../rbac/rbacSelectors';
import { revisionRequested } from '../revision/revisionSlice';
import { selectRevision, selectRevisionStatus } from '../revision/revisionSelectors';
import {
  conflictDiscarded,
  conflictReapplyRequested,
  policyDocEdited,
  policyDocRedone,
  policyDocRequested,
  policyDocSaveRequested,
  policyDocUndone,
  type PolicyDocStatus,
} from './policyDocsSlice';
import { errorPath, selectPolicyDocDirty, selectPolicyDocEditor } from './policyDocsSelectors';

export interface TypedPolicyDocConflict<K extends PolicyKind> {
  theirs: PolicyData<K>;
  mine: PolicyData<K>;
  changedBy: string | null;
  changedAt: string | null;
}

export interface PolicyDocEditor<K extends PolicyKind> {
  kind: K;
  status: PolicyDocStatus;
  /** What the user sees and edits; null until loaded. */
  draft: PolicyData<K> | null;
  /** The document as last read or saved. */
  saved: PolicyData<K> | null;
  /** The draft differs from the saved document. */
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** The role may save this kind (`<group>:<edit>:write`, docs/access.md §4). */
  canWrite: boolean;
  /**
   * Controls must not change the draft: no write permission, or no document loaded. While a save
   * or a reload runs, or a conflict waits for the user's choice, the editor keeps its look (no
   * flicker to the read-only layout); the reducer refuses edits then (the conflict dialog is modal).
   */
  readOnly: boolean;
  /** Save is offered: a writer, something changed, nothing in flight. */
  canSave: boolean;
  saving: boolean;
  /** The last load or save failure (the server's message). */
  error: ApiCallErrorInfo | null;
  /** A 400's field inside the document (e.g. `list.2.conditions.domain.0`), or null. */
  errorPath: string | null;
  conflict: TypedPolicyDocConflict<K> | null;
  edit: (next: PolicyData<K> | ((draft: PolicyData<K>) => PolicyData<K>)) => void;
  undo: () => void;
  redo: () => void;
  save: () => void;
  /** Read the kind again at the staged revision (drops unsaved edits). */
  reload: () => void;
  /** Conflict: "Reload and re-apply my edit" — save my draft against the fresh revision. */
  reapplyMine: () => void;
  /** Conflict: "Discard my edit" — take the other administrator's version. */
  discardMine: () => void;
  /** Ctrl+Z / Ctrl+Shift+Z (Cmd on a Mac) on the editor's region. */
  onKeyDown: (event: KeyboardEvent) => void;
}

/** Text the user types keeps the browser's own undo. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  );
}

export function usePolicyDocEditor<K extends PolicyKind>(kind: K): PolicyDocEditor<K> {
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectPolicyDocEditor(kind));
  const dirty = useAppSelector(selectPolicyDocDirty(kind));
  // A read-only kind (a parent tenant's rules) is never saved, whatever the role may write.
  const canWrite = useAppSelector(selectCan(policyKindWritePermission(kind))) && isWritableKind(kind);
  const revision = useAppSelector(selectRevision);
  const revisionStatus = useAppSelector(selectRevisionStatus);

  // Reads use the staged revision: ask for it when nobody has yet.
  useEffect(() => {
    if (!revision && revisionStatus === 'idle') dispatch(revisionRequested());
  }, [dispatch, revision, revisionStatus]);

  // Load once the revision is known; read again when the staged revision moved on (a publish, a
  // discard, a save of another kind) and nothing here is unsaved. A dirty draft stays: its save
  // finds out whether the document changed meanwhile (conflict).
  const basis = editor.basis;
  const moved =
    revision !== null &&
    basis !== null &&
    (basis.rev !== revision.staged_rev_id || basis.state !== revision.state);
  useEffect(() => {
    if (!revision) return;
    if (editor.status === 'idle' || (editor.status === 'ready' && moved && !dirty))
      dispatch(policyDocRequested({ kind }));
  }, [dispatch, kind, revision, editor.status, moved, dirty]);

  // A parent tenant's rules are not part of this tenant's revision: the parent publishes, or an
  // association is approved or ended, without it moving (docs/policy.md §11). Read them again
  // whenever a page shows them, rather than from what an earlier page read.
  const fromParent = isParentKind(kind);
  const known = revision !== null;
  useEffect(() => {
    if (fromParent && known && editor.status === 'ready') dispatch(policyDocRequested({ kind }));
    // Once per showing: not again when its own load settles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, kind, fromParent, known]);

  const edit = useCallback<PolicyDocEditor<K>['edit']>(
    (next) => {
      const current = editor.draft as PolicyData<K> | null;
      if (current === null) return;
      const draft = typeof next === 'function' ? next(current) : next;
      dispatch(policyDocEdited({ kind, draft }));
    },
    [dispatch, kind, editor.draft],
  );
  const undo = useCallback(() => dispatch(policyDocUndone({ kind })), [dispatch, kind]);
  const redo = useCallback(() => dispatch(policyDocRedone({ kind })), [dispatch, kind]);

  const ready = editor.status === 'ready';
  const canUndo = ready && canWrite && editor.past.length > 0;
  const canRedo = ready && canWrite && editor.future.length > 0;

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextField(event.target)) return;
      const key = event.key.toLowerCase();
      const redoKey = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey);
      if (key === 'z' && !event.shiftKey) {
        if (!canUndo) return;
        event.preventDefault();
        undo();
      } else if (redoKey) {
        if (!canRedo) return;
        event.preventDefault();
        redo();
      }
    },
    [canUndo, canRedo, undo, redo],
  );

  return useMemo(
    (): PolicyDocEditor<K> => ({
      kind,
      status: editor.status,
      draft: editor.draft as PolicyData<K> | null,
      saved: editor.saved as PolicyData<K> | null,
      dirty,
      canUndo,
      canRedo,
      canWrite,
      readOnly: !canWrite || editor.draft === null,
      canSave: canWrite && ready && dirty,
      saving: editor.status === 'saving',
      error: editor.error,
      errorPath: errorPath(editor.error?.field),
      conflict: editor.conflict
        ? {
            theirs: editor.conflict.theirs as PolicyData<K>,
            mine: editor.conflict.mine as PolicyData<K>,
            changedBy: editor.conflict.changedBy,
            changedAt: editor.conflict.changedAt,
          }
        : null,
      edit,
      undo,
      redo,
      save: () => dispatch(policyDocSaveRequested({ kind })),
      reload: () => dispatch(policyDocRequested({ kind })),
      reapplyMine: () => dispatch(conflictReapplyRequested({ kind })),
      discardMine: () => dispatch(conflictDiscarded({ kind })),
      onKeyDown,
    }),
    [kind, editor, dirty, canUndo, canRedo, canWrite, ready, edit, undo, redo, dispatch, onKeyDown],
  );
}
