/**
 * Dashboards people build (contract/customDashboards.ts, docs/dashboards.md): the tenant's boards
 * and the caller's start board.
 */
import type { HttpClient } from './http';
import { BOARD_PATHS, type Board, type BoardInput, type BoardList } from './contract/customDashboards';

export async function listBoards(http: HttpClient): Promise<BoardList> {
  const r = await http.get<BoardList>(BOARD_PATHS.list, { callName: 'listBoards' });
  return r.data;
}

export async function getBoard(http: HttpClient, id: string): Promise<Board> {
  const r = await http.get<Board>(BOARD_PATHS.one(id), { callName: 'getBoard' });
  return r.data;
}

export async function createBoard(http: HttpClient, input: BoardInput): Promise<Board> {
  const r = await http.post<Board>(BOARD_PATHS.list, input, { callName: 'createBoard' });
  return r.data;
}

export async function saveBoard(http: HttpClient, id: string, input: BoardInput): Promise<Board> {
  const r = await http.put<Board>(BOARD_PATHS.one(id), input, { callName: 'saveBoard' });
  return r.data;
}

export async function deleteBoard(http: HttpClient, id: string): Promise<void> {
  await http.delete(BOARD_PATHS.one(id), { callName: 'deleteBoard' });
}

export async function setStartBoard(http: HttpClient, boardId: string | null): Promise<string | null> {
  const r = await http.put<{ start_board: string | null }>(
    BOARD_PATHS.startBoard,
    { board_id: boardId },
    { callName: 'setStartBoard' },
  );
  return r.data.start_board;
}
