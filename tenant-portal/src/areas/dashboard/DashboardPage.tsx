/**
 * Dashboard (docs/sessions.md §6, docs/reports.md §4 Reports): common's report dashboards for the signed-in tenant,
 * with the panels the user may read (their permissions and the tenant's features, by the rule the
 * server applies: no panel that would answer 403), each group drilling down into the logs explorer.
 * The files report's table offers each file name's analysis reports (docs/reports.md §5).
 * Opened without a `board` (the portal's start), it goes to the user's start board when they have
 * set one (docs/dashboards.md, "Start page").
 */
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Button } from '@mui/material';
import { selectCan, selectReadableReportQueries, useAppSelector, useExtension } from '@workbench/common';
import { BOARDS_READ_PERMISSION } from '@workbench/common/api/contract/customDashboards';
import { useEntityRead } from '../boards/boardsRequests';
import { BOARDS_PATH } from '../boards/boardsPath';
import { ReportDashboard, type GroupAction } from '@workbench/common/components/report-dashboard/index';
import type { FileserverQuery } from '@workbench/common/api/contract/fileserver';
import { fileAnalysisIds } from '@workbench/common/test-ids/fileAnalysisIds';
import { AreaPage } from '../AreaPage';
import type { PageProps } from '../../routes/routeModel';
import { drillDownPath } from './drillDown';

/**
 * A file's analysis reports (with the logs area's requests), loaded when a Files row first opens
 * it and kept from then on, so it closes with its transition as before.
 */
const FileAnalysisDialog = lazy(() =>
  import('../logs/FileAnalysisDialog').then((m) => ({ default: m.FileAnalysisDialog })),
);

/** The report queries grouped by file name: their rows open the file's analysis reports. */
const FILE_QUERIES: ReadonlySet<string> = new Set(['top_files']);

export function DashboardPage({ title = 'Dashboard' }: Partial<PageProps>) {
  const readable = useAppSelector(selectReadableReportQueries);
  const [params] = useSearchParams();
  const mayReadBoards = useAppSelector(selectCan(BOARDS_READ_PERMISSION));
  const boardsServed = useExtension('dashboards');
  const canReadBoards = mayReadBoards && boardsServed;
  const atStart = params.get('board') === null && canReadBoards;
  const boards = useEntityRead('listBoards', [], { enabled: atStart });
  const [fileQuery, setFileQuery] = useState<FileserverQuery | null>(null);
  const fileDialogOpened = useRef(false);
  if (fileQuery !== null) fileDialogOpened.current = true;
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
  const start = atStart ? boards.data?.start_board : null;
  if (start) return <Navigate to={`${BOARDS_PATH}?board=${encodeURIComponent(start)}`} replace />;
  return (
    <AreaPage title={title}>
      <ReportDashboard readable={readable} drillDown={drillDownPath} groupAction={groupAction} />
      {fileDialogOpened.current && (
        <Suspense fallback={null}>
          <FileAnalysisDialog query={fileQuery} onClose={() => setFileQuery(null)} />
        </Suspense>
      )}
    </AreaPage>
  );
}
