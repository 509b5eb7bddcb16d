/**
 * Pure helpers of the login route (docs/sessions.md §2 "Login route behaviour").
 */
import type { AuthParams } from '@workbench/common/api/contract/auth';
import { LOGIN_AREA_PATH } from '@workbench/common/api/contract/wire';

/** A returnUrl starting with /docs leaves the app: it is a full page load. */
export const isFullPageReturnUrl = (returnUrl: string): boolean => returnUrl.startsWith('/docs');

/**
 * force_udb is taken from the query string when its value is true or empty (`?force_udb` or
 * `?force_udb=true`); otherwise it is not sent.
 */
export function forceUdbFromQuery(params: URLSearchParams): boolean | undefined {
  if (!params.has('force_udb')) return undefined;
  const value = params.get('force_udb');
  return value === 'true' || value === '' ? true : undefined;
}

/**
 * The hash route a full page load comes back to: the portal is hash-routed, so a portal path
 * (e.g. '/logs/web?interval=7d') becomes '/#/logs/web?interval=7d'.
 */
export const portalUrlFor = (hashPath: string): string => `/#${hashPath}`;

/** The on-prem appliance login (the separately loaded login area): `/login/#/?returnUrl=…`. */
export function applianceLoginUrl(returnUrl: string | null): string {
  const target = returnUrl ? portalUrlFor(returnUrl) : '/';
  return `${LOGIN_AREA_PATH}#/?${new URLSearchParams({ returnUrl: target }).toString()}`;
}

export interface RedirectFormField {
  name: string;
  value: string;
}

/**
 * The fields of the hidden POST form of the cloud login: redirect_uri (with '#' + returnUrl when
 * given, so the deep link survives the round trip), client_id, csrf_token and scope, plus the
 * optional id_token_hint and force_udb.
 */
export function redirectFormFields(
  params: AuthParams,
  returnUrl: string | null,
  forceUdb?: boolean,
): RedirectFormField[] {
  const fields: RedirectFormField[] = [
    { name: 'redirect_uri', value: returnUrl ? `${params.redirect_uri}#${returnUrl}` : params.redirect_uri },
    { name: 'client_id', value: params.client_id },
    { name: 'csrf_token', value: params.csrf_token },
    { name: 'scope', value: params.scope },
  ];
  if (params.id_token_hint) fields.push({ name: 'id_token_hint', value: params.id_token_hint });
  if (forceUdb) fields.push({ name: 'force_udb', value: 'true' });
  return fields;
}
