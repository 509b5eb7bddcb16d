/**
 * The export's dialog (LogExportButton.tsx): what to write (the visible columns or all, labels or
 * codes, CSV or NDJSON). Loaded on the Export button's first click and then kept mounted, so it
 * closes with its transition and keeps its choice as before (bench/README.md "First load").
 */
import { useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { DEFAULT_EXPORT_CHOICE, type ExportChoice } from './logExport';

/** The dialog's questions, in order: each one radio group of the choice's field. */
const EXPORT_QUESTIONS: {
  [K in keyof ExportChoice]: {
    label: string;
    options: readonly { value: ExportChoice[K]; label: ReactNode }[];
  };
} = {
  columns: {
    label: 'Columns',
    options: [
      { value: 'visible', label: 'Visible columns' },
      { value: 'all', label: 'All columns' },
    ],
  },
  values: {
    label: 'Values',
    options: [
      { value: 'labels', label: 'Labels, as shown' },
      { value: 'codes', label: 'Codes' },
    ],
  },
  format: {
    label: 'Format',
    options: [
      { value: 'csv', label: 'CSV' },
      { value: 'ndjson', label: 'NDJSON' },
    ],
  },
};
const EXPORT_QUESTION_KEYS = Object.keys(EXPORT_QUESTIONS) as (keyof ExportChoice)[];

/** One radio group of the dialog. */
function Choice<K extends keyof ExportChoice>({
  name,
  value,
  onChange,
}: {
  name: K;
  value: ExportChoice[K];
  onChange: (value: ExportChoice[K]) => void;
}) {
  const { label, options } = EXPORT_QUESTIONS[name];
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

export function LogExportDialog({
  open,
  onClose,
  onExport,
}: {
  open: boolean;
  onClose: () => void;
  /** The Export button of the dialog, with the choice. */
  onExport: (choice: ExportChoice) => void;
}) {
  const [choice, setChoice] = useState<ExportChoice>(DEFAULT_EXPORT_CHOICE);
  const set =
    <K extends keyof ExportChoice>(key: K) =>
    (value: ExportChoice[K]) =>
      setChoice((c) => ({ ...c, [key]: value }));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="logs-export-title"
      data-testid={logsExplorerIds.exportDialog}
    >
      <DialogTitle id="logs-export-title">Export events</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Every event of the current query, in the grid&apos;s order.
        </Typography>
        {EXPORT_QUESTION_KEYS.map((key) => (
          <Choice key={key} name={key} value={choice[key]} onChange={set(key)} />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          data-testid={logsExplorerIds.exportConfirm}
          startIcon={<DownloadIcon />}
          onClick={() => onExport(choice)}
        >
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}
