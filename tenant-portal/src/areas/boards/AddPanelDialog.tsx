/**
 * Adds a report query panel to a board being edited: the query (those the user may read), a chart
 * kind the query allows, the title.
 */
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { selectReadableReportQueries, useAppSelector } from '@workbench/common';
import {
  BOARD_NAME_MAX,
  boardChartKinds,
  type BoardChartKind,
  type BoardInput,
} from '@workbench/common/api/contract/customDashboards';
import {
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  type ReportQueryName,
} from '@workbench/common/api/contract/reportQueries';
import { boardsIds } from '@workbench/common/test-ids/boardsIds';
import { CHART_KIND_LABELS } from './chartKinds';
import { defaultChartOf, sourceTitle, withPanel } from './boardModel';

export function AddPanelDialog({
  open,
  board,
  onCancel,
  onAdd,
}: {
  open: boolean;
  board: BoardInput;
  onCancel: () => void;
  onAdd: (next: BoardInput) => void;
}) {
  const readable = useAppSelector(selectReadableReportQueries);
  const queries = REPORT_QUERY_NAMES.filter((q) => !readable || readable.has(q));
  const [query, setQuery] = useState<ReportQueryName | ''>('');
  const [chart, setChart] = useState<BoardChartKind | ''>('');
  const [title, setTitle] = useState('');
  const kinds = query ? boardChartKinds(query) : [];
  const choose = (q: ReportQueryName) => {
    setQuery(q);
    setChart(defaultChartOf({ kind: 'query', query: q }));
    setTitle(sourceTitle({ kind: 'query', query: q }));
  };
  const add = () => {
    if (!query || !chart) return;
    onAdd(
      withPanel(
        board,
        { kind: 'query', query, limit: 10 },
        chart,
        title.trim() || sourceTitle({ kind: 'query', query }),
      ),
    );
    setQuery('');
    setChart('');
    setTitle('');
  };
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>Add a panel</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label="Report query"
            value={query}
            onChange={(e) => choose(e.target.value as ReportQueryName)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': boardsIds.panelQuery } as object } }}
          >
            {queries.map((q) => (
              <MenuItem key={q} value={q} data-testid={`${boardsIds.panelQuery}-${q}`}>
                {REPORT_QUERY_REGISTRY[q].title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Chart"
            value={chart}
            disabled={!query}
            onChange={(e) => setChart(e.target.value as BoardChartKind)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': boardsIds.panelChart } as object } }}
          >
            {kinds.map((k) => (
              <MenuItem key={k} value={k} data-testid={`${boardsIds.panelChart}-${k}`}>
                {CHART_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Title"
            value={title}
            disabled={!query}
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: BOARD_NAME_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          onClick={add}
          disabled={!query || !chart}
          data-testid={boardsIds.panelAdd}
        >
          Add
        </Button>
      </DialogActions>
    </Dialog>
  );
}
