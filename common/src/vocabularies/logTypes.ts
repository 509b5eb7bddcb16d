/**
 * The log-type registry (api-client-layer §3 Logs, portal-core §2 logs row): the one table of
 * what each log type is called, where the logs area shows it and who may read it. Everything
 * else derives from it: the logs area's children (tenant-portal routes/areas.ts), the demo roles'
 * log groups, the explorer's nouns, the server's permission per logs route. The fields of each
 * type are the log schema's (api/contract/logSchema.ts LOG_TYPE_SCHEMAS, keyed by the same types).
 *
 * Adding a log type: a row here, its type in LOG_TYPES, its schema row in logSchema.ts; the
 * consistency test (logTypes.test.ts) names what else must hold.
 */

/** api-client-layer §3 Logs, "Log types", in the spec's (and the event store's) order. */
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
  /** The logs area's child page, e.g. 'Web Logs' (portal-core §2). */
  title: string;
  /** What the explorer calls its rows, in "No ... found" (shared-ui §2 Empty results). */
  noun: string;
  /** The item of its read permission `logs:<item>:*` (portal-core §2 lists them under logs:*). */
  permissionItem: string;
  /** Secure application access exists on the cloud only (portal-core §2). */
  cloudOnly?: boolean;
  /** Position in the logs area's navigation. */
  navOrder: number;
  /** Where the spec defines it. */
  spec: string;
}

const SPEC = 'api-client-layer §3 Logs; portal-core §2 (logs row)';

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
    navOrder: 4,
    spec: SPEC,
  },
  email: {
    type: 'scan_email',
    title: 'Email Logs',
    noun: 'email logs',
    permissionItem: 'email',
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

/** A log route: audit, dlp, email, firewall, web, saa (api-client-layer §3 Logs). */
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
