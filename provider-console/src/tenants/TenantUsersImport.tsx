/**
 * The users tab's import wizard: the tenant portal's own (common's UserImportWizard), over the
 * tenant's bulk create.
 */
import * as tenantsApi from '@workbench/common/api/providerTenants';
import { UserImportWizard } from '@workbench/common/components/import-wizard/index';
import type { BulkUserCreate } from '@workbench/common/features/import-wizard/userImport';
import { useConsoleHttp } from '../app/providerStore';

export function TenantUsersImport({ tid, onClose }: { tid: string; onClose: (imported: boolean) => void }) {
  const http = useConsoleHttp();
  const bulk: BulkUserCreate = (rows, options) => tenantsApi.bulkCreateTenantUsers(http, tid, rows, options);
  return <UserImportWizard bulk={bulk} onClose={onClose} />;
}
