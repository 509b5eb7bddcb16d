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
import {
  FORENSICS_PATHS,
  type ForensicsStatus,
  type ForensicsViewer,
  type ForensicsViewerBody,
} from './contract/settings-lists/forensicsProfiles';
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
  const config = { callName: `save:${def.permissionItem}` };
  const saved =
    def.saveMethod === 'PUT'
      ? await http.put<SettingsDocument>(def.path, body, config)
      : await http.post<SettingsDocument>(def.path, body, config);
  return saved.data;
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

/** Forensics profiles' status and viewer (docs/settings.md §3). */
export async function getForensicsStatus(http: HttpClient): Promise<ForensicsStatus> {
  return (await http.get<ForensicsStatus>(FORENSICS_PATHS.status, { callName: 'getForensicsStatus' })).data;
}

export async function getForensicsViewer(http: HttpClient): Promise<ForensicsViewer> {
  return (await http.get<ForensicsViewer>(FORENSICS_PATHS.viewer, { callName: 'getForensicsViewer' })).data;
}

export async function saveForensicsViewer(
  http: HttpClient,
  body: ForensicsViewerBody,
): Promise<ForensicsViewer> {
  return (await http.post<ForensicsViewer>(FORENSICS_PATHS.viewer, body, { callName: 'saveForensicsViewer' }))
    .data;
}
/** Where one item downloads as a file (the row's `export`), for a link the browser follows. */
export const settingsExportUrl = (def: SettingsListDef, id: string): string | null =>
  def.export ? `${def.export.path}?${def.idField}=${encodeURIComponent(id)}` : null;
