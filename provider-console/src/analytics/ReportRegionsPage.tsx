/**
 * Report regions (docs/provider-console.md §14): every tenant's report region (the region whose
 * servers make its scheduled reports) and where it comes from; operators change one, first as a
 * dry run that shows which scheduled reports would move where (nothing is written), then applied.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { selectProviderIsOperator, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import { DataTable } from '@workbench/common/components/data-table/index';
import { LoadFailed, Loading } from '@workbench/common/components/page-states/index';
import type {
  ReportRegionChange,
  ReportRegionSource,
  TenantReportRegion,
} from '@workbench/common/api/contract/providerReportRegions';
import { reportRegionIds as ids } from '@workbench/common/test-ids/providerAnalyticsIds';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';
import type { ProviderPageProps } from '../app/providerAreaModel';

const SOURCE_TEXT: Record<ReportRegionSource, string> = {
  tenant: 'set for the tenant',
  deployment: "the deployment's",
  default: "the default deployment's",
};

const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function ReportRegionsPage({ area }: ProviderPageProps) {
  const canWrite = useAppSelector(selectProviderIsOperator);
  const list = useEntityRead('listReportRegions', []);
  const [editing, setEditing] = useState<TenantReportRegion | null>(null);
  const regions = list.data?.regions ?? [];
  return (
    <Box data-testid={ids.page}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {area.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A tenant&apos;s scheduled reports are made by the servers of its report region. The regions are those
        of the deployments: {regions.map((r) => r.region).join(', ') || 'none'}.
      </Typography>
      {list.status === 'failed' ? (
        <LoadFailed
          message={list.error?.message ?? 'The report regions could not be loaded.'}
          onRetry={list.reload}
        />
      ) : list.data === null ? (
        <Loading />
      ) : (
        <Box data-testid={ids.table}>
          <DataTable<TenantReportRegion>
            label="Report regions"
            rows={list.data.tenants}
            rowKey={(t) => t.tid}
            columns={[
              { name: 'name', header: 'Tenant', flex: 2, sortable: true },
              { name: 'deployment', header: 'Deployment', flex: 1, sortable: true },
              {
                name: 'report_region',
                header: 'Report region',
                flex: 2,
                sortable: true,
                render: (t) => (
                  <span data-testid={`${ids.region}-${t.tid}`}>
                    {t.report_region || '(none)'}{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      ({SOURCE_TEXT[t.source]})
                    </Typography>
                  </span>
                ),
              },
              ...(canWrite
                ? [
                    {
                      name: 'actions',
                      header: 'Actions',
                      minWidth: 150,
                      render: (t: TenantReportRegion) => (
                        <Button
                          size="small"
                          onClick={() => setEditing(t)}
                          aria-label={`Change the report region of ${t.name}`}
                          data-testid={`${ids.change}-${t.tid}`}
                        >
                          Change region
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
            emptyText="No tenants."
          />
        </Box>
      )}
      {editing && (
        <ChangeRegionDialog
          tenant={editing}
          regions={regions.map((r) => r.region)}
          onClose={(changed) => {
            setEditing(null);
            if (changed) list.reload();
          }}
        />
      )}
    </Box>
  );
}

interface ChangeRegionDialogProps {
  tenant: TenantReportRegion;
  regions: readonly string[];
  onClose(changed: boolean): void;
}

/** Choose a region, preview (dry run: what would move, nothing written), then apply the previewed change. */
function ChangeRegionDialog({ tenant, regions, onClose }: ChangeRegionDialogProps) {
  const dispatch = useAppDispatch();
  const change = useEntityCall('changeReportRegion');
  const [region, setRegion] = useState(
    regions.find((r) => r !== tenant.report_region) ?? tenant.report_region,
  );
  const [plan, setPlan] = useState<ReportRegionChange | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = (dryRun: boolean) => {
    setBusy(true);
    setFailure(null);
    change(tenant.tid, { report_region: region, dry_run: dryRun }).then(
      (answer) => {
        setBusy(false);
        if (dryRun) {
          setPlan(answer);
          return;
        }
        dispatch(
          snackbarShown({
            kind: 'save',
            outcome: 'success',
            message: `The reports of ${tenant.name} are made in ${answer.to}.`,
          }),
        );
        onClose(true);
      },
      (e: unknown) => {
        setBusy(false);
        setFailure(toErrorInfo(e, 'changeReportRegion').message);
      },
    );
  };

  const previewed = plan !== null && plan.to === region;
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm" data-testid={ids.dialog}>
      <DialogTitle>Report region of {tenant.name}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          Now: {tenant.report_region || '(none)'} ({SOURCE_TEXT[tenant.source]}).
        </Typography>
        <TextField
          select
          size="small"
          label="New report region"
          value={region}
          onChange={(e) => {
            setRegion(e.target.value);
            setPlan(null);
          }}
          sx={{ minWidth: 240 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': ids.select } as object } }}
        >
          {regions.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid={ids.error}>
            {failure}
          </Alert>
        )}
        {previewed && (
          <Box data-testid={ids.plan} sx={{ mt: 2 }} aria-live="polite">
            {!plan.changed ? (
              <Alert severity="info">
                The reports of {tenant.name} are already made in {plan.to}.
              </Alert>
            ) : (
              <>
                <Alert severity="info" sx={{ mb: 1 }}>
                  Dry run: nothing has changed yet.{' '}
                  {counted(plan.scheduled_reports.length, 'scheduled report')} would move from{' '}
                  {plan.from || '(none)'} to {plan.to}; {counted(plan.past_reports, 'past report')} stay
                  readable as they are.
                </Alert>
                {plan.scheduled_reports.length > 0 && (
                  <List dense aria-label="Scheduled reports that would move">
                    {plan.scheduled_reports.map((s) => (
                      <ListItem key={s.id} disableGutters>
                        <ListItemText
                          primary={s.name}
                          secondary={
                            s.enabled && s.next_run_at
                              ? `Next run in ${plan.to}: ${new Date(s.next_run_at).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC`
                              : 'Disabled'
                          }
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button onClick={() => run(true)} disabled={busy} data-testid={ids.preview}>
          Preview (dry run)
        </Button>
        <Button
          variant="contained"
          onClick={() => run(false)}
          disabled={busy || !previewed}
          data-testid={ids.apply}
        >
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
