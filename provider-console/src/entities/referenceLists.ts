/**
 * Where the console reads each list a `references` form field picks from (the registry's
 * ENTITY_REFERENCE_LISTS): the tenants and the SKU, feature and OVA version catalogues from the
 * same list calls their pages make, every page of them; the web categories from the v1 category
 * tree (common's vocabulary, the table the server names an override's categories from).
 */
import type { HttpClient } from '@workbench/common';
import { listTenantPage } from '@workbench/common/api/providerTenants';
import { listEntities } from '@workbench/common/api/providerEntities';
import { TENANTS_MAX_LIMIT } from '@workbench/common/api/contract/providerTenantPaths';
import { ENTITY_MAX_LIMIT, type EntityReferenceList } from '@workbench/common/api/contract/providerEntities';
import { CATEGORIES_V1, CATEGORY_GROUPS_V1 } from '@workbench/common/vocabularies/webCategoriesV1';

/** One item a field may pick: the id it sends, the name it shows, and a line about it. */
export interface ReferenceOption {
  id: string;
  name: string;
  detail?: string;
}

/** More pages than any catalogue holds: a runaway total does not loop for ever. */
const MAX_PAGES = 20;

async function everyPage<T>(page: (offset: number) => Promise<{ rows: T[]; total: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < MAX_PAGES; i++) {
    const next = await page(rows.length);
    rows.push(...next.rows);
    if (next.rows.length === 0 || rows.length >= next.total) break;
  }
  return rows;
}

const GROUP_NAMES = new Map(CATEGORY_GROUPS_V1.map((g) => [g.key, g.name]));

export const REFERENCE_LOADERS: Record<
  EntityReferenceList,
  (http: HttpClient) => Promise<ReferenceOption[]>
> = {
  async tenants(http) {
    const tenants = await everyPage(async (offset) => {
      const page = await listTenantPage(http, { limit: TENANTS_MAX_LIMIT, offset, sort: 'name' });
      return { rows: page.tenants, total: page.total };
    });
    return tenants.map((t) => ({ id: t.tid, name: t.name }));
  },
  async skus(http) {
    const skus = await everyPage((offset) =>
      listEntities(http, 'skus', { limit: ENTITY_MAX_LIMIT, offset, sort: 'name' }),
    );
    return skus.map((s) => ({ id: s.sku_id, name: s.name, detail: s.description }));
  },
  async features(http) {
    const features = await everyPage((offset) =>
      listEntities(http, 'features', { limit: ENTITY_MAX_LIMIT, offset, sort: 'name' }),
    );
    return features.map((f) => ({ id: f.feature_name, name: f.name, detail: f.description }));
  },
  async ova_versions(http) {
    const versions = await everyPage((offset) =>
      listEntities(http, 'ova_versions', { limit: ENTITY_MAX_LIMIT, offset, sort: 'version_string' }),
    );
    return versions.map((v) => ({
      id: v.version_string,
      name: v.version_string,
      detail: [v.ga_version && 'GA', v.supported_version ? 'Supported' : 'Not supported', v.note]
        .filter(Boolean)
        .join(' · '),
    }));
  },
  web_categories: () =>
    Promise.resolve(
      CATEGORIES_V1.map((c) => ({ id: String(c.id), name: c.name, detail: GROUP_NAMES.get(c.group) })),
    ),
};
