/**
 * Rollouts (issue 14 staged rollouts): every rollout in the shared table (paged, sorted and
 * searched on the server) with its change, state and progress; operators start a new one from the
 * stepper. A rollout's detail opens at ?rollout=<id> (a link to share, and the browser's Back
 * returns to the list).
 */
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { SearchField, providerIds, selectProviderIsOperator, useAppSelector } from '@workbench/common';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { AddButton } from '@workbench/common/components/confirm-delete/index';
import { ROLLOUT_STATE_LABELS } from '@workbench/common/api/contract/providerRolloutPaths';
import type { RolloutSummary } from '@workbench/common/api/contract/providerRollouts';
import { rolloutIds } from '@workbench/common/test-ids/rolloutIds';
import { useEntityPage } from '../app/consoleEntities';
import { NewRolloutDialog } from './NewRolloutDialog';
import { StatusChip, statusChipColumnWidth } from '@workbench/common/components/status-chip/index';
import { RolloutDetail, STATE_COLOURS } from './RolloutDetail';
import { usePolicyTemplates } from './usePolicyTemplates';
import { describeChange } from './rolloutText';
import { FilterToolbar } from '../filters/FilterToolbar';

const ROLLOUT_PARAM = 'rollout';

const columns = (templateTitle: (id: string) => string): DataTableColumn<RolloutSummary>[] => [
  {
    name: 'name',
    header: 'Name',
    flex: 2,
    sortable: true,
    value: (r) => r.name,
    render: (r) => (
      <Link
        component={RouterLink}
        to={`?${ROLLOUT_PARAM}=${encodeURIComponent(r.id)}`}
        data-testid={`${rolloutIds.rowLink}-${r.id}`}
      >
        {r.name}
      </Link>
    ),
  },
  { name: 'change', header: 'Change', flex: 3, value: (r) => describeChange(r.change, templateTitle) },
  {
    name: 'state',
    header: 'State',
    flex: 1,
    minWidth: statusChipColumnWidth(Object.values(ROLLOUT_STATE_LABELS)),
    sortable: true,
    value: (r) => ROLLOUT_STATE_LABELS[r.state],
    render: (r) => <StatusChip label={ROLLOUT_STATE_LABELS[r.state]} colour={STATE_COLOURS[r.state]} />,
  },
  {
    name: 'progress',
    header: 'Applied',
    flex: 1,
    value: (r) =>
      `${r.counts.applied} of ${r.counts.applied + r.counts.pending + r.counts.failed + r.counts.rolled_back}`,
  },
  { name: 'waves', header: 'Waves', flex: 1, value: (r) => `${r.waves_done} of ${r.waves}` },
  {
    name: 'created_at',
    header: 'Created',
    flex: 1.5,
    sortable: true,
    value: (r) => new Date(r.created_at).toLocaleString(),
  },
  { name: 'created_by', header: 'By', flex: 2, value: (r) => r.created_by },
];

export function RolloutsPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get(ROLLOUT_PARAM);
  const canWrite = useAppSelector(selectProviderIsOperator);
  const page = useEntityPage('rollouts', { enabled: open === null });
  const { titleOf } = usePolicyTemplates();
  const [creating, setCreating] = useState(false);

  return (
    <Box data-testid={rolloutIds.page}>
      <FilterToolbar>
        <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ flexGrow: 1 }}>
          Rollouts
        </Typography>
        {open === null && (
          <>
            <SearchField
              size="small"
              label="Search rollouts"
              {...page.search}
              testId={rolloutIds.search}
              maxLength={200}
            />
            <Typography color="text.secondary" aria-live="polite">
              {page.total} {page.total === 1 ? 'rollout' : 'rollouts'}
            </Typography>
          </>
        )}
        {canWrite && (
          <AddButton label="New rollout" onClick={() => setCreating(true)} testId={rolloutIds.add} />
        )}
      </FilterToolbar>
      {open !== null ? (
        <RolloutDetail key={open} id={open} onClose={() => setParams({})} />
      ) : (
        <>
          {page.status === 'failed' && (
            <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={page.reload}>Retry</Button>}>
              {page.error?.message ?? 'The rollouts could not be loaded.'}
            </Alert>
          )}
          <Box data-testid={rolloutIds.table} role="region" aria-label="Rollouts table">
            <DataTable<RolloutSummary>
              label="Rollouts"
              {...page.tableProps}
              columns={columns(titleOf)}
              emptyText={canWrite ? 'No rollouts yet. Start one with New rollout.' : 'No rollouts yet.'}
            />
          </Box>
        </>
      )}
      {creating && (
        <NewRolloutDialog
          onCancel={() => setCreating(false)}
          onDone={(r) => {
            setCreating(false);
            setParams({ [ROLLOUT_PARAM]: r.id });
          }}
        />
      )}
    </Box>
  );
}
