/**
 * The user import wizard both apps open (the tenant portal's Users page, the provider console's
 * tenant users tab): common's ImportWizard with the users' columns, each row checked before Next by
 * the user database's row rule, batches, server dry run and refused-row reasons, over whichever
 * bulk create the app calls.
 */
import { ImportWizard } from './ImportWizard';
import {
  USER_IMPORT_BATCH,
  USER_IMPORT_FIELDS,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_NOTES,
  dryRunUserBatch,
  importUserBatch,
  userImportRowProblem,
  type BulkUserCreate,
} from '../../features/import-wizard/userImport';

export function UserImportWizard({
  bulk,
  onClose,
}: {
  bulk: BulkUserCreate;
  /** True when at least one user was created. */
  onClose: (imported: boolean) => void;
}) {
  return (
    <ImportWizard
      open
      title="Import users"
      fields={USER_IMPORT_FIELDS}
      requiredFields={['username']}
      maxRows={USER_IMPORT_MAX_ROWS}
      batchSize={USER_IMPORT_BATCH}
      prompt
      validateRow={userImportRowProblem}
      dryRun={(rows, offset) => dryRunUserBatch(bulk, rows, offset)}
      submitBatch={(rows, offset) => importUserBatch(bulk, rows, offset)}
      onClose={(result) => onClose(result !== null && result.created > 0)}
      fileBaseName="users"
      columnNotes={USER_IMPORT_NOTES}
    />
  );
}
