/**
 * The users tab's import wizard: the tenant portal's own (common's ImportWizard and user import:
 * the same columns, batches, dry run and refused-row reasons), over the tenant's bulk create.
 */
import { ImportWizard } from '@workbench/common/components/import-wizard/index';
import * as tenantsApi from '@workbench/common/api/providerTenants';
import {
  USER_IMPORT_BATCH,
  USER_IMPORT_FIELDS,
  USER_IMPORT_MAX_ROWS,
  dryRunUserBatch,
  importUserBatch,
  type BulkUserCreate,
} from '@workbench/common/features/import-wizard/userImport';
import { useConsoleHttp } from '../app/providerStore';

export function TenantUsersImport({ tid, onClose }: { tid: string; onClose: (imported: boolean) => void }) {
  const http = useConsoleHttp();
  const bulk: BulkUserCreate = (rows, options) => tenantsApi.bulkCreateTenantUsers(http, tid, rows, options);
  return (
    <ImportWizard
      open
      title="Import users"
      fields={USER_IMPORT_FIELDS}
      requiredFields={['username']}
      maxRows={USER_IMPORT_MAX_ROWS}
      batchSize={USER_IMPORT_BATCH}
      prompt
      dryRun={(rows, offset) => dryRunUserBatch(bulk, rows, offset)}
      submitBatch={(rows, offset) => importUserBatch(bulk, rows, offset)}
      onClose={(result) => onClose(result !== null && result.created > 0)}
      fileBaseName="users"
    />
  );
}
