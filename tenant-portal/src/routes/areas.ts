/**
 * The tenant portal's route table as data (docs/sessions.md §6). Each area carries its environment
 * rule, its access rule and, sometimes, a feature rule; the pure functions in routeRules.ts
 * evaluate them and the router in appRoutes.tsx renders them. What an area is made of (and what
 * the pages import) is routeModel.ts: the table loads the pages on demand and no page imports it.
 *
 * Decision: deployment 'dev' is treated like the cloud (ec2) for every area rule — a developer's
 * server behaves as the cloud product does, only the login page differs (routeRules.isCloudLike).
 */
import type { ComponentType } from 'react';
import { validateAccessRule, type AccessRule } from '@workbench/common';
import {
  LOG_ROUTES_IN_NAV_ORDER,
  LOG_TYPE_REGISTRY,
  POLICY_GROUPS,
  POLICY_GROUP_REGISTRY,
  logReadPermission,
  logRouteFeatures,
  type LogTypeDef,
  type PolicyGroupDef,
} from '@workbench/common/vocabularies/index';
import {
  TENANT_SETTINGS_LISTS,
  TENANT_SETTINGS_REGISTRY,
  settingsReadPermission,
  type SettingsListDef,
} from '@workbench/common/api/contract/tenantSettings';
// The permissions alone, not their contracts: this table is in every first load.
import {
  ACCESS_CONTROL_READ_PERMISSION,
  ADMINS_READ_PERMISSION,
  API_TOKENS_READ_PERMISSION,
  PAC_READ_PERMISSION,
  ROLES_READ_PERMISSION,
  SIGN_IN_READ_PERMISSION,
  UDB_READ_PERMISSION,
  CASB_SETTINGS_READ_PERMISSIONS,
  GLOBAL_SETTINGS_READ_PERMISSIONS,
  MANAGED_SYSTEMS_READ_PERMISSIONS,
  NETWORK_READ_PERMISSIONS,
} from '@workbench/common/api/contract/settingsPermissions';
import {
  ALERTS_READ_PERMISSION,
  STREAMING_READ_PERMISSION,
} from '@workbench/common/api/contract/settingsPermissions';
import {
  APPLIANCE_MODES,
  APPLIANCE_PAGES,
  APPLIANCE_PAGE_PATHS,
  APPLIANCE_READ_PERMISSIONS,
  isApplianceMode,
} from '@workbench/common/api/contract/appliance/appliancePages';
import { getRuntimeEnv } from '@workbench/common';
import {
  MULTI_TENANT_FEATURE,
  MULTI_TENANT_READ_PERMISSION,
} from '@workbench/common/api/contract/multiTenant';
import {
  ALL_ENVIRONMENTS,
  CLOUD_ONLY,
  CLOUD_OR_MANAGEMENT_STATION,
  MANAGEMENT_STATION_ONLY,
  DEFAULT_LOG_FILTERS,
  SAFEVIEW_MODES,
  type Area,
  type AreaId,
  type ChildArea,
  type PageLoader,
  type PageProps,
} from './routeModel';

/** A PageLoader from a dynamic import and the page it exports. */
const page =
  (load: () => Promise<ComponentType<PageProps>>): PageLoader =>
  () =>
    load().then((component) => ({ default: component }));

const any = (...permissions: string[]): AccessRule => ({ any: permissions });

/** Whether this portal runs on a non-management on-premises appliance. */
const onAppliance = (): boolean => {
  const env = getRuntimeEnv();
  return env.deployment === 'on_prem' && isApplianceMode(env.mode);
};

