/** The provider console's areas, in navigation order. Only Tenants has content in the foundation. */
export type ProviderAreaId = 'tenants' | 'skus' | 'licences' | 'deployments' | 'rollouts';

export interface ProviderArea {
  id: ProviderAreaId;
  path: string;
  title: string;
}

export const PROVIDER_AREAS: readonly ProviderArea[] = [
  { id: 'tenants', path: 'tenants', title: 'Tenants' },
  { id: 'skus', path: 'skus', title: 'SKUs' },
  { id: 'licences', path: 'licences', title: 'Licences' },
  { id: 'deployments', path: 'deployments', title: 'Deployments & Pods' },
  { id: 'rollouts', path: 'rollouts', title: 'Rollouts' },
];
