import { browser } from '@wdio/globals';
import { XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';

/**
 * A call of the product's own API with the signed-in browser's session and xsrf header: the
 * status and the JSON reply.
 */
export async function portalApi(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return browser.execute(
    async (m: string, u: string, b: string | null, xsrfCookie: string, xsrfHeader: string) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${xsrfCookie}=`))
          ?.split('=')[1] ?? '',
      );
      const r = await fetch(u, {
        method: m,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [xsrfHeader]: xsrf },
        ...(b === null ? {} : { body: b }),
      });
      return { status: r.status, json: (await r.json().catch(() => null)) as unknown };
    },
    method,
    url,
    body === undefined ? null : JSON.stringify(body),
    XSRF_COOKIE,
    XSRF_HEADER,
  );
}
