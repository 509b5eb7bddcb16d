/**
 * Moves the tenants selected in the tenants grid to another deployment (docs/provider-console.md
 * §13): the operator picks the deployment, reads what happens, and confirms; the server answers a
 * job, followed by common's job polling (features/jobs: every 1 s until finished or failed), and
 * each tenant's result is listed as it comes. Closing the dialog stops following the job (it runs
 * on in the server) and reloads the grid.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  jobDismissed,
  jobWatchRequested,
  selectJobProgress,
  toErrorInfo,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import type { TenantMoveJob } from '@workbench/common/api/contract/providerOps';
import { tenantOpsIds } from '@workbench/common/test-ids/tenantOpsIds';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';
import { TenantActionFrame } from './tenantFormKit';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function MoveTenantsDialog({
  tenants,
  onClose,
}: {
  /** The tenants to move, with their names. */
  tenants: readonly { tid: string; name: string }[];
  onClose(moved: boolean): void;
}) {
  const dispatch = useAppDispatch();
  const deployments = useEntityRead('getRolloutDeployments', []);
  const where = useEntityRead('getTenantDeployments', []);
  const move = useEntityCall('moveTenantDeployments');
  const [deployment, setDeployment] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const progress = useAppSelector(selectJobProgress(jobId));
  // The page no longer shows the job: its polling stops.
  useEffect(() => {
    if (!jobId) return undefined;
    return () => {
      dispatch(jobDismissed(jobId));
    };
  }, [jobId, dispatch]);

  const job = (progress?.job ?? null) as TenantMoveJob | null;
  const ended = progress?.status === 'succeeded' || progress?.status === 'failed';
  const current = new Map((where.data?.tenant_deployments ?? []).map((t) => [t.tid, t.deployment]));
  const names = tenants.map((t) => t.name);
  const alreadyThere = tenants.filter((t) => current.get(t.tid) === deployment).length;

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await move(
        tenants.map((t) => t.tid),
        deployment,
      );
      setJobId(started.id);
      dispatch(jobWatchRequested({ id: started.id }));
    } catch (e) {
      setError(toErrorInfo(e).message);
    } finally {
      setBusy(false);
    }
  };

  const title =
    tenants.length === 1 ? `Move ${names[0]} to another deployment` : `Move ${tenants.length} tenants`;
  return (
    <TenantActionFrame
      title={title}
      testId={tenantOpsIds.moveDialog}
      busy={busy}
      error={error}
      onClose={() => onClose(jobId !== null)}
      actions={
        <>
          {jobId === null ? (
            <>
              <Button onClick={() => onClose(false)} disabled={busy}>
                Cancel
              </Button>
              <Button
                variant="contained"
                disabled={busy || deployment === ''}
                onClick={() => void start()}
                data-testid={tenantOpsIds.moveSubmit}
              >
                {tenants.length === 1 ? 'Move tenant' : `Move ${tenants.length} tenants`}
              </Button>
            </>
          ) : (
            <Button onClick={() => onClose(true)} data-testid={tenantOpsIds.moveClose}>
              {ended ? 'Close' : 'Close (the move goes on)'}
            </Button>
          )}
        </>
      }
    >
      {deployments.error && <Alert severity="error">{deployments.error.message}</Alert>}
      {jobId === null ? (
        <>
          <TextField
            select
            label="Deployment"
            value={deployment}
            onChange={(e) => setDeployment(e.target.value)}
            disabled={!deployments.data || busy}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': tenantOpsIds.moveDeployment } as object },
            }}
            fullWidth
          >
            {(deployments.data?.deployments ?? []).map((d) => (
              <MenuItem
                key={d.deployment_id}
                value={d.deployment_id}
                data-testid={`${tenantOpsIds.moveDeployment}-${d.deployment_id}`}
              >
                {d.name} ({d.deployment_id}), {plural(d.tenants, 'tenant')}
                {d.deployment_id === deployments.data?.default_deployment ? ', the default' : ''}
              </MenuItem>
            ))}
          </TextField>
          <Typography>
            {names.join(', ')}
            {deployment
              ? ` will be moved to the deployment ${deployment}, one after another in a job whose progress shows here. Their policy, users and settings stay as they are; each tenant is served from ${deployment} once it is moved.`
              : ': choose the deployment to move them to.'}
            {deployment && alreadyThere > 0
              ? ` ${plural(alreadyThere, 'tenant is', 'tenants are')} on it already and stay.`
              : ''}
          </Typography>
        </>
      ) : (
        <Stack spacing={1}>
          <Typography data-testid={tenantOpsIds.moveProgress} aria-live="polite">
            {job
              ? `${job.results.length} of ${plural(job.tids.length, 'tenant')} done (${job.status}).`
              : 'The move has started.'}
          </Typography>
          <LinearProgress
            variant={job ? 'determinate' : 'indeterminate'}
            value={job && job.tids.length > 0 ? (100 * job.results.length) / job.tids.length : 0}
            aria-label="Move progress"
          />
          {ended && (
            <Alert
              severity={progress?.status === 'succeeded' ? 'success' : 'error'}
              data-testid={tenantOpsIds.moveOutcome}
              data-status={progress?.status === 'succeeded' ? 'finished' : 'failed'}
            >
              {progress?.status === 'succeeded'
                ? `${plural(job?.results.length ?? 0, 'tenant')} moved to ${job?.deployment ?? deployment}.`
                : (progress?.error ?? 'job failure')}
            </Alert>
          )}
          <List dense aria-label="Results per tenant">
            {(job?.results ?? []).map((r) => (
              <ListItem key={r.tid} data-testid={`${tenantOpsIds.moveResult}-${r.tid}`}>
                <ListItemText
                  primary={`${r.name}: ${r.status === 'moved' ? `moved from ${r.from}` : 'not moved'}`}
                  secondary={r.reason}
                />
              </ListItem>
            ))}
          </List>
        </Stack>
      )}
    </TenantActionFrame>
  );
}
