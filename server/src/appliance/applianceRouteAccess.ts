/**
 * What an appliance's own settings routes declare (docs/access.md §3): a signed-in session of the
 * appliance's tenant world with the appliance's read or write permission; a write is audited as
 * an update of the appliance area naming what changed.
 */
import {
  APPLIANCE_AUDIT_AREA,
  APPLIANCE_READ_PERMISSION,
  APPLIANCE_WRITE_PERMISSION,
} from '@workbench/common/api/contract/appliance/applianceSettings';

export const APPLIANCE_READ_ACCESS = {
  world: 'tenant' as const,
  permission: APPLIANCE_READ_PERMISSION,
  sessionOnly: true,
};

export const applianceWriteAccess = (what: string) => ({
  world: 'tenant' as const,
  permission: APPLIANCE_WRITE_PERMISSION,
  sessionOnly: true,
  audit: { action: 'update' as const, area: APPLIANCE_AUDIT_AREA, what },
});
