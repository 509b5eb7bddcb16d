/**
 * One board (docs/dashboards.md): its panels on a 12-column grid (react-grid-layout), its interval
 * or zoomed range and its variables in the URL, so the page's link reopens the same view. A drag
 * across a time chart zooms every panel; Edit arranges, resizes, adds and removes panels and
 * variables, and Save writes the board (a reader of the board has no Edit).
 */
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import {
  BOARDS_WRITE_PERMISSION,
  BOARD_COLUMNS,
  BOARD_PANEL_HEIGHT_MAX,
  BOARD_PANEL_HEIGHT_MIN,
  BOARD_VARIABLES,
  BOARD_VARIABLE_NAMES,
  type Board,
  type BoardInput,
  type BoardVariable,
} from '@workbench/common/api/contract/customDashboards';
import { REPORT_INTERVAL_CODES, intervalLabel } from '@workbench/common/features/interval/index';
import { SearchField } from '@workbench/common/components/search-field/index';
import { boardsIds } from '@workbench/common/test-ids/boardsIds';
import { useEntityCall } from './boardsRequests';
import { AddPanelDialog } from './AddPanelDialog';
import { BoardPanelView } from './BoardPanelView';
import {
  BOARDS_PATH,
  GRID_ROW_PX,
  boardLink,
  boardRangeOf,
  inputOf,
  variableFilters,
  variableValues,
} from './boardModel';

const GRID_MARGIN = 12;
/** The panel's header and padding above its chart. */
const PANEL_CHROME_PX = 64;

