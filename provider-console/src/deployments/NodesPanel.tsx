/**
 * The nodes of a pod: state, last action and its operation state, and (operators) the node
 * actions; a started action shows its job's progress until it is finished or failed with its
 * reason (nodeActions.ts polls it).
 */
import { StatusChip, type StatusColour } from '@workbench/common/components/status-chip/index';
import { useEffect } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDispatch } from 'react-redux';
import { selectProviderIsOperator, useAppSelector } from '@workbench/common';
import { NODE_ACTIONS, NODE_ACTION_LABELS, type NodeState } from '@workbench/common/api/contract/providerOps';
import { providerOpsIds } from '@workbench/common/test-ids/index';
import { useProviderSelector } from '../app/providerStore';
import { FilterToolbar, SelectFilter } from '../filters/FilterToolbar';
import {
  nodeActionRequested,
  podListRequested,
  podNodesRequested,
  selectNodeActions,
  type NodeJobView,
} from './nodeActions';

const STATE_COLOURS: Record<NodeState, StatusColour> = {
  active: 'success',
  frozen: 'info',
  restarting: 'warning',
};

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

export function NodesPanel() {
  const dispatch = useDispatch();
  const canWrite = useAppSelector(selectProviderIsOperator);
  const { pods, pod, nodes, status, error, jobs } = useProviderSelector(selectNodeActions);

  useEffect(() => {
    dispatch(podListRequested());
  }, [dispatch]);

  return (
    <Box>
      <FilterToolbar>
        <SelectFilter
          label="Pod"
          value={pod ?? ''}
          onChange={(p) => dispatch(podNodesRequested({ pod: p }))}
          options={pods.map((p) => ({ value: p, label: p }))}
          testId={providerOpsIds.podSelect}
          minWidth={200}
        />
        {status === 'loading' && <Typography color="text.secondary">Loading nodes…</Typography>}
      </FilterToolbar>
      {error && <Alert severity="error">{error}</Alert>}
      <Table size="small" data-testid={providerOpsIds.nodesTable} aria-label={`Nodes of ${pod ?? 'the pod'}`}>
        <TableHead>
          <TableRow>
            <TableCell>Node</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Last action</TableCell>
            {canWrite && <TableCell>Actions</TableCell>}
            <TableCell>Job</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {nodes.map((n) => {
            const job = jobs[n.node];
            const running = job !== undefined && job.status !== 'finished' && job.status !== 'failed';
            return (
              <TableRow key={n.node}>
                {/* A node's name is read as one word: never broken across lines in a narrow window. */}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{n.node}</TableCell>
                <TableCell>
                  <StatusChip
                    label={n.state}
                    colour={STATE_COLOURS[n.state]}
                    data-testid={`${providerOpsIds.nodeState}-${n.node}`}
                  />
                </TableCell>
                <TableCell>{n.last_action ? `${n.last_action} (${n.operation_state ?? ''})` : '—'}</TableCell>
                {canWrite && (
                  // The four on one line in a wide window; two a line when a narrow one makes them wrap.
                  <TableCell sx={{ minWidth: { xs: 190, lg: 330 } }}>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {NODE_ACTIONS.map((a) => (
                        <Button
                          key={a}
                          size="small"
                          variant="outlined"
                          disabled={running || pod === null}
                          data-testid={`${providerOpsIds.nodeAction}-${n.node}-${a}`}
                          aria-label={`${NODE_ACTION_LABELS[a]} ${n.node}`}
                          onClick={() =>
                            pod && dispatch(nodeActionRequested({ pod, node: n.node, action: a }))
                          }
                        >
                          {NODE_ACTION_LABELS[a]}
                        </Button>
                      ))}
                    </Stack>
                  </TableCell>
                )}
                <TableCell sx={{ minWidth: 220 }}>
                  <JobCell node={n.node} job={job} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
