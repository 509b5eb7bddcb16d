/**
 * IP restrictions (docs/provider-console.md §3 Tenant "IP restrictions"): the provider keeps, per tenant,
 * whether they are on and the allowed IPv4 addresses and ranges (the `ip_restrictions` document of
 * providerTenants.ts). While on, the tenant API answers a session or API token calling from any
 * other address with 403, this message and the address as the server sees it in
 * IP_RESTRICTED_FIELD; sign-out, the user info and the session refresh still answer, so the portal
 * can say why and let the user sign out. Decisions (which address counts behind proxies):
 * docs/ip-restrictions.md.
 */
export const IP_RESTRICTED_FIELD = 'ip_restricted';

export const ipRestrictedMessage = (ip: string): string =>
  `Access from ${ip} is not allowed: this tenant's IP restrictions admit only the addresses its provider listed. Ask your provider to add this address, or connect from an allowed network.`;

/** The address a 403 body names as refused by the IP restrictions, or null. */
export function ipRestrictedOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[IP_RESTRICTED_FIELD];
  return typeof value === 'string' ? value : null;
}
