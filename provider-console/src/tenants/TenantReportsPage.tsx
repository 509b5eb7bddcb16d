/**
 * The support view (issue 14): a tenant's report dashboards, read-only. The same dashboards the
 * tenant's administrators see (common's ReportDashboard), over that tenant's events through the
 * provider path; no drill-down (the tenant's logs are the tenant's), no control that writes.
 * Support reads every query, of the tenant's features only: a board the tenant does not have
 * (globex's Email) is no tab, as in the tenant's own portal (the server refuses it, 403).
 */
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Link } from '@mui/material';
import {
  deriveFeatureFlags,
  providerPageIds,
  readableReportQueries,
  reportReaderOf,
} from '@workbench/common';
import type { ProviderTenant } from '@workbench/common/api/contract/provider';
import { ReportDashboard } from '@workbench/common/components/report-dashboard/index';
import { providerAnalyticsIds } from '@workbench/common/test-ids/providerAnalyticsIds';
import { TenantSupportFrame } from './TenantSupportFrame';

export function TenantReportsPage() {
  const tid = useParams().tid ?? '';
  return (
    <TenantSupportFrame
      tid={tid}
      view="Reports"
      testId={providerPageIds.tenantReports}
      links={
        // The tenant's insights (docs/provider-console.md §13), beside its dashboards.
        <Link
          component={RouterLink}
          to={`/tenants/${encodeURIComponent(tid)}/insights`}
          data-testid={`${providerAnalyticsIds.insightsLink}-${tid}`}
        >
          Insights
        </Link>
      }
    >
      {(tenant) => <Dashboards tenant={tenant} />}
    </TenantSupportFrame>
  );
}

function Dashboards({ tenant }: { tenant: ProviderTenant }) {
  const { capabilities } = tenant;
  const readable = useMemo(
    () => readableReportQueries(reportReaderOf(null, deriveFeatureFlags(capabilities))),
    [capabilities],
  );
  return <ReportDashboard tenantId={tenant.tid} readable={readable} />;
}
