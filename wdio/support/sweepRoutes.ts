/**
 * The routes the sweep (sweep.ts) visits, read from the apps' own route objects
 * (tenant-portal/src/routes/appRoutes.tsx, provider-console/src/routes/providerRoutes.tsx): a route
 * added to either table is swept without a change here.
 *
 * - An index route stands for its parent's path (the root `/` is the start page's redirect).
 * - A catch-all (`*`) is left out: unknown paths are not-found.spec's. A route with deep-linkable
 *   sections (`web/*`) is visited at its own path; the sweep follows the section tabs a page shows
 *   (the sections are the pages' own tables, and an area's sections sit under its catch-all).
 * - Routes a signed-out visitor uses (login, logout: it signs out) are left out: the sweep is signed in.
 * - `:param` segments stay in the pattern; the spec fills them with ids of the demo data.
 */
import type { RouteObject } from 'react-router-dom';
import { buildRoutes } from '../../tenant-portal/src/routes/appRoutes';
import { LOGIN_PATH, LOGOUT_PATH } from '../../tenant-portal/src/routes/routeRules';
import { buildProviderRoutes } from '../../provider-console/src/routes/providerRoutes';

const SIGNED_OUT_PATHS: readonly string[] = [LOGIN_PATH, LOGOUT_PATH];

function join(base: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${base.replace(/\/$/, '')}/${path}`;
}

/**
 * The paths of a route tree's leaves, in the table's order, without duplicates; `:param` segments
 * included, e.g. `/tenants/:tid/reports`.
 */
export function sweptRoutes(routes: readonly RouteObject[]): string[] {
  const found = new Set<string>();
  const walk = (level: readonly RouteObject[], base: string) => {
    for (const route of level) {
      const path = route.index ? base || '/' : join(base, route.path ?? '');
      if (route.children?.length) {
        walk(route.children, path);
        continue;
      }
      if (route.path === '*' || path === '/*') continue;
      const pattern = path.endsWith('/*') ? path.slice(0, -2) : path;
      if (!SIGNED_OUT_PATHS.includes(pattern)) found.add(pattern);
    }
  };
  walk(routes, '');
  return [...found.values()];
}

/** Every route of the tenant portal a signed-in user can be sent to. */
export const PORTAL_ROUTES: readonly string[] = sweptRoutes(buildRoutes());

/** Every route of the provider console a signed-in operator can be sent to. */
export const CONSOLE_ROUTES: readonly string[] = sweptRoutes(buildProviderRoutes());

/** The pattern with its `:param` segments filled; throws when one has no value. */
export function fillParams(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The sweep has no value for :${name} of ${pattern}.`);
    return encodeURIComponent(value);
  });
}
