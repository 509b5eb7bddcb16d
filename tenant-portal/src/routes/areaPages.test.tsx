/**
 * The route table names its pages: every page loader of an area or child resolves to a
 * component, and the pages the portal has today sit where the table says.
 */
import { AREAS } from './areas';

const routes = AREAS.flatMap((area) => [
  { path: `/${area.path}`, page: area.page },
  ...(area.children ?? []).map((child) => ({ path: `/${area.path}/${child.path}`, page: child.page })),
]);

describe('route table pages', () => {
  it.each(routes.filter((r) => r.page).map((r) => [r.path, r.page] as const))(
    '%s loads a page component',
    async (_path, page) => {
      const loaded = await page!();
      expect(typeof loaded.default).toBe('function');
    },
  );

  it('has every page of the route table, and no other page yet', () => {
    expect(routes.filter((r) => r.page).map((r) => r.path)).toEqual([
      '/dashboard',
      '/reports',
      '/boards',
      '/alerts',
      '/policy',
      '/policy/web',
      '/policy/email',
      '/policy/dlp',
      '/policy/casb',
      '/policy/egress',
      '/policy/content-inspection',
      '/policy/tester',
      '/policy/history',
      '/logs/web',
      '/logs/email',
      '/logs/audit',
      '/logs/dlp',
      '/logs/firewall',
      '/logs/saa',
      '/customization',
      // The management station's central manager (docs/central-manager.md §11).
      '/settings/managed-systems',
      '/settings/groups-templates',
      '/settings/management-station',
      '/settings/general',
      '/settings/users',
      '/settings/administrators',
      '/settings/roles',
      '/settings/network',
      // An on-premises appliance's own settings pages (docs/appliances.md).
      '/settings/time',
      '/settings/authentication',
      '/settings/certificates',
      '/settings/logging',
      '/settings/access',
      '/settings/updates',
      '/settings/file-export',
      '/settings/proxy',
      '/settings/streaming',
      '/settings/api-tokens',
      '/settings/two-factor-users',
      '/settings/sign-in',
      '/settings/pac',
      '/settings/storage-profiles',
      '/settings/forensics-profiles',
      '/settings/private-access-certificates',
      '/settings/client-profiles',
      '/settings/posture-profiles',
      '/settings/ts-client-profile',
      '/settings/multi-tenant',
      '/secure-application-access',
      '/fwaas',
      '/browser-management',
      '/web',
      '/safemail',
      '/contact-form',
    ]);
  });
});
