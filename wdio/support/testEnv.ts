/**
 * Values shared by the wdio launcher (wdio.conf.ts) and the spec workers.
 */

/** The launcher puts the started server's base URL into this environment variable for the workers. */
export const BASE_URL_ENV = 'WORKBENCH_WDIO_BASE_URL';

/** The password of every demo account in the browser-test server (WORKBENCH_DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'wdio-Demo-pass-7!';

/**
 * Demo events the browser-test server creates on its first start (WORKBENCH_DEMO_EVENTS, the
 * server's default): logs.spec pages past row 350 of a month of acme's blocked web events, which
 * needs this many. The launcher waits until all of them are stored before any spec runs.
 */
export const DEMO_EVENTS = 200_000;

/** Where Chromium saves downloads (the logs export), emptied by the spec that downloads. */
export const DOWNLOAD_DIR = '/tmp/workbench-wdio-downloads';

/** A password no demo account has. */
export const WRONG_PASSWORD = 'not-the-password-1';

/** The server's base URL, inside a worker. */
export function baseUrl(): string {
  const url = process.env[BASE_URL_ENV];
  if (!url) throw new Error(`${BASE_URL_ENV} is not set: run the specs through wdio.conf.ts.`);
  return url;
}
