/**
 * Export of the whole filtered result, in the view's sort: a dialog asks what to write (the
 * visible columns or all, labels or codes, CSV or NDJSON; Cloudflare's and Kibana's exports ask
 * the same), then the download streams with a progress bar (rows received of x-total-events) and
 * a Cancel.
 */
import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { logsIds, useAppDispatch, useAppSelector } from '@workbench/common';
import type { LogQuery } from '@workbench/common/api/logs';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { DEFAULT_EXPORT_CHOICE, type ExportChoice } from './logExport';
import { logExportCancelled, logExportRequested, selectLogExportProgress } from './logExportSaga';

/** One radio group of the dialog. */
function Choice<K extends keyof ExportChoice>({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: K;
  label: string;
  value: ExportChoice[K];
  options: readonly { value: ExportChoice[K]; label: ReactNode }[];
  onChange: (value: ExportChoice[K]) => void;
}) {
  const id = `logs-export-${name}`;
  return (
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        name={id}
        value={value}
        onChange={(e) => onChange(e.target.value as ExportChoice[K])}
      >
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio size="small" />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export function LogExportButton({
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
  const [choice, setChoice] = useState<ExportChoice>(DEFAULT_EXPORT_CHOICE);
  // The download runs in the export's saga (logExportSaga.ts); the button shows its progress.
  const progress = useAppSelector(selectLogExportProgress);
  const run = (chosen: ExportChoice) => {
    setOpen(false);
    dispatch(logExportRequested({ route, query, choice: chosen, visibleColumns }));
  };
  const set =
    <K extends keyof ExportChoice>(key: K) =>
    (value: ExportChoice[K]) =>
      setChoice((c) => ({ ...c, [key]: value }));
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
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="logs-export-title"
        data-testid={logsExplorerIds.exportDialog}
      >
        <DialogTitle id="logs-export-title">Export events</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            Every event of the current query, in the grid&apos;s order.
          </Typography>
          <Choice
            name="columns"
            label="Columns"
            value={choice.columns}
            onChange={set('columns')}
            options={[
              { value: 'visible', label: 'Visible columns' },
              { value: 'all', label: 'All columns' },
            ]}
          />
          <Choice
            name="values"
            label="Values"
            value={choice.values}
            onChange={set('values')}
            options={[
              { value: 'labels', label: 'Labels, as shown' },
              { value: 'codes', label: 'Codes' },
            ]}
          />
          <Choice
            name="format"
            label="Format"
            value={choice.format}
            onChange={set('format')}
            options={[
              { value: 'csv', label: 'CSV' },
              { value: 'ndjson', label: 'NDJSON' },
            ]}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            data-testid={logsExplorerIds.exportConfirm}
            startIcon={<DownloadIcon />}
            onClick={() => run(choice)}
          >
            Export
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
