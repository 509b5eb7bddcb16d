/**
 * A tenant settings list as a source of the entity feature (docs/settings.md): the page's list,
 * its adds, edits and deletes and its `validate`, derived from the registry row. The server keeps
 * the list as one document, so every write reads the document fresh and saves it whole with the
 * `updated_at` it read: an edit changes its one item and keeps every other item as saved (another
 * administrator's save in between is kept, or refused with 409 if it lands mid-write). The list is
 * at most 50 items: search, sort and paging run here, on the items read.
 */
import type { EntitySource } from '../entities/entitySource';
import { getSettingsDocument, saveSettingsDocument, validateSettingsItem } from '../../api/tenantSettings';
import {
  TENANT_SETTINGS_LISTS,
  TENANT_SETTINGS_REGISTRY,
  valueAt,
  withValueAt,
  settingsMessages,
  writeOnlySetField,
  type SettingsItem,
  type SettingsListDef,
  type SettingsValidateReply,
  type TenantSettingsList,
} from '../../api/contract/tenantSettings';
import type { HttpClient } from '../../api/http';

export const VALIDATE_COMMAND = 'validate';

/** An item as read, made ready to send back: the `<field>_set` flags out (the server keeps the secrets). */
export function itemToWrite(def: SettingsListDef, item: SettingsItem): SettingsItem {
  let out = item;
  for (const path of def.writeOnly) out = withValueAt(out, writeOnlySetField(path), undefined);
  return out;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export function settingsListSource(
  list: TenantSettingsList,
): EntitySource<SettingsItem, SettingsItem, SettingsItem> {
  const def: SettingsListDef = TENANT_SETTINGS_REGISTRY[list];
  const idOf = (item: SettingsItem) => text(item[def.idField]);
  const items = (doc: Record<string, unknown>) => (doc[def.listField] as SettingsItem[] | undefined) ?? [];
  /** Reads the document, changes its items, saves it with the updated_at it read. */
  const change = async (http: HttpClient, edit: (items: SettingsItem[]) => SettingsItem[]) => {
    const doc = await getSettingsDocument(http, def);
    const next = edit(items(doc).map((i) => itemToWrite(def, i)));
    return saveSettingsDocument(http, def, next, doc.updated_at);
  };
  const nameOf = (item: SettingsItem) => text(item[def.nameField]);
  return {
    name: list,
    idOf,
    // One page holds the whole list (at most maxItems): a reference field picks from all of it.
    defaultQuery: { search: '', sort: def.nameField, order: 'asc', page: 0, pageSize: def.maxItems },
    sortFields: def.columns.map((c) => c.field),
    async list(http, q) {
      const needle = q.search.trim().toLowerCase();
      const all = items(await getSettingsDocument(http, def)).filter(
        (item) =>
          !needle || def.columns.some((c) => text(valueAt(item, c.field)).toLowerCase().includes(needle)),
      );
      const sign = q.order === 'desc' ? -1 : 1;
      all.sort((a, b) => sign * text(valueAt(a, q.sort)).localeCompare(text(valueAt(b, q.sort))));
      return { rows: all.slice(q.page * q.pageSize, (q.page + 1) * q.pageSize), total: all.length };
    },
    async create(http, body) {
      const saved = await change(http, (list) => [...list, body]);
      const made = items(saved).find((i) => nameOf(i) === nameOf(body));
      return made ?? body;
    },
    update: (http, id, changes) =>
      change(http, (list) => list.map((i) => (idOf(i) === id ? { ...changes, [def.idField]: id } : i))),
    async remove(http, ids) {
      await change(http, (list) => {
        const kept = list.filter((i) => !ids.includes(idOf(i)));
        // The server refuses an empty list too (400 list); here the page can say why.
        if (kept.length < def.minItems) throw new Error(settingsMessages.lastItem(def));
        return kept;
      });
      return ids.length;
    },
    commands: def.validate
      ? {
          /** Validates the stored item (its secret is the server's); answers the checks with the item's name. */
          async [VALIDATE_COMMAND](http, id): Promise<SettingsValidateReply & { name: string }> {
            const item = items(await getSettingsDocument(http, def)).find((i) => idOf(i) === id);
            if (!item)
              throw new Error(`No ${def.noun} has the ${def.idField} ${id} any more: reload the list.`);
            return { ...(await validateSettingsItem(http, def, itemToWrite(def, item))), name: nameOf(item) };
          },
        }
      : undefined,
    messages: {
      created: (item) => `The ${def.noun} ${nameOf(item)} has been added.`,
      updated: (label) => `The ${def.noun} ${label} has been saved.`,
      removed: (count) =>
        count === 1 ? `1 ${def.noun} has been deleted.` : `${count} ${def.noun}s have been deleted.`,
    },
  };
}

/** Every settings list's source, by its key (the apps' entity tables spread it). */
export const SETTINGS_LIST_SOURCES = Object.fromEntries(
  TENANT_SETTINGS_LISTS.map((list) => [list, settingsListSource(list)]),
) as Record<TenantSettingsList, EntitySource<SettingsItem, SettingsItem, SettingsItem>>;
