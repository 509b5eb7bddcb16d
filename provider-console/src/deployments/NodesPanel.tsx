/**
 * The nodes of a pod: state, last action and its operation state, and (operators) the node
 * actions that the node's state takes (providerOps NODE_STATE_ACTIONS, the table the server's
 * 409 reads too); a destructive one (restart, freeze) asks first, naming the node and its pod. A
 * started action shows its job's progress until it is finished or failed with its reason
 * (nodeActions.ts polls it, reading the nodes again as the job moves, so the node shows
 * restarting, freezing or thawing meanwhile). Each node opens its recent jobs with their outcome.
 */
import { StatusChip, type StatusColour } from '@workbench/common/components/status-chip/index';
import { Fragment, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Collapse,
  DialogContentText,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { useDispatch } from 'react-redux';
import { selectProviderIsOperator, useAppSelector } from '@workbench/common';
import { ConfirmActionDialog } from '@workbench/common/components/confirm-delete/index';
import {
  JOB_FAILURE_MSG,
  NODE_ACTION_CONSEQUENCES,
  NODE_ACTION_LABELS,
  NODE_STATE_ACTIONS,
  type Job,
  type JobStatus,
  type NodeAction,
  type NodeState,
  type NodeStatus,
} from '@workbench/common/api/contract/providerOps';
import { providerOpsIds } from '@workbench/common/test-ids/index';
import { useProviderSelector } from '../app/providerStore';
import { FilterToolbar, SelectFilter } from '../filters/FilterToolbar';
import {
  nodeActionRequested,
  nodeHistoryRequested,
  podListRequested,
  podNodesRequested,
  selectNodeActions,
  type NodeHistoryView,
  type NodeJobView,
} from './nodeActions';

const STATE_COLOURS: Record<NodeState, StatusColour> = {
  active: 'success',
  frozen: 'info',
  restarting: 'warning',
  freezing: 'warning',
  thawing: 'warning',
};

const JOB_STATUS_COLOURS: Record<JobStatus, StatusColour> = {
  pending: 'default',
  started: 'info',
  finished: 'success',
  failed: 'error',
};

/** A moment as the operator reads it: day and time in their own zone. */
const when = (iso: string | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

function JobCell({ node, job }: { node: string; job: NodeJobView | undefined }) {
  if (!job) return null;
  const label = NODE_ACTION_LABELS[job.action];
  const testId = `${providerOpsIds.nodeJob}-${node}`;
  if (job.status === 'failed')
    return (
      <Alert severity="error" data-testid={testId} data-status="failed" sx={{ py: 0 }}>
        {label} failed: {job.error}
      </Alert>
    );
  if (job.status === 'finished')
    return (
      <Alert severity="success" data-testid={testId} data-status="finished" sx={{ py: 0 }}>
        {label} finished.{job.result ? ` ${job.result}` : ''}
      </Alert>
    );
  return (
    <Box data-testid={testId} data-status={job.status} aria-live="polite">
      <Typography variant="body2">
        {label}: {job.status === 'requesting' ? 'requesting…' : `${job.status}…`}
      </Typography>
      <LinearProgress aria-label={`${label} of ${node} in progress`} />
    </Box>
  );
}

/** A node's recent jobs, newest first, each with its outcome. */
function NodeHistory({ node, view }: { node: string; view: NodeHistoryView | undefined }) {
  const testId = `${providerOpsIds.nodeHistory}-${node}`;
  if (!view || (view.status === 'loading' && view.jobs.length === 0))
    return (
      <Typography data-testid={testId} data-status="loading" color="text.secondary">
        Loading the jobs of {node}…
      </Typography>
    );
  if (view.status === 'failed')
    return (
      <Alert severity="error" data-testid={testId} data-status="failed">
        {view.error}
      </Alert>
    );
  return (
    <Box data-testid={testId} data-status={view.status}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Recent jobs of {node}
        {view.total > view.jobs.length ? ` (the last ${view.jobs.length} of ${view.total})` : ''}
      </Typography>
      {view.jobs.length === 0 ? (
        <Typography color="text.secondary">No job has run on {node}.</Typography>
      ) : (
        <Table size="small" aria-label={`Recent jobs of ${node}`}>
          <TableHead>
            <TableRow>
              <TableCell>Action</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Requested</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Ended</TableCell>
              <TableCell>Outcome</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {view.jobs.map((j: Job) => (
              <TableRow key={j.id}>
                <TableCell>{NODE_ACTION_LABELS[j.action]}</TableCell>
                <TableCell>
                  <StatusChip label={j.status} colour={JOB_STATUS_COLOURS[j.status]} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(j.created_at)}</TableCell>
                <TableCell>{j.requested_by}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(j.ended_at)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {j.status === 'failed'
                    ? (j.reason ?? JOB_FAILURE_MSG)
                    : j.status === 'finished'
                      ? (j.result ?? 'Done.')
                      : 'Running…'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** A node is in the middle of a job: its state says so, its last action runs, or this page's does. */
const busyNode = (n: NodeStatus, job: NodeJobView | undefined): boolean =>
  NODE_STATE_ACTIONS[n.state].length === 0 ||
  n.operation_state === 'pending' ||
  n.operation_state === 'started' ||
  (job !== undefined && job.status !== 'finished' && job.status !== 'failed');

export function NodesPanel() {
  const dispatch = useDispatch();
  const canWrite = useAppSelector(selectProviderIsOperator);
  const { pods, pod, nodes, status, error, jobs, history } = useProviderSelector(selectNodeActions);
  const [confirming, setConfirming] = useState<{ node: string; action: NodeAction } | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    dispatch(podListRequested());
  }, [dispatch]);

  const run = (node: string, action: NodeAction) => {
    if (pod) dispatch(nodeActionRequested({ pod, node, action }));
  };
  const toggleHistory = (node: string) => {
    const next = new Set(open);
    if (next.has(node)) next.delete(node);
    else {
      next.add(node);
      if (pod) dispatch(nodeHistoryRequested({ pod, node }));
    }
    setOpen(next);
  };
  const columns = canWrite ? 6 : 5;

  return (
    <Box>
      <FilterToolbar>
        <SelectFilter
          label="Pod"
          value={pod ?? ''}
          onChange={(p) => {
            setOpen(new Set());
            dispatch(podNodesRequested({ pod: p }));
          }}
          options={pods.map((p) => ({ value: p, label: p }))}
          testId={providerOpsIds.podSelect}
          minWidth={200}
        />
        {status === 'loading' && <Typography color="text.secondary">Loading nodes…</Typography>}
      </FilterToolbar>
      {error && <Alert severity="error">{error}</Alert>}
      {/* A narrow window scrolls the table sideways rather than cutting its last columns. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          data-testid={providerOpsIds.nodesTable}
          aria-label={`Nodes of ${pod ?? 'the pod'}`}
        >
          <TableHead>
            <TableRow>
              <TableCell>Node</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Last action</TableCell>
              {canWrite && <TableCell>Actions</TableCell>}
              <TableCell>Job</TableCell>
              <TableCell>History</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {nodes.map((n) => {
              const job = jobs[n.node];
              const busy = busyNode(n, job);
              const shown = open.has(n.node);
              return (
                <Fragment key={n.node}>
                  <TableRow sx={shown ? { '& > td': { borderBottom: 'unset' } } : undefined}>
                    {/* A node's name is read as one word: never broken across lines in a narrow window. */}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{n.node}</TableCell>
                    <TableCell>
                      <StatusChip
                        label={n.state}
                        colour={STATE_COLOURS[n.state]}
                        data-testid={`${providerOpsIds.nodeState}-${n.node}`}
                        data-state={n.state}
                      />
                    </TableCell>
                    <TableCell>
                      {n.last_action
                        ? `${NODE_ACTION_LABELS[n.last_action]} (${n.operation_state ?? ''})`
                        : '—'}
                    </TableCell>
                    {canWrite && (
                      // The actions of the node's state on one line in a wide window; they wrap in a narrow one.
                      <TableCell sx={{ minWidth: { xs: 190, lg: 260 } }}>
                        {busy ? (
                          <Typography variant="body2" color="text.secondary">
                            Waits for the job to end
                          </Typography>
                        ) : (
                          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                            {NODE_STATE_ACTIONS[n.state].map((a) => (
                              <Button
                                key={a}
                                size="small"
                                variant="outlined"
                                // error, not warning: MUI's warning text on white is 3:1, under AA.
                                color={NODE_ACTION_CONSEQUENCES[a] ? 'error' : 'primary'}
                                disabled={pod === null}
                                data-testid={`${providerOpsIds.nodeAction}-${n.node}-${a}`}
                                aria-label={`${NODE_ACTION_LABELS[a]} ${n.node}`}
                                onClick={() =>
                                  NODE_ACTION_CONSEQUENCES[a]
                                    ? setConfirming({ node: n.node, action: a })
                                    : run(n.node, a)
                                }
                              >
                                {NODE_ACTION_LABELS[a]}
                              </Button>
                            ))}
                          </Stack>
                        )}
                      </TableCell>
                    )}
                    <TableCell sx={{ minWidth: 220 }}>
                      <JobCell node={n.node} job={job} />
                    </TableCell>
                    <TableCell>
                      <Tooltip title={shown ? `Hide the jobs of ${n.node}` : `Recent jobs of ${n.node}`}>
                        <IconButton
                          size="small"
                          aria-label={`Recent jobs of ${n.node}`}
                          aria-expanded={shown}
                          data-testid={`${providerOpsIds.nodeHistoryToggle}-${n.node}`}
                          onClick={() => toggleHistory(n.node)}
                        >
                          <HistoryIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                  {shown && (
                    <TableRow>
                      <TableCell colSpan={columns} sx={{ py: 1 }}>
                        <Collapse in appear>
                          <NodeHistory node={n.node} view={history[n.node]} />
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {confirming && pod && (
        <ConfirmActionDialog
          title={`${NODE_ACTION_LABELS[confirming.action]} the node ${confirming.node} of the pod ${pod}?`}
          confirmLabel={NODE_ACTION_LABELS[confirming.action]}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            run(confirming.node, confirming.action);
            setConfirming(null);
          }}
          testIds={{
            dialog: providerOpsIds.nodeConfirm,
            cancel: providerOpsIds.nodeConfirmCancel,
            confirm: providerOpsIds.nodeConfirmOk,
          }}
        >
          <DialogContentText>{NODE_ACTION_CONSEQUENCES[confirming.action]}</DialogContentText>
        </ConfirmActionDialog>
      )}
    </Box>
  );
}
