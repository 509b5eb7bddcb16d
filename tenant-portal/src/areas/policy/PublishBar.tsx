/**
 * The publish bar (issue 12) above every policy page (the policy area's pages and the firewall):
 * how many changes are staged (from the staged review: the diff from the published revision to
 * the staged one), Review, Publish (with a comment) and Discard, and the revision history.
 * Publish and Discard are for policy writers (canPublishPolicy); readers see the state and the
 * review. Nothing staged: a quiet line, "No unpublished changes". The count and Review, Discard
 * and the history are server extensions (docs/api.md): each shows only when the server serves it;
 * Publish is the spec's and always there.
 */
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, Button, CircularProgress, Link, Paper, Typography } from '@mui/material';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import {
  discardRequested,
  publishBarIds,
  reviewRequested,
  revisionRequested,
  selectAccessController,
  selectReview,
  selectReviewIsCurrent,
  selectRevision,
  selectRevisionStatus,
  selectStagedChangeCount,
  selectPendingApproval,
  useAppDispatch,
  useAppSelector,
  useExtension,
} from '@workbench/common';
import { counted } from '@workbench/common/formatting/counted';
import { canPublishPolicy } from '../../shell/policyPermissions';
import type { Area, PageProps } from '../../routes/routeModel';
import { areaAllowed } from '../../routes/routeRules';
import { useRouteContext } from '../../routes/useRouteContext';
import { ConfirmDialog, PublishDialog, ReviewDialog, useWriteOutcome } from './PolicyDialogs';
import { ApprovalPanel, SubmitApprovalDialog, useApprovals } from './ApprovalPanels';

export const HISTORY_PATH = '/policy/history';
export const NO_UNPUBLISHED_CHANGES = 'No unpublished changes';

type Open = 'none' | 'review' | 'publish' | 'submit' | 'discard';

function DiscardDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const revision = useAppSelector(selectRevision);
  const count = useAppSelector(selectStagedChangeCount);
  const { busy, failed, start } = useWriteOutcome('discarding', onClose);
  return (
    <ConfirmDialog
      title="Discard the unpublished changes?"
      confirmLabel="Discard"
      busyLabel="Discarding…"
      busy={busy}
      failed={failed}
      destructive
      onCancel={onClose}
      onConfirm={() => {
        start();
        dispatch(discardRequested());
      }}
      testIds={{
        dialog: publishBarIds.discardDialog,
        confirm: publishBarIds.discardConfirm,
        cancel: publishBarIds.discardCancel,
      }}
    >
      {count > 0 ? `The ${counted(count, 'unpublished change')}` : 'The unpublished changes'} of revision{' '}
      {revision?.staged_rev_id} will be dropped and the policy stays as published
      {revision ? ` in revision ${revision.rev_id}` : ''}. This cannot be undone.
    </ConfirmDialog>
  );
}

/**
 * `policyArea`: the route table's policy area, whose rules decide whether the history link shows
 * (the table passes it: the page does not import the table that loads it).
 */
