/**
 * A managed appliance's own logs and exports (docs/central-manager.md §12): its log events as its
 * logs API answers them, newest first, a block at a time (the next block with the previous block's
 * cursor), of one log type (its audit trail first) and an optional search; and its exports, one
 * CSV file per log type written by the appliance, downloaded as it came. Every reader sees both.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { ApplianceLogType } from '@workbench/common/api/centralManager';
import { APPLIANCE_LOG_TYPES, type ManagedSystem } from '@workbench/common/api/contract/centralManager';
import { FIELD_SPECS, tenantFieldsOf } from '@workbench/common/api/contract/logSchema';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { counted } from '@workbench/common/formatting/counted';
import { downloadFile } from '@workbench/common/formatting/downloadFile';
import { localDateTime } from '@workbench/common/formatting/localTime';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { useEntityCall } from './centralManagerRequests';

type LogEvent = Record<string, string | number>;

/** The events asked for at a time. */
export const LOGS_BLOCK = 100;

export const LOGS_TEXTS = {
  title: (name: string) => `Logs of ${name}`,
  intro:
    'The appliance’s own log events, newest first, as it answers them now; its audit trail lists every change made on it, the manager’s included.',
  logType: 'Log type',
  search: 'Search',
  more: 'Load older events',
  reading: 'Reading the appliance’s events…',
  none: 'The appliance has no events of this type that match.',
  exports: 'Exports',
  exportsIntro: 'A CSV file the appliance writes of every event of a type (the search above applies).',
  download: 'Download CSV',
  total: (n: number, last: boolean) => `${counted(n, 'event')}${last ? '' : ' so far'}`,
} as const;

export const LOG_TYPE_LABELS: Record<ApplianceLogType, string> = {
  scan_audit: 'Audit trail',
  scan_web: 'Web',
  scan_email: 'Email',
};

const columnsOf = (logType: ApplianceLogType): DataTableColumn<LogEvent>[] => [
  {
    name: 'event_time',
    header: 'Time',
    minWidth: 190,
    value: (e) => (e.event_time ? localDateTime(String(e.event_time)) : ''),
  },
  ...tenantFieldsOf(logType).map((field, i): DataTableColumn<LogEvent> => ({
    name: field,
    header: FIELD_SPECS[field]?.label ?? field,
    minWidth: 120,
    flex: 1,
    // Only the words wrap: a before/after document stays one line (the export has it whole) rather
    // than making every row as tall as the longest.
    wrap: field === 'details',
    // The first four (the audit trail's details among them) stay in view in a narrow window; the
    // rest give way (the export has them all).
    optional: i >= 4,
    value: (e) => e[field] ?? '',
  })),
];

export function SystemLogsDialog({ system, onClose }: { system: ManagedSystem; onClose: () => void }) {
  const getSystemLogs = useEntityCall('getSystemLogs');
  const getSystemExport = useEntityCall('getSystemExport');
  const [logType, setLogType] = useState<ApplianceLogType>('scan_audit');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [events, setEvents] = useState<LogEvent[] | null>(null);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [last, setLast] = useState(true);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<ApplianceLogType | null>(null);
  // Only the newest query's answer is shown (a type changed while a block was read).
  const query = useRef(0);

  const load = useCallback(
    (from?: string) => {
      const mine = ++query.current;
      setLoading(true);
      setError(null);
      getSystemLogs(system.id, { log_type: logType, limit: LOGS_BLOCK, search, cursor: from }).then(
        (block) => {
          if (mine !== query.current) return;
          setEvents((shown) => [...(from && shown ? shown : []), ...block.events]);
          setCursor(block.pagingIdentifiers.cursor);
          setLast(block.pagingIdentifiers.last_iteration || !block.pagingIdentifiers.cursor);
          setLoading(false);
        },
        (e: unknown) => {
          if (mine !== query.current) return;
          setError(toErrorInfo(e, 'getSystemLogs').message);
          setLoading(false);
        },
      );
    },
    [getSystemLogs, system.id, logType, search],
  );
  useEffect(() => {
    setEvents(null);
    load();
  }, [load]);

  const download = (type: ApplianceLogType) => {
    setExporting(type);
    setError(null);
    getSystemExport(system.id, { log_type: type, search })
      .then(
        (file) => downloadFile(file.filename, file.text, file.contentType),
        (e: unknown) => setError(toErrorInfo(e, 'getSystemExport').message),
      )
      .finally(() => setExporting(null));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="cm-logs-title"
      data-testid={ids.logsDialog}
    >
      <DialogTitle id="cm-logs-title">{LOGS_TEXTS.title(system.name)}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {LOGS_TEXTS.intro}
        </Typography>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mb: 2, pt: 1, alignItems: 'center', flexWrap: 'wrap' }}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(searchText.trim());
          }}
        >
          <TextField
            select
            size="small"
            label={LOGS_TEXTS.logType}
            value={logType}
            onChange={(e) => setLogType(e.target.value as ApplianceLogType)}
            sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { 'data-testid': ids.logsType } }}
          >
            {APPLIANCE_LOG_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {LOG_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={LOGS_TEXTS.search}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': ids.logsSearch, maxLength: 200 } }}
          />
          <Button type="submit">{LOGS_TEXTS.search}</Button>
          <Box sx={{ flex: 1 }} />
          <Typography color="text.secondary" data-testid={ids.logsTotal} aria-live="polite">
            {events === null ? LOGS_TEXTS.reading : LOGS_TEXTS.total(events.length, last)}
          </Typography>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid={ids.logsError}>
            {error}
          </Alert>
        )}
        <Box data-testid={ids.logsTable}>
          <DataTable<LogEvent>
            key={logType}
            label={`${LOG_TYPE_LABELS[logType]} of ${system.name}`}
            rows={events ?? []}
            rowKey={(e) => String(e.id)}
            columns={columnsOf(logType)}
            pageSize={0}
            emptyText={events === null || loading ? LOGS_TEXTS.reading : LOGS_TEXTS.none}
          />
        </Box>
        {!last && (
          <Button sx={{ mt: 1 }} disabled={loading} onClick={() => load(cursor)} data-testid={ids.logsMore}>
            {LOGS_TEXTS.more}
          </Button>
        )}
        <Typography variant="subtitle1" sx={{ mt: 3 }}>
          {LOGS_TEXTS.exports}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {LOGS_TEXTS.exportsIntro}
        </Typography>
        <List dense aria-label={LOGS_TEXTS.exports}>
          {APPLIANCE_LOG_TYPES.map((t) => (
            <ListItem
              key={t}
              disableGutters
              secondaryAction={
                <Button
                  disabled={exporting !== null}
                  onClick={() => download(t)}
                  data-testid={`${ids.logsExport}-${t}`}
                >
                  {exporting === t ? 'Downloading…' : LOGS_TEXTS.download}
                </Button>
              }
            >
              <ListItemText
                primary={LOG_TYPE_LABELS[t]}
                secondary={`${system.name.replace(/[^A-Za-z0-9_-]+/g, '_')}-${t}.csv`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={ids.logsClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
