/**
 * Whether an IP address is one the product must not reach for a user's URL: every range but the
 * public unicast one (ipaddr.js names them: loopback, private, linkLocal, uniqueLocal, carrierGradeNat,
 * multicast, unspecified, broadcast, reserved…), an IPv4-mapped IPv6 address judged as its IPv4.
 * Shared by the URL rule (literal hosts) and the server's outgoing-connection guard (resolved
 * addresses, server/src/net/).
 */
import ipaddr from 'ipaddr.js';

/** The one range a destination may be in. */
const PUBLIC_RANGE = 'unicast';

/** A text that is not an IP address is not judged here (a host name): false. */
export function isNonPublicAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  let address = ipaddr.parse(text);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  return address.range() !== PUBLIC_RANGE;
}
