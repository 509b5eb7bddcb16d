import { DEFAULT_ENV, createAccessController, type RuntimeEnv } from '@workbench/common';
import { DEMO_TENANT_ROLES } from '@workbench/common/api/contract/demo';
import { extensionsOf } from '@workbench/common/api/contract/extensions';
import {
  ADMINS_READ_PERMISSION,
  ADMINS_WRITE_PERMISSION,
  ROLES_WRITE_PERMISSION,
} from '@workbench/common/api/contract/administrators';
import { policyWritePermission } from '@workbench/common/vocabularies/policyGroups';
import { AREAS, LOGS_CHILDREN, NAV_GROUPS, findArea } from './areas';
import type { Area } from './routeModel';
import { guardDecision, type RouteContext } from './routeRules';
import { roleReach, writePermissionOf, writeRuleOf, type AreaReach } from './roleReach';

const table = { areas: AREAS, groups: NAV_GROUPS };
const cloud: RuntimeEnv = {
  ...DEFAULT_ENV,
  deployment: 'ec2',
  mode: null,
  production: true,
  insightsUrl: null,
};
/** Every feature any route of the table asks for is on, so only the role decides. */
const everyFeature = Object.fromEntries(
  AREAS.flatMap((a) => [...(a.features ?? []), ...(a.children ?? []).flatMap((c) => c.features ?? [])]).map(
    (f) => [f, true],
  ),
);
const session: RouteContext = {
  env: cloud,
  // The session's own access is replaced by the role's.
  access: createAccessController([], true),
  features: everyFeature,
  extensions: new Set(extensionsOf('tenant')),
};
const pagesOf = (reach: AreaReach[]) => reach.flatMap((a) => a.pages.map((p) => p.path));
const logsOnlyRead = { read: ['logs:*'], write: [] };

describe('what a role opens, from the route table (docs/administrators.md §5)', () => {
  it('a role with only logs:*:read opens the logs pages and no write action', () => {
    const reach = roleReach(logsOnlyRead, true, session, table);
    // Contact Us has no permission rule: every holder sees it.
    expect(reach.map((a) => a.id)).toEqual(['logs', 'contact-form']);
    expect(reach[0].pages.map((p) => p.path)).toEqual(LOGS_CHILDREN.map((c) => `/logs/${c.path}`));
    expect(reach.every((a) => !a.write && a.pages.every((p) => !p.write))).toBe(true);
  });

  it('agrees with the router: a page is listed exactly when the guard lets its holder in', () => {
    const roles = [
      ...Object.values(DEMO_TENANT_ROLES),
      logsOnlyRead,
      { read: ['settings:admins'], write: ['settings:admins'] },
      { read: ['web_policy:*', 'logs:web'], write: ['web_policy:*'] },
      { read: [], write: [] },
    ];
    for (const role of roles) {
      const ctx = { ...session, access: createAccessController([], true) };
      const reach = roleReach(role, true, ctx, table);
      const access = createAccessController(
        [...role.read.map((r) => `${r}:read`), ...role.write.map((w) => `${w}:write`)],
        true,
      );
      const holder = { ...session, access };
      const guarded = AREAS.filter((a): a is Area & { children: NonNullable<Area['children']> } =>
        Boolean(a.inNav && a.children),
      ).flatMap((area) =>
        area.children
          .filter(
            (child) =>
              guardDecision(area, child.path, true, `/${area.path}/${child.path}`, holder).kind === 'allow',
          )
          .map((child) => `/${area.path}/${child.path}`),
      );
      expect(pagesOf(reach).sort()).toEqual(guarded.sort());
    }
  });

  it('a full administrator opens every area of the navigation and may change every gated page', () => {
    const reach = roleReach(DEMO_TENANT_ROLES.admin, true, session, table);
    expect(reach.map((a) => a.id).sort()).toEqual(
      AREAS.filter((a) => a.inNav && a.id !== 'insights')
        .map((a) => a.id)
        .sort(),
    );
    const settings = reach.find((a) => a.id === 'settings');
    expect(settings?.pages.find((p) => p.path === '/settings/administrators')?.write).toBe(true);
    expect(settings?.pages.find((p) => p.path === '/settings/roles')?.write).toBe(true);
  });

  it('reading administrators opens their page read-only, and not the roles', () => {
    const reach = roleReach({ read: ['settings:admins'], write: [] }, true, session, table);
    // Every settings page has its own rule (Settings II): General and Network are not opened by it.
    expect(pagesOf(reach)).toEqual(['/settings/administrators']);
    expect(reach.find((a) => a.id === 'settings')?.write).toBe(false);
    const writer = roleReach({ read: ['settings:admins'], write: ['settings:admins'] }, true, session, table);
    expect(writer.find((a) => a.id === 'settings')?.pages).toContainEqual({
      path: '/settings/administrators',
      title: 'Administrators',
      write: true,
    });
    expect(writer.find((a) => a.id === 'settings')?.write).toBe(true);
  });

  it('a tenant whose roles are not enforced opens everything to every role (docs/access.md §2)', () => {
    const reach = roleReach({ read: [], write: [] }, false, session, table);
    expect(reach.map((a) => a.id)).toContain('policy');
    expect(reach.every((a) => a.write || a.id === 'contact-form')).toBe(true);
  });

  it('the areas come in navigation order, each under its heading', () => {
    const reach = roleReach(DEMO_TENANT_ROLES.admin, true, session, table);
    const order = NAV_GROUPS.flatMap((g) => g.areas);
    expect(reach.map((a) => order.indexOf(a.id))).toEqual(
      [...reach.map((a) => order.indexOf(a.id))].sort((x, y) => x - y),
    );
    expect(reach.find((a) => a.id === 'logs')?.group).toBe('monitor');
    expect(findArea('settings').children?.some((c) => c.path === 'administrators')).toBe(true);
  });
});

describe('the write form of a route permission', () => {
  it.each([
    [ADMINS_READ_PERMISSION, ADMINS_WRITE_PERMISSION],
    ['settings:roles:read', ROLES_WRITE_PERMISSION],
    ['logs:web:*', 'logs:web:write'],
    ['web_policy:*', policyWritePermission('web_policy')],
    ['dashboard:*:*', 'dashboard:*:write'],
    ['logs:*', 'logs:*:write'],
  ])('%s → %s', (read, write) => {
    expect(writePermissionOf(read)).toBe(write);
  });

  it('keeps the rule’s any or all, and gates nothing for a route without permissions', () => {
    expect(writeRuleOf({ all: ['settings:admins:read', 'logs:*'] })).toEqual({
      all: ['settings:admins:write', 'logs:*:write'],
    });
    expect(writeRuleOf(undefined)).toBeNull();
    expect(writeRuleOf({ any: [] })).toBeNull();
  });

  it('a read grant never matches the write form', () => {
    const reader = createAccessController(['logs:*:read', 'settings:*:read'], true);
    expect(reader.can(writePermissionOf('logs:web:*'))).toBe(false);
    expect(reader.can(writePermissionOf('logs:*'))).toBe(false);
    expect(reader.can(writePermissionOf('settings:admins:read'))).toBe(false);
  });
});
