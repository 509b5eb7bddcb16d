import { useId, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import { LoadFailed, Loading, usePolicyDocEditor, type PolicyDocEditor } from '@workbench/common';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import type { FirewallSectionDef } from './firewallSections';

type Kind = FirewallSectionDef['kind'];
/** An editor whose document is loaded. */
export type LoadedEditor<K extends Kind> = PolicyDocEditor<K> & { draft: PolicyData<K> };

/** When the other change was saved, in the user's local time (the server sends UTC ISO text). */
function localTime(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/**
 * One section of the Firewall page: its document's editor (usePolicyDocEditor: loaded at the
 * staged revision, saved with rev_id, state and updated_at: portal-core §3), heading, Save / Undo /
 * Redo and what state it is in, the save error, and the conflict dialog of a stale save (409).
 * Ctrl+Z / Ctrl+Shift+Z inside it undo and redo its own edits. The content shows once loaded.
 */
export function FirewallSection<K extends Kind>({
  section,
  describeError,
  children,
}: {
  section: FirewallSectionDef & { kind: K };
  /** Where a 400's field is ("Rule 3 (Block ssh)"), to prefix the server's message. */
  describeError?: (path: string, draft: PolicyData<K>) => string | null;
  children: (editor: LoadedEditor<K>) => ReactNode;
}) {
  const editor = usePolicyDocEditor(section.kind);
  const headingId = useId();
  const draft = editor.draft;
  const where = draft !== null && editor.errorPath !== null ? describeError?.(editor.errorPath, draft) : null;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={`${firewallIds.section}-${section.path}`}
      onKeyDown={editor.onKeyDown}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h2" id={headingId} sx={{ mr: 'auto' }}>
          {section.title}
        </Typography>
        {draft !== null && <SectionToolbar editor={editor} title={section.title} />}
      </Box>
      {editor.status === 'failed' && editor.error ? (
        <LoadFailed message={editor.error.message} onRetry={editor.reload} />
      ) : draft === null ? (
        <Loading label={`Loading ${section.title}`} />
      ) : !Array.isArray((draft as { list?: unknown }).list) ? (
        // A reply without the document's list (another backend, a proxy's page): say so, do not draw it.
        <LoadFailed
          message={`The firewall ${section.title.toLowerCase()} could not be read: the reply holds no list.`}
          onRetry={editor.reload}
        />
      ) : (
        <>
          {editor.error && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid={firewallIds.saveError}>
              {where ? `${where}: ` : ''}
              {editor.error.message}
            </Alert>
          )}
          {children(editor as LoadedEditor<K>)}
        </>
      )}
      <ConflictDialog
        title={section.title}
        conflict={editor.conflict}
        onReapply={editor.reapplyMine}
        onDiscard={editor.discardMine}
      />
    </Box>
  );
}

/** The section's state in words, Undo, Redo and Save (writers only; readers see the state). */
function SectionToolbar<K extends Kind>({ editor, title }: { editor: PolicyDocEditor<K>; title: string }) {
  const state = !editor.canWrite
    ? 'Read-only: your role may view the firewall policy but not change it.'
    : editor.saving
      ? 'Saving…'
      : editor.dirty
        ? 'Unsaved changes.'
        : 'All changes saved to the staged revision.';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography
        variant="body2"
        role="status"
        color={editor.dirty && editor.canWrite ? 'warning.main' : 'text.secondary'}
        data-testid={firewallIds.status}
      >
        {state}
      </Typography>
      {editor.canWrite && (
        <>
          <Tooltip title="Undo (Ctrl+Z)">
            <span>
              <IconButton
                aria-label={`Undo in ${title}`}
                disabled={!editor.canUndo}
                onClick={editor.undo}
                data-testid={firewallIds.undo}
              >
                <UndoIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Redo (Ctrl+Shift+Z)">
            <span>
              <IconButton
                aria-label={`Redo in ${title}`}
                disabled={!editor.canRedo}
                onClick={editor.redo}
                data-testid={firewallIds.redo}
              >
                <RedoIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Button
            variant="contained"
            disabled={!editor.canSave}
            onClick={editor.save}
            data-testid={firewallIds.save}
            aria-label={`Save ${title}`}
          >
            {editor.saving ? 'Saving…' : 'Save'}
          </Button>
        </>
      )}
    </Box>
  );
}

/**
 * A stale save (409): who changed the policy and when, and the two ways on. The edit is kept until
 * the user chooses, so Escape and a click outside do nothing.
 */
function ConflictDialog({
  title,
  conflict,
  onReapply,
  onDiscard,
}: {
  title: string;
  conflict: { changedBy: string | null; changedAt: string | null } | null;
  onReapply: () => void;
  onDiscard: () => void;
}) {
  const who = conflict?.changedBy || 'Another administrator';
  const when = localTime(conflict?.changedAt ?? null);
  return (
    <Dialog
      open={conflict !== null}
      aria-labelledby="fw-conflict-title"
      aria-describedby="fw-conflict-text"
      data-testid={firewallIds.conflictDialog}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="fw-conflict-title">
        Firewall {title.toLowerCase()} changed since you loaded them
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="fw-conflict-text">
          {who} saved a change to the policy{when ? ` at ${when}` : ''}. Your edit has not been saved yet.
        </DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>
          Reload and re-apply my edit: saves your version of the firewall {title.toLowerCase()} over theirs.
          Discard my edit: shows their version instead.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onDiscard} data-testid={firewallIds.conflictDiscard}>
          Discard my edit
        </Button>
        <Button variant="contained" onClick={onReapply} autoFocus data-testid={firewallIds.conflictReapply}>
          Reload and re-apply my edit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
