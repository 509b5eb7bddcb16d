/**
 * The console's typed hooks over common's entity feature: its entity sources and its requests,
 * by name (a mistyped name fails to compile). Pages load and write only through these.
 */
import { createEntityHooks, type EntityPageView } from '@workbench/common';
import type { ProviderEntity } from '@workbench/common/api/contract/providerEntities';
import type { TenantDocument, TenantDocumentName } from '@workbench/common/api/contract/providerTenants';
import { CONSOLE_ENTITY_SOURCES, type RegistryRow } from '../entities/entitySources';
import { CONSOLE_REQUESTS } from './consoleRequests';

export const { useEntityList, useEntityPage, useEntityRead, useEntityCall } = createEntityHooks(
  CONSOLE_ENTITY_SOURCES,
  CONSOLE_REQUESTS,
);

/** A tenant document by its name, typed by the name (the request's table loses the API's generic). */
export function useTenantDocument<N extends TenantDocumentName>(tid: string, name: N) {
  const read = useEntityRead('getTenantDocument', [tid, name]);
  return read as Omit<typeof read, 'data'> & { data: TenantDocument<N> | null };
}

/**
 * The page of any registry entity (EntityPage serves all of them): its rows as the registry's
 * generic row, whose fields the entity's row in the registry names.
 */
export const useRegistryEntityPage = (entity: ProviderEntity): EntityPageView<RegistryRow> =>
  useEntityPage(entity) as unknown as EntityPageView<RegistryRow>;
