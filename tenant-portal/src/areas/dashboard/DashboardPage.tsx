/**
 * Dashboard (docs/sessions.md §6, docs/reports.md §4 Reports): common's report dashboards for the signed-in tenant,
 * with the panels the user may read (their permissions and the tenant's features, by the rule the
 * server applies: no panel that would answer 403), each group drilling down into the logs explorer.
 * The files report's table offers each file name's analysis reports (docs/reports.md §5).
 */
import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import { selectReadableReportQueries, useAppSelector } from '@workbench/common';
import { ReportDashboard, type GroupAction } from '@workbench/common/components/report-dashboard/index';
import type { FileserverQuery } from '@workbench/common/api/contract/fileserver';
import { fileAnalysisIds } from '@workbench/common/test-ids/fileAnalysisIds';
import { AreaPage } from '../AreaPage';
import type { PageProps } from '../../routes/routeModel';
import { FileAnalysisDialog } from '../logs/FileAnalysisDialog';
import { drillDownPath } from './drillDown';

/** The report queries grouped by file name: their rows open the file's analysis reports. */
const FILE_QUERIES: ReadonlySet<string> = new Set(['top_files']);

export function DashboardPage({ title = 'Dashboard' }: Partial<PageProps>) {
  const readable = useAppSelector(selectReadableReportQueries);
  const [fileQuery, setFileQuery] = useState<FileserverQuery | null>(null);
  const groupAction = useMemo<GroupAction>(
    () => ({
      offers: (query) => FILE_QUERIES.has(query),
      render: (_query, key) => (
        <Button
          size="small"
          onClick={() => setFileQuery({ file_name: key })}
          aria-label={`Analysis reports of ${key}`}
          data-testid={`${fileAnalysisIds.openFromReport}-${key}`}
        >
          Analysis reports
        </Button>
      ),
    }),
    [],
  );
  return (
    <AreaPage title={title}>
      <ReportDashboard readable={readable} drillDown={drillDownPath} groupAction={groupAction} />
      <FileAnalysisDialog query={fileQuery} onClose={() => setFileQuery(null)} />
    </AreaPage>
  );
}
