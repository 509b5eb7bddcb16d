import { characterLength } from './characterLength';
import { isEmptyValue, type ValidationErrorKey } from './errorKeys';

/** http(s) URL length limits (docs/shared-ui.md §10, §10), in characters (see characterLength). */
export const URL_MIN_LENGTH = 8;
export const URL_MAX_LENGTH = 2048;

/** URI must start with http:// or https:// (scheme case-insensitive) [invalidUriStartsWith]. */
export function uriStartsWithHttp(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return /^https?:\/\//i.test(value) ? null : 'invalidUriStartsWith';
}

/** Control characters (general category Cc): C0 U+0000–U+001F, DEL U+007F and C1 U+0080–U+009F. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Whether a parsed URL's host names a host: an IP address (IPv6 in brackets), or labels none of
 * which starts or ends with a hyphen. The URL parser itself accepts '-.com' and 'a-.example'.
 */
function hasValidHost(url: URL): boolean {
  const host = url.hostname;
  if (host === '') return false;
  if (host.startsWith('[')) return true;
  return host.split('.').every((label) => !label.startsWith('-') && !label.endsWith('-'));
}

/**
 * An http(s) URL [invalidUriStartsWith when the scheme is missing or another one; invalidUrl when
 * it is shorter than 8 or longer than 2048 characters, contains whitespace or a control character
 * (C0, DEL, C1: the URL parser would drop or percent-encode them silently), has no host, or has a
 * host label that starts or ends with a hyphen]. 'http://a' (8 characters) is the shortest valid URL.
 */
export function httpUrl(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  const scheme = uriStartsWithHttp(value);
  if (scheme) return scheme;
  const length = characterLength(value);
  if (length < URL_MIN_LENGTH || length > URL_MAX_LENGTH) return 'invalidUrl';
  if (/\s/.test(value) || CONTROL_CHARACTER.test(value)) return 'invalidUrl';
  try {
    return hasValidHost(new URL(value)) ? null : 'invalidUrl';
  } catch {
    return 'invalidUrl';
  }
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
