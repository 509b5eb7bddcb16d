/**
 * "Visualise" (issue 41 point 5, docs/dashboards.md): the logs explorer's field as a panel of its
 * top values or its events over time, within the explorer's current filters, added to a board
 * (an existing one, or a new one) which then opens.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import {
  BOARD_NAME_MAX,
  FIELD_PANEL_CHART_KINDS,
  type BoardChartKind,
  type BoardInput,
  type BoardPanelSource,
  type FieldPanelView,
} from '@workbench/common/api/contract/customDashboards';
import type { LogQuery } from '@workbench/common/api/logs';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import type { LogType } from '@workbench/common/vocabularies/logTypes';
import { boardsIds } from '@workbench/common/test-ids/boardsIds';
import { useEntityCall, useEntityRead } from './boardsRequests';
import { CHART_KIND_LABELS } from './chartKinds';
import { BOARDS_PATH, inputOf, sourceTitle, withPanel } from './boardModel';

const NEW_BOARD = '';

/** The explorer's query as a field panel keeps it: its filters without the range, order or paging. */
export function panelQueryOf(query: LogQuery | null): string {
  const params = new URLSearchParams(query?.params ?? {});
  for (const name of ['start', 'end', 'sort', 'order', 'limit']) params.delete(name);
  return params.toString();
}

export function VisualiseDialog({
  logType,
  field,
  query,
  onClose,
}: {
  logType: LogType;
  /** The field chosen (null: closed). */
  field: string | null;
  query: LogQuery | null;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const boards = useEntityRead('listBoards', [], { enabled: field !== null });
  const createBoard = useEntityCall('createBoard');
  const saveBoard = useEntityCall('saveBoard');
  const [view, setView] = useState<FieldPanelView>('top');
  const [chart, setChart] = useState<BoardChartKind>('bar');
  const [target, setTarget] = useState(NEW_BOARD);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (field === null) return null;
  const source: BoardPanelSource = {
    kind: 'field',
    log_type: logType,
    field,
    view,
    query: panelQueryOf(query),
  };
  const chooseView = (next: FieldPanelView) => {
    setView(next);
    setChart(FIELD_PANEL_CHART_KINDS[next][0]);
  };
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      const existing = boards.data?.boards.find((b) => b.id === target);
      const saved = existing
        ? await saveBoard(existing.id, withPanel(inputOf(existing), source, chart))
        : await createBoard(
            withPanel(
              { name: name.trim(), interval: '7d', variables: [], panels: [] } satisfies BoardInput,
              source,
              chart,
            ),
          );
      dispatch(
        snackbarShown({
          kind: 'save',
          outcome: 'success',
          message: `${sourceTitle(source)} has been added to ${saved.name}.`,
        }),
      );
      onClose();
      navigate(`${BOARDS_PATH}?board=${encodeURIComponent(saved.id)}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid={boardsIds.visualiseDialog}>
      <DialogTitle>Visualise {FIELD_SPECS[field]?.label ?? field}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label="Panel"
            value={view}
            onChange={(e) => chooseView(e.target.value as FieldPanelView)}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': boardsIds.visualiseView } as object },
            }}
          >
            <MenuItem value="top">Top values</MenuItem>
            <MenuItem value="time">Events over time</MenuItem>
          </TextField>
          <TextField
            select
            label="Chart"
            value={chart}
            onChange={(e) => setChart(e.target.value as BoardChartKind)}
          >
            {FIELD_PANEL_CHART_KINDS[view].map((k) => (
              <MenuItem key={k} value={k}>
                {CHART_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Dashboard"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': boardsIds.visualiseBoard } as object },
            }}
          >
            <MenuItem value={NEW_BOARD}>A new dashboard</MenuItem>
            {(boards.data?.boards ?? []).map((b) => (
              <MenuItem key={b.id} value={b.id}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
          {target === NEW_BOARD && (
            <TextField
              label="New dashboard's name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{
                htmlInput: { maxLength: BOARD_NAME_MAX, 'data-testid': boardsIds.visualiseNewName },
              }}
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => void add()}
          disabled={busy || (target === NEW_BOARD && !name.trim())}
          data-testid={boardsIds.visualiseAdd}
        >
          Add to dashboard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
