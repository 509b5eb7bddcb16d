/**
 * A central-manager job followed to its end (common's job polling, every second): its progress
 * (done of total), one line per appliance with its status and, when it failed, its reason, and the
 * outcome. Closing the panel stops the polling; `onEnded` runs once when the job ends (the page
 * reads its lists afresh).
 */
import { useEffect, useRef } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import {
  jobDismissed,
  jobWatchRequested,
  selectJobProgress,
  useAppDispatch,
  useAppSelector,
  type WithJobs,
} from '@workbench/common';
import type { CmJob } from '@workbench/common/api/contract/centralManager';
import { StatusChip, type StatusColour } from '@workbench/common/components/status-chip/index';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';

const TARGET_COLOURS: Record<CmJob['targets'][number]['status'], StatusColour> = {
  pending: 'default',
  started: 'info',
  completed: 'success',
  failed: 'error',
};
const TARGET_LABELS: Record<CmJob['targets'][number]['status'], string> = {
  pending: 'Waiting',
  started: 'In progress',
  completed: 'Done',
  failed: 'Failed',
};

/** Starts following the job when shown; stops (and forgets it) when closed. */
export function CmJobProgress({
  jobId,
  title,
  onClose,
  onEnded,
}: {
  jobId: string;
  title: string;
  onClose: () => void;
  onEnded?: () => void;
}) {
  const dispatch = useAppDispatch();
  const progress = useAppSelector((s) => selectJobProgress(jobId)(s as unknown as WithJobs));
  useEffect(() => {
    dispatch(jobWatchRequested({ id: jobId, source: 'central_manager' }));
    return () => {
      dispatch(jobDismissed(jobId));
    };
  }, [dispatch, jobId]);
  const ended = progress !== null && progress.status !== 'polling';
  const told = useRef(false);
  useEffect(() => {
    if (ended && !told.current) {
      told.current = true;
      onEnded?.();
    }
  }, [ended, onEnded]);

  const job = (progress?.job ?? null) as CmJob | null;
  const done = job?.done ?? 0;
  const total = job?.total ?? 0;
  return (
    <Box
      data-testid={ids.job}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}
      aria-live="polite"
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Typography data-testid={ids.jobStatus}>
          {progress === null || progress.status === 'polling'
            ? `In progress: ${done} of ${total} done`
            : progress.status === 'succeeded'
              ? `Finished: ${done} of ${total} done`
              : 'Failed'}
        </Typography>
        <Button onClick={onClose} data-testid={ids.jobClose}>
          Close
        </Button>
      </Stack>
      {!ended && (
        <LinearProgress
          variant={total > 0 ? 'determinate' : 'indeterminate'}
          value={total > 0 ? (100 * done) / total : 0}
          aria-label={title}
        />
      )}
      {progress?.status === 'failed' && progress.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {progress.error}
        </Alert>
      )}
      {job && job.targets.length > 0 && (
        <List dense>
          {job.targets.map((t) => (
            <ListItem key={t.id} data-testid={`${ids.jobTarget}-${t.id}`} disableGutters>
              <StatusChip label={TARGET_LABELS[t.status]} colour={TARGET_COLOURS[t.status]} />
              <ListItemText sx={{ ml: 1 }} primary={t.name} secondary={t.reason ?? undefined} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
