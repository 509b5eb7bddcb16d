/**
 * Names shared by the server and the browser: cookies, headers and the runtime
 * environment object the server injects into each app's index.html.
 */

/** Readable by scripts: the app starts a session only when it exists (docs/sessions.md §1). Holds the uid. */
export const USER_ID_COOKIE = 'wb_uid';
/** Readable by scripts: echoed back in XSRF_HEADER on every state-changing request. */
export const XSRF_COOKIE = 'wb_xsrf';
/** httpOnly: the server-side session id of a tenant user. */
export const SESSION_COOKIE = 'wb_sid';

/** The provider console's own world: separate cookies, separate sessions. */
export const PROVIDER_SESSION_COOKIE = 'gd_sid';
export const PROVIDER_XSRF_COOKIE = 'gd_xsrf';

export const XSRF_HEADER = 'x-xsrf-token';
/** Set by a caller that handles 403 itself (the portal-version read): no snackbar. Client-side marker only. */
export const SKIP_403_HEADER = 'x-skip-403';

/** Deployments and modes of docs/product.md §2/§2. */
export const DEPLOYMENTS = ['ec2', 'on_prem', 'dev'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];
export const MODES = [
  'management_station',
  'safeview',
  'safeview_isolation',
  'safeview_proxy',
  'safemail',
  'safemail_worker',
] as const;
export type Mode = (typeof MODES)[number];

/** The location path of the appliance-settings pages (the server serves the tenant portal there). */
export const APPLIANCE_SETTINGS_PREFIX = '/appliance-settings';

/** What the server writes into index.html as `window.__WORKBENCH_ENV__`. */
export interface InjectedEnv {
  deployment: Deployment;
  /** Only meaningful on_prem; null elsewhere. */
  mode: Mode | null;
  /** Inactivity logout in days (docs/sessions.md §4), configurable on the server. */
  inactivityTimeoutDays: number;
  /** API response time-out in ms (docs/sessions.md §4: from app configuration). */
  apiTimeoutMs: number;
  /**
   * Where the separate insights application lives (docs/sessions.md §6: a full page load), or null when
   * this deployment has none: the insights area is then unavailable, not a dead link.
   */
  insightsUrl: string | null;
}
export const INJECTED_ENV_GLOBAL = '__WORKBENCH_ENV__';
/** The marker in each app's index.html that the server replaces with the env script. */
export const INJECTED_ENV_MARKER = '<!--workbench-env-->';

/** The separately loaded login area (docs/shared-ui.md §1 Login page), hosted by the server. */
export const LOGIN_AREA_PATH = '/login/';
