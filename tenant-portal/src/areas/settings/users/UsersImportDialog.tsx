import { ImportWizard } from '@workbench/common/components/import-wizard/index';
import { useHttpClient } from '../../../app/httpContext';
import {
  USER_IMPORT_BATCH,
  USER_IMPORT_FIELDS,
  USER_IMPORT_MAX_ROWS,
  dryRunUsersBatch,
  importUsersBatch,
} from './importUsers';

/**
 * Bulk import of end users through the shared import wizard: the users' field names, batches of
 * UDB_BULK_LIMIT through bulkusercreate, the processing step as a server dry run. Rows are not
 * refused in the browser: the server's row rules decide, and refused rows come back with their
 * reason (summary, View Errors, Download Errors).
 */
export function UsersImportDialog({ onClose }: { onClose: (imported: boolean) => void }) {
  const http = useHttpClient();
  return (
    <ImportWizard
      open
      title="Import users"
      fields={USER_IMPORT_FIELDS}
      requiredFields={['username']}
      maxRows={USER_IMPORT_MAX_ROWS}
      batchSize={USER_IMPORT_BATCH}
      prompt
      dryRun={(rows, offset) => dryRunUsersBatch(http, rows, offset)}
      submitBatch={(rows, offset) => importUsersBatch(http, rows, offset)}
      onClose={(result) => onClose(result !== null && result.created > 0)}
      fileBaseName="users"
    />
  );
}