/** The policy groups whose editor has landed: its page, with sections under its path. */
const POLICY_EDITORS: Partial<Record<string, PageLoader>> = {
  web_policy: page(() => import('../areas/policy/web/WebPolicyPage').then((m) => m.WebPolicyPage)),
  email_policy: page(() => import('../areas/policy/email/EmailPolicyPage').then((m) => m.EmailPolicyPage)),
  dlp_policy: page(() => import('../areas/policy/dlp/DlpPolicyPage').then((m) => m.DlpPolicyPage)),
  content_inspection: page(() =>
    import('../areas/policy/inspection/ContentInspectionPage').then((m) => m.ContentInspectionPage),
  ),
  casb_policy: page(() => import('../areas/policy/casb/CasbPolicyPage').then((m) => m.CasbPolicyPage)),
  egress_policy: page(() =>
    import('../areas/policy/egress/EgressPolicyPage').then((m) => m.EgressPolicyPage),
  ),
};

/** One child per policy group (common's policy-group registry), in its order. */
export const POLICY_CHILDREN: readonly ChildArea[] = POLICY_GROUPS.map((group): ChildArea => {
  const def: PolicyGroupDef = POLICY_GROUP_REGISTRY[group];
  const editor = POLICY_EDITORS[group];
  return {
    path: def.path,
    title: def.title,
    access: any(`${group}:*`),
    ...('features' in def ? { features: def.features } : {}),
    ...(editor ? { page: editor, sections: true } : {}),
  };
});

/**
 * Every policy page (the policy area's and the firewall's, whose documents share the revision)
 * shows the publish bar above it (issue 12); a page not written yet shows its title under it.
 */
const withPublishBar =
  (load?: PageLoader): PageLoader =>
  () =>
    Promise.all([
      import('../areas/policy/PublishBar'),
      load ? load() : import('../areas/AreaPage').then((m) => ({ default: m.AreaPage })),
    ]).then(([bar, loaded]) => ({ default: bar.withPublishBar(loaded.default, findArea('policy')) }));

/** The policy tester (issue 12): decides a request with the staged and the published web policy. */
export const POLICY_TESTER_CHILD: ChildArea = {
  path: 'tester',
  title: 'Policy tester',
  access: any('web_policy:*'),
  extension: 'policy-tester',
  page: page(() => import('../areas/policy/PolicyTesterPage').then((m) => m.PolicyTesterPage)),
};

/** The published revisions, their differences and rollback (issue 12): open to every policy group. */
export const POLICY_HISTORY_CHILD: ChildArea = {
  path: 'history',
  title: 'Revision history',
  access: any(...POLICY_GROUPS.map((group) => `${group}:*`)),
  extension: 'revision-history',
  page: page(() => import('../areas/policy/RevisionHistoryPage').then((m) => m.RevisionHistoryPage)),
};

