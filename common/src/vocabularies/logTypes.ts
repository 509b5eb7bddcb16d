/**
 * Log types and log routes (api-client-layer §3 Logs, portal-core §2 logs row).
 * A route is the URL segment the logs area uses; a type is what the backend stores and queries.
 */
export const LOG_TYPES = [
  'scan_web',
  'scan_email',
  'scan_dlp',
  'scan_audit',
  'fwaas_logs',
  'saa_logs',
] as const;
export type LogType = (typeof LOG_TYPES)[number];

export const LOG_ROUTES = ['audit', 'dlp', 'email', 'firewall', 'web', 'saa'] as const;
export type LogRoute = (typeof LOG_ROUTES)[number];

export const LOG_ROUTE_TYPES: Readonly<Record<LogRoute, LogType>> = {
  audit: 'scan_audit',
  dlp: 'scan_dlp',
  email: 'scan_email',
  firewall: 'fwaas_logs',
  web: 'scan_web',
  saa: 'saa_logs',
};

/**
 * The permission item of each route: the logs permission is `logs:<item>:*`. The items are the
 * ones portal-core §2 lists under logs:* (web, email, audit, dlp, fwaas_logs, saa_logs) and the
 * demo roles grant (LOG_GROUPS in api/contract/demo.ts).
 */
export const LOG_ROUTE_PERMISSION_ITEMS: Readonly<Record<LogRoute, string>> = {
  audit: 'audit',
  dlp: 'dlp',
  email: 'email',
  firewall: 'fwaas_logs',
  web: 'web',
  saa: 'saa_logs',
};

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
