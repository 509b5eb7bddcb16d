/**
 * IPv4/IPv6 helpers (docs/shared-ui.md §11 Helpers, §11). The throwing helpers throw exactly
 * 'Invalid ip address', 'invalid CIDR input' or 'invalid CIDR subnet' on malformed input.
 *
 * Decisions: an IPv4 address is four decimal octets 0–255 without leading zeros ("010" is
 * refused: some tools read it as octal, so it is ambiguous); 0.0.0.0 and 255.255.255.255 are
 * well-formed addresses. Ranges are inclusive at both ends.
 */

export const INVALID_IP_ADDRESS = 'Invalid ip address';
export const INVALID_CIDR_INPUT = 'invalid CIDR input';
export const INVALID_CIDR_SUBNET = 'invalid CIDR subnet';

/** IPv4 CIDR prefix limits for the CIDR validator (docs/shared-ui.md §11: 1 to 32). */
export const IPV4_CIDR_MIN_PREFIX = 1;
export const IPV4_CIDR_MAX_PREFIX = 32;
/** IPv6 CIDR prefix limits (docs/shared-ui.md §11: 32 to 128). */
export const IPV6_CIDR_MIN_PREFIX = 32;
export const IPV6_CIDR_MAX_PREFIX = 128;

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4_PATTERN = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/** Well-formed dotted-quad IPv4 address (no leading zeros, no spaces). */
export function isIPv4(value: string): boolean {
  return IPV4_PATTERN.test(value);
}

/** The address as an unsigned 32-bit number. Throws 'Invalid ip address' when malformed. */
export function ipv4ToNumber(ip: string): number {
  if (!isIPv4(ip)) throw new Error(INVALID_IP_ADDRESS);
  return ip.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
}

