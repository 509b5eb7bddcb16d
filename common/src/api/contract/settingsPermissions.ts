/**
 * The RBAC items (docs/access.md §4, the `settings` group) of the settings pages that the portal's
 * route table gates on, in a module of their own: the route table is in every first load, and
 * importing them from their contracts would bring those contracts' schemas along
 * (bench/README.md, First load). Each contract re-exports its own.
 */
export const UDB_READ_PERMISSION = 'settings:users:read';
export const UDB_WRITE_PERMISSION = 'settings:users:write';
export const API_TOKENS_READ_PERMISSION = 'settings:api_tokens:read';
export const API_TOKENS_WRITE_PERMISSION = 'settings:api_tokens:write';
export const SIGN_IN_READ_PERMISSION = 'settings:auth:read';
export const SIGN_IN_WRITE_PERMISSION = 'settings:auth:write';
export const ACCESS_CONTROL_READ_PERMISSION = 'settings:admin_access_control:read';
export const ACCESS_CONTROL_WRITE_PERMISSION = 'settings:admin_access_control:write';
export const ADMINS_READ_PERMISSION = 'settings:admins:read';
export const ADMINS_WRITE_PERMISSION = 'settings:admins:write';
export const ROLES_READ_PERMISSION = 'settings:roles:read';
export const ROLES_WRITE_PERMISSION = 'settings:roles:write';
export const PAC_READ_PERMISSION = 'settings:pac:read';
export const PAC_WRITE_PERMISSION = 'settings:pac:write';
export const ALERTS_READ_PERMISSION = 'settings:alerts:read';
export const ALERTS_WRITE_PERMISSION = 'settings:alerts:write';
export const STREAMING_READ_PERMISSION = 'settings:streaming:read';
export const STREAMING_WRITE_PERMISSION = 'settings:streaming:write';
/**
 * Settings › Network and General's documents are read and written with `settings:<item>` or
 * `settings_cmr:<item>` (the groups of their rows in tenantSettingsDocuments.ts).
 */
export const SETTINGS_DOCUMENT_GROUPS = ['settings', 'settings_cmr'] as const;
const readOf = (item: string): string[] => SETTINGS_DOCUMENT_GROUPS.map((group) => `${group}:${item}:read`);
export const NETWORK_READ_PERMISSIONS = readOf('network');
export const GLOBAL_SETTINGS_READ_PERMISSIONS = readOf('global_settings');
export const CASB_SETTINGS_READ_PERMISSIONS = readOf('casb');
/** The central manager's appliances (docs/central-manager.md §6); centralManager.ts's rule is the same. */
export const MANAGED_SYSTEMS_READ_PERMISSIONS = readOf('managed_systems');
/**
 * The dashboards people build (docs/dashboards.md; api/contract/customDashboards.ts re-exports
 * them): the web logs' field sidebar offers Visualise to writers.
 */
export const BOARDS_READ_PERMISSION = 'dashboard:boards:read';
export const BOARDS_WRITE_PERMISSION = 'dashboard:boards:write';
