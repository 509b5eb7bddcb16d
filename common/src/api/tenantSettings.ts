/**
 * Tenant settings lists (docs/settings.md; the registry common/src/api/contract/tenantSettings.ts):
 * a row's document read and saved whole, one item validated, the row's capabilities.
 */
import type {
  SettingsDocument,
  SettingsItem,
  SettingsListDef,
  SettingsValidateReply,
} from './contract/tenantSettings';
import type { HttpClient } from './http';

export async function getSettingsDocument(http: HttpClient, def: SettingsListDef): Promise<SettingsDocument> {
  return (await http.get<SettingsDocument>(def.path, { callName: `get:${def.permissionItem}` })).data;
}

export async function saveSettingsDocument(
  http: HttpClient,
  def: SettingsListDef,
  items: SettingsItem[],
  updatedAt: string | null,
): Promise<SettingsDocument> {
  const body = { [def.listField]: items, updated_at: updatedAt };
  return (await http.post<SettingsDocument>(def.path, body, { callName: `save:${def.permissionItem}` })).data;
}

export async function validateSettingsItem(
  http: HttpClient,
  def: SettingsListDef,
  item: SettingsItem,
): Promise<SettingsValidateReply> {
  return (
    await http.post<SettingsValidateReply>(`${def.path}/validate`, item, {
      callName: `validate:${def.permissionItem}`,
    })
  ).data;
}
