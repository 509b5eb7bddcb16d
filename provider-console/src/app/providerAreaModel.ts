/**
 * What the provider console's areas (providerAreas.ts) are made of: the props a page is given and
 * the shape of an area. The pages import these from here, never the table, which loads them on
 * demand: no page imports back what imports it.
 */
import type { ComponentType } from 'react';
import type { ExtensionId } from '@workbench/common/api/contract/extensions';
import type { ProviderEntity } from '@workbench/common/api/contract/providerEntities';

/**
 * The console's own pages, and every registry row: a row that is an area of its own takes its key
 * as its id (providerAreas.ts entityArea), so a new entity needs no entry here.
 */
export type ProviderAreaId =
  | 'tenants'
  | 'licences'
  | 'rollouts'
  | 'capability_state'
  | 'audit'
  | 'contact_messages'
  | 'analytics'
  | 'report_regions'
  | 'quota'
  | 'provider_pac'
  | ProviderEntity;

export interface ProviderPageProps {
  area: ProviderArea;
}
export type ProviderPageLoader = () => Promise<{ default: ComponentType<ProviderPageProps> }>;

export interface ProviderArea {
  id: ProviderAreaId;
  path: string;
  title: string;
  page: ProviderPageLoader;
  /** Registry rows this area's page shows as tabs (each tab the row's entity page). */
  entities?: readonly ProviderEntity[];
  /**
   * The server extension the page needs (docs/api.md): without it the area is not in the
   * navigation and its path shows the 404 page, as on a backend with only the spec's calls.
   */
  extension?: ExtensionId;
  /**
   * The permissions the page's reads need, every one (an entity area: its rows' read permission):
   * a role without them does not see the area, and its path shows the 404 page.
   */
  permissions: readonly string[];
}
