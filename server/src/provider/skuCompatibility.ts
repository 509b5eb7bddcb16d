/**
 * SKU incompatibilities (api-client-layer §3: "SKU incompatibilities hold a list of skus"): two
 * SKUs listed in one incompatibility row cannot both be assigned to one tenant.
 *
 * The registry row `sku_incompatibilities` comes with the provider-entities work (issue 14,
 * other half); until it lands no row exists and every set is compatible. This is the function
 * the tenant SKU route calls; the entities work may replace its body, keeping the signature.
 */
import type { ConfigStore } from '../store/ConfigStore';

export const SKU_INCOMPATIBILITIES_ENTITY = 'sku_incompatibilities';

/** The first incompatible pair among `skuIds` (in the order given), or null. */
export async function checkSkuCompatibility(
  store: ConfigStore,
  skuIds: readonly string[],
): Promise<[string, string] | null> {
  if (skuIds.length < 2) return null;
  const page = await store.listEntities(SKU_INCOMPATIBILITIES_ENTITY, {
    limit: 10_000,
    offset: 0,
    sort: 'updated_at',
    order: 'asc',
    searchFields: [],
  });
  const chosen = new Set(skuIds);
  for (const r of page.records) {
    const listed = Array.isArray(r.data.skus) ? r.data.skus.map(String).filter((s) => chosen.has(s)) : [];
    if (listed.length >= 2) {
      const [a, b] = skuIds.filter((s) => listed.includes(s));
      return [a as string, b as string];
    }
  }
  return null;
}
