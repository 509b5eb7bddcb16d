/**
 * The users tab's import wizard: the tenant portal's own (common's UserImportWizard), over the
 * tenant's bulk create.
 */
import { UserImportWizard } from '@workbench/common/components/import-wizard/index';
import type { BulkUserCreate } from '@workbench/common/features/import-wizard/userImport';
import { useEntityCall } from '../app/consoleEntities';

export function TenantUsersImport({ tid, onClose }: { tid: string; onClose: (imported: boolean) => void }) {
  const bulkCreate = useEntityCall('bulkCreateTenantUsers');
  const bulk: BulkUserCreate = (rows, options) => bulkCreate(tid, rows, options);
  return <UserImportWizard bulk={bulk} onClose={onClose} />;
}
