/**
 * Revision history (issue 12): the published revisions, newest first, a page at a time (page size
 * default 25, offset 0: docs/provider-console.md §3), each with when (local time), by whom, its comment
 * and the revision it rolled back to. Any two selected are compared as sentences; "Roll back to
 * this revision" stages a copy of it, which the user then reviews and publishes as usual.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import {
  LoadFailed,
  Loading,
  REVISION_DIFF_PARAM,
  comparisonCleared,
  comparisonRequested,
  historyRequested,
  localTime,
  revisionHistoryIds,
  rollbackRequested,
  selectAccessController,
  selectComparison,
  selectHistory,
  selectRevision,
  useAppDispatch,
  useAppSelector,
  useExtension,
} from '@workbench/common';
import type { PublishedRevision } from '@workbench/common/api/contract/policy';
import { AreaPage } from '../AreaPage';
import type { PageProps } from '../../routes/routeModel';
import { canPublishPolicy } from '../../shell/policyPermissions';
import { ConfirmDialog, useWriteOutcome } from './PolicyDialogs';
import { TenantReadableDiff } from './TenantReadableDiff';

export const HISTORY_PAGE_SIZES = [10, 25, 50, 100];

/**
 * The pair a link names with ?rev=N (a chart's change marker): revision N against the one before
 * it (published revisions are consecutive, a discard reuses the staged number), so the diff is
 * what N changed. Revision 1 has none before it: selected alone.
 */
export function linkedSelection(param: string | null): number[] {
  const rev = param !== null && /^[1-9][0-9]{0,8}$/.test(param) ? Number(param) : null;
  if (rev === null) return [];
  return rev > 1 ? [rev - 1, rev] : [rev];
}
export const NO_REVISIONS_TEXT = 'No revision has been published yet.';
export const SELECT_ANOTHER_TEXT = 'Select one more revision to compare the two.';

function RollbackDialog({ rev, onClose }: { rev: number; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const revision = useAppSelector(selectRevision);
  const { busy, failed, start } = useWriteOutcome('rollingBack', onClose);
  return (
    <ConfirmDialog
      title={`Roll back to revision ${rev}?`}
      confirmLabel="Roll back"
      busyLabel="Rolling back…"
      busy={busy}
      failed={failed}
      onCancel={onClose}
      onConfirm={() => {
        start();
        dispatch(rollbackRequested({ rev }));
      }}
      testIds={{
        dialog: revisionHistoryIds.rollbackDialog,
        confirm: revisionHistoryIds.rollbackConfirm,
        cancel: revisionHistoryIds.rollbackCancel,
      }}
    >
      The policy of revision {rev} will be staged as a new revision
      {revision?.state === 'staged'
        ? `, in place of the unpublished changes of revision ${revision.staged_rev_id}`
        : ''}
      . Nothing is published until you review the changes and publish them.
    </ConfirmDialog>
  );
}

function Comparison({ from, to }: { from: number; to: number }) {
  const dispatch = useAppDispatch();
  const comparison = useAppSelector(selectComparison);
  useEffect(() => {
    if (comparison.from !== from || comparison.to !== to) dispatch(comparisonRequested({ from, to }));
  }, [dispatch, comparison.from, comparison.to, from, to]);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="revision-comparison-title"
      sx={{ p: 2, mt: 2 }}
      data-testid={revisionHistoryIds.comparison}
    >
      <Typography id="revision-comparison-title" variant="h2" gutterBottom>
        Changes from revision {from} to revision {to}
      </Typography>
      {comparison.status === 'failed' ? (
        <LoadFailed
          message={`The changes could not be loaded: ${comparison.error?.message ?? 'unknown error'}`}
          onRetry={() => dispatch(comparisonRequested({ from, to }))}
        />
      ) : comparison.status === 'loaded' && comparison.diff ? (
        <TenantReadableDiff
          diff={comparison.diff}
          entries={comparison.entries}
          emptyText="The two revisions hold the same policy."
        />
      ) : (
        <Loading label="Loading the changes" />
      )}
    </Paper>
  );
}

