/**
 * Settings › Network and Settings › General (docs/settings.md §10), end to end: an administrator
 * adds an egress range (a bad line first, refused at its line), saves, reloads and sees it; sets
 * the global settings' time zone and block page message, saves, reloads and sees them.
 */
import { browser, expect } from '@wdio/globals';
import { networkSettingsIds, settingsDocumentIds } from '@workbench/common/test-ids/index';
import { byTestId, clickWhenReady } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

const egress = settingsDocumentIds('egress_ips');
const global = settingsDocumentIds('global_settings');
const stamp = Date.now() % 250;
const range = `203.0.113.${stamp}`;
const message = `Ask the helpdesk (${Date.now().toString(36)}).`;

/** Replaces a controlled field's text the way a user does (select all, delete, type). */
async function replaceText(element: ReturnType<typeof byTestId>, text: string): Promise<void> {
  await element.click();
  await browser.keys(['Control', 'a']);
  await browser.keys('Backspace');
  await element.addValue(text);
}

/** The form says it was saved by the administrator (its read after the save); else what it shows. */
async function saved(ids: ReturnType<typeof settingsDocumentIds>): Promise<void> {
  try {
    await browser.waitUntil(async () =>
      (await byTestId(ids.updated).getText()).includes('by admin@acme.example'),
    );
  } catch {
    throw new Error(`The form did not say it was saved; it shows: ${await byTestId(ids.form).getText()}`);
  }
}

describe('Network and General settings', () => {
  it('adds an egress address, saves, and sees it after a reload', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/network');
    await waitForPortalRoute('#/settings/network');
    await byTestId(networkSettingsIds.page).waitForDisplayed();
    await expect(byTestId(networkSettingsIds.userIp)).toHaveText(expect.stringMatching(/[0-9a-f.:]{3,}/));
    const field = byTestId(`${egress.field}-ips`);
    await field.waitForEnabled();
    expect(await blockingViolations()).toEqual([]);

    const before = String(await field.getValue());
    await replaceText(field, `${before}\n${range}\n10.0.0.0/33`.trim());
    await clickWhenReady(byTestId(egress.save), 'Save');
    await expect(browser.$('p*=10.0.0.0/33')).toHaveText(expect.stringContaining('neither an IP address'));

    await replaceText(field, `${before}\n${range}`.trim());
    await clickWhenReady(byTestId(egress.save), 'Save');
    await saved(egress);
    await browser.refresh();
    await byTestId(`${egress.field}-ips`).waitForEnabled();
    await expect(byTestId(`${egress.field}-ips`)).toHaveValue(expect.stringContaining(range));
    await expect(byTestId(egress.updated)).toHaveText(expect.stringContaining('by admin@acme.example'));
  });

  it('sets the time zone and the block page message, saves, and sees them after a reload', async () => {
    await browser.url('/#/settings/general');
    await waitForPortalRoute('#/settings/general');
    const tz = byTestId(`${global.field}-timezone`);
    await tz.waitForEnabled();
    await replaceText(tz, 'Europe/Berlin');
    await replaceText(byTestId(`${global.field}-block_page_message`), message);
    expect(await blockingViolations()).toEqual([]);
    await clickWhenReady(byTestId(global.save), 'Save');
    await saved(global);
    await browser.refresh();
    await byTestId(`${global.field}-timezone`).waitForEnabled();
    await expect(byTestId(`${global.field}-timezone`)).toHaveValue('Europe/Berlin');
    await expect(byTestId(`${global.field}-block_page_message`)).toHaveValue(message);
  });
});
