/**
 * Values shared by the wdio launcher (wdio.conf.ts) and the spec workers.
 */

/** The launcher puts the started server's base URL into this environment variable for the workers. */
export const BASE_URL_ENV = 'WORKBENCH_WDIO_BASE_URL';

/** The password of every demo account in the browser-test server (WORKBENCH_DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'wdio-Demo-pass-7!';

/** A password no demo account has. */
export const WRONG_PASSWORD = 'not-the-password-1';

/** The server's base URL, inside a worker. */
export function baseUrl(): string {
  const url = process.env[BASE_URL_ENV];
  if (!url) throw new Error(`${BASE_URL_ENV} is not set: run the specs through wdio.conf.ts.`);
  return url;
}
