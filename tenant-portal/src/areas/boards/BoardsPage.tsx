/**
 * Dashboards people build (issue 41 points 4, 5; docs/dashboards.md). Without `board` in the URL:
 * the tenant's boards, a new one, and the fixed report dashboards as templates to copy. With it:
 * that board (BoardView). Writing needs `dashboard:boards:write`; a reader sees the same boards.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { LoadFailed, Loading } from '@workbench/common/components/page-states/index';
import {
  BOARDS_WRITE_PERMISSION,
  BOARD_NAME_MAX,
  type Board,
  type BoardInput,
} from '@workbench/common/api/contract/customDashboards';
import { DASHBOARDS } from '@workbench/common/api/contract/reportDashboards';
import { boardsIds } from '@workbench/common/test-ids/boardsIds';
import { useEntityCall, useEntityRead } from './boardsRequests';
import type { PageProps } from '../../routes/routeModel';
import { AreaPage } from '../AreaPage';
import { BoardView } from './BoardView';
import { BOARDS_PATH, boardFromTemplate } from './boardModel';

const EMPTY_BOARD = (name: string): BoardInput => ({
  name,
  interval: '7d',
  variables: [{ name: 'user', value: '' }],
  panels: [],
});

export function BoardsPage({ title = 'Dashboards' }: Partial<PageProps>) {
  const [params] = useSearchParams();
  const boardId = params.get('board');
  const list = useEntityRead('listBoards', []);
  const board = boardId ? list.data?.boards.find((b) => b.id === boardId) : undefined;
  return (
    <AreaPage title={board ? board.name : title}>
      <Box data-testid={boardsIds.page}>
        {list.status === 'failed' && !list.data ? (
          <LoadFailed
            message={list.error?.message ?? 'The dashboards were not loaded.'}
            onRetry={list.reload}
          />
        ) : !list.data ? (
          <Loading label="Loading the dashboards" />
        ) : boardId && !board ? (
          <Typography>
            The dashboard was not found.{' '}
            <Link component={RouterLink} to={BOARDS_PATH}>
              All dashboards
            </Link>
          </Typography>
        ) : board ? (
          <BoardView
            key={board.id}
            board={board}
            startBoard={list.data.start_board}
            onChanged={list.reload}
          />
        ) : (
          <BoardList boards={list.data.boards} startBoard={list.data.start_board} onChanged={list.reload} />
        )}
      </Box>
    </AreaPage>
  );
}

function BoardList({
  boards,
  startBoard,
  onChanged,
}: {
  boards: readonly Board[];
  startBoard: string | null;
  onChanged: () => void;
}) {
  const canWrite = useAppSelector(selectCan(BOARDS_WRITE_PERMISSION));
  const createBoard = useEntityCall('createBoard');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [naming, setNaming] = useState<BoardInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (input: BoardInput) => {
    setBusy(true);
    setError(null);
    try {
      const made = await createBoard(input);
      setNaming(null);
      dispatch(
        snackbarShown({
          kind: 'save',
          outcome: 'success',
          message: `The dashboard ${made.name} has been created.`,
        }),
      );
      onChanged();
      navigate(`${BOARDS_PATH}?board=${encodeURIComponent(made.id)}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
            The tenant&apos;s dashboards
          </Typography>
          {canWrite && (
            <Button
              variant="contained"
              onClick={() => setNaming(EMPTY_BOARD(''))}
              data-testid={boardsIds.newButton}
            >
              New dashboard
            </Button>
          )}
        </Stack>
        {boards.length === 0 ? (
          <Typography color="text.secondary">
            No dashboards yet.{canWrite ? ' Make one, or copy a report dashboard below.' : ''}
          </Typography>
        ) : (
          <List dense data-testid={boardsIds.list}>
            {boards.map((b) => (
              <ListItem key={b.id} disableGutters>
                <ListItemText
                  primary={
                    <Link
                      component={RouterLink}
                      to={`${BOARDS_PATH}?board=${encodeURIComponent(b.id)}`}
                      data-testid={`${boardsIds.open}-${b.name}`}
                    >
                      {b.name}
                    </Link>
                  }
                  secondary={`${b.panels.length} panel${b.panels.length === 1 ? '' : 's'} · saved by ${b.updated_by}${
                    b.id === startBoard ? ' · your start page' : ''
                  }`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          Report dashboards
        </Typography>
        <List dense>
          {DASHBOARDS.map((d) => (
            <ListItem
              key={d.id}
              disableGutters
              secondaryAction={
                canWrite ? (
                  <Button
                    size="small"
                    onClick={() => setNaming(boardFromTemplate(d))}
                    data-testid={`${boardsIds.template}-${d.id}`}
                    aria-label={`Copy ${d.title} as a new dashboard`}
                  >
                    Copy
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/dashboard?board=${d.id}`}>
                    {d.title}
                  </Link>
                }
                secondary={`${d.panels.length} panels`}
              />
            </ListItem>
          ))}
        </List>
      </Box>
      <NameDialog
        input={naming}
        busy={busy}
        error={error}
        onCancel={() => {
          setNaming(null);
          setError(null);
        }}
        onSubmit={(name) => naming && void create({ ...naming, name })}
      />
    </Stack>
  );
}

/** Names a new board (empty, or a template's copy). */
function NameDialog({
  input,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  input: BoardInput | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [shownFor, setShownFor] = useState<BoardInput | null>(null);
  if (input !== shownFor) {
    setShownFor(input);
    setName(input?.name ?? '');
  }
  return (
    <Dialog open={input !== null} onClose={onCancel} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(name);
        }}
      >
        <DialogTitle>New dashboard</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error !== null}
            helperText={error ?? `${input?.panels.length ?? 0} panels`}
            slotProps={{ htmlInput: { maxLength: BOARD_NAME_MAX, 'data-testid': boardsIds.newName } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !name.trim()}
            data-testid={boardsIds.newCreate}
          >
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
