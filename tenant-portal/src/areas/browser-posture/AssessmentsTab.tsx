/**
 * The Assessments tab (docs/browser-posture.md §5): each assessment's score, its trend since the run
 * before, the rules passed, failed and not configured, and its review status, in the shared data
 * table; a row opens the rules' results (expected and actual). Re-assess runs it again on the
 * policy's current settings; the review status is set with who and when.
 */
import { useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  BROWSER_POSTURE_PERMISSIONS as PERM,
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  type Assessment,
  type ReviewStatus,
} from '@workbench/common/api/contract/browser-posture/browserPosture';
import { POSTURE_COMPARATOR_LABELS } from '@workbench/common/posture/evaluate';
import { StatusChip } from '@workbench/common/components/status-chip/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed, Loading } from '@workbench/common/components/page-states/index';
import { browserPostureIds as ids } from '@workbench/common/test-ids/browserPostureIds';
import { useEntityCall, useEntityRead } from './browserPostureRequests';
import { BRW_TEXTS, valueText } from './browserPostureTexts';

const RESULT_LABELS = { pass: 'Pass', fail: 'Fail', not_configured: 'Not configured' } as const;
const RESULT_COLOURS = { pass: 'success', fail: 'error', not_configured: 'warning' } as const;
const REVIEW_COLOURS = { unreviewed: 'default', in_review: 'info', reviewed: 'success' } as const;
const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

const assessmentKey = (a: Assessment) => a.id;

function RuleResults({ a }: { a: Assessment }) {
  return (
    <Box sx={{ p: 1 }}>
      {a.results.map((r) => (
        <Stack
          key={r.ruleId}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ py: 0.5 }}
          data-testid={`${ids.ruleResult}-${r.setting}`}
        >
          <StatusChip label={RESULT_LABELS[r.status]} colour={RESULT_COLOURS[r.status]} />
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{r.setting}</Typography>
          <Typography color="text.secondary">
            {POSTURE_COMPARATOR_LABELS[r.comparator]} {r.expected.map(String).join(' and ')}; the policy has{' '}
            {valueText(r.actual)}
          </Typography>
        </Stack>
      ))}
    </Box>
  );
}

export function AssessmentsTab() {
  const dispatch = useAppDispatch();
  const canRead = useAppSelector(selectCan(PERM.assessmentsRead));
  const canWrite = useAppSelector(selectCan(PERM.assessmentsWrite));
  const assessments = useEntityRead('listAssessments', [], { enabled: canRead });
  const reassess = useEntityCall('reassess');
  const review = useEntityCall('setReviewStatus');
  const [busy, setBusy] = useState<string | null>(null);
  if (!canRead) return <Alert severity="info">{BRW_TEXTS.noPermission}</Alert>;
  if (assessments.status === 'failed')
    return (
      <Box data-testid={ids.loadError}>
        <LoadFailed
          message={assessments.error?.message ?? 'The assessments were not loaded.'}
          onRetry={assessments.reload}
        />
      </Box>
    );
  if (assessments.data === null) return <Loading label="Loading the assessments" />;
  const rows = assessments.data.assessments;
  const run = async (a: Assessment, work: () => Promise<unknown>, callName: string) => {
    setBusy(a.id);
    try {
      await work();
      assessments.reload();
    } catch (e) {
      dispatch(
        snackbarShown({ kind: 'custom', severity: 'error', message: toErrorInfo(e, callName).message }),
      );
    } finally {
      setBusy(null);
    }
  };

  const columns: DataTableColumn<Assessment>[] = [
    { name: 'configPolicyName', header: 'Policy', flex: 2, minWidth: 150, sortable: true },
    { name: 'benchmarkPolicyName', header: 'Benchmark', flex: 2, minWidth: 170, optional: true },
    {
      name: 'score',
      header: 'Score',
      minWidth: 80,
      center: true,
      sortable: true,
      render: (a) => <span data-testid={`${ids.score}-${a.id}`}>{a.score}%</span>,
    },
    {
      name: 'trend',
      header: 'Trend',
      minWidth: 90,
      center: true,
      render: (a) => (
        <span data-testid={`${ids.trend}-${a.id}`}>
          {a.trend === null
            ? 'First run'
            : a.trend > 0
              ? `▲ +${a.trend}`
              : a.trend < 0
                ? `▼ ${a.trend}`
                : 'Same'}
        </span>
      ),
    },
    {
      name: 'counts',
      header: 'Pass / fail / not set',
      minWidth: 150,
      center: true,
      optional: true,
      value: (a) => `${a.passed} / ${a.failed} / ${a.notConfigured}`,
    },
    {
      name: 'reviewStatus',
      header: 'Review',
      minWidth: 190,
      render: (a) => (
        <Box data-testid={`${ids.reviewStatus}-${a.id}`}>
          <StatusChip label={REVIEW_STATUS_LABELS[a.reviewStatus]} colour={REVIEW_COLOURS[a.reviewStatus]} />
          {a.reviewedBy && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {a.reviewedBy}, {when(a.reviewedAt)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      name: 'assessedAt',
      header: 'Assessed',
      minWidth: 150,
      optional: true,
      value: (a) => when(a.assessedAt),
      sortable: true,
    },
    ...(canWrite
      ? [
          {
            name: 'actions',
            header: 'Actions',
            minWidth: 290,
            pinned: 'right' as const,
            render: (a: Assessment) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Button
                  size="small"
                  disabled={busy === a.id}
                  data-testid={`${ids.reassess}-${a.id}`}
                  onClick={() => void run(a, () => reassess(a.id), 'reassess')}
                >
                  Re-assess
                </Button>
                <TextField
                  select
                  size="small"
                  label="Review"
                  value={a.reviewStatus}
                  disabled={busy === a.id}
                  onChange={(e) =>
                    void run(
                      a,
                      () => review(a.id, { reviewStatus: e.target.value as ReviewStatus }),
                      'setReviewStatus',
                    )
                  }
                  sx={{ minWidth: 140 }}
                  slotProps={{ htmlInput: { 'data-testid': `${ids.markReviewed}-${a.id}` } }}
                >
                  {REVIEW_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {REVIEW_STATUS_LABELS[s]}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            ),
          },
        ]
      : []),
  ];

  if (rows.length === 0)
    return (
      <Alert severity="info" data-testid={ids.empty}>
        {BRW_TEXTS.assessmentsEmpty}
      </Alert>
    );
  return (
    <Box data-testid={ids.assessmentsTable}>
      <DataTable
        rows={rows}
        rowKey={assessmentKey}
        columns={columns}
        label="Assessments"
        renderDetail={(a) => <RuleResults a={a} />}
        detailHeight={360}
      />
    </Box>
  );
}
