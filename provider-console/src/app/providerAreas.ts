/**
 * The provider console's areas, in navigation order: each names its page (loaded when first
 * visited, so the console's first load carries only the shell). A provider-entity registry row
 * shows on the shared entity page.
 */
import type { ComponentType } from 'react';
import {
  PROVIDER_ENTITY_REGISTRY,
  entityReadPermission,
  type ProviderEntity,
} from '@workbench/common/api/contract/providerEntities';
import { TENANTS_READ } from '@workbench/common/api/contract/providerRoles';
import { PROVIDER_AUDIT_READ } from '@workbench/common/api/contract/providerAudit';
import { REPORT_REGIONS_READ } from '@workbench/common/api/contract/providerReportRegions';
import { TENANT_REPORTS_READ } from '@workbench/common/api/contract/reportQueries';
import type { AccessController } from '@workbench/common/features/rbac/permissions';
import type {
  ProviderArea,
  ProviderAreaId,
  ProviderPageLoader,
  ProviderPageProps,
} from './providerAreaModel';

const page =
  (load: () => Promise<ComponentType<ProviderPageProps>>): ProviderPageLoader =>
  async () => ({ default: await load() });

/** The read permissions of registry rows (an area showing them as tabs needs each). */
const readsOf = (entities: readonly ProviderEntity[]): string[] =>
  entities.map((e) => entityReadPermission(PROVIDER_ENTITY_REGISTRY[e]));

/** Whether a role may use the area: every read its page makes is allowed. */
export const areaAllowed = (area: ProviderArea, access: AccessController): boolean =>
  area.permissions.every((p) => access.can(p));

/** An area that is one registry row on the shared entity page, titled as the row. */
const entityArea = (id: ProviderAreaId & ProviderEntity): ProviderArea => ({
  id,
  path: id,
  title: PROVIDER_ENTITY_REGISTRY[id].title,
  page: page(() => import('../entities/EntityPage').then((m) => m.entityPageOf(id))),
  permissions: readsOf([id]),
});

export const PROVIDER_AREAS: readonly ProviderArea[] = [
  {
    id: 'tenants',
    path: 'tenants',
    title: 'Tenants',
    page: page(() => import('../tenants/TenantsPage').then((m) => m.TenantsPage)),
    permissions: [TENANTS_READ],
  },
  // Each tenant's limits and use (issue 37, docs/provider-console.md §11), beside the tenants.
  {
    id: 'quota',
    path: 'quota',
    title: 'Quota',
    page: page(() => import('../quota/QuotaPage').then((m) => m.QuotaPage)),
    permissions: [TENANTS_READ],
  },
  // What the tenants' administrators sent from Contact Us (issue 34 point 7), beside the tenants.
  {
    id: 'contact_messages',
    path: 'contact-messages',
    title: 'Contact messages',
    page: page(() => import('../contact/ContactMessagesPage').then((m) => m.ContactMessagesPage)),
    extension: 'contact-messages',
    permissions: [TENANTS_READ],
  },
  // Tenant groups (with their tenants, issue 14), beside the tenants.
  entityArea('tenant_groups'),
  // The SKUs, then the catalogue's other rows (issue 14) that describe them.
  ...(['skus', 'features', 'feature_sku_groups', 'sku_incompatibilities'] as const).map(entityArea),
  {
    id: 'licences',
    path: 'licences',
    title: 'Licences',
    page: page(() => import('../licences/LicencesPage').then((m) => m.LicencesPage)),
    entities: ['ova_keys', 'ova_versions'],
    permissions: readsOf(['ova_keys', 'ova_versions']),
  },
  {
    id: 'deployments',
    path: 'deployments',
    title: 'Deployments & Pods',
    page: page(() => import('../deployments/DeploymentsPage').then((m) => m.DeploymentsPage)),
    entities: ['deployments', 'pods'],
    permissions: readsOf(['deployments', 'pods']),
  },
  // The provider's default PAC file (issue 37, docs/provider-console.md §12), beside the deployments.
  {
    id: 'provider_pac',
    path: 'pac',
    title: 'PAC file',
    page: page(() => import('../pac/ProviderPacPage').then((m) => m.ProviderPacPage)),
    permissions: [TENANTS_READ],
  },
  // The provider's equipment (issue 37), beside the deployments it is placed in.
  entityArea('inventory'),
  {
    id: 'rollouts',
    path: 'rollouts',
    title: 'Rollouts',
    page: page(() => import('../rollouts/RolloutsPage').then((m) => m.RolloutsPage)),
    extension: 'provider-rollouts',
    permissions: [TENANTS_READ],
  },
  // The policy templates a rollout or tenantpolicyinit publishes (issue 37), beside the rollouts.
  entityArea('templates'),
  // The provider's remote-access pre-filter (issue 37, docs/provider-console.md §10), before tenants' policy.
  entityArea('ra_prefilter'),
  // Schema states and capability state (issue 14), beside the rollouts that change capabilities.
  {
    id: 'capability_state',
    path: 'capability-state',
    title: 'Capability state',
    page: page(() => import('../capabilities/CapabilityStatePage').then((m) => m.CapabilityStatePage)),
    permissions: [TENANTS_READ],
  },
  // Analytics summaries across tenants (issue 37), leading to each tenant's insights.
  {
    id: 'analytics',
    path: 'analytics',
    title: 'Analytics',
    page: page(() => import('../analytics/AnalyticsPage').then((m) => m.AnalyticsPage)),
    permissions: [TENANT_REPORTS_READ],
  },
  // Where each tenant's scheduled reports are made (issue 37), with a dry run before a change.
  {
    id: 'report_regions',
    path: 'report-regions',
    title: 'Report regions',
    page: page(() => import('../analytics/ReportRegionsPage').then((m) => m.ReportRegionsPage)),
    permissions: [REPORT_REGIONS_READ],
  },
  // Category overrides (issue 14): URL recategorisations for all or some tenants.
  entityArea('category_overrides'),
  {
    id: 'audit',
    path: 'audit',
    title: 'Audit trail',
    page: page(() => import('../audit/AuditTrailPage').then((m) => m.AuditTrailPage)),
    extension: 'provider-audit',
    permissions: [PROVIDER_AUDIT_READ],
  },
];
