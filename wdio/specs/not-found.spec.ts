import { browser, expect } from '@wdio/globals';
import { notFoundPage } from '../pageobjects/NotFoundPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { DEMO_PASSWORD } from '../support/testEnv';

describe('Unknown paths', () => {
  it('an unknown path shows the 404 page texts', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD);
    await waitForPortalRoute('#/dashboard');
    await browser.url('/#/no-such-area/anywhere');

    await notFoundPage.waitForDisplayed();
    await expect(notFoundPage.heading).toHaveText('Oops!');
    await expect(notFoundPage.subheading).toHaveText('Error 404 - Page Not Found');
    await expect(notFoundPage.text).toHaveText(expect.stringContaining('does not exist'));
  });
});