const nowAtMinute = (): number => Math.ceil(Date.now() / 60_000) * 60_000;
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function BoardView({
  board,
  startBoard,
  onChanged,
}: {
  board: Board;
  startBoard: string | null;
  onChanged: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const canWrite = useAppSelector(selectCan(BOARDS_WRITE_PERMISSION));
  const saveBoard = useEntityCall('saveBoard');
  const deleteBoard = useEntityCall('deleteBoard');
  const setStartBoard = useEntityCall('setStartBoard');
  // While editing: the board as changed so far (null: showing the saved board).
  const [draft, setDraft] = useState<BoardInput | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown: BoardInput = draft ?? inputOf(board);
  const editing = draft !== null;

  // The page's end: taken when it opens (stable, so every panel reads the same range).
  const [openedAt, setOpenedAt] = useState(nowAtMinute);
  const { interval, range, zoomed } = useMemo(
    () => boardRangeOf(shown, params, openedAt),
    [shown, params, openedAt],
  );
  const valuesText = JSON.stringify(variableValues(shown, params));
  const values = useMemo(
    () => JSON.parse(valuesText) as Partial<Record<BoardVariable, string>>,
    [valuesText],
  );
  const filters = useMemo(() => variableFilters(values), [values]);

  const { width, containerRef, mounted } = useContainerWidth();
  const layout: Layout = shown.panels.map((p) => ({
    i: p.id,
    ...p.layout,
    minH: BOARD_PANEL_HEIGHT_MIN,
    maxH: BOARD_PANEL_HEIGHT_MAX,
  }));

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (next.toString() !== params.toString()) setParams(next);
  };
  const zoom = (fromMs: number, toMs: number) => {
    const next = new URLSearchParams(params);
    next.set('from', String(Math.floor(fromMs / 1000)));
    next.set('to', String(Math.ceil(toMs / 1000)));
    setParams(next);
  };
  const resetZoom = () => {
    setOpenedAt(nowAtMinute());
    const next = new URLSearchParams(params);
    next.delete('from');
    next.delete('to');
    setParams(next);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      if (!draft) return;
      const saved = await saveBoard(board.id, draft);
      setDraft(null);
      dispatch(
        snackbarShown({
          kind: 'save',
          outcome: 'success',
          message: `The dashboard ${saved.name} has been saved.`,
        }),
      );
      onChanged();
    });
  const remove = () =>
    run(async () => {
      await deleteBoard(board.id);
      dispatch(
        snackbarShown({
          kind: 'save',
          outcome: 'success',
          message: `The dashboard ${board.name} has been deleted.`,
        }),
      );
      onChanged();
      navigate(BOARDS_PATH);
    });
  const isStart = startBoard === board.id;
  const toggleStart = () =>
    run(async () => {
      await setStartBoard(isStart ? null : board.id);
      dispatch(
        snackbarShown({
          kind: 'save',
          outcome: 'success',
          message: isStart ? 'Your start page is the Dashboard again.' : `${board.name} is your start page.`,
        }),
      );
      onChanged();
    });
  const link = boardLink(board.id, { interval, range: zoomed ? range : null, values });
  const copyLink = () => {
    const url = `${window.location.origin}${window.location.pathname}#${link}`;
    void navigator.clipboard?.writeText(url);
    dispatch(
      snackbarShown({ kind: 'save', outcome: 'success', message: 'The link to this view has been copied.' }),
    );
  };
  const onLayoutChange = (next: Layout) => {
    if (!draft) return;
    const at = new Map(next.map((l) => [l.i, l]));
    setDraft({
      ...draft,
      panels: draft.panels.map((p) => {
        const l = at.get(p.id);
        return l ? { ...p, layout: { x: l.x, y: l.y, w: l.w, h: l.h } } : p;
      }),
    });
  };
  const toggleVariable = (name: BoardVariable, on: boolean) => {
    if (!draft) return;
    const kept = draft.variables.filter((v) => v.name !== name);
    setDraft({ ...draft, variables: on ? [...kept, { name, value: '' }] : kept });
  };

  return (
    <Box data-testid={boardsIds.view}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {editing && (
          <TextField
            size="small"
            label="Name"
            value={shown.name}
            onChange={(e) => setDraft({ ...shown, name: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': boardsIds.title, maxLength: 100 } }}
          />
        )}
        <TextField
          select
          size="small"
          label="Interval"
          value={interval}
          onChange={(e) => {
            setOpenedAt(nowAtMinute());
            const next = new URLSearchParams(params);
            next.set('interval', e.target.value);
            next.delete('from');
            next.delete('to');
            setParams(next);
            if (draft) setDraft({ ...draft, interval: e.target.value as BoardInput['interval'] });
          }}
          slotProps={{ htmlInput: { 'data-testid': boardsIds.interval } }}
          sx={{ minWidth: 170 }}
        >
          {REPORT_INTERVAL_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {intervalLabel(code)}
            </MenuItem>
          ))}
        </TextField>
        {shown.variables.map((v) => (
          <VariableField
            key={v.name}
            name={v.name}
            value={values[v.name] ?? ''}
            onSubmit={(text) => {
              setParam(v.name, text.trim());
              if (draft)
                setDraft({
                  ...draft,
                  variables: draft.variables.map((d) =>
                    d.name === v.name ? { ...d, value: text.trim() } : d,
                  ),
                });
            }}
          />
        ))}
        {zoomed && (
          <Chip
            data-testid={boardsIds.zoom}
            label={`${new Date(range.start * 1000).toLocaleString()} – ${new Date(range.end * 1000).toLocaleString()}`}
            onDelete={resetZoom}
            deleteIcon={
              <span data-testid={boardsIds.resetZoom} aria-label="Reset the zoom">
                ✕
              </span>
            }
          />
        )}
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={copyLink} data-testid={boardsIds.copyLink}>
          Copy link
        </Button>
        <Button
          size="small"
          onClick={() => void toggleStart()}
          disabled={busy}
          data-testid={boardsIds.startPage}
        >
          {isStart ? 'Unset start page' : 'Set as start page'}
        </Button>
        {canWrite && !editing && (
          <Button
            variant="outlined"
            size="small"
            onClick={() => setDraft(inputOf(board))}
            data-testid={boardsIds.edit}
          >
            Edit
          </Button>
        )}
        {editing && (
          <>
            <Button size="small" onClick={() => setAdding(true)} data-testid={boardsIds.addPanel}>
              Add panel
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => void remove()}
              disabled={busy}
              data-testid={boardsIds.deleteBoard}
            >
              Delete
            </Button>
            <Button size="small" onClick={() => setDraft(null)} data-testid={boardsIds.cancel}>
              Cancel
            </Button>
            <Button
              variant="contained"
              size="small"
              onClick={() => void save()}
              disabled={busy}
              data-testid={boardsIds.save}
            >
              Save
            </Button>
          </>
        )}
      </Stack>
      {editing && (
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
          {BOARD_VARIABLE_NAMES.map((name) => (
            <FormControlLabel
              key={name}
              label={`${BOARD_VARIABLES[name].label} variable`}
              control={
                <Checkbox
                  checked={shown.variables.some((v) => v.name === name)}
                  onChange={(e) => toggleVariable(name, e.target.checked)}
                  slotProps={{ input: { 'data-testid': `${boardsIds.variableToggle}-${name}` } as object }}
                />
              }
            />
          ))}
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <div ref={containerRef}>
        {shown.panels.length === 0 ? (
          <Alert severity="info">
            {editing
              ? 'Add a panel to start.'
              : canWrite
                ? 'This dashboard has no panels: Edit to add some.'
                : 'This dashboard has no panels.'}
          </Alert>
        ) : (
          mounted && (
            <GridLayout
              width={width}
              layout={layout}
              gridConfig={{ cols: BOARD_COLUMNS, rowHeight: GRID_ROW_PX, margin: [GRID_MARGIN, GRID_MARGIN] }}
              dragConfig={{ enabled: editing, handle: '.board-panel-handle' }}
              resizeConfig={{ enabled: editing }}
              onLayoutChange={onLayoutChange}
            >
              {shown.panels.map((panel) => (
                <div key={panel.id}>
                  <BoardPanelView
                    panel={panel}
                    interval={interval}
                    range={range}
                    filters={filters}
                    values={values}
                    height={
                      panel.layout.h * GRID_ROW_PX + (panel.layout.h - 1) * GRID_MARGIN - PANEL_CHROME_PX
                    }
                    editing={editing}
                    onZoom={zoom}
                    onRemove={() =>
                      draft && setDraft({ ...draft, panels: draft.panels.filter((p) => p.id !== panel.id) })
                    }
                  />
                </div>
              ))}
            </GridLayout>
          )
        )}
      </div>
      {draft && (
        <AddPanelDialog
          open={adding}
          board={draft}
          onCancel={() => setAdding(false)}
          onAdd={(next) => {
            setDraft(next);
            setAdding(false);
          }}
        />
      )}
    </Box>
  );
}

/** A variable's value: applied on Enter or when the field loses focus. */
function VariableField({
  name,
  value,
  onSubmit,
}: {
  name: BoardVariable;
  value: string;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shownFor, setShownFor] = useState(value);
  if (value !== shownFor) {
    setShownFor(value);
    setText(value);
  }
  return (
    <SearchField
      size="small"
      label={BOARD_VARIABLES[name].label}
      value={text}
      onChange={setText}
      onSubmit={onSubmit}
      onBlur={() => onSubmit(text)}
      testId={`${boardsIds.variable}-${name}`}
      maxLength={200}
      sx={{ width: 180 }}
    />
  );
}
