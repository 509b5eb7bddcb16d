/**
 * The log-type registry (docs/logs.md §1 Logs, docs/sessions.md §6 logs row): the one table of
 * what each log type is called, where the logs area shows it, who may read it and which tenants
 * have it. Everything else derives from it: the logs area's children (tenant-portal
 * routes/areas.ts), the demo roles' log groups, the explorer's nouns, the server's permission and
 * feature rule per logs route, the report queries' (api/contract/reportQueries.ts) and the demo
 * generator's log types per tenant. The fields of each type are the log schema's
 * (api/contract/logSchema.ts LOG_TYPE_SCHEMAS, keyed by the same types).
 *
 * Adding a log type: a row here, its type in LOG_TYPES, its schema row in logSchema.ts; the
 * consistency test (logTypes.test.ts) names what else must hold.
 */
import { POLICY_GROUP_REGISTRY, type PolicyGroup, type PolicyGroupDef } from './policyGroups';

/** docs/logs.md §1 Logs, "Log types", in the spec's (and the event store's) order. */
export const LOG_TYPES = [
  'scan_web',
  'scan_email',
  'scan_dlp',
  'scan_audit',
  'fwaas_logs',
  'saa_logs',
] as const;
export type LogType = (typeof LOG_TYPES)[number];

export interface LogTypeDef {
  /** The type the backend stores and queries. */
  type: LogType;
  /** The logs area's child page, e.g. 'Web Logs' (docs/sessions.md §6). */
  title: string;
  /** What the explorer calls its rows, in "No ... found" (docs/shared-ui.md §7 Empty results). */
  noun: string;
  /** The item of its read permission `logs:<item>:*` (docs/sessions.md §6 lists them under logs:*). */
  permissionItem: string;
  /** Secure application access exists on the cloud only (docs/sessions.md §6). */
  cloudOnly?: boolean;
  /**
   * The policy family whose enforcement writes these events: a tenant has the log type when it
   * has that family's page (its feature rule, docs/access.md §5: Email Logs need menlo_email as Email
   * Policy does). Types without one (audit, firewall, private access) need no feature.
   */
  policyGroup?: PolicyGroup;
  /** Position in the logs area's navigation. */
  navOrder: number;
  /** Where the spec defines it. */
  spec: string;
}

const SPEC = 'docs/logs.md §1 Logs; docs/sessions.md §6 (logs row)';

/** Keyed by log route (the URL segment under /logs), in the spec's "Log routes" order. */
export const LOG_TYPE_REGISTRY = {
  audit: {
    type: 'scan_audit',
    title: 'Audit Logs',
    noun: 'audit logs',
    permissionItem: 'audit',
    navOrder: 3,
    spec: SPEC,
  },
  dlp: {
    type: 'scan_dlp',
    title: 'DLP Logs',
    noun: 'DLP logs',
    permissionItem: 'dlp',
    policyGroup: 'dlp_policy',
    navOrder: 4,
    spec: SPEC,
  },
  email: {
    type: 'scan_email',
    title: 'Email Logs',
    noun: 'email logs',
    permissionItem: 'email',
    policyGroup: 'email_policy',
    navOrder: 2,
    spec: SPEC,
  },
  firewall: {
    type: 'fwaas_logs',
    title: 'Firewall Logs',
    noun: 'firewall logs',
    permissionItem: 'fwaas_logs',
    navOrder: 5,
    spec: SPEC,
  },
  web: {
    type: 'scan_web',
    title: 'Web Logs',
    noun: 'web logs',
    permissionItem: 'web',
    policyGroup: 'web_policy',
    navOrder: 1,
    spec: SPEC,
  },
  saa: {
    type: 'saa_logs',
    title: 'Secure Application Access Logs',
    noun: 'secure application access logs',
    permissionItem: 'saa_logs',
    cloudOnly: true,
    navOrder: 6,
    spec: SPEC,
  },
} as const satisfies Record<string, LogTypeDef>;

/** A log route: audit, dlp, email, firewall, web, saa (docs/logs.md §1 Logs). */
export type LogRoute = keyof typeof LOG_TYPE_REGISTRY;
export const LOG_ROUTES = Object.keys(LOG_TYPE_REGISTRY) as LogRoute[];

const mapRoutes = <V>(pick: (def: LogTypeDef) => V): Readonly<Record<LogRoute, V>> =>
  Object.fromEntries(LOG_ROUTES.map((route) => [route, pick(LOG_TYPE_REGISTRY[route])])) as Record<
    LogRoute,
    V
  >;

export const LOG_ROUTE_TYPES: Readonly<Record<LogRoute, LogType>> = mapRoutes((d) => d.type);
export const LOG_ROUTE_PERMISSION_ITEMS: Readonly<Record<LogRoute, string>> = mapRoutes(
  (d) => d.permissionItem,
);

/** The log routes in the logs area's navigation order. */
export const LOG_ROUTES_IN_NAV_ORDER: readonly LogRoute[] = [...LOG_ROUTES].sort(
  (a, b) => LOG_TYPE_REGISTRY[a].navOrder - LOG_TYPE_REGISTRY[b].navOrder,
);

/** The logs permission items (the groups roles grant as `logs:<item>`), in navigation order. */
export const LOG_GROUPS: readonly string[] = LOG_ROUTES_IN_NAV_ORDER.map(
  (r) => LOG_ROUTE_PERMISSION_ITEMS[r],
);

export function isLogRoute(value: string): value is LogRoute {
  return (LOG_ROUTES as readonly string[]).includes(value);
}

export function isLogType(value: string): value is LogType {
  return (LOG_TYPES as readonly string[]).includes(value);
}

/** The route that shows a log type. */
export function logRouteOfType(type: LogType): LogRoute {
  const route = LOG_ROUTES.find((r) => LOG_ROUTE_TYPES[r] === type);
  if (!route) throw new Error(`No log route shows log type ${type}.`);
  return route;
}

/** The permission a caller needs to read a log route, e.g. `logs:fwaas_logs:*` for firewall. */
export function logReadPermission(route: LogRoute): string {
  return `logs:${LOG_ROUTE_PERMISSION_ITEMS[route]}:*`;
}

/**
 * The feature flags a tenant needs to have a log route (its events, its logs page, the report
 * queries that read it): its policy family's (decision recorded in server/src/events/README.md, "Who may read a report").
 */
export function logRouteFeatures(route: LogRoute): readonly string[] {
  const def: LogTypeDef = LOG_TYPE_REGISTRY[route];
  const group: PolicyGroupDef | undefined = def.policyGroup
    ? POLICY_GROUP_REGISTRY[def.policyGroup]
    : undefined;
  return group?.features ?? [];
}

/** The server's rule for a route that reads a log route's events: its read permission and features. */
export function logRouteAccess(route: LogRoute): { permission: string; features: readonly string[] } {
  return { permission: logReadPermission(route), features: logRouteFeatures(route) };
}

/** Whether a tenant with these feature flags has a log type (its events exist, its page shows). */
export function tenantHasLogType(
  type: LogType,
  features: Readonly<Record<string, boolean | undefined>>,
): boolean {
  return logRouteFeatures(logRouteOfType(type)).every((name) => features[name] === true);
}
