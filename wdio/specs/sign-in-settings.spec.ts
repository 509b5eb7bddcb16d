/**
 * Settings › Sign-in settings (docs/sign-in-settings.md), end to end: acme's administrator uploads
 * an identity provider's metadata made by independent tools in this spec (openssl for the key and
 * certificate, xmlsec1 for the signature: server/src/identity/testing/independentPki.ts), and the
 * page lists its entity id, as the server parsed it; an unsigned copy is refused with the reason.
 * Settings › Two-factor Users lists acme's administrators.
 * With WDIO_SCREENSHOTS set, both pages at 1400 and 800 px, light and dark, go to
 * /tmp/sign-in-settings-*.png and /tmp/two-factor-users-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { $, browser, expect } from '@wdio/globals';
import { navItemId } from '@workbench/common/test-ids/index';
import { signInSettingsIds as ids } from '@workbench/common/test-ids/signInSettingsIds';
import { twoFactorUsersIds } from '@workbench/common/test-ids/twoFactorUsersIds';
import {
  HTTP_POST,
  makeTestPki,
  metadataXml,
  signedMetadata,
  type TestPki,
} from '../../server/src/identity/testing/independentPki';
import { byTestId } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';
import { screenshots } from '../support/theme';

const stamp = Date.now().toString(36);
const entityId = `https://idp-${stamp}.example.com/metadata`;

/** Chooses a file in the page's hidden metadata input (WebDriver types only into shown inputs). */
async function chooseMetadata(file: string): Promise<void> {
  const input = await byTestId(ids.metadataFile);
  await input.waitForExist();
  await browser.execute((el: HTMLElement) => {
    el.removeAttribute('hidden');
    el.style.display = 'block';
  }, input);
  await input.setValue(await browser.uploadFile(file));
}

describe('Sign-in settings', () => {
  let pki: TestPki | null = null;
  afterEach(() => {
    pki?.remove();
  });

  it("uploads an IdP's signed metadata and lists its entity id; unsigned metadata is refused with the reason", async () => {
    pki = makeTestPki();
    const options = {
      entityId,
      ssoUrls: [{ url: `https://idp-${stamp}.example.com/sso`, binding: HTTP_POST }],
      signingCerts: [pki.idp.pem],
    };
    const unsigned = path.join(pki.dir, 'unsigned.xml');
    fs.writeFileSync(unsigned, metadataXml(options, false));
    const signed = path.join(pki.dir, 'signed.xml');
    fs.writeFileSync(signed, signedMetadata(pki, options, pki.idp));

    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/sign-in');
    await waitForPortalRoute('#/settings/sign-in');
    await byTestId(ids.page).waitForDisplayed();
    await expect(byTestId(navItemId('settings-sign-in'))).toHaveText('Sign-in Settings');
    await byTestId(ids.spEntityId).waitForDisplayed({ timeoutMsg: 'Our entity id did not show.' });

    await chooseMetadata(unsigned);
    const refusal = byTestId(ids.metadataError);
    await refusal.waitForDisplayed({ timeoutMsg: 'The unsigned metadata was not refused.' });
    await expect(refusal).toHaveText(expect.stringContaining('The metadata is not signed'));

    await chooseMetadata(signed);
    const listed = $(
      `//*[starts-with(@data-testid, "${ids.idpEntityId}-")][normalize-space() = "${entityId}"]`,
    );
    await listed.waitForDisplayed({ timeoutMsg: 'The uploaded identity provider was not listed.' });
    await expect(refusal).not.toBeDisplayed();
    expect(await blockingViolations()).toEqual([]);
    await screenshots('sign-in-settings', () => listed.waitForDisplayed());

    // Leave acme as it was for the other specs: the identity provider goes again.
    await byTestId(ids.page).$(`button[aria-label="Remove the identity provider ${entityId}"]`).click();
    await listed.waitForExist({ reverse: true, timeoutMsg: 'The identity provider was not removed.' });
  });

  it('Two-factor Users lists the administrators with their second-factor state', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/two-factor-users');
    await waitForPortalRoute('#/settings/two-factor-users');
    await byTestId(twoFactorUsersIds.page).waitForDisplayed();
    const row = $(
      `//*[@data-testid="${twoFactorUsersIds.table}"]//*[@role="row"][contains(., "auditor@acme.example")]`,
    );
    await row.waitForDisplayed({ timeoutMsg: 'The administrators were not listed.' });
    expect(await blockingViolations()).toEqual([]);
    await screenshots('two-factor-users', () => row.waitForDisplayed());
  });
});
