/**
 * IP restrictions enforced (issue 33 point 5): the provider's `ip_restrictions` document of a
 * tenant (enabled, allowed IPv4 addresses and CIDR ranges) decides which client addresses the
 * tenant's sessions and API tokens may call from. The client address is Fastify's `request.ip`:
 * the connection's peer, or, behind the reverse proxies named in WORKBENCH_TRUST_PROXY, the
 * address they put in X-Forwarded-For (docs/ip-restrictions.md). Parsing and range matching are
 * ipaddr.js's (the library Fastify's own proxy handling uses). The guard reads the document with
 * the tenant's admin_access_control in one query (http/tenantAccess.ts).
 */
import ipaddr from 'ipaddr.js';
import { tenantDocumentDef, type TenantDocument } from '@workbench/common/api/contract/providerTenants';
import { docEntity } from '../provider/tenantRouteKit';

export type IpRestrictions = TenantDocument<'ip_restrictions'>;

/** Where the provider's document of a tenant is stored (the tenant routes' document entity). */
export const IP_RESTRICTIONS_ENTITY = docEntity('ip_restrictions');

/** The tenant's document as the provider saved it (the defaults, off, before the first save). */
export const ipRestrictionsFrom = (stored: Record<string, unknown> | undefined): IpRestrictions =>
  (stored as IpRestrictions | undefined) ?? (tenantDocumentDef('ip_restrictions').defaults as IpRestrictions);

/** An address as IPv4 where it is one (`::ffff:10.0.0.1` is 10.0.0.1), else as it parses; null when it does not. */
function clientAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(ip);
  } catch {
    return null;
  }
}

/** A list entry as a range: an address is its own /32 (/128); an IPv4-mapped IPv6 range is its IPv4 one. */
function rangeOf(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  try {
    const text = entry.trim();
    const [range, bits] = text.includes('/') ? ipaddr.parseCIDR(text) : [ipaddr.parse(text), -1];
    const prefix = bits === -1 ? (range.kind() === 'ipv4' ? 32 : 128) : bits;
    if (range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96)
      return [(range as ipaddr.IPv6).toIPv4Address(), prefix - 96];
    return [range, prefix];
  } catch {
    return null;
  }
}

/**
 * Whether `ip` is one of `allowed` (addresses and CIDR ranges, IPv4 or IPv6; an address matches
 * ranges of its own kind only).
 */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  const address = clientAddress(ip);
  if (!address) return false;
  return allowed.some((entry) => {
    const range = rangeOf(entry);
    if (!range || range[0].kind() !== address.kind()) return false;
    return address.kind() === 'ipv4'
      ? (address as ipaddr.IPv4).match(range[0] as ipaddr.IPv4, range[1])
      : (address as ipaddr.IPv6).match(range[0] as ipaddr.IPv6, range[1]);
  });
}

/** The refused address when the restrictions are on and `ip` is outside them; else null. */
export function ipRefusal(restrictions: IpRestrictions, ip: string): string | null {
  if (!restrictions.enabled || ipAllowed(restrictions.allowed, ip)) return null;
  return ip;
}
