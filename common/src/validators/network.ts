import { characterLength } from './characterLength';
import { isEmptyValue, type ValidationErrorKey } from './errorKeys';
import {
  IPV4_CIDR_MAX_PREFIX,
  IPV4_CIDR_MIN_PREFIX,
  IPV6_CIDR_MAX_PREFIX,
  IPV6_CIDR_MIN_PREFIX,
  ipv4ToNumber,
  isIPv4,
  isIPv6,
  isSpecialPurposeIPv4,
  splitCidr,
} from './ipHelpers';

/** Hostname limits (docs/shared-ui.md §10), in characters (see characterLength): up to 253 in all, each label up to 63. */
export const HOSTNAME_MAX_LENGTH = 253;
export const HOSTNAME_LABEL_MAX_LENGTH = 63;
/** E-mail address limits (RFC 5321), in characters: 254 in all, 64 before the @. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
/** Port limits (docs/shared-ui.md §12). */
export const PORT_MIN = 1;
export const PORT_MAX = 65535;

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const isHostnameLabel = (label: string): boolean =>
  characterLength(label) <= HOSTNAME_LABEL_MAX_LENGTH && LABEL.test(label);

/**
 * Hostname syntax (RFC 1123): labels of letters, digits and inner hyphens, 1–63 characters each,
 * 253 characters in all. Decisions: a single label ("intranet") is a hostname; a trailing dot is
 * refused (write the name without it); a name whose last label is all digits is refused, so
 * that a mistyped address like 10.0.0.300 is not taken for a hostname.
 */
export function isHostname(value: string): boolean {
  const length = characterLength(value);
  if (length === 0 || length > HOSTNAME_MAX_LENGTH) return false;
  const labels = value.split('.');
  if (!labels.every(isHostnameLabel)) return false;
  return !/^\d+$/.test(labels[labels.length - 1]);
}

/**
 * A top-level label: 2+ letters ("com"), or an IDNA A-label: "xn--" then letters, digits and
 * hyphens ("xn--p1ai" for .рф), case-insensitive. isHostname already bounds it to 63 characters
 * and refuses a trailing hyphen.
 */
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/i;

/** A domain name: a hostname of at least two labels with a top-level label (example.com, example.xn--p1ai). */
export function isDomain(value: string): boolean {
  if (!isHostname(value)) return false;
  const labels = value.split('.');
  return labels.length >= 2 && TOP_LEVEL_LABEL.test(labels[labels.length - 1]);
}

/** IPv4 [invalidIP]: four decimal octets 0–255, no leading zeros; 0.0.0.0 and 255.255.255.255 are valid. */
export function ipv4(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return isIPv4(value) ? null : 'invalidIP';
}

/**
 * A single IPv4 address or a range written `start-end` (spaces around the hyphen allowed)
 * [invalidIP when either address is malformed, invalidIpRange when start is not lower than end].
 * A "range" of one address (start = end) is refused: write the single address instead.
 * Whitespace before or after the whole value is refused [invalidIP], for a single address and a
 * range alike: like ipv4 and portOrPortRange, the validators check the value as it will be saved
 * and do not trim it (only the text length rules of docs/shared-ui.md §10 count "after trimming").
 */
export function ipOrIpRange(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  if (value !== value.trim()) return 'invalidIP';
  const parts = value.split('-').map((part) => part.trim());
  if (parts.length === 1) return isIPv4(value) ? null : 'invalidIP';
  if (parts.length !== 2 || !isIPv4(parts[0]) || !isIPv4(parts[1])) return 'invalidIP';
  return ipv4ToNumber(parts[0]) < ipv4ToNumber(parts[1]) ? null : 'invalidIpRange';
}

/** E-mail address [invalidEmail]: local part of the usual characters (no leading, trailing or double dot), @, a domain. */
export function email(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  const at = value.lastIndexOf('@');
  if (at <= 0 || characterLength(value) > EMAIL_MAX_LENGTH) return 'invalidEmail';
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const localOk =
    characterLength(local) <= EMAIL_LOCAL_PART_MAX_LENGTH &&
    /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local) &&
    !/^\.|\.$|\.\./.test(local);
  return localOk && isDomain(domain) ? null : 'invalidEmail';
}

/** Hostname [invalidHostname] (see isHostname). */
export function hostname(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return isHostname(value) ? null : 'invalidHostname';
}

/** Hostname or IPv4 address [invalidHostnameOrIp]. */
export function hostnameOrIp(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return isIPv4(value) || isHostname(value) ? null : 'invalidHostnameOrIp';
}

/** Domain name [invalidDomain] (see isDomain). */
export function domain(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return isDomain(value) ? null : 'invalidDomain';
}

/**
 * A destination that must be a standard domain name or a standard IPv4 address
 * [nonStandardDomainOrIP]. Our reading of "non-standard": a single-label name, a numeric
 * top-level label, or a special-purpose address (loopback, link-local, multicast, 0/8, 240/4,
 * broadcast) is refused, as is anything that is neither a domain nor an address.
 */
export function standardDomainOrIp(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  if (isIPv4(value)) return isSpecialPurposeIPv4(value) ? 'nonStandardDomainOrIP' : null;
  return isDomain(value) ? null : 'nonStandardDomainOrIP';
}

/**
 * A standard IPv4 host address [nonStandardIp when special-purpose: see standardDomainOrIp;
 * invalidIP when malformed].
 */
export function standardIp(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  if (!isIPv4(value)) return 'invalidIP';
  return isSpecialPurposeIPv4(value) ? 'nonStandardIp' : null;
}

const isPortNumber = (text: string): boolean =>
  /^\d{1,5}$/.test(text) && Number(text) >= PORT_MIN && Number(text) <= PORT_MAX;

/**
 * A port or a port range [invalidPortOrPortRange]: 1 to 5 digits, or two such numbers joined by a
 * hyphen; each port 1–65535 (0 and 65536 are refused); a range's start must be lower than its end.
 */
export function portOrPortRange(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  const parts = value.split('-');
  if (parts.length > 2 || !parts.every(isPortNumber)) return 'invalidPortOrPortRange';
  return parts.length === 2 && Number(parts[0]) >= Number(parts[1]) ? 'invalidPortOrPortRange' : null;
}

/**
 * `host:port` [invalidHostnameOrIp for the host, invalidPort for the port]: the valid port is 1 to
 * 65535 after the (last) colon.
 */
export function hostAndPort(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  const colon = value.lastIndexOf(':');
  if (colon < 0) return 'invalidPort';
  const host = value.slice(0, colon);
  if (!isIPv4(host) && !isHostname(host)) return 'invalidHostnameOrIp';
  return isPortNumber(value.slice(colon + 1)) ? null : 'invalidPort';
}

/** IPv4 CIDR `address/prefix` with prefix 1 to 32, no leading zero [invalidCidr]. */
export function ipv4Cidr(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  const parts = splitCidr(value);
  if (!parts || !isIPv4(parts.address)) return 'invalidCidr';
  return parts.prefix >= IPV4_CIDR_MIN_PREFIX && parts.prefix <= IPV4_CIDR_MAX_PREFIX ? null : 'invalidCidr';
}

/** IPv6 CIDR `address/prefix` with prefix 32 to 128, no leading zero [invalidCidr]. */
export function ipv6Cidr(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  const parts = splitCidr(value);
  if (!parts || !isIPv6(parts.address)) return 'invalidCidr';
  return parts.prefix >= IPV6_CIDR_MIN_PREFIX && parts.prefix <= IPV6_CIDR_MAX_PREFIX ? null : 'invalidCidr';
}
