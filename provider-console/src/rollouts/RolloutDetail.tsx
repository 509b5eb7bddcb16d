/**
 * One rollout: its change and target, live progress (read every second while it runs: common's
 * rollouts saga), each wave with each tenant's status, difference (before → after) and reason,
 * and the operator's Start / Stop / Resume / Roll back. Support staff see it all and no button.
 */
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { selectProviderIsOperator, useAppSelector } from '@workbench/common';
import {
  ROLLOUT_RESUMABLE_STATES,
  ROLLOUT_ROLLBACK_STATES,
  ROLLOUT_STATE_LABELS,
  type RolloutState,
  type RolloutTenantStatus,
} from '@workbench/common/api/contract/providerRolloutPaths';
import type { RolloutTenant } from '@workbench/common/api/contract/providerRollouts';
import type { RolloutStateAction } from '@workbench/common/api/providerRollouts';
import {
  rolloutActionRequested,
  rolloutClosed,
  rolloutOpened,
  selectRolloutView,
  selectRolloutWaves,
} from '@workbench/common/features/rollouts/index';
import { rolloutIds } from '@workbench/common/test-ids/rolloutIds';
import { StatusChip, type StatusColour } from '@workbench/common/components/status-chip/index';
import { useProviderSelector } from '../app/providerStore';
import { describeChange, describeTarget, describeValue } from './rolloutText';
import { usePolicyTemplates } from './usePolicyTemplates';

type Colour = StatusColour;
export const STATE_COLOURS: Record<RolloutState, Colour> = {
  draft: 'default',
  running: 'info',
  paused: 'warning',
  stopped: 'warning',
  failed: 'error',
  completed: 'success',
  rolled_back: 'default',
};
const TENANT_COLOURS: Record<RolloutTenantStatus, Colour> = {
  pending: 'default',
  applied: 'success',
  failed: 'error',
  rolled_back: 'info',
};
const TENANT_LABELS: Record<RolloutTenantStatus, string> = {
  pending: 'Pending',
  applied: 'Applied',
  failed: 'Failed',
  rolled_back: 'Rolled back',
};

