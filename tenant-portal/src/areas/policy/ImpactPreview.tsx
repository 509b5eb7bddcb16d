/**
 * The impact preview in the publish review (docs/policy-impact.md): choose the window (1, 7 or 30
 * days), Preview, the job's progress, then how many of the window's web requests the staged
 * revision decides differently, the change matrix, the top users, domains, categories and rules,
 * samples with both decisions, and the staged rules that decide nothing. Shown to roles that read
 * the web policy, on a server that serves the preview.
 */
import { useEffect, useId } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  IMPACT_WINDOW_DAYS,
  impactCleared,
  impactRequested,
  localTime,
  publishBarIds,
  selectCan,
  selectPolicyImpact,
  useAppDispatch,
  useAppSelector,
  useExtension,
  type ImpactResult,
  type ImpactTop,
  type ImpactWindowDays,
} from '@workbench/common';
import type { DecidingRule } from '@workbench/common/api/contract/policy';
import { counted } from '@workbench/common/formatting/counted';

const ruleText = (rule: DecidingRule | null): string => (rule ? rule.name : 'No rule (the default allows)');

function TopList({ title, rows }: { title: string; rows: readonly ImpactTop[] }) {
  if (rows.length === 0) return null;
  return (
    <Box sx={{ minWidth: 180 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {rows.map((r) => (
          <li key={r.key}>
            {r.key} ({r.count.toLocaleString()})
          </li>
        ))}
      </Box>
    </Box>
  );
}

function ImpactFigures({ result }: { result: ImpactResult }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography data-testid={publishBarIds.impactChanged} data-count={result.changed}>
        {result.changed === 0
          ? `None of ${counted(result.total, 'request')} would be decided differently.`
          : `${counted(result.changed, 'request')} of ${result.total.toLocaleString()} would be decided differently.`}
      </Typography>
      {result.matrix.length > 0 && (
        <Table size="small" aria-label="Changed decisions">
          <TableHead>
            <TableRow>
              <TableCell>Published</TableCell>
              <TableCell>Staged</TableCell>
              <TableCell align="right">Requests</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.matrix.map((c) => (
              <TableRow
                key={`${c.from}-${c.to}`}
                data-testid={publishBarIds.impactMatrixRow}
                data-count={c.count}
              >
                <TableCell>{c.from}</TableCell>
                <TableCell>{c.to}</TableCell>
                <TableCell align="right">{c.count.toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        <TopList title="Top users" rows={result.top_users} />
        <TopList title="Top domains" rows={result.top_domains} />
        <TopList title="Top categories" rows={result.top_categories} />
        <TopList
          title="Rules behind the change"
          rows={result.top_rules.map((r) => ({
            key: `${r.rule.name}${r.side === 'published' ? ' (published)' : ''}`,
            count: r.count,
          }))}
        />
      </Box>
      {result.samples.length > 0 && (
        <Table size="small" aria-label="Samples of changed requests">
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>User</TableCell>
              <TableCell>URL</TableCell>
              <TableCell>Published</TableCell>
              <TableCell>Staged</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.samples.slice(0, 10).map((s, i) => (
              <TableRow key={i} data-testid={publishBarIds.impactSample}>
                <TableCell>{localTime(new Date(s.time).toISOString())}</TableCell>
                <TableCell>{s.user ?? '—'}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{s.url}</TableCell>
                <TableCell>
                  {s.published.action} · {ruleText(s.published.rule)}
                </TableCell>
                <TableCell>
                  {s.staged.action} · {ruleText(s.staged.rule)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {result.unmatched_rules.length > 0 && (
        <Alert severity="info" data-testid={publishBarIds.impactUnmatched}>
          Staged rules that decide none of these requests:{' '}
          {result.unmatched_rules.map((r) => r.name).join(', ')}.
        </Alert>
      )}
    </Box>
  );
}

export function ImpactPreview() {
  const dispatch = useAppDispatch();
  const served = useExtension('policy-impact');
  const mayRead = useAppSelector(selectCan('web_policy:*:read'));
  const impact = useAppSelector(selectPolicyImpact);
  const labelId = useId();
  // The preview belongs to the review it was made in.
  useEffect(() => () => void dispatch(impactCleared()), [dispatch]);
  if (!served || !mayRead) return null;
  const job = impact.job;
  const run = (days: ImpactWindowDays) => dispatch(impactRequested(days));
  return (
    <Box component="section" aria-labelledby={labelId} data-testid={publishBarIds.impact} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" id={labelId} gutterBottom>
        Impact on recent traffic
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5 }}>
        <TextField
          select
          size="small"
          label="Window"
          value={impact.days}
          onChange={(e) => run(Number(e.target.value) as ImpactWindowDays)}
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': publishBarIds.impactDays } as object },
          }}
          disabled={impact.status === 'running'}
        >
          {IMPACT_WINDOW_DAYS.map((d) => (
            <MenuItem key={d} value={d}>
              Last {counted(d, 'day')}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          onClick={() => run(impact.days)}
          disabled={impact.status === 'running'}
          data-testid={publishBarIds.impactRun}
        >
          {impact.status === 'idle' ? 'Preview' : 'Preview again'}
        </Button>
      </Box>
      {impact.status === 'running' && (
        <Box role="status" data-testid={publishBarIds.impactProgress}>
          <Typography variant="body2">
            Replaying{' '}
            {job && job.progress.total > 0
              ? `${job.progress.scanned.toLocaleString()} of ${counted(job.progress.total, 'request')}`
              : 'the requests'}
            …
          </Typography>
          <LinearProgress
            variant={job && job.progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={job && job.progress.total > 0 ? (100 * job.progress.scanned) / job.progress.total : 0}
            aria-label="Impact preview progress"
          />
        </Box>
      )}
      {impact.status === 'failed' && <Alert severity="error">The preview failed: {impact.error}</Alert>}
      {impact.status === 'done' && job?.result && <ImpactFigures result={job.result} />}
    </Box>
  );
}
