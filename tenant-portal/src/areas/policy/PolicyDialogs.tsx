/**
 * The dialogs of the publish bar (issue 12): the review of the staged changes, publishing with a
 * comment, and a confirmation (discard; the history's rollback). Each closes itself once the
 * write it started has ended well; on an error it stays open and says why.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import {
  LoadFailed,
  conflictDismissed,
  conflictMessage,
  localTime,
  publishBarIds,
  publishRequested,
  reviewRequested,
  selectReview,
  selectReviewIsCurrent,
  selectRevision,
  selectRevisionConflict,
  selectRevisionError,
  selectRevisionStatus,
  selectStagedChangeCount,
  useAppDispatch,
  useAppSelector,
  useExtension,
  type RevisionStatus,
} from '@workbench/common';
import { COMMENT_MAX_LENGTH } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { counted } from '@workbench/common/formatting/counted';
import { TenantReadableDiff } from './TenantReadableDiff';
import { ImpactPreview } from './ImpactPreview';

/**
 * Tracks a write the dialog started: `start()` before dispatching; `onDone` runs once the revision
 * is back to 'loaded' with no conflict (success). A failure leaves the dialog open.
 */
export function useWriteOutcome(busyStatus: RevisionStatus, onDone: () => void) {
  const status = useAppSelector(selectRevisionStatus);
  const conflict = useAppSelector(selectRevisionConflict);
  const [attempt, setAttempt] = useState<'none' | 'started' | 'busy' | 'failed'>('none');
  useEffect(() => {
    if (attempt === 'started' && status === busyStatus) setAttempt('busy');
    else if (attempt === 'busy' && status !== busyStatus) {
      if (status === 'loaded' && conflict === null) {
        setAttempt('none');
        onDone();
      } else setAttempt('failed');
    }
  }, [attempt, status, busyStatus, conflict, onDone]);
  return {
    busy: status === busyStatus,
    /** The write this dialog started was refused: the dialog says why. */
    failed: attempt === 'failed',
    start: () => setAttempt('started'),
  };
}

/** The staged review: loading, failed (Retry) or the changes as sentences. */
export function StagedChanges() {
  const dispatch = useAppDispatch();
  const review = useAppSelector(selectReview);
  const current = useAppSelector(selectReviewIsCurrent);
  if (!current || review.status === 'loading' || review.status === 'idle')
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>Loading the changes…</Typography>
      </Box>
    );
  if (review.status === 'failed' || !review.diff)
    return (
      <LoadFailed
        message={`The changes could not be loaded: ${review.error?.message ?? 'unknown error'}`}
        onRetry={() => dispatch(reviewRequested())}
      />
    );
  return (
    <TenantReadableDiff
      diff={review.diff}
      entries={review.entries}
      emptyText="The staged revision changes nothing."
    />
  );
}

/** Who made the last change of the staged revision, and when. */
function LastChange() {
  const revision = useAppSelector(selectRevision);
  if (!revision || revision.state !== 'staged') return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
      Last change {revision.updated_by ? `by ${revision.updated_by} ` : ''}at {localTime(revision.updated_at)}
      .
    </Typography>
  );
}

/** The conflict of a refused publish: who changed the policy after the review (the review reloaded). */
function ConflictNotice() {
  const dispatch = useAppDispatch();
  const conflict = useAppSelector(selectRevisionConflict);
  if (!conflict) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid={publishBarIds.conflict}
      onClose={() => dispatch(conflictDismissed())}
    >
      {conflictMessage(conflict)}
    </Alert>
  );
}

