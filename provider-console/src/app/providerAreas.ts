/**
 * The provider console's areas, in navigation order: each names its page (loaded when first
 * visited, so the console's first load carries only the shell). A provider-entity registry row
 * shows on the shared entity page.
 */
import type { ComponentType } from 'react';

export type ProviderAreaId = 'tenants' | 'skus' | 'licences' | 'deployments' | 'rollouts';

export interface ProviderPageProps {
  area: ProviderArea;
}
export type ProviderPageLoader = () => Promise<{ default: ComponentType<ProviderPageProps> }>;

export interface ProviderArea {
  id: ProviderAreaId;
  path: string;
  title: string;
  page: ProviderPageLoader;
}

const page =
  (load: () => Promise<ComponentType<ProviderPageProps>>): ProviderPageLoader =>
  async () => ({ default: await load() });

/** Pages of areas whose issue has not landed yet show their title. */
const titleOnly = page(() => import('../routes/TitleOnlyPage').then((m) => m.TitleOnlyPage));

export const PROVIDER_AREAS: readonly ProviderArea[] = [
  {
    id: 'tenants',
    path: 'tenants',
    title: 'Tenants',
    page: page(() => import('../tenants/TenantsPage').then((m) => m.TenantsPage)),
  },
  {
    id: 'skus',
    path: 'skus',
    title: 'SKUs',
    page: page(() => import('../entities/EntityPage').then((m) => m.entityPageOf('skus'))),
  },
  { id: 'licences', path: 'licences', title: 'Licences', page: titleOnly },
  { id: 'deployments', path: 'deployments', title: 'Deployments & Pods', page: titleOnly },
  { id: 'rollouts', path: 'rollouts', title: 'Rollouts', page: titleOnly },
];
