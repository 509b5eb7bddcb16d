/**
 * Dashboard (portal-core §2, §7 Reports): common's report dashboards for the signed-in tenant,
 * with the panels the user may read, each group drilling down into the logs explorer.
 */
import { selectAccessController, useAppSelector } from '@workbench/common';
import { ReportDashboard } from '@workbench/common/components/report-dashboard/index';
import { AreaPage } from '../AreaPage';
import type { PageProps } from '../../routes/areas';
import { drillDownPath } from './drillDown';

export function DashboardPage({ title = 'Dashboard' }: Partial<PageProps>) {
  const access = useAppSelector(selectAccessController);
  return (
    <AreaPage title={title}>
      <ReportDashboard canRead={access.can} drillDown={drillDownPath} />
    </AreaPage>
  );
}
