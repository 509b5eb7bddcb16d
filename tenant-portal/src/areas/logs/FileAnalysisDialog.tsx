/**
 * The file analysis dialog (docs/reports.md §5): the inspected files of a hash (a log event's) or of
 * a name (a row of the files report), each with its reports per plugin (verdict, score), and the
 * chosen report's HTML document in a sandboxed frame. The frame gets the document as `srcdoc` with
 * an empty `sandbox`: no script in it runs, and it has an opaque origin, so nothing in it can read
 * the portal's cookies, storage or page (never `allow-scripts` nor `allow-same-origin`).
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import {
  FILE_ANALYSIS_PLUGINS,
  type FileReportSummary,
  type FileserverQuery,
  type FileVerdict,
  type InspectedFile,
} from '@workbench/common/api/contract/fileserver';
import { fileAnalysisIds } from '@workbench/common/test-ids/fileAnalysisIds';
import { useEntityRead } from './logsRequests';

const VERDICT_COLOURS: Record<FileVerdict, 'success' | 'warning' | 'error'> = {
  clean: 'success',
  suspicious: 'warning',
  malicious: 'error',
};

/** The sandbox of the report frame: empty, every restriction on (see the file's comment). */
export const REPORT_FRAME_SANDBOX = '';

interface Chosen {
  sha256: string;
  report: FileReportSummary;
}

export function FileAnalysisDialog({
  query,
  onClose,
}: {
  query: FileserverQuery | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={query !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      data-testid={fileAnalysisIds.dialog}
    >
      <DialogTitle>File analysis report</DialogTitle>
      <DialogContent dividers>{query && <FileAnalysis query={query} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={fileAnalysisIds.close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FileAnalysis({ query }: { query: FileserverQuery }) {
  const files = useEntityRead('queryInspectedFiles', [query]);
  const [picked, setPicked] = useState<Chosen | null>(null);
  if (files.status === 'failed')
    return (
      <Alert severity="error" action={<Button onClick={files.reload}>Retry</Button>}>
        {files.error?.message}
      </Alert>
    );
  if (files.data === null) return <Typography role="status">Loading the analysis reports…</Typography>;
  const found = files.data.files;
  if (found.length === 0)
    return <Typography>No analysis report of this file is available to you.</Typography>;
  const first = found[0];
  const chosen: Chosen | null =
    picked ?? (first.reports[0] ? { sha256: first.file.sha256, report: first.reports[0] } : null);
  return (
    <Stack spacing={2}>
      {found.map(({ file, reports }) => (
        <FileSummary
          key={file.sha256}
          file={file}
          reports={reports}
          chosen={chosen}
          onChoose={(report) => setPicked({ sha256: file.sha256, report })}
        />
      ))}
      {chosen && <ReportFrame chosen={chosen} />}
    </Stack>
  );
}

function FileSummary({
  file,
  reports,
  chosen,
  onChoose,
}: {
  file: InspectedFile;
  reports: readonly FileReportSummary[];
  chosen: Chosen | null;
  onChoose: (report: FileReportSummary) => void;
}) {
  return (
    <Box data-testid={`${fileAnalysisIds.file}-${file.sha256}`}>
      <Typography sx={{ fontWeight: 600 }}>{file.file_name}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {file.file_type.toUpperCase()} · {file.size.toLocaleString('en-US')} bytes · SHA-256 {file.sha256}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        First seen {new Date(file.first_seen * 1000).toLocaleString()} · in{' '}
        {file.events.toLocaleString('en-US')} {file.events === 1 ? 'event' : 'events'}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {reports.map((r) => {
          const selected = chosen?.sha256 === file.sha256 && chosen.report.plugin === r.plugin;
          return (
            <Button
              key={r.plugin}
              size="small"
              variant={selected ? 'contained' : 'outlined'}
              aria-pressed={selected}
              onClick={() => onChoose(r)}
              data-testid={`${fileAnalysisIds.report}-${file.sha256}-${r.plugin}`}
            >
              {FILE_ANALYSIS_PLUGINS[r.plugin].title}
              <Chip
                component="span"
                size="small"
                sx={{ ml: 1 }}
                color={VERDICT_COLOURS[r.verdict]}
                label={`${r.verdict} · ${r.score}`}
                data-testid={`${fileAnalysisIds.verdict}-${file.sha256}-${r.plugin}`}
              />
            </Button>
          );
        })}
      </Stack>
    </Box>
  );
}

/** The chosen report's HTML document, framed with every sandbox restriction on. */
function ReportFrame({ chosen }: { chosen: Chosen }) {
  const { sha256, report } = chosen;
  const html = useEntityRead('getFileHtmlReport', [sha256, report.plugin, report.file_id]);
  if (html.status === 'failed')
    return (
      <Alert severity="error" action={<Button onClick={html.reload}>Retry</Button>}>
        {html.error?.message}
      </Alert>
    );
  if (html.data === null) return <Typography role="status">Loading the report…</Typography>;
  return (
    <Box
      component="iframe"
      title={`${FILE_ANALYSIS_PLUGINS[report.plugin].title} report`}
      sandbox={REPORT_FRAME_SANDBOX}
      srcDoc={html.data}
      referrerPolicy="no-referrer"
      data-testid={fileAnalysisIds.frame}
      sx={{ width: '100%', height: 360, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    />
  );
}
