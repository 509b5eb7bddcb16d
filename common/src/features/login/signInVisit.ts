/**
 * Which visits are sign-in visits (issues 14, 15: a sign-in page's first load within 170 KB
 * gzipped). Each app's entry asks this before it loads anything heavy: a sign-in visit shows the
 * light sign-in page; any other visit loads the full app. Decided from what the browser already
 * knows, the scripts' cookies and the hash, never from a request.
 *
 * The cookies follow the server (server/src/http/sessions.ts): a tenant sign-in sets wb_uid (for
 * the idle time-out) and wb_xsrf (for the absolute session) together with the httpOnly wb_sid, and
 * logout clears all three; a provider sign-in sets gd_xsrf with the httpOnly gd_sid (both for the
 * browser session) and logout clears both. The tenant rule is the session saga's own
 * (`canStartSession`, docs/sessions.md §1): without those cookies the full app would not even ask for
 * the session and would go straight to its login route.
 *
 * Only pure modules are imported here: this runs in both entries before anything else loads.
 */
import Cookies from 'js-cookie';
import { PROVIDER_XSRF_COOKIE, USER_ID_COOKIE, XSRF_COOKIE } from '../../api/contract/wire';
import { isCloud, isManagementStation, type RuntimeEnv } from '../../env/runtimeEnv';

/** The login route of both apps (hash routed: `#/login?returnUrl=…`). */
export const SIGN_IN_HASH_PATH = '/login';

/**
 * A tenant session can start only if a user-id cookie exists, and on cloud and management station
 * also a non-empty xsrf cookie (docs/sessions.md §1).
 */
export function hasTenantSessionCookies(env: RuntimeEnv): boolean {
  if (!Cookies.get(USER_ID_COOKIE)) return false;
  if (isCloud(env) || isManagementStation(env)) return Boolean(Cookies.get(XSRF_COOKIE));
  return true;
}

/** The provider console's session cookie pair is there (gd_xsrf is the half scripts can see). */
export const hasProviderSessionCookies = (): boolean => Boolean(Cookies.get(PROVIDER_XSRF_COOKIE));

/** The path of a hash route ('#/login?returnUrl=%2Ffwaas' → '/login'; '' and '#' → '/'). */
export function hashPath(hash: string): string {
  const route = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = route.indexOf('?');
  const path = q < 0 ? route : route.slice(0, q);
  return path === '' ? '/' : path;
}

/** The query of a hash route ('#/login?returnUrl=%2Ffwaas' → returnUrl=/fwaas). */
export function hashQuery(hash: string): URLSearchParams {
  const q = hash.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : hash.slice(q + 1));
}

/**
 * The hashes a signed-out visitor signs in at: the start page (which the full app sends to the
 * login route) and the login route itself. A deep link or the logout page (its time-out message)
 * loads the full app as before, which sends a signed-out visitor to the login route itself.
 */
export function isSignInHash(hash: string): boolean {
  const path = hashPath(hash);
  return path === '/' || path === SIGN_IN_HASH_PATH;
}

export const isTenantSignInVisit = (env: RuntimeEnv, hash: string): boolean =>
  !hasTenantSessionCookies(env) && isSignInHash(hash);

export const isProviderSignInVisit = (hash: string): boolean =>
  !hasProviderSessionCookies() && isSignInHash(hash);
