/**
 * The console's entity sources (common's entity feature): the tenants list, and one source per
 * row of the provider-entity registry, built from the row and the provider API module.
 */
import { listTenants, type EntitySource } from '@workbench/common';
import type { ProviderTenant } from '@workbench/common/api/contract/provider';
import {
  ENTITY_DEFAULT_LIMIT,
  PROVIDER_ENTITIES,
  PROVIDER_ENTITY_REGISTRY,
  type ProviderEntity,
  type ProviderEntityBody,
  type ProviderEntityRow,
} from '@workbench/common/api/contract/providerEntities';
import {
  createEntity,
  deleteEntity,
  listEntities,
  replaceEntity,
} from '@workbench/common/api/providerEntities';

/** The console shows every tenant on one grid page (filtered in the browser); the server caps a page at this. */
export const TENANTS_PAGE_LIMIT = 500;

export const tenantsSource: EntitySource<ProviderTenant> = {
  name: 'tenants',
  idOf: (t) => t.tid,
  defaultQuery: { search: '', sort: 'name', order: 'asc', page: 0, pageSize: TENANTS_PAGE_LIMIT },
  sortFields: [],
  async list(http) {
    const list = await listTenants(http, { limit: TENANTS_PAGE_LIMIT });
    return { rows: list.tenants, total: list.total };
  },
};

export type RegistryRow = Record<string, unknown>;

export function registryEntitySource<E extends ProviderEntity>(
  entity: E,
): EntitySource<ProviderEntityRow<E>, ProviderEntityBody<E>, ProviderEntityBody<E>> {
  const def = PROVIDER_ENTITY_REGISTRY[entity];
  const idOf = (row: ProviderEntityRow<E>): string => String((row as RegistryRow)[def.idField]);
  return {
    name: entity,
    idOf,
    defaultQuery: {
      search: '',
      sort: def.sortFields[0] ?? def.idField,
      order: 'asc',
      page: 0,
      pageSize: ENTITY_DEFAULT_LIMIT,
    },
    sortFields: def.sortFields,
    async list(http, q) {
      return listEntities(http, entity, {
        limit: q.pageSize,
        offset: q.page * q.pageSize,
        sort: q.sort,
        order: q.order,
        q: q.search || undefined,
      });
    },
    create: (http, body) => createEntity(http, entity, body),
    update: (http, id, body) => replaceEntity(http, entity, id, body),
    async remove(http, ids) {
      for (const id of ids) await deleteEntity(http, entity, id);
      return ids.length;
    },
    messages: {
      created: (row) => `The ${def.noun} ${idOf(row)} has been added.`,
      updated: (label) => `The ${def.noun} ${label} has been saved.`,
      removed: (count) =>
        count === 1 ? `1 ${def.noun} has been deleted.` : `${count} ${def.title} have been deleted.`,
    },
  };
}

export const REGISTRY_SOURCES = Object.fromEntries(
  PROVIDER_ENTITIES.map((e) => [e, registryEntitySource(e)]),
) as { [E in ProviderEntity]: ReturnType<typeof registryEntitySource<E>> };

/** Every source of the console, for its store. */
export const CONSOLE_ENTITY_SOURCES: readonly EntitySource[] = [
  tenantsSource,
  ...Object.values(REGISTRY_SOURCES),
] as EntitySource[];