export const SETTINGS_CHILDREN: readonly ChildArea[] = [
  // The management station's appliances (issue 35 point 3; docs/central-manager.md §11): first, so
  // the appliance-settings prefix and Settings open them there; no other deployment has them.
  {
    path: 'managed-systems',
    title: 'Managed Systems',
    access: any(...MANAGED_SYSTEMS_READ_PERMISSIONS),
    environment: MANAGEMENT_STATION_ONLY,
    page: page(() => import('../areas/central-manager/ManagedSystemsPage').then((m) => m.ManagedSystemsPage)),
  },
  {
    path: 'groups-templates',
    title: 'Groups & Templates',
    access: any(...MANAGED_SYSTEMS_READ_PERMISSIONS),
    environment: MANAGEMENT_STATION_ONLY,
    page: page(() =>
      import('../areas/central-manager/GroupsTemplatesPage').then((m) => m.GroupsTemplatesPage),
    ),
  },
  // The station's own settings and About (docs/central-manager.md §13).
  {
    path: 'management-station',
    title: 'Management Station',
    access: any(...MANAGED_SYSTEMS_READ_PERMISSIONS),
    environment: MANAGEMENT_STATION_ONLY,
    page: page(() =>
      import('../areas/central-manager/ManagementStationPage').then((m) => m.ManagementStationPage),
    ),
  },
  // Issue 34: the global and CASB settings documents (docs/settings.md §10).
  {
    path: 'general',
    title: 'General Settings',
    access: any(...GLOBAL_SETTINGS_READ_PERMISSIONS, ...CASB_SETTINGS_READ_PERMISSIONS),
    page: page(() =>
      import('../areas/settings/general/GeneralSettingsPage').then((m) => m.GeneralSettingsPage),
    ),
  },
  {
    path: 'users',
    title: 'Users',
    access: any(UDB_READ_PERMISSION),
    page: page(() => import('../areas/settings/users/UsersPage').then((m) => m.UsersPage)),
  },
  // Issue 33: the tenant's administrators and roles (docs/administrators.md), each gated by the
  // permission its server calls check.
  {
    path: 'administrators',
    title: 'Administrators',
    access: any(ADMINS_READ_PERMISSION),
    page: page(() =>
      import('../areas/settings/administrators/AdministratorsPage').then((m) => m.AdministratorsPage),
    ),
  },
  {
    path: 'roles',
    title: 'Roles',
    access: any(ROLES_READ_PERMISSION),
    // The role editor computes what a role opens from this table: its loader hands it over.
    page: page(() =>
      import('../areas/settings/roles/RolesPage').then((m) =>
        m.rolesPageOf({ areas: AREAS, groups: NAV_GROUPS }),
      ),
    ),
  },
  // Issue 34: egress IPs, fixed egress, the caller's and the service's addresses (docs/settings.md §10).
  {
    path: 'network',
    title: 'Network',
    // An on-premises appliance's Network is its own (issue 35, docs/appliances.md): the root of a
    // non-management mode opens it.
    access: any(...NETWORK_READ_PERMISSIONS, ...APPLIANCE_READ_PERMISSIONS),
    page: page(() =>
      onAppliance()
        ? import('../areas/appliance-settings/ApplianceSettingsPage').then((m) =>
            m.appliancePageOf('network'),
          )
        : import('../areas/settings/network/NetworkSettingsPage').then((m) => m.NetworkSettingsPage),
    ),
  },
  // The other pages of an appliance's own settings, on a non-management appliance only.
  ...APPLIANCE_PAGE_PATHS.filter((p) => p !== 'network').map((p): ChildArea => ({
    path: p,
    title: APPLIANCE_PAGES[p],
    access: any(...APPLIANCE_READ_PERMISSIONS),
    environment: { cloud: false, onPrem: APPLIANCE_MODES },
    page: page(() =>
      import('../areas/appliance-settings/ApplianceSettingsPage').then((m) => m.appliancePageOf(p)),
    ),
  })),
  // Log streaming to a SIEM (issue 40 point 3; docs/streaming.md): beside API Tokens, the other
  // way out of the portal into the tenant's own tools. It reads the logs: their environment rule.
  {
    path: 'streaming',
    title: 'Log streaming',
    access: any(STREAMING_READ_PERMISSION),
    environment: CLOUD_OR_MANAGEMENT_STATION,
    page: page(() => import('../areas/settings/streaming/StreamingPage').then((m) => m.StreamingPage)),
  },
  // Sign-in and API access (issue 33): each gated by the permission and feature its server calls need.
  {
    path: 'api-tokens',
    title: 'API Tokens',
    access: any(API_TOKENS_READ_PERMISSION),
    page: page(() => import('../areas/settings/api-tokens/ApiTokensPage').then((m) => m.ApiTokensPage)),
  },
  {
    path: 'two-factor-users',
    title: 'Two-factor Users',
    access: any(UDB_READ_PERMISSION),
    features: ['tfa'],
    page: page(() =>
      import('../areas/settings/two-factor-users/TwoFactorUsersPage').then((m) => m.TwoFactorUsersPage),
    ),
  },
  {
    path: 'sign-in',
    title: 'Sign-in Settings',
    access: any(SIGN_IN_READ_PERMISSION, ACCESS_CONTROL_READ_PERMISSION),
    page: page(() =>
      import('../areas/settings/sign-in/SignInSettingsPage').then((m) => m.SignInSettingsPage),
    ),
  },
  // PAC files (docs/settings.md "PAC files"): the editor, the tester and the served file's URL.
  {
    path: 'pac',
    title: 'PAC Files',
    access: any(PAC_READ_PERMISSION),
    features: ['pac'],
    page: page(() => import('../areas/settings/pac/PacFilesPage').then((m) => m.PacFilesPage)),
  },
  // One page per row of the tenant settings registry (docs/settings.md): its permission and features.
  ...TENANT_SETTINGS_LISTS.map((list): ChildArea => {
    const def: SettingsListDef = TENANT_SETTINGS_REGISTRY[list];
    return {
      path: def.menuPath,
      title: def.title,
      access: any(settingsReadPermission(def)),
      features: def.features,
      page: page(() => import('../areas/settings/SettingsListPage').then((m) => m.settingsListPageOf(list))),
    };
  }),
  // The terminal-server client's one document, beside the client profiles (docs/settings.md §11).
  {
    path: 'ts-client-profile',
    title: 'TS Client Profile',
    access: any('settings:client_profiles:read'),
    features: ['clientProfiles'],
    page: page(() =>
      import('../areas/settings/ts-client-profile/TsClientProfilePage').then((m) => m.TsClientProfilePage),
    ),
  },
  // Multi-tenant associations (docs/access.md §7): the tenant's parents and children, approve.
  {
    path: 'multi-tenant',
    title: 'Multi-tenant',
    access: any(MULTI_TENANT_READ_PERMISSION),
    features: [MULTI_TENANT_FEATURE],
    page: page(() => import('../areas/settings/multi-tenant/MultiTenantPage').then((m) => m.MultiTenantPage)),
  },
];

