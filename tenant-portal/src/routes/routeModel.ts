/**
 * What the tenant portal's route table is made of (the table is areas.ts): the props a page is
 * given, the shapes of an area and its children, the environment rules and the paths the pages
 * also use. The pages import these from here, never the table, which loads them on demand: no
 * page imports back what imports it.
 */
import type { ComponentType } from 'react';
import type { AccessRule, Mode, RuntimeEnv } from '@workbench/common';
import type { ExtensionId } from '@workbench/common/api/contract/extensions';

/** What a page of the route table is given: its place in the table. */
export interface PageProps {
  /** The area's or child's title (the page's heading). */
  title: string;
  /** The route's last path segment, e.g. 'web' for /logs/web. */
  path: string;
}

/** Loads a route's page on demand, so each area's code is its own chunk. */
export type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;

/** Where an area may appear (docs/sessions.md §6 "Environment" column). */
export interface EnvironmentRule {
  /** Allowed on the cloud (ec2, and dev — see areas.ts). */
  cloud: boolean;
  /** On-prem modes in which the area is allowed: 'all' (any mode, also none), or a list. */
  onPrem: 'all' | readonly Mode[];
  /** When true, the on-prem part of the rule holds only in non-production builds. */
  onPremNonProductionOnly?: boolean;
}

export type AreaId =
  | 'login'
  | 'logout'
  | 'insights'
  | 'contact-form'
  | 'dashboard'
  | 'reports'
  | 'boards'
  | 'alerts'
  | 'policy'
  | 'customization'
  | 'settings'
  | 'secure-application-access'
  | 'fwaas'
  | 'browser-management'
  | 'logs'
  | 'web'
  | 'safemail';

export interface ChildArea {
  /** Path segment under the parent, e.g. 'web' for /logs/web. */
  path: string;
  title: string;
  access?: AccessRule;
  environment?: EnvironmentRule;
  /** Feature flags that must all be on. */
  features?: readonly string[];
  /**
   * The server extension the page needs (docs/api.md): without it the page is not offered and
   * its path is the 404 page, as on a backend that has only the spec's calls.
   */
  extension?: ExtensionId;
  /** Query parameters a parent-route redirect applies when it picks this child. */
  defaultFilters?: Readonly<Record<string, string>>;
  /** The child's page; without one the route shows the title only (AreaPage). */
  page?: PageLoader;
  /** The page has deep-linkable sections under its path (/policy/web/exceptions): it takes the rest of the path. */
  sections?: boolean;
}

export interface Area {
  id: AreaId;
  /** Path segment under the root: '/' + path. */
  path: string;
  title: string;
  /** false for login and logout: reachable without a session. */
  requiresLogin: boolean;
  /** No rule (or an empty list) = any logged-in user. */
  access?: AccessRule;
  environment: EnvironmentRule;
  features?: readonly string[];
  /** The server extension the area needs (docs/api.md), as a child's `extension`. */
  extension?: ExtensionId;
  children?: readonly ChildArea[];
  /** Listed in the side navigation. */
  inNav: boolean;
  /** The area resolves the policy revision before it shows (dispatch revisionRequested, wait). */
  resolvesRevision?: boolean;
  /**
   * A full page load to another application instead of a page of this one: its URL in this
   * environment, or null when the environment has no such application (the area is then
   * unavailable, like one whose environment rule fails).
   */
  externalUrl?: (env: RuntimeEnv) => string | null;
  /**
   * true: the area has its own landing page at its path, children are sub-pages.
   * false/undefined with children: the path redirects to the first child the user may see.
   */
  hasLanding?: boolean;
  /** The landing page at the area's own path; without one it shows the title only (AreaPage). */
  page?: PageLoader;
  /** The page has deep-linkable sections under its path (/fwaas/rules): it takes the rest of the path. */
  sections?: boolean;
}

export const ALL_ENVIRONMENTS: EnvironmentRule = { cloud: true, onPrem: 'all' };
export const CLOUD_OR_MANAGEMENT_STATION: EnvironmentRule = { cloud: true, onPrem: ['management_station'] };
/** The central manager's own pages (docs/central-manager.md §11). */
export const MANAGEMENT_STATION_ONLY: EnvironmentRule = { cloud: false, onPrem: ['management_station'] };
export const CLOUD_ONLY: EnvironmentRule = { cloud: true, onPrem: [] };
export const SAFEVIEW_MODES: readonly Mode[] = ['safeview', 'safeview_isolation', 'safeview_proxy'];

/** Query parameter defaults of the logs area (docs/logs.md §2: default log interval 7d). */
export const DEFAULT_LOG_FILTERS = { interval: '7d' } as const;

/** The prefix of the on-prem appliance-settings pages: the root goes to settings under it. */
export { APPLIANCE_SETTINGS_PREFIX } from '@workbench/common/api/contract/wire';

export const NOT_FOUND_PATH = '/404-not-found';
