/**
 * What a role opens in this portal (Settings › Roles, docs/administrators.md §5): the areas and
 * pages of the route table its holder sees and, on each, whether they may change what it shows.
 * Computed with the route rules the router and the navigation themselves use (routeRules.ts)
 * over an access controller built from the role's lists as the session builds the holder's
 * (docs/access.md §1): no second list of what each role may do.
 */
import {
  createAccessController,
  rolesToPermissions,
  type AccessController,
  type AccessRule,
  type Roles,
} from '@workbench/common';
import type { NavGroup, NavGroupId } from './areas';
import type { Area, AreaId, ChildArea } from './routeModel';
import { visibleAreas, visibleChildren, type RouteContext } from './routeRules';

export interface PageReach {
  /** The page's address, e.g. '/logs/web'. */
  path: string;
  title: string;
  /** The holder may change what the page shows (its write controls are theirs). */
  write: boolean;
}

export interface AreaReach {
  id: AreaId;
  title: string;
  path: string;
  /** The navigation heading it is listed under. */
  group: NavGroupId;
  /** The area's own page or, with children, any of them may be changed. */
  write: boolean;
  /** The pages under it the holder sees, in navigation order (none for an area without children). */
  pages: PageReach[];
}

/** The access controller of a holder of these lists (the session's own construction). */
export function accessOfRole(role: Roles, enforced: boolean): AccessController {
  return createAccessController(rolesToPermissions(role), enforced);
}

/**
 * The write form of a read permission (docs/access.md §1: a read list's `item` is `item:read`, a
 * write list's `item:write`): `settings:admins:read` → `settings:admins:write`, `logs:web:*` →
 * `logs:web:write`, `web_policy:*` → `web_policy:*:write` (policyWritePermission's form). The
 * action segment is always spelt out, so a `logs:*:read` grant never matches it.
 */
export function writePermissionOf(permission: string): string {
  return `${roleEntryOf(permission)}:write`;
}

/**
 * The role-list entry a route permission asks for (its `item`, the part before the action):
 * `logs:web:*` → `logs:web`, `settings:admins:read` → `settings:admins`, `web_policy:*` →
 * `web_policy:*`. The role editor offers these as the entries a list may hold.
 */
export function roleEntryOf(permission: string): string {
  const segments = permission.split(':');
  return (segments.length >= 3 ? segments.slice(0, 2) : [...segments, '*'].slice(0, 2)).join(':');
}

/** Every entry the route table's rules ask for, sorted: what a role's lists can usefully hold. */
export function roleEntriesOf({ areas }: Pick<RouteTable, 'areas'>): string[] {
  const rules = areas.flatMap((area) => [area.access, ...(area.children ?? []).map((c) => c.access)]);
  const entries = rules.flatMap((rule) => rule?.any ?? rule?.all ?? []).map(roleEntryOf);
  return [...new Set(entries)].sort();
}

/** A route's rule with each permission in its write form; null for a route no permission gates. */
export function writeRuleOf(rule: AccessRule | undefined): AccessRule | null {
  const list = rule?.any ?? rule?.all ?? [];
  if (list.length === 0) return null;
  const write = list.map(writePermissionOf);
  return rule?.any ? { any: write } : { all: write };
}

const mayWrite = (route: Area | ChildArea, access: AccessController): boolean => {
  const rule = writeRuleOf(route.access);
  return rule !== null && access.allows(rule);
};

/**
 * The route table and its navigation groups (areas.ts), handed to the Roles page by the table's
 * own loader: a page never imports the table that loads it.
 */
export interface RouteTable {
  areas: readonly Area[];
  groups: readonly NavGroup[];
}

/**
 * The areas and pages a holder of `role` sees in the session's environment (`ctx`: its
 * deployment, features and server extensions; its own access is replaced by the role's), in
 * navigation order, each with whether it may be changed.
 */
export function roleReach(
  role: Roles,
  enforced: boolean,
  ctx: RouteContext,
  { areas, groups }: RouteTable,
): AreaReach[] {
  const access = accessOfRole(role, enforced);
  const roleCtx: RouteContext = { ...ctx, access };
  const order = groups.flatMap((group) => group.areas);
  const groupOf = (id: AreaId): NavGroupId =>
    groups.find((group) => group.areas.includes(id))?.id ?? 'administration';
  return visibleAreas(roleCtx, areas)
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
    .map((area): AreaReach => {
      const pages = visibleChildren(area, roleCtx).map((child): PageReach => ({
        path: `/${area.path}/${child.path}`,
        title: child.title,
        write: mayWrite(child, access),
      }));
      return {
        id: area.id,
        title: area.title,
        path: `/${area.path}`,
        group: groupOf(area.id),
        write: area.children ? pages.some((p) => p.write) : mayWrite(area, access),
        pages,
      };
    });
}
