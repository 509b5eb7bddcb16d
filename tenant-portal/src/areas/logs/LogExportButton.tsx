/**
 * Export of the whole filtered result, in the view's sort: a dialog asks what to write (the
 * visible columns or all, labels or codes, CSV or NDJSON; Cloudflare's and Kibana's exports ask
 * the same), then the download streams with a progress bar (rows received of x-total-events) and
 * a Cancel. The dialog is LogExportDialog.tsx, loaded on the first click of Export and then kept
 * mounted.
 */
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { logsIds, useAppDispatch, useAppSelector } from '@workbench/common';
import type { LogQuery } from '@workbench/common/api/logs';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import type { ExportChoice } from './logExport';
import { logExportCancelled, logExportRequested, selectLogExportProgress } from './logExportSaga';

// The dialog (with MUI's radio groups) loads on the first click of Export (bench/README.md "First load").
const LogExportDialog = lazy(() => import('./LogExportDialog').then((m) => ({ default: m.LogExportDialog })));

/** Memoised: it renders again when its props change, not with each render of the logs page. */
export const LogExportButton = memo(function LogExportButton({
  route,
  query,
  visibleColumns,
}: {
  route: LogRoute;
  query: LogQuery;
  /** The grid's shown fields, in order (the "Visible columns" choice). */
  visibleColumns: readonly string[];
}) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const opened = useRef(false);
  if (open) opened.current = true;
  // The download runs in the export's saga (logExportSaga.ts); the button shows its progress.
  const progress = useAppSelector(selectLogExportProgress);
  const run = (chosen: ExportChoice) => {
    setOpen(false);
    dispatch(logExportRequested({ route, query, choice: chosen, visibleColumns }));
  };
  const percent = progress?.total ? Math.min(100, (progress.rows / progress.total) * 100) : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {progress === null ? (
        <Button
          data-testid={logsIds.exportButton}
          startIcon={<DownloadIcon />}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          Export
        </Button>
      ) : (
        <>
          <Box sx={{ width: 180 }} data-testid={logsIds.exportProgress}>
            <LinearProgress
              variant={progress.total ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label="Export progress"
            />
            <Typography variant="caption">
              {progress.total !== null
                ? `${progress.rows.toLocaleString()} of ${progress.total.toLocaleString()} rows`
                : `${progress.rows.toLocaleString()} rows`}
            </Typography>
          </Box>
          <Button size="small" onClick={() => dispatch(logExportCancelled())}>
            Cancel
          </Button>
        </>
      )}
      {opened.current && (
        <Suspense fallback={null}>
          <LogExportDialog open={open} onClose={() => setOpen(false)} onExport={run} />
        </Suspense>
      )}
    </Box>
  );
});
