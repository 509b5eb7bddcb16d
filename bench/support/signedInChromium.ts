/**
 * Debian's Chromium (headless, started by chrome-launcher; no browser downloaded) with a portal
 * session: puppeteer-core, connected to it, signs in through the real login form, so that pages
 * opened afterwards are a signed-in user's. Used by the Lighthouse and trace benches.
 */
import crypto from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';
import { loginIds, shellIds } from '@workbench/common/test-ids/index';
import { DEMO_PASSWORD } from '../../wdio/support/testEnv';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const byTestId = (id: string) => `[data-testid="${id}"]`;

export interface SignedInChromium {
  chrome: chromeLauncher.LaunchedChrome;
  browser: Browser;
}

/**
 * Chromium's flag that trusts the certificate `pem` (a loopback balancer's, self-signed) by its
 * public key, and no other certificate error.
 */
const trustCertificateFlag = (pem: string): string =>
  `--ignore-certificate-errors-spki-list=${crypto
    .createHash('sha256')
    .update(new crypto.X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64')}`;

export interface SignedInChromiumOptions {
  /** A certificate (PEM) the browser trusts as well: a loopback balancer's (bench/lighthouse.ts). */
  trustedCertificate?: string;
}

export async function signedInChromium(
  baseUrl: string,
  user: string,
  options: SignedInChromiumOptions = {},
): Promise<SignedInChromium> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      ...(options.trustedCertificate ? [trustCertificateFlag(options.trustedCertificate)] : []),
    ],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/#/login`);
    await page.waitForSelector(byTestId(loginIds.user));
    await page.type(byTestId(loginIds.user), user);
    await page.type(byTestId(loginIds.password), DEMO_PASSWORD);
    await page.click(byTestId(loginIds.submit));
    await page.waitForSelector(byTestId(shellIds.appBar), { timeout: 60_000 });
    await page.close();
    return { chrome, browser };
  } catch (error) {
    chrome.kill();
    throw error;
  }
}
