/**
 * The support view (issue 14): a tenant's report dashboards, read-only. The same dashboards the
 * tenant's administrators see (common's ReportDashboard), over that tenant's events through the
 * provider path; no drill-down (the tenant's logs are the tenant's), no control that writes.
 * Support reads every query, of the tenant's features only: a board the tenant does not have
 * (globex's Email) is no tab, as in the tenant's own portal (the server refuses it, 403).
 */
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Breadcrumbs, Chip, Link, Typography } from '@mui/material';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import {
  deriveFeatureFlags,
  providerIds,
  providerPageIds,
  readableReportQueries,
  reportReaderOf,
} from '@workbench/common';
import { ReportDashboard } from '@workbench/common/components/report-dashboard/index';
import { providerAnalyticsIds } from '@workbench/common/test-ids/providerAnalyticsIds';
import { useEntityList } from '../app/consoleEntities';

export function TenantReportsPage() {
  const tid = useParams().tid ?? '';
  const tenants = useEntityList('tenants');
  const tenant = tenants.rows.find((t) => t.tid === tid);
  const capabilities = tenant?.capabilities;
  const readable = useMemo(
    () => readableReportQueries(reportReaderOf(null, deriveFeatureFlags(capabilities))),
    [capabilities],
  );
  return (
    <Box data-testid={providerPageIds.tenantReports}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/tenants" underline="hover" color="inherit">
          Tenants
        </Link>
        <Typography color="text.primary">{tenant?.name ?? tid}</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" data-testid={providerIds.pageTitle}>
          Reports: {tenant?.name ?? tid}
        </Typography>
        <Chip label="Read-only" size="small" variant="outlined" />
        {/* The tenant's insights (docs/provider-console.md §10), beside its dashboards. */}
        <Link
          component={RouterLink}
          to={`/tenants/${encodeURIComponent(tid)}/insights`}
          data-testid={`${providerAnalyticsIds.insightsLink}-${tid}`}
          sx={{ ml: 'auto' }}
        >
          Insights
        </Link>
      </Box>
      {tenant ? (
        <ReportDashboard tenantId={tid} readable={readable} />
      ) : tenants.status === 'loaded' ? (
        <Alert severity="error">No tenant {tid}.</Alert>
      ) : tenants.status === 'failed' ? (
        <LoadFailed
          message={tenants.error?.message ?? 'The tenants could not be loaded.'}
          onRetry={tenants.reload}
        />
      ) : (
        <Loading />
      )}
    </Box>
  );
}
