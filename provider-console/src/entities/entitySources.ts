/**
 * The console's entity sources (common's entity feature): the tenants list, and one source per
 * row of the provider-entity registry, built from the row and the provider API module.
 */
import type { EntitySource } from '@workbench/common';
import { createTenant, listTenantPage, tenantCommand } from '@workbench/common/api/providerTenants';
import { TENANT_SORT_FIELDS } from '@workbench/common/api/contract/providerTenantPaths';
import type { TenantCreateBody, TenantListQuery } from '@workbench/common/api/contract/providerTenants';
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
import { rolloutsSource } from '../rollouts/rolloutsSource';

/** The create's answer: the tenant, and its first administrator's one-time password when one was asked for. */
export interface TenantCreated {
  tenant: ProviderTenant;
  admin_username?: string;
  admin_password?: string;
}

/**
 * Tenants, paged, sorted and searched on the server. `modify` with a status runs the docs/provider-console.md §3 command
 * (disabletenant, reenable) for each selected tenant.
 */
export const tenantsSource: EntitySource<
  ProviderTenant,
  TenantCreateBody,
  { status: 'active' | 'disabled' }
> = {
  name: 'tenants',
  idOf: (t) => t.tid,
  defaultQuery: { search: '', sort: 'name', order: 'asc', page: 0, pageSize: ENTITY_DEFAULT_LIMIT },
  sortFields: TENANT_SORT_FIELDS,
  async list(http, q) {
    const list = await listTenantPage(http, {
      limit: q.pageSize,
      offset: q.page * q.pageSize,
      sort: q.sort as NonNullable<TenantListQuery['sort']>,
      order: q.order,
      q: q.search || undefined,
    });
    return { rows: list.tenants, total: list.total };
  },
  async create(http, body) {
    return (await createTenant(http, body)) as unknown as ProviderTenant;
  },
  async modify(http, ids, changes) {
    for (const id of ids)
      await tenantCommand(http, id, changes.status === 'disabled' ? 'disabletenant' : 'reenable');
    return ids.length;
  },
  messages: {
    created: (reply) => `The tenant ${(reply as unknown as TenantCreated).tenant.name} has been created.`,
    modified: (count, changes) =>
      `${count === 1 ? '1 tenant has' : `${count} tenants have`} been ${changes.status === 'disabled' ? 'disabled' : 're-enabled'}.`,
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

/** Every source of the console by its name, for its store and its typed hooks (app/consoleEntities.ts). */
export const CONSOLE_ENTITY_SOURCES = {
  tenants: tenantsSource,
  ...REGISTRY_SOURCES,
  rollouts: rolloutsSource,
};
