/**
 * The logs explorer and the file analysis dialog: its requests on common's entity feature
 * (features/entities/entityRequests.ts), and the typed hooks its pages read and run them with.
 * Importing this module adds them to the portal's registry (app/portalRequests.ts), so they load
 * with the area's chunk, not with every page.
 */
import { request } from '@workbench/common';
import { getFileHtmlReport, queryInspectedFiles } from '@workbench/common/api/fileserver';
import { fetchLogHistogram, fetchLogTopValues } from '@workbench/common/api/logSummary';
import { queryLogs } from '@workbench/common/api/logs';
import { portalRequests } from '../../app/portalRequests';

export const LOGS_REQUESTS = {
  // The logs explorer: a linked event outside the loaded blocks, the histogram, a field's top values.
  queryLogs: request(queryLogs),
  fetchLogHistogram: request(fetchLogHistogram),
  fetchLogTopValues: request(fetchLogTopValues),
  // The file analysis dialog (logs details, files report): a file's reports, one as its HTML.
  queryInspectedFiles: request(queryInspectedFiles),
  getFileHtmlReport: request(getFileHtmlReport),
};

export const { useEntityRead, useEntityCall } = portalRequests(LOGS_REQUESTS);
