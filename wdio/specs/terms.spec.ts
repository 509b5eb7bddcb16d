/**
 * Terms of service (issue 33 point 6), end to end: an operator adds a tenant and requires its EULA
 * in the console; the tenant's administrator signs in with the one-time password, changes it first
 * (the fixed order), then finds the terms page and nothing else; the button waits for the box;
 * accepting opens the portal. A new version saved by the operator asks again at the next page
 * load. With WDIO_SCREENSHOTS set, the page at 1400 and 800 px, light and dark, goes to
 * /tmp/terms-*.png.
 */
import { $, browser, expect } from '@wdio/globals';
import { acceptTermsIds, changePasswordIds, providerPageIds } from '@workbench/common/test-ids/index';
import { providerShell, signInToConsole } from '../pageobjects/ProviderShell';
import { byTestId } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { shell } from '../pageobjects/Shell';
import { blockingViolations } from '../support/axe';
import { screenshots } from '../support/theme';

const stamp = Date.now().toString(36);
const tenant = `terms-${stamp}`;
const admin = `admin@${tenant}.example`;
const ownPassword = `Own-${stamp}-Passw0rd`;
const EULA_TEXT = 'Use the service lawfully.\nThe provider may suspend accounts that break these terms.';

/** The operator, in the console, on the tenant's Settings tab with its EULA section. */
async function openEula() {
  await signInToConsole('operator@provider.example');
  await providerShell.waitForTenants(['acme']);
  await providerShell.openTenant(tenant);
  await byTestId(`${providerPageIds.tenantTab}-settings`).click();
  const section = byTestId(`${providerPageIds.tenantDocument}-tos`);
  await section.waitForDisplayed({ timeoutMsg: 'The EULA section did not show.' });
  await $(`#${providerPageIds.tenantDocument}-tos-version`).waitForEnabled();
  return section;
}

/** Replaces a field's text (keyboard: WebDriver's clear does not reach React's state). */
async function replaceText(selector: string, text: string): Promise<void> {
  const field = $(selector);
  await field.click();
  await browser.keys(['Control', 'a']);
  await browser.keys('Backspace');
  await field.addValue(text);
}

async function saveEula(version: string): Promise<void> {
  const section = await openEula();
  const required = $(`#${providerPageIds.tenantDocument}-tos-required`);
  if (!(await required.isSelected())) await required.click();
  await replaceText(`#${providerPageIds.tenantDocument}-tos-version`, version);
  await replaceText(`#${providerPageIds.tenantDocument}-tos-text`, EULA_TEXT);
  const save = section.$(`[data-testid="${providerPageIds.tenantDocument}-tos-save"]`);
  await save.waitForClickable();
  await save.click();
  await save.waitForEnabled({ reverse: true, timeoutMsg: 'The EULA was not saved.' });
}

async function waitForTermsPage(): Promise<void> {
  await byTestId(acceptTermsIds.page).waitForDisplayed({
    timeoutMsg: `The terms page did not show (at ${await browser.getUrl()}).`,
  });
  await byTestId(acceptTermsIds.text).waitForDisplayed();
  expect(await shell.appBar.isExisting()).toBe(false);
}

describe('Terms of service', () => {
  let oneTime = '';

  it('an operator adds a tenant and requires its EULA', async () => {
    await signInToConsole('operator@provider.example');
    await providerShell.waitForTenants(['acme']);
    oneTime = await providerShell.addTenant(tenant, admin);
    await providerShell.closeTenantCreated();
    await saveEula('2026-11');
  });

  it('the administrator changes the one-time password first, then accepts the terms, then the portal opens', async () => {
    await forgetSession();
    await signInToPortal(admin, oneTime);
    await byTestId(changePasswordIds.page).waitForDisplayed({
      timeoutMsg: 'The password step did not come first.',
    });
    await byTestId(changePasswordIds.current).setValue(oneTime);
    await byTestId(changePasswordIds.next).setValue(ownPassword);
    await byTestId(changePasswordIds.confirm).setValue(ownPassword);
    await byTestId(changePasswordIds.submit).click();

    await waitForTermsPage();
    await expect(byTestId(acceptTermsIds.text)).toHaveText(
      expect.stringContaining('Use the service lawfully.'),
    );
    await expect(byTestId(acceptTermsIds.page)).toHaveText(expect.stringContaining('Version 2026-11'));
    expect(await blockingViolations()).toEqual([]);
    await screenshots('terms-page', waitForTermsPage);

    // Another address shows the same page; the button waits for the box.
    await browser.url('/#/logs');
    await waitForTermsPage();
    const submit = byTestId(acceptTermsIds.submit);
    expect(await submit.isEnabled()).toBe(false);
    await byTestId(acceptTermsIds.agree).click();
    await submit.waitForEnabled();
    await submit.click();
    await byTestId(acceptTermsIds.page).waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The terms page stayed: the acceptance did not go through.',
    });
    await shell.appBar.waitForDisplayed({ timeoutMsg: 'The portal did not open after accepting.' });
    await waitForPortalRoute('#/logs');
  });

  it('a new version saved by the operator asks again at the next page load', async () => {
    await saveEula('2027-01');
    await forgetSession();
    await signInToPortal(admin, ownPassword);
    await waitForTermsPage();
    await expect(byTestId(acceptTermsIds.page)).toHaveText(expect.stringContaining('Version 2027-01'));
    await byTestId(acceptTermsIds.agree).click();
    await byTestId(acceptTermsIds.submit).waitForEnabled();
    await byTestId(acceptTermsIds.submit).click();
    await shell.appBar.waitForDisplayed({ timeoutMsg: 'The portal did not open after accepting again.' });
  });
});
