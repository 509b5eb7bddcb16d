/**
 * Dashboards people build (docs/dashboards.md), and the dashboard's own list of them: its requests
 * on common's entity feature (features/entities/entityRequests.ts), and the typed hooks its pages
 * read and run them with. Importing this module adds them to the portal's registry
 * (app/portalRequests.ts), so they load with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import {
  createBoard,
  deleteBoard,
  getBoard,
  listBoards,
  saveBoard,
  setStartBoard,
} from '@workbench/common/api/dashboards';
import { portalRequests } from '../../app/portalRequests';

export const BOARDS_REQUESTS = {
  // Dashboards people build (docs/dashboards.md).
  listBoards: request(listBoards),
  getBoard: request(getBoard),
  createBoard: request(createBoard),
  saveBoard: request(saveBoard),
  deleteBoard: request(deleteBoard),
  setStartBoard: request(setStartBoard),
};

export const { useEntityRead, useEntityCall } = portalRequests(BOARDS_REQUESTS);