export function ReviewDialog({
  onClose,
  onPublish,
  publishLabel,
  approval,
}: {
  onClose: () => void;
  /** Offered to writers: goes on to the publish dialog. */
  onPublish?: () => void;
  /** The publish button's text when it does something else (submit for approval). */
  publishLabel?: string;
  /** Two-person approval's pending request, above the changes (ApprovalPanels.tsx). */
  approval?: ReactNode;
}) {
  const revision = useAppSelector(selectRevision);
  const count = useAppSelector(selectStagedChangeCount);
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      data-testid={publishBarIds.reviewDialog}
    >
      <DialogTitle id={titleId}>
        Unpublished changes{revision ? ` of revision ${revision.staged_rev_id}` : ''}
      </DialogTitle>
      <DialogContent dividers>
        <LastChange />
        <ConflictNotice />
        {approval}
        <StagedChanges />
        {revision?.state === 'staged' && <ImpactPreview />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={publishBarIds.reviewClose}>
          Close
        </Button>
        {onPublish && (
          <Button variant="contained" onClick={onPublish} disabled={revision?.state !== 'staged'}>
            {publishLabel ?? (count > 0 ? `Publish ${counted(count, 'change')}…` : 'Publish…')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Publishing: the changes that will be published, an optional comment kept with the published
 * revision, Publish. It sends the updated_at of the review shown, so a change made since answers
 * 409: the dialog then says who changed the policy, and shows the reloaded review. The list of
 * changes needs the revision-diff extension and the comment the revision-history one (where it is
 * read; docs/api.md): without them the dialog publishes the revision as loaded.
 */
export function PublishDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const revision = useAppSelector(selectRevision);
  const review = useAppSelector(selectReview);
  const current = useAppSelector(selectReviewIsCurrent);
  const error = useAppSelector(selectRevisionError);
  const [comment, setComment] = useState('');
  const { busy, failed, start } = useWriteOutcome('publishing', onClose);
  const diffServed = useExtension('revision-diff');
  const commentServed = useExtension('revision-history');
  // Opened from the app bar, no publish bar may have loaded the review yet.
  useEffect(() => {
    if (diffServed && revision && !current && review.status !== 'loading') dispatch(reviewRequested());
  }, [dispatch, diffServed, revision, current, review.status]);
  const titleId = useId();
  const tooLong = commentServed && comment.length > COMMENT_MAX_LENGTH;
  const reviewed = !diffServed || (current && review.status === 'loaded');
  const canSubmit = revision?.state === 'staged' && reviewed && !tooLong && !busy;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      data-testid={publishBarIds.publishDialog}
    >
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!canSubmit) return;
          start();
          dispatch(
            publishRequested({
              comment: (commentServed && comment.trim()) || undefined,
              reviewedAt: (diffServed && review.updatedAt) || undefined,
            }),
          );
        }}
      >
        <DialogTitle id={titleId}>Publish revision {revision?.staged_rev_id}</DialogTitle>
        <DialogContent dividers>
          <ConflictNotice />
          {failed && error?.status !== 409 && error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error.message}
            </Alert>
          )}
          {diffServed ? (
            <>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
                What will be published
              </Typography>
              <Box sx={{ maxHeight: '40vh', overflowY: 'auto', mb: 2 }}>
                <StagedChanges />
              </Box>
            </>
          ) : (
            <Typography sx={{ mb: 2 }}>
              The staged changes of revision {revision?.staged_rev_id} will be published.
            </Typography>
          )}
          {commentServed && (
            <TextField
              label="Comment (optional)"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              multiline
              minRows={2}
              fullWidth
              error={tooLong}
              helperText={
                tooLong
                  ? `At most ${COMMENT_MAX_LENGTH} characters.`
                  : 'Kept with the published revision in the revision history.'
              }
              slotProps={{ htmlInput: { 'data-testid': publishBarIds.publishComment } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy} data-testid={publishBarIds.publishCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSubmit}
            data-testid={publishBarIds.publishConfirm}
          >
            {busy ? 'Publishing…' : 'Publish'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Asks before a write that cannot be undone (discard) or that stages a lot (rollback). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  failed,
  destructive,
  onCancel,
  onConfirm,
  testIds,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The write it started was refused: say why. */
  failed: boolean;
  destructive?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testIds: { dialog: string; confirm: string; cancel: string };
}) {
  const titleId = useId();
  const error = useAppSelector(selectRevisionError);
  const conflict = useAppSelector(selectRevisionConflict);
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby={titleId} data-testid={testIds.dialog}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {failed && (conflict || error) && (
          <Alert severity={conflict ? 'warning' : 'error'} sx={{ mb: 2 }}>
            {conflict ? conflictMessage(conflict) : error?.message}
          </Alert>
        )}
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid={testIds.cancel}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
          data-testid={testIds.confirm}
          autoFocus
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
