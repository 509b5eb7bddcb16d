/**
 * The Benchmarks tab (docs/browser-posture.md §4): each seeded baseline with its rules (setting,
 * comparator, values, why) in the shared data table.
 */
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { selectCan, useAppSelector } from '@workbench/common';
import {
  BROWSER_POSTURE_PERMISSIONS as PERM,
  type BenchmarkRule,
} from '@workbench/common/api/contract/browser-posture/browserPosture';
import { POSTURE_COMPARATOR_LABELS } from '@workbench/common/posture/evaluate';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed, Loading } from '@workbench/common/components/page-states/index';
import { browserPostureIds as ids } from '@workbench/common/test-ids/browserPostureIds';
import { useEntityRead } from './browserPostureRequests';
import { BRW_TEXTS, BROWSER_LABELS } from './browserPostureTexts';

const columns: DataTableColumn<BenchmarkRule>[] = [
  { name: 'setting', header: 'Setting', flex: 2, minWidth: 200, wrap: true },
  {
    name: 'comparator',
    header: 'Passes when it',
    minWidth: 150,
    value: (r) => POSTURE_COMPARATOR_LABELS[r.comparator],
  },
  { name: 'values', header: 'Value', minWidth: 110, value: (r) => r.values.map(String).join(' and ') },
  { name: 'rationale', header: 'Why', flex: 3, minWidth: 200, optional: true, wrap: true },
];

const ruleKey = (r: BenchmarkRule) => r.id;

export function BenchmarksTab() {
  const canRead = useAppSelector(selectCan(PERM.benchmarkPoliciesRead));
  const benchmarks = useEntityRead('listBenchmarkPolicies', [], { enabled: canRead });
  if (!canRead) return <Alert severity="info">{BRW_TEXTS.noPermission}</Alert>;
  if (benchmarks.status === 'failed')
    return (
      <Box data-testid={ids.loadError}>
        <LoadFailed
          message={benchmarks.error?.message ?? 'The benchmarks were not loaded.'}
          onRetry={benchmarks.reload}
        />
      </Box>
    );
  if (benchmarks.data === null) return <Loading label="Loading the benchmarks" />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {benchmarks.data.benchmarkPolicies.map((b) => (
        <Card key={b.id} variant="outlined" data-testid={`${ids.benchmark}-${b.id}`}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {b.name}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {BROWSER_LABELS[b.browser]}: {b.description}
            </Typography>
            <DataTable
              rows={b.rules}
              rowKey={ruleKey}
              columns={columns}
              label={`${b.name} rules`}
              pageSize={0}
            />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
