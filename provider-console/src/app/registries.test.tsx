/**
 * Registry consistency, console side (issue 9): every row of the provider-entity registry has its
 * area in the console's route table, and the area shows the entity page with its test ids and
 * title. (The server side is checked in server/src/registries.test.ts.)
 */
import { screen } from '@testing-library/react';
import { PROVIDER_ENTITIES, PROVIDER_ENTITY_REGISTRY } from '@workbench/common/api/contract/providerEntities';
import userEvent from '@testing-library/user-event';
import { entityPageIds, providerOpsIds } from '@workbench/common/test-ids/index';
import { operator, renderConsole } from '../testing/renderConsole';
import { PROVIDER_AREAS } from './providerAreas';
import { routePageAt } from '@workbench/common/features/route-code/routeCode';
import { buildProviderRoutes } from '../routes/providerRoutes';

describe('provider-entity registry in the console', () => {
  it.each(PROVIDER_ENTITIES)(
    '%s: has an area at its name, or a tab of an area, whose page is the entity page',
    async (entity) => {
      const def = PROVIDER_ENTITY_REGISTRY[entity];
      const own = PROVIDER_AREAS.find((a) => a.path === entity && !a.entities);
      const host = PROVIDER_AREAS.find((a) => a.entities?.includes(entity));
      if (own) expect(own.title).toBe(def.title);
      else expect(host).toBeDefined();
      renderConsole(`/${own?.path ?? host?.path ?? entity}`, {
        user: operator,
        stubs: (m) => {
          m.onGet(def.path).reply(200, { [entity]: [], total: 0 });
          for (const other of PROVIDER_ENTITIES)
            m.onGet(PROVIDER_ENTITY_REGISTRY[other].path).reply(200, { [other]: [], total: 0 });
        },
      });
      if (!own) await userEvent.click(await screen.findByTestId(`${providerOpsIds.tab}-${entity}`));
      expect(await screen.findByTestId(entityPageIds(entity).page)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: def.title })).toBeInTheDocument();
      expect(screen.getByTestId(entityPageIds(entity).total)).toHaveTextContent(`0 ${def.title}`);
    },
  );
});

describe('the area page at a path (routePageAt over the console routes), as the router matches it', () => {
  const routes = buildProviderRoutes();
  const pageOf = (path: string) => PROVIDER_AREAS.find((a) => a.path === path)?.page;
  test('an area, and the tenants page at the root it redirects to', () => {
    expect(routePageAt(routes, '/quota')).toBe(pageOf('quota'));
    expect(routePageAt(routes, '/')).toBe(pageOf('tenants'));
    expect(routePageAt(routes, '')).toBe(pageOf('tenants'));
    expect(pageOf('tenants')).toBeDefined();
  });
  test("none for a tenant's own pages or an unknown path", () => {
    expect(routePageAt(routes, '/tenants/t-1/reports')).toBeUndefined();
    expect(routePageAt(routes, '/no-such-area')).toBeUndefined();
  });
});
