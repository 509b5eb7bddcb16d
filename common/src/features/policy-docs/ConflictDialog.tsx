import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { policyEditorIds } from '../../test-ids/webPolicyIds';
import { localTime } from '../revision/revisionSaga';

/**
 * Props of ConflictDialog: a save of `title` was refused because the revision changed (409).
 *
 * Usage: `<ConflictDialog title="Categories" conflict={ed.conflict} onReapply={ed.reapplyMine}
 * onDiscard={ed.discardMine} />` — open while `conflict` is set.
 */
export interface ConflictDialogProps {
  /** The document's title, e.g. "Domain rules and exceptions". */
  title: string;
  conflict: { changedBy: string | null; changedAt: string | null } | null;
  onReapply: () => void;
  onDiscard: () => void;
}

/**
 * Says who changed the policy and when, and offers the two ways on. The user has to choose: the
 * edit is kept until then, so Escape and a click outside do nothing.
 */
export function ConflictDialog({ title, conflict, onReapply, onDiscard }: ConflictDialogProps) {
  const who = conflict?.changedBy || 'Another administrator';
  const when = conflict?.changedAt ? localTime(conflict.changedAt) : null;
  return (
    <Dialog
      open={conflict !== null}
      aria-labelledby="policy-conflict-title"
      aria-describedby="policy-conflict-text"
      data-testid={policyEditorIds.conflictDialog}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="policy-conflict-title">{title} changed since you loaded it</DialogTitle>
      <DialogContent>
        <DialogContentText id="policy-conflict-text" data-testid={policyEditorIds.conflictWho}>
          {who} saved a change to the policy{when ? ` at ${when}` : ''}. Your edit has not been saved yet.
        </DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>
          Reload and re-apply my edit: saves your version of {title} over theirs. Discard my edit: shows their
          version instead.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onDiscard} data-testid={policyEditorIds.conflictDiscard}>
          Discard my edit
        </Button>
        <Button
          variant="contained"
          onClick={onReapply}
          autoFocus
          data-testid={policyEditorIds.conflictReapply}
        >
          Reload and re-apply my edit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
