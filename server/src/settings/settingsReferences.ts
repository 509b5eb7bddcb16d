/**
 * Policy rules that name an item of a tenant settings list (a browsing-forensics rule's forensics
 * profile: docs/settings.md §3), from the policy registry's `settingsReferences`: a policy save
 * naming an item the list does not hold is refused (400 naming the field), and a settings save
 * that removes an item a rule of the staged revision names is refused (409 naming the rule).
 */
import {
  POLICY_KINDS,
  POLICY_KIND_REGISTRY,
  type PolicyKind,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import {
  TENANT_SETTINGS_REGISTRY,
  settingsMessages,
  valueAt,
  type SettingsItem,
  type SettingsListDef,
  type TenantSettingsList,
} from '@workbench/common/api/contract/tenantSettings';
import type { ConfigStore } from '../store/ConfigStore';
import { ApiHttpError } from '../http/errors';
import { readPolicyDoc } from '../policy/revisionStaging';
import { settingsEntity, TS_CLIENT_PROFILE_ENTITY } from './settingsEntity';

/** The stored items of a tenant's settings list (none before its first save). */
export async function settingsItems(
  store: Pick<ConfigStore, 'entities'>,
  tid: string,
  list: TenantSettingsList,
): Promise<SettingsItem[]> {
  const def: SettingsListDef = TENANT_SETTINGS_REGISTRY[list];
  const record = await store.entities.get(settingsEntity(list), tid);
  return (record?.data[def.listField] as SettingsItem[] | undefined) ?? [];
}

const entriesOf = (data: unknown, list: string): Record<string, unknown>[] => {
  const entries = valueAt(data, list);
  return Array.isArray(entries) ? (entries as Record<string, unknown>[]) : [];
};

/** Refuses (400 at `data.<list>.<i>.<field>`) a policy document naming an item its settings list does not hold. */
export async function checkPolicySettingsReferences(
  store: ConfigStore,
  tid: string,
  def: PolicyKindDef,
  data: unknown,
): Promise<void> {
  for (const ref of def.settingsReferences ?? []) {
    const list = ref.settings as TenantSettingsList;
    const listDef: SettingsListDef = TENANT_SETTINGS_REGISTRY[list];
    const ids = new Set((await settingsItems(store, tid, list)).map((i) => i[listDef.idField]));
    for (const [i, entry] of entriesOf(data, ref.list).entries())
      if (!ids.has(entry[ref.field]))
        throw new ApiHttpError(
          400,
          settingsMessages.unknownReference(listDef.noun),
          `data.${ref.list}.${i}.${ref.field}`,
        );
  }
}

/**
 * Refuses (409) a save of `list` that drops an item a rule of the staged revision names: the
 * rule would point nowhere, and its next save would be refused.
 */
export async function checkSettingsUsedByPolicy(
  store: ConfigStore,
  tid: string,
  list: TenantSettingsList,
  kept: ReadonlySet<unknown>,
): Promise<void> {
  const def: SettingsListDef = TENANT_SETTINGS_REGISTRY[list];
  const revision = await store.revisions.get(tid);
  if (!revision) return;
  for (const kind of POLICY_KINDS as PolicyKind[]) {
    const kindDef: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
    for (const ref of kindDef.settingsReferences ?? []) {
      if (ref.settings !== list) continue;
      const data = await readPolicyDoc(store, tid, kind, revision.stagedRevId);
      const user = entriesOf(data, ref.list).find((e) => !kept.has(e[ref.field]));
      if (user)
        throw new ApiHttpError(
          409,
          `The ${kindDef.title.toLowerCase()} rule ${String(user.name ?? user.id)} uses this ${def.noun}: choose another one in that rule first.`,
          def.listField,
        );
    }
  }
}

/** Settings documents that name an item of a settings list: the item cannot go while they do. */
const SETTINGS_DOCUMENT_USERS = [
  {
    list: 'client_profiles',
    entity: TS_CLIENT_PROFILE_ENTITY,
    field: 'client_profile_id',
    title: 'The TS client profile',
  },
] as const satisfies readonly { list: TenantSettingsList; entity: string; field: string; title: string }[];

/** Refuses (409) a save of `list` that drops an item a settings document names (the TS client profile's client profile). */
export async function checkSettingsUsedByDocuments(
  store: Pick<ConfigStore, 'entities'>,
  tid: string,
  list: TenantSettingsList,
  kept: ReadonlySet<unknown>,
): Promise<void> {
  const def: SettingsListDef = TENANT_SETTINGS_REGISTRY[list];
  for (const user of SETTINGS_DOCUMENT_USERS) {
    if (user.list !== list) continue;
    const used = (await store.entities.get(user.entity, tid))?.data[user.field];
    if (used !== undefined && used !== null && !kept.has(used))
      throw new ApiHttpError(
        409,
        `${user.title} uses this ${def.noun}: choose another one there first.`,
        def.listField,
      );
  }
}
