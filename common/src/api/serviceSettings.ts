/**
 * The service settings documents (docs/settings.md §9; the registry
 * common/src/api/contract/serviceSettings.ts): a document read, and saved whole with the
 * updated_at it was read at (a save over a newer one is refused, 409).
 */
import {
  SERVICE_SETTINGS_REGISTRY,
  type ServiceSettingsDocument,
  type ServiceSettingsName,
} from './contract/serviceSettings';
import type { HttpClient } from './http';

export async function getServiceSettings(
  http: HttpClient,
  name: ServiceSettingsName,
): Promise<ServiceSettingsDocument> {
  const def = SERVICE_SETTINGS_REGISTRY[name];
  return (await http.get<ServiceSettingsDocument>(def.path, { callName: `getServiceSettings:${name}` })).data;
}

export async function saveServiceSettings(
  http: HttpClient,
  name: ServiceSettingsName,
  fields: Record<string, unknown>,
  updatedAt: string | null,
): Promise<ServiceSettingsDocument> {
  const def = SERVICE_SETTINGS_REGISTRY[name];
  const body = { ...fields, updated_at: updatedAt };
  return (
    await http.put<ServiceSettingsDocument>(def.path, body, { callName: `saveServiceSettings:${name}` })
  ).data;
}
