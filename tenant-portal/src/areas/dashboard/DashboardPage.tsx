/**
 * Dashboard (docs/sessions.md §6, docs/reports.md §4 Reports): common's report dashboards for the signed-in tenant,
 * with the panels the user may read (their permissions and the tenant's features, by the rule the
 * server applies: no panel that would answer 403), each group drilling down into the logs explorer.
 */
import { selectReadableReportQueries, useAppSelector } from '@workbench/common';
import { ReportDashboard } from '@workbench/common/components/report-dashboard/index';
import { AreaPage } from '../AreaPage';
import type { PageProps } from '../../routes/routeModel';
import { drillDownPath } from './drillDown';

export function DashboardPage({ title = 'Dashboard' }: Partial<PageProps>) {
  const readable = useAppSelector(selectReadableReportQueries);
  return (
    <AreaPage title={title}>
      <ReportDashboard readable={readable} drillDown={drillDownPath} />
    </AreaPage>
  );
}