/** A tenant's difference: one line per item, "item: before → after". */
export function DiffLines({ changes }: { changes: RolloutTenant['changes'] }) {
  if (changes.length === 0) return <Typography variant="body2">No change</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {changes.map((c) => (
        <li key={c.item}>
          <Typography variant="body2">
            {c.item}: {describeValue(c.before)} → {describeValue(c.after)}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString() : '—');

export function RolloutDetail({ id, onClose }: { id: string; onClose(): void }) {
  const dispatch = useDispatch();
  const canWrite = useAppSelector(selectProviderIsOperator);
  const view = useProviderSelector(selectRolloutView);
  const waves = useProviderSelector(selectRolloutWaves);
  const [confirmRollback, setConfirmRollback] = useState(false);
  const { titleOf } = usePolicyTemplates();

  useEffect(() => {
    dispatch(rolloutOpened(id));
    return () => {
      dispatch(rolloutClosed());
    };
  }, [dispatch, id]);

  const r = view.rollout;
  const busy = view.action?.status === 'busy';
  const act = (action: RolloutStateAction) => dispatch(rolloutActionRequested({ id, action }));
  const total = r?.tenants.length ?? 0;
  const done = r ? r.counts.applied + r.counts.rolled_back : 0;

  return (
    <Box data-testid={rolloutIds.detail}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button onClick={onClose} data-testid={rolloutIds.closeDetail}>
          ← All rollouts
        </Button>
        <Typography variant="h2" sx={{ flexGrow: 1, fontSize: '1.5rem' }}>
          {r?.name ?? 'Rollout'}
        </Typography>
        {r && (
          <StatusChip
            label={ROLLOUT_STATE_LABELS[r.state]}
            colour={STATE_COLOURS[r.state]}
            data-testid={rolloutIds.detailState}
            data-state={r.state}
          />
        )}
        {r && canWrite && (
          <>
            {r.state === 'draft' && (
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => act('start')}
                data-testid={rolloutIds.startDraft}
              >
                Start
              </Button>
            )}
            {r.state === 'running' && (
              <Button
                variant="outlined"
                color="warning"
                disabled={busy}
                onClick={() => act('stop')}
                data-testid={rolloutIds.stop}
              >
                Stop
              </Button>
            )}
            {ROLLOUT_RESUMABLE_STATES.includes(r.state) && (
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => act('resume')}
                data-testid={rolloutIds.resume}
              >
                Resume
              </Button>
            )}
            {ROLLOUT_ROLLBACK_STATES.includes(r.state) && r.counts.applied > 0 && (
              <Button
                variant="outlined"
                color="error"
                disabled={busy}
                onClick={() => setConfirmRollback(true)}
                data-testid={rolloutIds.rollback}
              >
                Roll back
              </Button>
            )}
          </>
        )}
      </Stack>
      {view.status === 'loading' && <LinearProgress aria-label="Loading the rollout" />}
      {view.error && <Alert severity="error">{view.error}</Alert>}
      {view.action?.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={rolloutIds.actionError}>
          {view.action.error}
        </Alert>
      )}
      {r && (
        <>
          {r.reason && (
            <Alert
              severity={r.state === 'failed' ? 'error' : 'warning'}
              sx={{ mb: 2 }}
              data-testid={rolloutIds.detailReason}
            >
              {r.state === 'failed' ? 'Stopped at the first failure. ' : ''}
              {r.reason}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Typography>{describeChange(r.change, titleOf)}</Typography>
            <Typography variant="body2" color="text.secondary">
              Target: {describeTarget(r.target)} · waves of {r.wave_size}, {r.pause_seconds} s between waves ·
              created by {r.created_by}
            </Typography>
            <Box sx={{ mt: 1.5 }} data-testid={rolloutIds.progress} aria-live="polite">
              <Typography variant="body2">
                {r.counts.applied} of {total} applied · wave {Math.min(r.waves_done + 1, r.waves)} of{' '}
                {r.waves}
                {r.counts.failed > 0 ? ` · ${r.counts.failed} failed` : ''}
                {r.counts.rolled_back > 0 ? ` · ${r.counts.rolled_back} rolled back` : ''}
                {r.state === 'running' && r.next_wave_at ? ` · next wave at ${time(r.next_wave_at)}` : ''}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={total > 0 ? (100 * done) / total : 0}
                color={r.state === 'failed' ? 'error' : 'primary'}
                aria-label={`${r.counts.applied} of ${total} tenants applied`}
                sx={{ mt: 0.5 }}
              />
            </Box>
          </Paper>
          <Stack spacing={2}>
            {waves.map((tenants, i) => (
              <Paper variant="outlined" key={i} sx={{ p: 1.5 }} data-testid={`${rolloutIds.wave}-${i + 1}`}>
                <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
                  Wave {i + 1}
                  {' · '}
                  {tenants.filter((t) => t.status === 'applied').length} of {tenants.length} applied
                </Typography>
                {/* Fixed columns: every wave's table lines up with the others. */}
                <Table size="small" aria-label={`Tenants of wave ${i + 1}`} sx={{ tableLayout: 'fixed' }}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: '22%' }}>Tenant</TableCell>
                      <TableCell sx={{ width: '14%' }}>Status</TableCell>
                      <TableCell sx={{ width: '32%' }}>Difference</TableCell>
                      <TableCell sx={{ width: '12%' }}>Applied</TableCell>
                      <TableCell>Reason</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {tenants.map((t) => (
                      <TableRow key={t.tid}>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{t.name}</TableCell>
                        <TableCell>
                          <StatusChip
                            label={TENANT_LABELS[t.status]}
                            colour={TENANT_COLOURS[t.status]}
                            data-testid={`${rolloutIds.tenantStatus}-${t.tid}`}
                            data-status={t.status}
                          />
                        </TableCell>
                        <TableCell>
                          <DiffLines changes={t.changes} />
                        </TableCell>
                        <TableCell>{time(t.applied_at)}</TableCell>
                        <TableCell data-testid={`${rolloutIds.tenantReason}-${t.tid}`}>
                          {t.reason ?? ''}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {confirmRollback && r && (
        <Dialog open onClose={() => setConfirmRollback(false)} aria-labelledby="rollback-title">
          <DialogTitle id="rollback-title">Roll back {r.name}?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              The {r.counts.applied} applied {r.counts.applied === 1 ? 'tenant gets' : 'tenants get'} back
              what they had before the rollout. Tenants not yet reached stay as they are.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmRollback(false)}>Cancel</Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                setConfirmRollback(false);
                act('rollback');
              }}
            >
              Roll back
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
