/**
 * The page each route names for the early load at start (common's routeCode.ts): the one the
 * router draws at that path.
 */
import { routePageAt } from '@workbench/common/features/route-code/routeCode';
import { buildRoutes } from './appRoutes';
import { AREAS, findArea } from './areas';

describe('the page at a path (routePageAt over the portal routes), as the router matches it', () => {
  const routes = buildRoutes(AREAS);
  const policy = findArea('policy');
  const web = policy.children?.find((c) => c.path === 'web');
  const logsWeb = findArea('logs').children?.find((c) => c.path === 'web');
  test.each([
    ['/dashboard', findArea('dashboard').page],
    ['/logs/web', logsWeb?.page],
    // A child with sections takes the rest of the path.
    ['/policy/web/exceptions', web?.page],
  ])('%s', (path, page) => {
    expect(page).toBeDefined();
    expect(routePageAt(routes, path)).toBe(page);
  });

  test('none at the root, at an unknown path, under a child without sections, or at login', () => {
    expect(routePageAt(routes, '/')).toBeUndefined();
    expect(routePageAt(routes, '/no-such-area')).toBeUndefined();
    expect(routePageAt(routes, '/logs/web/deeper')).toBeUndefined();
    expect(routePageAt(routes, '/login')).toBeUndefined();
  });
});