export function PublishBar({ policyArea }: { policyArea: Area }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const ctx = useRouteContext();
  const revision = useAppSelector(selectRevision);
  const status = useAppSelector(selectRevisionStatus);
  const review = useAppSelector(selectReview);
  const reviewCurrent = useAppSelector(selectReviewIsCurrent);
  const count = useAppSelector(selectStagedChangeCount);
  const access = useAppSelector(selectAccessController);
  const writer = canPublishPolicy(access);
  const diffServed = useExtension('revision-diff');
  const discardServed = useExtension('revision-discard');
  const historyServed = useExtension('revision-history');
  const [open, setOpen] = useState<Open>('none');
  const close = useCallback(() => setOpen('none'), []);
  // Two-person approval (docs/policy-impact.md): Publish submits the revision for approval instead.
  const { required: approvalRequired } = useApprovals();
  const pending = useAppSelector(selectPendingApproval);
  const publishOpen: Open = approvalRequired ? 'submit' : 'publish';

  // The firewall's readers may not see the policy area, whose shell loads the revision.
  useEffect(() => {
    if (status === 'idle') dispatch(revisionRequested());
  }, [dispatch, status]);
  // The count comes from the review of the revision as it is now (reloaded after every change).
  useEffect(() => {
    if (diffServed && revision && !reviewCurrent && review.status !== 'loading') dispatch(reviewRequested());
  }, [dispatch, diffServed, revision, reviewCurrent, review.status]);

  const showHistoryLink = historyServed && location.pathname !== HISTORY_PATH && areaAllowed(policyArea, ctx);
  const historyLink = showHistoryLink && (
    <Link component={RouterLink} to={HISTORY_PATH} data-testid={publishBarIds.history}>
      Revision history
    </Link>
  );
  if (!revision) return null;

  const staged = revision.state === 'staged';
  const busy = status === 'publishing' || status === 'discarding' || status === 'rollingBack';
  const counting =
    diffServed && staged && (!reviewCurrent || review.status === 'loading' || review.status === 'idle');
  const summary = !staged
    ? NO_UNPUBLISHED_CHANGES
    : counting || !diffServed
      ? `Revision ${revision.staged_rev_id} has unpublished changes`
      : review.status === 'failed'
        ? `Revision ${revision.staged_rev_id} has unpublished changes (the list could not be loaded)`
        : count > 0
          ? `${counted(count, 'unpublished change')} in revision ${revision.staged_rev_id}`
          : `Revision ${revision.staged_rev_id} is staged with no policy changes`;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Unpublished changes"
      data-testid={publishBarIds.bar}
      data-state={revision.state}
      sx={{
        mb: 2,
        px: 2,
        py: staged ? 1 : 0.75,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        borderLeftWidth: 4,
        borderLeftColor: staged ? 'warning.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 16rem', minWidth: 0 }}>
        {staged && <PendingActionsIcon color="warning" aria-hidden />}
        <Typography
          role="status"
          data-testid={publishBarIds.summary}
          data-count={staged && !counting && review.status === 'loaded' ? count : undefined}
          color={staged ? 'text.primary' : 'text.secondary'}
          sx={{ fontWeight: staged ? 600 : 400 }}
        >
          {summary}
        </Typography>
        {counting && <CircularProgress size={16} aria-label="Counting the changes" />}
        {staged && pending && (
          <Typography variant="body2" color="text.secondary" data-testid={publishBarIds.approvalPending}>
            Awaiting approval (requested by {pending.requested_by})
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {historyLink}
        {staged && diffServed && (
          <Button
            variant="outlined"
            size="small"
            onClick={() => setOpen('review')}
            data-testid={publishBarIds.review}
          >
            Review
          </Button>
        )}
        {staged && writer && (
          <>
            {discardServed && (
              <Button
                variant="outlined"
                color="error"
                size="small"
                disabled={busy}
                onClick={() => setOpen('discard')}
                data-testid={publishBarIds.discard}
                // The default dark error red is too faint on the dark paper (WCAG AA): its light tone.
                sx={(t) =>
                  t.palette.mode === 'dark'
                    ? { color: 'error.light', borderColor: t.palette.error.light }
                    : {}
                }
              >
                Discard
              </Button>
            )}
            <Button
              variant="contained"
              size="small"
              disabled={busy}
              onClick={() => setOpen(publishOpen)}
              data-testid={publishBarIds.publish}
            >
              {approvalRequired ? 'Submit for approval…' : 'Publish…'}
            </Button>
          </>
        )}
      </Box>
      {open === 'review' && (
        <ReviewDialog
          onClose={close}
          onPublish={writer ? () => setOpen(publishOpen) : undefined}
          publishLabel={approvalRequired ? 'Submit for approval…' : undefined}
          approval={<ApprovalPanel onDecided={close} />}
        />
      )}
      {open === 'publish' && <PublishDialog onClose={close} />}
      {open === 'submit' && <SubmitApprovalDialog onClose={close} />}
      {open === 'discard' && <DiscardDialog onClose={close} />}
    </Paper>
  );
}

/** A page of the route table with the publish bar above it. */
export function withPublishBar(Page: ComponentType<PageProps>, policyArea: Area): ComponentType<PageProps> {
  function WithPublishBar(props: PageProps) {
    return (
      <>
        <PublishBar policyArea={policyArea} />
        <Page {...props} />
      </>
    );
  }
  return WithPublishBar;
}
