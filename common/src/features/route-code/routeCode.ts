/**
 * The code a signed-in visit draws first, asked for at start beside the session check (issue 42):
 * a hash router asks for the shell's chunk once the session lets it render, and for the page's once
 * the shell has drawn, so the three waited on each other. Each app's route objects name their page
 * in `handle` (`RoutePageHandle`), so the page found here is the one the router itself matches.
 * Loading a module draws nothing and adds nothing to a store; the routes' own imports then find
 * the modules loaded. A failure here is the route's to report when it asks.
 */
import { matchRoutes, type RouteObject } from 'react-router-dom';

/** What a route object names in its `handle`: the loader of the page it draws. */
export interface RoutePageHandle {
  page?: () => Promise<unknown>;
}

/** The page the deepest route matching `pathname` draws, if it names one. */
export function routePageAt(routes: RouteObject[], pathname: string): (() => Promise<unknown>) | undefined {
  const deepest = matchRoutes(routes, pathname)?.at(-1);
  return (deepest?.route.handle as RoutePageHandle | undefined)?.page;
}

/** Asks for `modules` (the shell's) and the page at the hash's path now; errors are the routes'. */
export function loadRouteCodeEarly(
  routes: RouteObject[],
  hash: string,
  modules: readonly (() => Promise<unknown>)[],
): void {
  const ignore = () => undefined;
  const pathname = hash.replace(/^#/, '').split('?')[0] || '/';
  for (const load of [...modules, routePageAt(routes, pathname)]) load?.().catch(ignore);
}