/** Every logs child shows the logs explorer of its log type. */
const logsExplorer = page(() => import('../areas/logs/LogsPage').then((m) => m.LogsRoutePage));

/**
 * One child per log route (common's log-type registry), in navigation order, with the log type's
 * feature rule (Email Logs as Email Policy: the server refuses the same, 403).
 */
export const LOGS_CHILDREN: readonly ChildArea[] = LOG_ROUTES_IN_NAV_ORDER.map((route): ChildArea => {
  const def: LogTypeDef = LOG_TYPE_REGISTRY[route];
  const features = logRouteFeatures(route);
  return {
    path: route,
    title: def.title,
    access: any(logReadPermission(route)),
    ...(def.cloudOnly ? { environment: CLOUD_ONLY } : {}),
    ...(features.length > 0 ? { features } : {}),
    defaultFilters: DEFAULT_LOG_FILTERS,
    page: logsExplorer,
  };
});

/** docs/sessions.md §6, in navigation order. */
export const AREAS: readonly Area[] = [
  {
    id: 'login',
    path: 'login',
    title: 'Sign in',
    requiresLogin: false,
    environment: ALL_ENVIRONMENTS,
    inNav: false,
  },
  {
    id: 'logout',
    path: 'logout',
    title: 'Signed out',
    requiresLogin: false,
    environment: ALL_ENVIRONMENTS,
    inNav: false,
  },
  {
    id: 'dashboard',
    path: 'dashboard',
    title: 'Dashboard',
    requiresLogin: true,
    access: any('dashboard:*:*'),
    environment: { cloud: true, onPrem: ['management_station'], onPremNonProductionOnly: true },
    inNav: true,
    resolvesRevision: true,
    page: page(() => import('../areas/dashboard/DashboardPage').then((m) => m.DashboardPage)),
  },
  {
    // Report files (issue 11): scheduled reports and their past files. Same rule as the dashboard.
    id: 'reports',
    path: 'reports',
    title: 'Reports',
    requiresLogin: true,
    access: any('dashboard:*:*'),
    environment: { cloud: true, onPrem: ['management_station'], onPremNonProductionOnly: true },
    inNav: true,
    page: page(() => import('../areas/reports/ReportsPage').then((m) => m.ReportsPage)),
  },
  {
    // Dashboards people build (issue 41 points 4, 5; docs/dashboards.md): the dashboard's
    // environment rule, the boards' own permission item.
    id: 'boards',
    path: 'boards',
    title: 'Dashboards',
    requiresLogin: true,
    access: any('dashboard:boards:*'),
    environment: { cloud: true, onPrem: ['management_station'], onPremNonProductionOnly: true },
    extension: 'dashboards',
    inNav: true,
    page: page(() => import('../areas/boards/BoardsPage').then((m) => m.BoardsPage)),
  },
  {
    // Alerts (issue 40; docs/alerts.md): rules over the logs, firings, notification channels. Its
    // rules read the logs: the logs' environment rule; its own permission (settings:alerts:read).
    id: 'alerts',
    path: 'alerts',
    title: 'Alerts',
    requiresLogin: true,
    access: any(ALERTS_READ_PERMISSION),
    environment: CLOUD_OR_MANAGEMENT_STATION,
    extension: 'alerts',
    inNav: true,
    page: page(() => import('../areas/alerts/AlertsPage').then((m) => m.AlertsPage)),
  },
  {
    id: 'policy',
    path: 'policy',
    title: 'Policy',
    requiresLogin: true,
    access: any(...POLICY_GROUPS.map((group) => `${group}:*`)),
    environment: CLOUD_OR_MANAGEMENT_STATION,
    children: [...POLICY_CHILDREN, POLICY_TESTER_CHILD, POLICY_HISTORY_CHILD].map((child) => ({
      ...child,
      page: withPublishBar(child.page),
    })),
    inNav: true,
    hasLanding: true,
    page: withPublishBar(page(() => import('../areas/policy/PolicyLanding').then((m) => m.PolicyLanding))),
  },
  {
    id: 'logs',
    path: 'logs',
    title: 'Logs',
    requiresLogin: true,
    access: any('logs:*'),
    environment: CLOUD_OR_MANAGEMENT_STATION,
    children: LOGS_CHILDREN,
    inNav: true,
    resolvesRevision: true,
  },
  {
    id: 'customization',
    path: 'customization',
    title: 'Customization',
    requiresLogin: true,
    access: any('customization:*'),
    environment: CLOUD_OR_MANAGEMENT_STATION,
    inNav: true,
    // Its notification pages are documents of the policy revision: the publish bar goes above.
    page: withPublishBar(
      page(() => import('../areas/customization/CustomizationPage').then((m) => m.CustomizationPage)),
    ),
    sections: true,
  },
  {
    id: 'settings',
    path: 'settings',
    title: 'Settings',
    requiresLogin: true,
    access: any('settings:*', 'settings_cmr:*'),
    environment: ALL_ENVIRONMENTS,
    children: SETTINGS_CHILDREN,
    inNav: true,
    resolvesRevision: true,
  },
  {
    id: 'secure-application-access',
    path: 'secure-application-access',
    title: 'Secure Application Access',
    requiresLogin: true,
    access: any('private_access:*'),
    environment: CLOUD_ONLY,
    inNav: true,
    // Its documents share the policy revision: the publish bar goes above it, as on the firewall's.
    page: withPublishBar(
      page(() => import('../areas/private-access/PrivateAccessPage').then((m) => m.PrivateAccessPage)),
    ),
    sections: true,
  },
  {
    id: 'fwaas',
    path: 'fwaas',
    title: 'Firewall',
    requiresLogin: true,
    access: any('fwaas:*'),
    environment: ALL_ENVIRONMENTS,
    inNav: true,
    // The publish bar goes above the firewall's editor: its documents share the policy revision.
    page: withPublishBar(page(() => import('../areas/fwaas/FirewallPage').then((m) => m.FirewallPage))),
    sections: true,
  },
  {
    id: 'browser-management',
    path: 'browser-management',
    title: 'Browser Posture Manager',
    requiresLogin: true,
    access: any('browser_posture_management:*'),
    environment: CLOUD_OR_MANAGEMENT_STATION,
    features: ['browser_posture'],
    inNav: true,
    // Policies, catalogue, benchmarks and assessments (docs/browser-posture.md).
    page: page(() => import('../areas/browser-posture/BrowserPosturePage').then((m) => m.BrowserPosturePage)),
  },
  {
    id: 'web',
    path: 'web',
    title: 'Web',
    requiresLogin: true,
    access: any('setting:*', 'settings_cmr:*'),
    environment: { cloud: true, onPrem: SAFEVIEW_MODES },
    inNav: true,
    // The service's settings documents (docs/settings.md §9).
    page: page(() =>
      import('../areas/services/ServiceSettingsPage').then((m) => m.serviceSettingsPageOf('web')),
    ),
  },
  {
    id: 'safemail',
    path: 'safemail',
    title: 'Safemail',
    requiresLogin: true,
    access: any('setting:*', 'settings_cmr:*'),
    environment: ALL_ENVIRONMENTS,
    inNav: true,
    // The service's settings documents (docs/settings.md §9).
    page: page(() =>
      import('../areas/services/ServiceSettingsPage').then((m) => m.serviceSettingsPageOf('safemail')),
    ),
  },
  {
    id: 'insights',
    path: 'insights',
    title: 'Insights',
    requiresLogin: true,
    environment: CLOUD_OR_MANAGEMENT_STATION,
    inNav: true,
    externalUrl: (env) => env.insightsUrl,
  },
  {
    id: 'contact-form',
    path: 'contact-form',
    title: 'Contact Us',
    requiresLogin: true,
    environment: ALL_ENVIRONMENTS,
    features: ['contactForm'],
    inNav: true,
    page: page(() => import('../areas/contact/ContactUsPage').then((m) => m.ContactUsPage)),
  },
];

