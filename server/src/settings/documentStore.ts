/**
 * A tenant's settings document in the config store (one entity per tenant, docs/settings.md §9 and
 * §10): stored by one conditional update on the updated_at it was read at, so two servers (or two
 * tabs) cannot overwrite each other.
 */
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';

/** Stores `data` as the tenant's `entity` unless another save came in since `record` was read (false then). */
export async function storeIfUnchanged(
  store: Pick<ConfigStore, 'entities'>,
  entity: string,
  tid: string,
  record: EntityRecord | null,
  data: Record<string, unknown>,
  at: string,
): Promise<boolean> {
  const next: EntityRecord = { entity, id: tid, data, createdAt: record?.createdAt ?? at, updatedAt: at };
  return record ? store.entities.update(next, record.updatedAt) : store.entities.insert(next);
}