/** The dotted-quad form of an unsigned 32-bit number. Throws 'Invalid ip address' outside 0..2^32-1. */
export function numberToIpv4(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new Error(INVALID_IP_ADDRESS);
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** The 8 16-bit groups of an IPv6 address (:: compression and a trailing IPv4 allowed), or null. */
export function parseIPv6(value: string): number[] | null {
  if (!/^[0-9A-Fa-f:.]+$/.test(value)) return null;
  const halves = value.split('::');
  if (halves.length > 2) return null;
  const parseSide = (side: string): number[] | null => {
    if (side === '') return [];
    const parts = side.split(':');
    const groups: number[] = [];
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i];
      if (i === parts.length - 1 && part.includes('.')) {
        if (!isIPv4(part)) return null;
        const n = ipv4ToNumber(part);
        groups.push(Math.floor(n / 65536), n % 65536);
      } else if (/^[0-9A-Fa-f]{1,4}$/.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parseSide(halves[0]);
  if (head === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const tail = parseSide(halves[1]);
  if (tail === null) return null;
  // An IPv4 part may only end the address.
  if (halves[0].includes('.')) return null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

export function isIPv6(value: string): boolean {
  return parseIPv6(value) !== null;
}

/** An inclusive IPv4 range as numbers. */
export interface Ipv4Range {
  start: number;
  end: number;
}

/**
 * The prefix length of a dotted netmask, e.g. 255.255.255.0 → 24. Throws 'Invalid ip address'
 * for a malformed address and 'invalid CIDR subnet' for a mask whose one-bits are not contiguous.
 */
export function maskToPrefix(mask: string): number {
  const value = ipv4ToNumber(mask);
  for (let prefix = 0; prefix <= 32; prefix += 1) {
    if (prefixMaskNumber(prefix) === value) return prefix;
  }
  throw new Error(INVALID_CIDR_SUBNET);
}

/** The dotted netmask of a prefix length, e.g. 24 → 255.255.255.0. Throws 'invalid CIDR subnet' outside 0..32. */
export function prefixToMask(prefix: number): string {
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 32) throw new Error(INVALID_CIDR_SUBNET);
  return numberToIpv4(prefixMaskNumber(prefix));
}

function prefixMaskNumber(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff - (2 ** (32 - prefix) - 1)) >>> 0;
}

/**
 * `address/prefix`: the prefix is 1 to 3 decimal digits without a leading zero ("0" itself is
 * fine), like the octets of an address ("/08" is refused: ambiguous, as "010" is).
 */
const CIDR_PATTERN = /^([^/\s]+)\/(0|[1-9]\d{0,2})$/;

/**
 * The address text and prefix number of `address/prefix` text, or null when it is not of that
 * shape (see CIDR_PATTERN). Neither the address nor the prefix's range is checked here.
 */
export function splitCidr(text: string): { address: string; prefix: number } | null {
  const match = CIDR_PATTERN.exec(text);
  return match ? { address: match[1], prefix: Number(match[2]) } : null;
}

/**
 * The inclusive address range of an IPv4 CIDR, e.g. 10.0.0.0/8. Host bits in the address are
 * allowed (10.1.2.3/8 is the same network). Throws 'invalid CIDR input' unless the text is
 * `address/prefix` with a well-formed address and a prefix without leading zeros, and
 * 'invalid CIDR subnet' unless the prefix is 0..32.
 */
export function cidrToRange(cidr: string): Ipv4Range {
  const parts = splitCidr(cidr);
  if (!parts || !isIPv4(parts.address)) throw new Error(INVALID_CIDR_INPUT);
  if (parts.prefix > 32) throw new Error(INVALID_CIDR_SUBNET);
  const size = 2 ** (32 - parts.prefix);
  const start = Math.floor(ipv4ToNumber(parts.address) / size) * size;
  return { start, end: start + size - 1 };
}

/**
 * An IPv4 range from text: a single address, `start-end` (spaces around the hyphen allowed), or a
 * CIDR. Throws 'Invalid ip address' (bad address or start above end) or the CIDR errors.
 */
export function parseIpv4Range(text: string): Ipv4Range {
  const value = text.trim();
  if (value.includes('/')) return cidrToRange(value);
  const parts = value.split('-').map((part) => part.trim());
  if (parts.length === 1) {
    const n = ipv4ToNumber(parts[0]);
    return { start: n, end: n };
  }
  if (parts.length !== 2) throw new Error(INVALID_IP_ADDRESS);
  const start = ipv4ToNumber(parts[0]);
  const end = ipv4ToNumber(parts[1]);
  if (start > end) throw new Error(INVALID_IP_ADDRESS);
  return { start, end };
}

/** Whether two IPv4 ranges (text as for parseIpv4Range, or numeric ranges) share at least one address. */
export function rangesOverlap(a: string | Ipv4Range, b: string | Ipv4Range): boolean {
  const first = typeof a === 'string' ? parseIpv4Range(a) : a;
  const second = typeof b === 'string' ? parseIpv4Range(b) : b;
  return first.start <= second.end && second.start <= first.end;
}

const PRIVATE_RANGES: readonly Ipv4Range[] = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map(
  cidrToRange,
);

/** Whether an IPv4 address lies in 10/8, 172.16/12 or 192.168/16. Throws 'Invalid ip address' when malformed. */
export function isPrivateIPv4(ip: string): boolean {
  const n = ipv4ToNumber(ip);
  return PRIVATE_RANGES.some((range) => n >= range.start && n <= range.end);
}

/**
 * Special-purpose IPv4 blocks that are not an ordinary host address (our reading of the spec's
 * "non-standard IP"): "this network" 0/8, loopback 127/8, link-local 169.254/16, multicast 224/4
 * and reserved 240/4 (which holds the broadcast 255.255.255.255).
 */
const SPECIAL_RANGES: readonly Ipv4Range[] = [
  '0.0.0.0/8',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map(cidrToRange);

/** Whether a well-formed IPv4 address is special-purpose (see SPECIAL_RANGES). Throws 'Invalid ip address' when malformed. */
export function isSpecialPurposeIPv4(ip: string): boolean {
  const n = ipv4ToNumber(ip);
  return SPECIAL_RANGES.some((range) => n >= range.start && n <= range.end);
}

/**
 * Truncates (never rounds) a number to two decimals: 1.239 → 1.23, -1.239 → -1.23. Guards
 * against binary artefacts (0.29 * 100 is 28.999…, yet 0.29 stays 0.29).
 */
export function truncateToTwoDecimals(value: number): number {
  if (!Number.isFinite(value)) return value;
  const scaled = Number((value * 100).toPrecision(15));
  const truncated = Math.trunc(scaled) / 100;
  return Object.is(truncated, -0) ? 0 : truncated;
}
