/**
 * IP restrictions enforced (issue 33 point 5): the provider's `ip_restrictions` document of a
 * tenant (enabled, allowed IPv4 addresses and CIDR ranges) decides which client addresses the
 * tenant's sessions and API tokens may call from. The client address is Fastify's `request.ip`:
 * the connection's peer, or, behind the reverse proxies named in WORKBENCH_TRUST_PROXY, the
 * address they put in X-Forwarded-For (docs/ip-restrictions.md). Parsing and range matching are
 * ipaddr.js's (the library Fastify's own proxy handling uses).
 */
import ipaddr from 'ipaddr.js';
import { tenantDocumentDef, type TenantDocument } from '@workbench/common/api/contract/providerTenants';
import type { ServerContext } from '../context';
import { docEntity } from '../provider/tenantRouteKit';

type IpRestrictions = TenantDocument<'ip_restrictions'>;

/** The tenant's document as the provider saved it (the defaults, off, before the first save). */
export async function ipRestrictionsOf(ctx: ServerContext, tid: string): Promise<IpRestrictions> {
  const stored = await ctx.store.entities.get(docEntity('ip_restrictions'), tid);
  return (
    (stored?.data as IpRestrictions | undefined) ??
    (tenantDocumentDef('ip_restrictions').defaults as IpRestrictions)
  );
}

/** An address as IPv4 where it is one (`::ffff:10.0.0.1` is 10.0.0.1), else as it parses; null when it does not. */
function clientAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(ip);
  } catch {
    return null;
  }
}

/** Whether `ip` is one of `allowed` (addresses and CIDR ranges; an address is its own /32). */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  const address = clientAddress(ip);
  if (!address || address.kind() !== 'ipv4') return false;
  return allowed.some((entry) => {
    try {
      const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), 32];
      return range.kind() === 'ipv4' && (address as ipaddr.IPv4).match(range as ipaddr.IPv4, bits);
    } catch {
      return false;
    }
  });
}

/** The refused address when the tenant's restrictions are on and `ip` is outside them; else null. */
export async function ipRefusal(ctx: ServerContext, tid: string, ip: string): Promise<string | null> {
  const restrictions = await ipRestrictionsOf(ctx, tid);
  if (!restrictions.enabled || ipAllowed(restrictions.allowed, ip)) return null;
  return ip;
}
