/**
 * Where the provider's default PAC file is kept (docs/provider-console.md §12): one row of the
 * provider's settings. Read by the tenants' served file and tester (pacRoutes.ts) and by the
 * console's routes (providerPacRoutes.ts).
 */
import type { ConfigStore } from '../store/ConfigStore';
import { PROVIDER_SETTINGS_ENTITY } from '../provider/entityChecks';

export const PROVIDER_PAC_ID = 'provider_pac';

export interface StoredProviderPac {
  pac: string;
  filename: string;
  updated_at: string;
  updated_by: string;
}

export async function storedProviderPac(
  store: Pick<ConfigStore, 'entities'>,
): Promise<StoredProviderPac | null> {
  const row = await store.entities.get(PROVIDER_SETTINGS_ENTITY, PROVIDER_PAC_ID);
  return (row?.data as StoredProviderPac | undefined) ?? null;
}

/** The file an operator saved, or null while there is none (the tenants' templates apply). */
export async function providerPacFile(store: Pick<ConfigStore, 'entities'>): Promise<string | null> {
  return (await storedProviderPac(store))?.pac ?? null;
}
