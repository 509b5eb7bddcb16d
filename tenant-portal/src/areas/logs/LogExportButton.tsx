import { useRef, useState } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { logsIds, snackbarShown, useAppDispatch } from '@workbench/common';
import { requestLogExport, type LogQuery } from '@workbench/common/api/logs';
import { useHttpClient } from '../../app/httpContext';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { exportFileName, readExport, saveChunks, type ExportProgress } from './logExport';

/** Exports the whole filtered result as CSV, with a progress bar (rows received of x-total-events). */
export function LogExportButton({ route, query }: { route: LogRoute; query: LogQuery }) {
  const dispatch = useAppDispatch();
  const http = useHttpClient();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    dispatch(snackbarShown({ kind: 'download', fileType: 'CSV', outcome: 'started' }));
    try {
      const reply = await requestLogExport(http, query, controller.signal);
      const { chunks } = await readExport(reply, setProgress);
      saveChunks(exportFileName(route, new Date()), chunks);
    } catch (e) {
      if (!controller.signal.aborted) {
        dispatch(
          snackbarShown({
            kind: 'download',
            outcome: 'failed',
            message: e instanceof Error ? e.message : String(e),
          }),
        );
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };
  const percent = progress?.total ? Math.min(100, (progress.rows / progress.total) * 100) : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {progress === null ? (
        <Button data-testid={logsIds.exportButton} startIcon={<DownloadIcon />} onClick={() => void run()}>
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
          <Button size="small" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </>
      )}
    </Box>
  );
}
