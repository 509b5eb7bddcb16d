/**
 * Reports (docs/reports.md §4 Reports, issue 11): the tenant's scheduled reports and the files they
 * and "Run now" left (past reports). Readers (dashboard:reports:read) see both tables and
 * download files; writers (dashboard:reports:write) add, edit, delete and run schedules. Delete and
 * Run now are a server extension (report-schedule-actions, docs/api.md): shown when it is served.
 */
import { useEffect, useMemo } from 'react';
import { Alert, Box, Button, Chip, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RefreshIcon from '@mui/icons-material/Refresh';
import { selectCan, selectReadableReportQueries, useAppSelector, useExtension } from '@workbench/common';
import {
  RECIPIENTS_NOTE,
  REPORTS_READ_PERMISSION,
  REPORTS_WRITE_PERMISSION,
  REPORT_FORMAT_FILES,
  scheduleInWords,
  sourceLabel,
  type PastReport,
  type ReportFormat,
  type ScheduledReport,
} from '@workbench/common/api/contract/reportFiles';
import { pastReportUrl } from '@workbench/common/api/reportFiles';
import {
  AddButton,
  ConfirmDeleteDialog,
  DeleteSelectedButton,
} from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { formatBytes } from '@workbench/common/formatting/formatBytes';
import { reportsIds } from '@workbench/common/test-ids/reportsIds';
import { AreaPage } from '../AreaPage';
import type { PageProps } from '../../routes/routeModel';
import { ScheduledReportDialog } from './ScheduledReportDialog';
import { inputOfForm, type ReportFormValues } from './reportForm';
import { RUN_NOW } from './reportSources';
import { useEntityList, useEntityPage } from '../../app/portalEntities';

export const REPORTS_EMPTY_TEXT =
  'No scheduled reports yet. A scheduled report builds a file (a PDF, or a zip of CSV files) of a dashboard or of report queries you choose, at the times you choose (daily, weekly, monthly or a cron expression), covering the time before each run. Its files appear under Past reports.';
export const PAST_EMPTY_TEXT = 'No report files yet. "Run now" builds one at once.';
export const PAST_EMPTY_NO_RUN_TEXT = 'No report files yet. A scheduled report leaves one at each run.';

/** An ISO time as the reader's local date and time; a dash for none. */
const when = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export function ReportsPage({ title = 'Reports' }: Partial<PageProps>) {
  const canRead = useAppSelector(selectCan(REPORTS_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(REPORTS_WRITE_PERMISSION));
  const scheduleActions = useExtension('report-schedule-actions');
  const schedules = useEntityPage('scheduledReports', { enabled: canRead });
  const past = useEntityList('pastReports', { enabled: canRead });
  const readable = useAppSelector(selectReadableReportQueries);
  const readableQueries = useMemo(() => [...readable], [readable]);
  const { write, reload: reloadSchedules, resetWrite } = schedules;
  const reloadPast = past.reload;

  // A run leaves a file (and a last-run time): show both.
  useEffect(() => {
    if (write.op !== 'command' || write.status !== 'done') return;
    reloadPast();
    reloadSchedules();
    resetWrite();
  }, [write.op, write.status, reloadPast, reloadSchedules, resetWrite]);

  const editing = schedules.editing;
  const submitForm = (values: ReportFormValues) => {
    const existing = editing === 'new' || editing === null ? null : editing;
    const body = inputOfForm(values, existing);
    if (existing) schedules.requestWrite({ op: 'update', id: existing.id, changes: body, label: body.name });
    else schedules.requestWrite({ op: 'create', body });
  };
  const running = write.op === 'command' && write.status === 'saving' ? write : null;

  const scheduleColumns: DataTableColumn<ScheduledReport>[] = [
    { name: 'name', header: 'Name', flex: 2, minWidth: 160 },
    { name: 'source', header: 'Source', flex: 2, minWidth: 160, value: (r) => sourceLabel(r.source) },
    {
      name: 'schedule',
      header: 'Schedule',
      flex: 2,
      minWidth: 200,
      value: (r) => scheduleInWords(r.schedule),
    },
    {
      name: 'format',
      header: 'Format',
      flex: 1,
      value: (r) => REPORT_FORMAT_FILES[r.format as ReportFormat]?.label ?? r.format,
    },
    {
      name: 'recipients',
      header: 'Recipients',
      flex: 2,
      value: (r) => (r.recipients.length > 0 ? r.recipients.join(', ') : '—'),
    },
    {
      name: 'next_run_at',
      header: 'Next run',
      flex: 1.5,
      minWidth: 150,
      render: (r) =>
        r.enabled ? when(r.next_run_at) : <Chip size="small" label="Disabled" variant="outlined" />,
    },
    { name: 'last_run_at', header: 'Last run', flex: 1.5, minWidth: 150, value: (r) => when(r.last_run_at) },
    ...(canWrite
      ? [
          {
            name: 'actions',
            header: 'Actions',
            minWidth: 110,
            render: (r: ScheduledReport) => (
              <Stack direction="row">
                {scheduleActions && (
                  <Tooltip title="Run now">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Run ${r.name} now`}
                        disabled={running !== null}
                        data-testid={`${reportsIds.runNow}-${r.name}`}
                        onClick={() => schedules.requestWrite({ op: 'command', id: r.id, command: RUN_NOW })}
                      >
                        <PlayArrowIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
                <Tooltip title="Edit">
                  <IconButton
                    size="small"
                    aria-label={`Edit ${r.name}`}
                    data-testid={`${reportsIds.editButton}-${r.name}`}
                    onClick={() => schedules.openForm(r)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            ),
          },
        ]
      : []),
  ];

  const pastColumns: DataTableColumn<PastReport>[] = [
    { name: 'name', header: 'Name', flex: 2, minWidth: 160 },
    { name: 'created_at', header: 'Created', flex: 1.5, minWidth: 150, value: (r) => when(r.created_at) },
    {
      name: 'range',
      header: 'Covers',
      flex: 2,
      minWidth: 200,
      value: (r) =>
        `${when(new Date(r.start * 1000).toISOString())} – ${when(new Date(r.end * 1000).toISOString())}`,
    },
    {
      name: 'trigger',
      header: 'By',
      flex: 1.5,
      value: (r) => (r.trigger === 'schedule' ? 'Schedule' : r.created_by),
    },
    {
      name: 'panels',
      header: 'Panels',
      flex: 1,
      value: (r) =>
        r.skipped.length > 0 ? `${r.panels.length} (${r.skipped.length} left out)` : r.panels.length,
    },
    {
      name: 'file',
      header: 'File',
      flex: 2,
      minWidth: 180,
      render: (r) => (
        <Link
          href={pastReportUrl(r.id)}
          download={r.file_name}
          data-testid={`${reportsIds.download}-${r.id}`}
          aria-label={`Download ${r.name} (${REPORT_FORMAT_FILES[r.format as ReportFormat]?.label ?? r.format}, ${formatBytes(r.size)})`}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <DownloadIcon fontSize="small" />
          {REPORT_FORMAT_FILES[r.format as ReportFormat]?.label ?? r.format}, {formatBytes(r.size)}
        </Link>
      ),
    },
  ];

  if (!canRead) {
    return (
      <AreaPage title={title}>
        <Alert severity="info">You do not have permission to see the reports.</Alert>
      </AreaPage>
    );
  }

  return (
    <AreaPage title={title}>
      <Box data-testid={reportsIds.page}>
        <Alert severity="info" sx={{ mb: 2 }} data-testid={reportsIds.mailNote}>
          {RECIPIENTS_NOTE} Download the files here.
        </Alert>
        <Stack direction="row" spacing={1.5} sx={{ mb: 1, alignItems: 'center' }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, flex: 1 }}>
            Scheduled reports
          </Typography>
          {canWrite && (
            <>
              {scheduleActions && (
                <DeleteSelectedButton
                  count={schedules.selected.length}
                  onClick={schedules.openDelete}
                  testId={reportsIds.deleteSelected}
                />
              )}
              <AddButton
                label="Add scheduled report"
                onClick={() => schedules.openForm('new')}
                testId={reportsIds.addButton}
              />
            </>
          )}
        </Stack>
        {schedules.status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={schedules.reload}>Retry</Button>}>
            {schedules.error?.message}
          </Alert>
        )}
        {write.op === 'command' && write.status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={resetWrite}>
            The report could not be built: {write.error?.message}
          </Alert>
        )}
        {running && (
          <Alert severity="info" sx={{ mb: 2 }} role="status">
            Building the report file…
          </Alert>
        )}
        {schedules.status === 'loaded' && schedules.total === 0 ? (
          <Alert severity="info" variant="outlined" sx={{ mb: 3 }} data-testid={reportsIds.empty}>
            {REPORTS_EMPTY_TEXT}
          </Alert>
        ) : (
          <Box data-testid={reportsIds.scheduledTable} sx={{ mb: 3 }}>
            <DataTable<ScheduledReport>
              label="Scheduled reports"
              rows={schedules.rows}
              rowKey={(r) => r.id}
              onSelectionChange={schedules.tableProps.onSelectionChange}
              columns={scheduleColumns}
              selectable={canWrite}
              emptyText="Loading scheduled reports…"
            />
          </Box>
        )}

        <Stack direction="row" spacing={1.5} sx={{ mb: 1, alignItems: 'center' }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, flex: 1 }}>
            Past reports
          </Typography>
          <Typography color="text.secondary" aria-live="polite" data-testid={reportsIds.pastTotal}>
            {past.status === 'loading' && past.rows.length === 0
              ? 'Loading…'
              : `${past.total} ${past.total === 1 ? 'file' : 'files'}`}
          </Typography>
          <Tooltip title="Refresh">
            <IconButton
              aria-label="Refresh past reports"
              onClick={past.reload}
              data-testid={reportsIds.refreshPast}
            >
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        {past.status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={past.reload}>Retry</Button>}>
            {past.error?.message}
          </Alert>
        )}
        <Box data-testid={reportsIds.pastTable}>
          <DataTable<PastReport>
            label="Past reports"
            rows={past.rows}
            rowKey={(r) => r.id}
            columns={pastColumns}
            emptyText={scheduleActions ? PAST_EMPTY_TEXT : PAST_EMPTY_NO_RUN_TEXT}
          />
        </Box>
      </Box>
      {editing && (
        <ScheduledReportDialog
          report={editing === 'new' ? null : editing}
          readableQueries={readableQueries}
          onCancel={schedules.closeForm}
          onSubmit={submitForm}
          busy={schedules.busy}
          serverError={write.op !== 'command' ? (schedules.formError?.message ?? null) : null}
        />
      )}
      {schedules.deleting && (
        <ConfirmDeleteDialog
          title="Delete scheduled reports"
          {...schedules.confirmDelete}
          testIds={{
            dialog: reportsIds.deleteDialog,
            cancel: reportsIds.deleteCancel,
            confirm: reportsIds.deleteConfirm,
          }}
        />
      )}
    </AreaPage>
  );
}
