/**
 * The provider console's entity calls (docs/provider-console.md §6 Provider console), one set for every
 * row of the provider-entity registry: list a page, read, create, replace, delete.
 */
import type { HttpClient } from './http';
import {
  PROVIDER_ENTITY_REGISTRY,
  entityItemPath,
  type EntityListQuery,
  type EntityListReply,
  type ProviderEntity,
  type ProviderEntityBody,
  type ProviderEntityRow,
} from './contract/providerEntities';

export async function listEntities<E extends ProviderEntity>(
  http: HttpClient,
  entity: E,
  query: EntityListQuery,
): Promise<EntityListReply<ProviderEntityRow<E>>> {
  const def = PROVIDER_ENTITY_REGISTRY[entity];
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  const r = await http.get<Record<string, unknown>>(def.path, { callName: `list:${entity}`, params });
  return { rows: r.data[entity] as ProviderEntityRow<E>[], total: Number(r.data.total) };
}

export async function getEntity<E extends ProviderEntity>(
  http: HttpClient,
  entity: E,
  id: string,
): Promise<ProviderEntityRow<E>> {
  const def = PROVIDER_ENTITY_REGISTRY[entity];
  return (await http.get<ProviderEntityRow<E>>(entityItemPath(def, id), { callName: `get:${entity}` })).data;
}

export async function createEntity<E extends ProviderEntity>(
  http: HttpClient,
  entity: E,
  body: ProviderEntityBody<E>,
): Promise<ProviderEntityRow<E>> {
  const def = PROVIDER_ENTITY_REGISTRY[entity];
  return (await http.post<ProviderEntityRow<E>>(def.path, body, { callName: `create:${entity}` })).data;
}

/** Replaces the entity's fields; the id is the path's, so the body leaves it out. */
export async function replaceEntity<E extends ProviderEntity>(
  http: HttpClient,
  entity: E,
  id: string,
  body: ProviderEntityBody<E>,
): Promise<ProviderEntityRow<E>> {
  const def = PROVIDER_ENTITY_REGISTRY[entity];
  const { [def.idField]: _id, ...fields } = body as Record<string, unknown>;
  return (
    await http.put<ProviderEntityRow<E>>(entityItemPath(def, id), fields, { callName: `replace:${entity}` })
  ).data;
}

export async function deleteEntity(http: HttpClient, entity: ProviderEntity, id: string): Promise<void> {
  await http.delete(entityItemPath(PROVIDER_ENTITY_REGISTRY[entity], id), { callName: `delete:${entity}` });
}

/** A row's sub-resource list (a licence key's features or SKUs), read whole. */
export async function getEntityItems(
  http: HttpClient,
  entity: ProviderEntity,
  id: string,
  name: string,
): Promise<Record<string, unknown>[]> {
  const def = PROVIDER_ENTITY_REGISTRY[entity];
  const r = await http.get<Record<string, unknown>>(`${entityItemPath(def, id)}/${name}`, {
    callName: `get:${entity}/${name}`,
  });
  return r.data[name] as Record<string, unknown>[];
}

/** Replaces a row's sub-resource list; answers it as read (derived fields included). */
export async function putEntityItems(
  http: HttpClient,
  entity: ProviderEntity,
  id: string,
  name: string,
  items: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const def = PROVIDER_ENTITY_REGISTRY[entity];
  const r = await http.put<Record<string, unknown>>(
    `${entityItemPath(def, id)}/${name}`,
    { [name]: items },
    { callName: `put:${entity}/${name}` },
  );
  return r.data[name] as Record<string, unknown>[];
}
