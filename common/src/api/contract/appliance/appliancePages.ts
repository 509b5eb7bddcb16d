/**
 * What the portal's route table needs of the appliance settings area, in a module of its own (the
 * table is in every first load; the registry's schemas are not): the modes that serve the area,
 * its pages and their permission.
 */
import type { Mode } from '../wire';

/** The modes that serve the appliance settings area (the management station serves the manager). */
export const APPLIANCE_MODES = [
  'safeview',
  'safeview_isolation',
  'safeview_proxy',
  'safemail',
  'safemail_worker',
] as const satisfies readonly Mode[];
export const isApplianceMode = (mode: Mode | null): boolean =>
  mode !== null && (APPLIANCE_MODES as readonly string[]).includes(mode);

/** The pages of the appliance settings area (Settings › …), in menu order: path → title. */
export const APPLIANCE_PAGES = {
  network: 'Network & routes',
  time: 'Time',
  authentication: 'Authentication',
  certificates: 'Certificates',
  logging: 'Logs/Alerts',
  access: 'Access',
  updates: 'Updates & TLS',
  'file-export': 'File export',
  proxy: 'Proxy',
} as const;
export type AppliancePage = keyof typeof APPLIANCE_PAGES;
export const APPLIANCE_PAGE_PATHS = Object.keys(APPLIANCE_PAGES) as AppliancePage[];

/** The RBAC item of every appliance settings document (`settings:appliance`, `settings_cmr:appliance`). */
export const APPLIANCE_PERMISSION_ITEM = 'appliance';
export const APPLIANCE_READ_PERMISSIONS = ['settings', 'settings_cmr'].map(
  (g) => `${g}:${APPLIANCE_PERMISSION_ITEM}:read`,
);
export const APPLIANCE_WRITE_PERMISSIONS = ['settings', 'settings_cmr'].map(
  (g) => `${g}:${APPLIANCE_PERMISSION_ITEM}:write`,
);
