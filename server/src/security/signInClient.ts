/**
 * The client a sign-in is counted for (the sign-in budget, security/loginRateLimit.ts, and the
 * lockout, security/loginAttempt.ts): Fastify's `request.ip` (the socket's peer, or behind the
 * proxies of WORKBENCH_TRUST_PROXY the address they forward) in one canonical form, so that one
 * client cannot count as many by spelling its address differently:
 * - IPv4 as ipaddr.js reads it (the library Fastify's proxy handling uses; inet_aton's forms):
 *   `007.007.007.007`, `::ffff:7.7.7.7` and `7.7.7.7` are one client, `7.7.7.7`;
 * - IPv6 by its /64 (one subscriber's network: a host picks any of its 2^64 addresses freely),
 *   written `2001:db8:1:3::/64`; a zone (`%eth0`) is dropped;
 * - anything else (a proxy forwarding a client's own header text) is no address: the sign-in is
 *   refused with 400 rather than counted under a key the client chose.
 */
import ipaddr from 'ipaddr.js';
import { ApiHttpError } from '../http/errors';

/** The IPv6 prefix one client is counted by. */
export const SIGN_IN_IPV6_PREFIX = 64;
export const NOT_AN_ADDRESS_MSG =
  'The client address is not an IP address: the reverse proxy must forward the client’s address.';

/** The canonical client key of an address, or null when it is not an IP address. */
export function signInClientKey(ip: string): string | null {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return null;
  }
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, SIGN_IN_IPV6_PREFIX / 16);
  const network = new ipaddr.IPv6([...parts, 0, 0, 0, 0]);
  return `${network.toString()}/${SIGN_IN_IPV6_PREFIX}`;
}

/** The request's client key; a 400 when its address is not an IP address. */
export function signInClientOf(request: { ip: string }): string {
  const key = signInClientKey(request.ip);
  if (key === null) throw new ApiHttpError(400, NOT_AN_ADDRESS_MSG);
  return key;
}