function HistoryRow({
  item,
  current,
  selected,
  onSelect,
  onRollback,
}: {
  item: PublishedRevision;
  current: boolean;
  selected: boolean;
  /** Offered when the server compares revisions (the revision-diff extension). */
  onSelect?: () => void;
  onRollback?: () => void;
}) {
  const rev = item.rev_id;
  return (
    <TableRow hover selected={selected} data-testid={`${revisionHistoryIds.row}-${rev}`}>
      {onSelect !== undefined && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selected}
            onChange={onSelect}
            slotProps={{ input: { 'aria-label': `Compare revision ${rev}` } }}
            data-testid={`${revisionHistoryIds.select}-${rev}`}
          />
        </TableCell>
      )}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {rev}
        {current && <Chip size="small" label="Current" color="success" variant="outlined" sx={{ ml: 1 }} />}
      </TableCell>
      <TableCell>{item.published_at ? localTime(item.published_at) : '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.published_by || '—'}</TableCell>
      <TableCell sx={{ wordBreak: 'break-word', minWidth: '8rem' }}>
        {item.rolled_back_from !== null && (
          <Chip size="small" label={`Rollback of ${item.rolled_back_from}`} sx={{ mr: 1 }} />
        )}
        {item.comment ??
          (item.rolled_back_from === null ? (
            <Typography component="span" color="text.secondary">
              —
            </Typography>
          ) : null)}
      </TableCell>
      {onRollback !== undefined && (
        <TableCell align="right">
          {!current && (
            <Button
              size="small"
              onClick={onRollback}
              data-testid={`${revisionHistoryIds.rollback}-${rev}`}
              sx={{ textAlign: 'right' }}
            >
              Roll back to this revision
            </Button>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}

export function RevisionHistoryPage({ title }: PageProps) {
  const dispatch = useAppDispatch();
  const history = useAppSelector(selectHistory);
  const revision = useAppSelector(selectRevision);
  const access = useAppSelector(selectAccessController);
  // Compare and Roll back are server extensions of their own (docs/api.md).
  const compares = useExtension('revision-diff');
  const rollbackServed = useExtension('revision-rollback');
  const writer = canPublishPolicy(access) && rollbackServed;
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<number[]>(() => linkedSelection(params.get(REVISION_DIFF_PARAM)));
  const [rollbackOf, setRollbackOf] = useState<number | null>(null);
  const closeRollback = useCallback(() => setRollbackOf(null), []);

  // Loads on arrival and again once a publish or rollback made the page out of date.
  useEffect(() => {
    if (history.status === 'idle') dispatch(historyRequested());
  }, [dispatch, history.status]);
  useEffect(
    () => () => {
      dispatch(comparisonCleared());
    },
    [dispatch],
  );

  const toggle = (rev: number) =>
    setSelected((s) => (s.includes(rev) ? s.filter((r) => r !== rev) : [...s, rev].slice(-2)));
  const pair = selected.length === 2 ? [Math.min(...selected), Math.max(...selected)] : null;
  const page = Math.floor(history.offset / history.limit);
  // The server's published revisions are the history, revision 1 (the initial policy) included.
  const rows = history.items;

  let body;
  if (history.status === 'failed') {
    body = (
      <Box data-testid={revisionHistoryIds.error}>
        <LoadFailed
          message={`The revision history could not be loaded: ${history.error?.message ?? 'unknown error'}`}
          onRetry={() => dispatch(historyRequested())}
        />
      </Box>
    );
  } else if (history.status !== 'loaded') {
    body = <Loading label="Loading the revision history" />;
  } else if (history.total === 0) {
    body = (
      <Typography role="status" color="text.secondary" data-testid={revisionHistoryIds.empty}>
        {NO_REVISIONS_TEXT}
      </Typography>
    );
  } else {
    body = (
      <>
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Published revisions" data-testid={revisionHistoryIds.table}>
              <TableHead>
                <TableRow>
                  {compares && (
                    <TableCell padding="checkbox">
                      <Box
                        component="span"
                        sx={{
                          position: 'absolute',
                          width: 1,
                          height: 1,
                          overflow: 'hidden',
                          clip: 'rect(0 0 0 0)',
                        }}
                      >
                        Compare
                      </Box>
                    </TableCell>
                  )}
                  <TableCell>Revision</TableCell>
                  <TableCell>Published</TableCell>
                  <TableCell>By</TableCell>
                  <TableCell>Comment</TableCell>
                  {writer && (
                    <TableCell align="right">
                      <Box
                        component="span"
                        sx={{
                          position: 'absolute',
                          width: 1,
                          height: 1,
                          overflow: 'hidden',
                          clip: 'rect(0 0 0 0)',
                        }}
                      >
                        Actions
                      </Box>
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((item) => (
                  <HistoryRow
                    key={item.rev_id}
                    item={item}
                    current={item.rev_id === revision?.rev_id}
                    selected={selected.includes(item.rev_id)}
                    onSelect={compares ? () => toggle(item.rev_id) : undefined}
                    onRollback={writer ? () => setRollbackOf(item.rev_id) : undefined}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={history.total}
            page={page}
            rowsPerPage={history.limit}
            rowsPerPageOptions={HISTORY_PAGE_SIZES}
            onPageChange={(_e, next) => dispatch(historyRequested({ offset: next * history.limit }))}
            onRowsPerPageChange={(e) =>
              dispatch(historyRequested({ limit: Number(e.target.value), offset: 0 }))
            }
            showFirstButton
            showLastButton
            data-testid={revisionHistoryIds.pager}
          />
        </Paper>
        {selected.length === 1 && (
          <Typography role="status" color="text.secondary" sx={{ mt: 1 }}>
            {SELECT_ANOTHER_TEXT}
          </Typography>
        )}
        {compares && pair && <Comparison from={pair[0]} to={pair[1]} />}
      </>
    );
  }

  return (
    <AreaPage title={title}>
      <Box data-testid={revisionHistoryIds.page}>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
          Every published revision of the policy.
          {compares ? ' Select two to see what changed between them.' : ''}
          {writer ? ' Rolling back stages a copy of a revision; publish it to complete the rollback.' : ''}
        </Typography>
        {body}
      </Box>
      {rollbackOf !== null && <RollbackDialog rev={rollbackOf} onClose={closeRollback} />}
    </AreaPage>
  );
}
