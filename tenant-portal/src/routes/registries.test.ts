/**
 * Registry consistency, the portal's side (issue 9): every row of common's log-type and
 * policy-group registries is a child of its area in the route table, with the permission, title,
 * environment and feature rules the row implies, and a page where the row has one. The server's side (OpenAPI entries) is server/src/registries.test.ts.
 */
import {
  LOG_ROUTES_IN_NAV_ORDER,
  LOG_TYPE_REGISTRY,
  POLICY_GROUPS,
  POLICY_GROUP_REGISTRY,
  logReadPermission,
} from '@workbench/common/vocabularies/index';
import { AREAS, LOGS_CHILDREN, NAV_GROUPS, POLICY_CHILDREN, findArea } from './areas';
import { CLOUD_ONLY } from './routeModel';

describe('log-type registry → logs area', () => {
  it('the logs area lists one child per log route, in navigation order (web first)', () => {
    expect(findArea('logs').children?.map((c) => c.path)).toEqual([...LOG_ROUTES_IN_NAV_ORDER]);
    expect(LOG_ROUTES_IN_NAV_ORDER[0]).toBe('web');
  });

  it.each(LOG_ROUTES_IN_NAV_ORDER)(
    '%s: title, read permission, environment and the explorer page',
    (route) => {
      const row = LOG_TYPE_REGISTRY[route];
      const child = LOGS_CHILDREN.find((c) => c.path === route);
      expect(child?.title).toBe(row.title);
      expect(child?.access).toEqual({ any: [logReadPermission(route)] });
      expect(child?.environment).toBe('cloudOnly' in row ? CLOUD_ONLY : undefined);
      expect(child?.page).toBeDefined();
    },
  );
});

describe('policy-group registry → policy area', () => {
  it('the policy area is open to any group and lists one child per group', () => {
    expect(findArea('policy').access).toEqual({ any: POLICY_GROUPS.map((g) => `${g}:*`) });
    expect(POLICY_CHILDREN.map((c) => c.path)).toEqual(
      POLICY_GROUPS.map((g) => POLICY_GROUP_REGISTRY[g].path),
    );
  });

  it.each(POLICY_GROUPS)('%s: title, permission and feature flags', (group) => {
    const row = POLICY_GROUP_REGISTRY[group];
    const child = POLICY_CHILDREN.find((c) => c.path === row.path);
    expect(child?.title).toBe(row.title);
    expect(child?.access).toEqual({ any: [`${group}:*`] });
    expect(child?.features).toEqual('features' in row ? row.features : undefined);
  });
});

describe('navigation groups', () => {
  it('every area of the navigation is in exactly one group, and no other area is', () => {
    const grouped = NAV_GROUPS.flatMap((group) => group.areas);
    expect([...grouped].sort()).toEqual(
      AREAS.filter((area) => area.inNav)
        .map((area) => area.id)
        .sort(),
    );
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('the top-level Firewall, Web and Safemail are the Services, apart from Policy and Logs', () => {
    const services = NAV_GROUPS.find((group) => group.id === 'services');
    expect(services?.areas.map((id) => findArea(id).title)).toEqual(['Firewall', 'Web', 'Safemail']);
    const groupOf = (id: string) => NAV_GROUPS.find((group) => group.areas.some((a) => a === id))?.id;
    expect(groupOf('policy')).not.toBe('services');
    expect(groupOf('logs')).not.toBe('services');
  });
});
