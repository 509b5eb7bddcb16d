import { browser, expect } from '@wdio/globals';
import { PROVIDER_PATHS } from '@workbench/common/api/contract/provider';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { DEMO_PASSWORD } from '../support/testEnv';

/** The HTTP status of a GET from the page, with the page's cookies. */
const fetchStatus = async (path: string): Promise<number> =>
  browser.execute(async (url: string) => (await fetch(url, { credentials: 'same-origin' })).status, path);

describe('Provider console', () => {
  beforeEach(async () => {
    await forgetSession();
  });

  it('the operator signs in at /provider/ and sees the tenants list with acme and globex', async () => {
    await providerLoginPage.open();
    await expect(providerLoginPage.heading).toHaveText('Provider Console');
    await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);

    await providerShell.waitForDisplayed();
    await providerShell.waitForTenants(['acme', 'globex']);

    // A provider session is no tenant session.
    expect(await fetchStatus('/api/userinfo')).toBe(401);

    await providerShell.signOut();
    await providerLoginPage.waitForDisplayed();
    expect(await fetchStatus(PROVIDER_PATHS.me)).toBe(401);
  });

  it('a tenant session cannot call provider APIs', async () => {
    await signInToPortal('admin@acme.example', DEMO_PASSWORD);
    await waitForPortalRoute('#/dashboard');

    expect(await fetchStatus(PROVIDER_PATHS.me)).toBe(401);
    expect(await fetchStatus(PROVIDER_PATHS.tenants)).toBe(401);
  });
});
