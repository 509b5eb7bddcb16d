import { isEmptyValue, type ValidationErrorKey } from './errorKeys';

/** http(s) URL length limits (§5, §9). */
export const URL_MIN_LENGTH = 8;
export const URL_MAX_LENGTH = 2048;

/** URI must start with http:// or https:// (scheme case-insensitive) [invalidUriStartsWith]. */
export function uriStartsWithHttp(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  return /^https?:\/\//i.test(value) ? null : 'invalidUriStartsWith';
}

/**
 * An http(s) URL [invalidUriStartsWith when the scheme is missing or another one; invalidUrl when
 * it is shorter than 8 or longer than 2048 characters, contains whitespace, or has no host].
 * 'http://a' (8 characters) is the shortest valid URL.
 */
export function httpUrl(value: string | null | undefined): ValidationErrorKey | null {
  if (isEmptyValue(value)) return null;
  const scheme = uriStartsWithHttp(value);
  if (scheme) return scheme;
  if (value.length < URL_MIN_LENGTH || value.length > URL_MAX_LENGTH || /\s/.test(value)) return 'invalidUrl';
  try {
    return new URL(value).hostname ? null : 'invalidUrl';
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
