/**
 * The one return-URL check (open-redirect protection) of the login route, the logout page, the
 * login area, the provider console's login and the server's login form target: only a path on
 * this origin is followed. '/x' yes; '//host' and '/\host' (protocol-relative, as browsers read a
 * backslash like a slash), 'https://…', 'javascript:…', control characters: no.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  return value;
}

/** The query parameter that names where to go after signing in or out (`#/login?returnUrl=…`). */
export const RETURN_URL_PARAM = 'returnUrl';

/**
 * The one reader of the returnUrl parameter: its value in a query (URLSearchParams, or the text
 * after '?'), checked by safeReturnPath; null when absent or not a path on this origin.
 */
export function returnUrlOf(query: URLSearchParams | string): string | null {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  return safeReturnPath(params.get(RETURN_URL_PARAM));
}
