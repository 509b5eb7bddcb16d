import { UserImportWizard } from '@workbench/common/components/import-wizard/index';
import { useEntityCall } from '../settingsRequests';

/**
 * Bulk import of end users through the shared import wizard: the users' field names, batches of
 * UDB_BULK_LIMIT through bulkusercreate, the processing step as a server dry run. Each row is
 * checked before Next by the server's own row rule (common's userImportRowProblem); what only the
 * server knows (a username that exists) comes back with its reason (summary, View Errors,
 * Download Errors).
 */
export function UsersImportDialog({ onClose }: { onClose: (imported: boolean) => void }) {
  const bulkCreateUsers = useEntityCall('bulkCreateUsers');
  return <UserImportWizard bulk={(rows, options) => bulkCreateUsers(rows, options)} onClose={onClose} />;
}
