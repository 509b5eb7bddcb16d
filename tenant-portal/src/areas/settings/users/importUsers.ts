/**
 * Bulk import of the portal's end users: common's user import (shared with the provider
 * console's tenant users tab) over the portal's own bulkusercreate.
 */
import { bulkCreateUsers } from '@workbench/common/api/udb';
import type { HttpClient } from '@workbench/common';
import {
  dryRunUserBatch,
  importUserBatch,
  type UserImportRecord,
  type UserImportRowError,
} from '@workbench/common/features/import-wizard/userImport';

export {
  USER_IMPORT_BATCH,
  USER_IMPORT_FIELDS,
  USER_IMPORT_MAX_ROWS,
  toUserRow,
} from '@workbench/common/features/import-wizard/userImport';
export type ImportRecord = UserImportRecord;
export type ImportRowError = UserImportRowError;
export interface BatchResult {
  created: number;
  errors: ImportRowError[];
}

const portalBulk =
  (http: HttpClient) => (rows: Parameters<typeof bulkCreateUsers>[1], options: { dryRun?: boolean }) =>
    bulkCreateUsers(http, rows, options);

/** Dry run of one batch (bulkusercreate?dry_run=true): which rows would be created and which refused. */
export const dryRunUsersBatch = (http: HttpClient, records: ImportRecord[], offset: number) =>
  dryRunUserBatch(portalBulk(http), records, offset);

/** Sends one batch (rows starting at `offset` in the import) and maps refusals back to import rows. */
export const importUsersBatch = (
  http: HttpClient,
  records: ImportRecord[],
  offset: number,
  options: { dryRun?: boolean } = {},
): Promise<BatchResult> => importUserBatch(portalBulk(http), records, offset, options);