export type NavGroupId = 'monitor' | 'protection' | 'services' | 'administration';

/** A heading of the side navigation and the areas under it, in their order. */
export interface NavGroup {
  id: NavGroupId;
  title: string;
  areas: readonly AreaId[];
}

/**
 * The side navigation's groups (issue 15). Decision: the spec lists the areas without groups; the
 * navigation groups them under headings, as admin consoles do, so that the top-level Firewall,
 * Web and Safemail pages (the services' own settings, docs/sessions.md §6) read as Services and are
 * not taken for Web Policy (under Policy), Web Logs or Firewall Logs (under Logs, in Monitor).
 * Every area of the navigation is in exactly one group (registries.test.ts).
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'monitor',
    title: 'Monitor',
    areas: ['dashboard', 'reports', 'boards', 'alerts', 'logs', 'insights'],
  },
  {
    id: 'protection',
    title: 'Protection',
    areas: ['policy', 'customization', 'secure-application-access', 'browser-management'],
  },
  { id: 'services', title: 'Services', areas: ['fwaas', 'web', 'safemail'] },
  { id: 'administration', title: 'Administration', areas: ['settings', 'contact-form'] },
];

/** Throws InvalidAccessRuleError when a rule gives neither or both of any/all (docs/access.md §3). */
export function validateAreas(areas: readonly Area[]): void {
  for (const area of areas) {
    if (area.access) validateAccessRule(area.access);
    for (const child of area.children ?? []) if (child.access) validateAccessRule(child.access);
  }
}

validateAreas(AREAS);

export function findArea(id: AreaId, areas: readonly Area[] = AREAS): Area {
  const area = areas.find((a) => a.id === id);
  if (!area) throw new Error(`Unknown area: ${id}`);
  return area;
}
