/**
 * Two-person approval in the publish flow (docs/policy-impact.md §2): the dialog that submits the
 * staged revision with a comment (instead of publishing, when the tenant requires approval), and
 * the review's panel where an approver who is not the requester approves or rejects the pending
 * request with a reason, beside the diff and the impact preview.
 */
import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import {
  POLICY_APPROVE_PERMISSION,
  approvalDecisionRequested,
  approvalSubmitRequested,
  approvalsRequested,
  localTime,
  publishBarIds,
  selectCan,
  selectPendingApproval,
  selectPublishApproval,
  selectRevision,
  useAppDispatch,
  useAppSelector,
  useExtension,
} from '@workbench/common';
import { COMMENT_MAX_LENGTH } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { PublishDialog, StagedChanges } from './PolicyDialogs';

/** Loads the tenant's approval state whenever the revision changes (a change may void a request). */
export function useApprovals(): { served: boolean; required: boolean } {
  const dispatch = useAppDispatch();
  const served = useExtension('publish-approval');
  const revision = useAppSelector(selectRevision);
  const approval = useAppSelector(selectPublishApproval);
  const updatedAt = revision?.updated_at;
  useEffect(() => {
    if (served && updatedAt) dispatch(approvalsRequested());
  }, [dispatch, served, updatedAt]);
  return { served, required: served && approval.required };
}

/** Watches a write of this component: `onDone` once it ended without an error. */
function useApprovalWrite(onDone: () => void) {
  const approval = useAppSelector(selectPublishApproval);
  const [started, setStarted] = useState(false);
  const [seenWriting, setSeenWriting] = useState(false);
  useEffect(() => {
    if (!started) return;
    if (approval.writing) setSeenWriting(true);
    else if (seenWriting) {
      setStarted(false);
      setSeenWriting(false);
      if (approval.error === null) onDone();
    }
  }, [started, seenWriting, approval.writing, approval.error, onDone]);
  return { busy: approval.writing, start: () => setStarted(true) };
}

export function SubmitApprovalDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const revision = useAppSelector(selectRevision);
  const approval = useAppSelector(selectPublishApproval);
  const [comment, setComment] = useState('');
  const { busy, start } = useApprovalWrite(onClose);
  const titleId = useId();
  const tooLong = comment.length > COMMENT_MAX_LENGTH;
  const canSubmit = revision?.state === 'staged' && comment.trim() !== '' && !tooLong && !busy;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      data-testid={publishBarIds.approvalSubmitDialog}
    >
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!canSubmit) return;
          start();
          dispatch(approvalSubmitRequested({ comment: comment.trim() }));
        }}
      >
        <DialogTitle id={titleId}>Submit revision {revision?.staged_rev_id} for approval</DialogTitle>
        <DialogContent dividers>
          <Typography sx={{ mb: 2 }}>
            Your organisation requires a second administrator to approve a publish. It takes effect once
            another administrator approves it; a change to the staged revision before then voids the request.
          </Typography>
          {!busy && approval.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {approval.error}
            </Alert>
          )}
          <Box sx={{ maxHeight: '40vh', overflowY: 'auto', mb: 2 }}>
            <StagedChanges />
          </Box>
          <TextField
            label="Comment for the approver"
            required
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            error={tooLong}
            helperText={
              tooLong ? `At most ${COMMENT_MAX_LENGTH} characters.` : 'Why this change, for the approver.'
            }
            slotProps={{ htmlInput: { 'data-testid': publishBarIds.approvalComment } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSubmit}
            data-testid={publishBarIds.approvalSubmit}
          >
            {busy ? 'Submitting…' : 'Submit for approval'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The pending request in the review: who asked and why; Approve and Reject for another approver. */
export function ApprovalPanel({ onDecided }: { onDecided: () => void }) {
  const dispatch = useAppDispatch();
  const { served } = useApprovals();
  const pending = useAppSelector(selectPendingApproval);
  const mayApprove = useAppSelector(selectCan(POLICY_APPROVE_PERMISSION));
  const approval = useAppSelector(selectPublishApproval);
  const [reason, setReason] = useState('');
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const { busy, start } = useApprovalWrite(onDecided);
  const labelId = useId();
  if (!served || !pending) return null;
  const own = pending.own === true;
  const decide = (outcome: 'approve' | 'reject') => {
    setDecision(outcome);
    start();
    dispatch(approvalDecisionRequested({ id: pending.id, outcome, reason: reason.trim() }));
  };
  return (
    <Box
      component="section"
      aria-labelledby={labelId}
      data-testid={publishBarIds.approvalPanel}
      sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'warning.main', borderRadius: 1 }}
    >
      <Typography variant="subtitle1" component="h3" id={labelId} sx={{ fontWeight: 600 }}>
        Awaiting approval
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {pending.requested_by} asked at {localTime(pending.requested_at)} to publish revision{' '}
        {pending.staged_rev_id}: “{pending.comment}”
      </Typography>
      {!busy && approval.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {approval.error}
        </Alert>
      )}
      {own ? (
        <Typography variant="body2" color="text.secondary">
          Another administrator must approve your request.
        </Typography>
      ) : mayApprove ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Reason (needed to reject)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ flex: '1 1 16rem' }}
            slotProps={{
              htmlInput: { 'data-testid': publishBarIds.approvalReason, maxLength: COMMENT_MAX_LENGTH },
            }}
          />
          <Button
            variant="contained"
            color="success"
            disabled={busy}
            onClick={() => decide('approve')}
            data-testid={publishBarIds.approvalApprove}
          >
            {busy && decision === 'approve' ? 'Approving…' : 'Approve and publish'}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={busy || reason.trim() === ''}
            onClick={() => decide('reject')}
            data-testid={publishBarIds.approvalReject}
          >
            {busy && decision === 'reject' ? 'Rejecting…' : 'Reject'}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** The app bar's Publish: the publish dialog, or the submission when the tenant requires approval. */
export function PublishStepDialog({ onClose }: { onClose: () => void }) {
  const { required } = useApprovals();
  return required ? <SubmitApprovalDialog onClose={onClose} /> : <PublishDialog onClose={onClose} />;
}
