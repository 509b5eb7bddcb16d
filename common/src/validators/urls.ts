import { characterLength } from './characterLength';
import { isEmptyValue, type ValidationErrorKey } from './errorKeys';
import { isNonPublicAddress } from './publicAddress';

/** http(s) URL length limits (docs/shared-ui.md §10, §10), in characters (see characterLength). */
export const URL_MIN_LENGTH = 8;
export const URL_MAX_LENGTH = 2048;

/** URI must start with http:// or https:// (scheme case-insensitive) [invalidUriStartsWith]. */
export function uriStartsWithHttp(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return /^https?:\/\//i.test(value) ? null : 'invalidUriStartsWith';
}

/**
 * Control (Cc: C0, DEL, C1) and format (Cf: U+200B, U+202E right-to-left override, U+FEFF…)
 * characters: the URL parser would drop or percent-encode them silently, and a format character
 * shows the address other than it is.
 */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

/**
 * Characters the URL parser percent-encodes or rewrites without a word, so that the address it
 * answers is not the one written: a backslash (read as a slash: `https://a.example\@evil.example/`
 * goes to a.example for one parser and evil.example for another), `<`, `>`, `"`, a backtick.
 */
const REWRITTEN = /[\\<>"`]/;

/** A host name after the parser's IDNA step: ASCII letters, digits, hyphen, underscore and dots. */
const HOST_NAME = /^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+\.?$/;

/**
 * Whether a parsed URL's host names a host: an IP address (IPv6 in brackets), or labels none of
 * which starts or ends with a hyphen and with no character a host name does not have (the parser
 * itself accepts '-.com', 'a-.example' and '*.example').
 */
function hasValidHost(url: URL): boolean {
  const host = url.hostname;
  if (host === '') return false;
  if (host.startsWith('[')) return true;
  if (!HOST_NAME.test(host)) return false;
  return host.split('.').every((label) => !label.startsWith('-') && !label.endsWith('-'));
}

/**
 * The authority as written (between '//' and the first '/', '?' or '#'): the parser drops an empty
 * user-info ('https://@a.example') and so hides it.
 */
const authorityOf = (value: string): string => value.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0] ?? '';

/**
 * The one rule for an http(s) URL a user gives (feed, logo, list and profile addresses), on the
 * client and the server alike [invalidUriStartsWith when the scheme is missing or another one;
 * invalidUrl when it is shorter than 8 or longer than 2048 characters, has whitespace, a control or
 * format character, a backslash, an unescaped '<', '>', '"' or backtick, more slashes after the
 * scheme, an empty user-info ('@' alone), port 0, no host, or a host with a character a host name
 * does not have or a label that starts or ends with a hyphen]. 'http://a' (8 characters) is the
 * shortest valid URL. The WHATWG URL parser reads it; the rules above refuse what it would
 * silently rewrite.
 */
export function httpUrl(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  const scheme = uriStartsWithHttp(value);
  if (scheme) return scheme;
  const length = characterLength(value);
  if (length < URL_MIN_LENGTH || length > URL_MAX_LENGTH) return 'invalidUrl';
  if (/\s/.test(value) || CONTROL_OR_FORMAT.test(value) || REWRITTEN.test(value)) return 'invalidUrl';
  // 'https:///a.example': the parser skips the extra slashes.
  if (/^https?:\/\/\//i.test(value)) return 'invalidUrl';
  const authority = authorityOf(value);
  if (authority.startsWith('@') || authority.includes(':@')) return 'invalidUrl';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalidUrl';
  }
  if (url.port === '0') return 'invalidUrl';
  return hasValidHost(url) ? null : 'invalidUrl';
}

/** An https URL: the http(s) rule, and the scheme https [invalidUriStartsWith otherwise]. */
export function httpsUrl(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  if (!/^https:\/\//i.test(value)) return 'invalidUriStartsWith';
  return httpUrl(value);
}

/**
 * An http(s) URL whose host is not written as a non-public address: not 'localhost', not an IP
 * literal that is loopback, private, link-local (169.254.169.254 included), unique-local, CGNAT,
 * multicast, unspecified or reserved, in any spelling the parser accepts (it turns '0x7f.1' and
 * '2130706433' into 127.0.0.1, and IPv4-mapped IPv6 is judged as the IPv4) [invalidUrl]. For the
 * addresses the product fetches or sends its users to (feed and logo URLs). A name that resolves to
 * such an address is refused where the server connects (server/src/net/).
 */
export function publicHttpUrl(value: string | null | undefined): ValidationErrorKey | null {
  const key = httpUrl(value);
  if (key || isEmptyValue(value)) return key;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'invalidUrl';
  return isNonPublicAddress(host) ? 'invalidUrl' : null;
}

/**
 * Absolute path of slash-separated segments of letters, digits, hyphen and underscore [invalidPath]:
 * '/api/v1_x'. Decisions: the root '/' alone is valid; one trailing slash is allowed ('/api/');
 * empty segments ('//'), dots, spaces, '%' escapes and query strings are refused.
 */
export function absolutePath(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return /^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\/?)?$/.test(value) ? null : 'invalidPath';
}
