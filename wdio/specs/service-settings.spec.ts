/**
 * Web and Safemail (docs/settings.md §9), end to end: the navigation opens each area's forms, an
 * administrator edits one Web setting (the block page message) and one Safemail setting (the
 * alert recipients), saves each, reloads the page and sees both kept; the pages pass axe.
 */
import { browser, expect } from '@wdio/globals';
import { serviceAreaIds, serviceSettingsIds } from '@workbench/common/test-ids/serviceSettingsIds';
import { byTestId, clickWhenReady } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

const stamp = Date.now().toString(36);
const message = `Blocked by Acme policy (${stamp}).`;
const recipient = `soc-${stamp}@acme.example`;
const field = (name: string, path: string) => byTestId(`${serviceSettingsIds(name).field}-${path}`);

/** Replaces a field's text as a user does (select all, type): React keeps what setValue would not clear. */
async function replaceText(name: string, path: string, text: string): Promise<void> {
  await clickWhenReady(field(name, path), path);
  await browser.keys(['Control', 'a']);
  await browser.keys('Backspace');
  await field(name, path).addValue(text);
}

/** Saves one form and waits until the server's answer is drawn (the last-saved line names the admin). */
async function saveForm(name: string): Promise<void> {
  const updated = byTestId(serviceSettingsIds(name).updated);
  const before = await updated.getText();
  await clickWhenReady(byTestId(serviceSettingsIds(name).save), `Save ${name}`);
  await browser.waitUntil(async () => (await updated.getText()) !== before, {
    timeoutMsg: `The ${name} settings were not saved.`,
  });
  await expect(updated).toHaveText(expect.stringContaining('admin@acme.example'));
}

describe('Web and Safemail service settings', () => {
  it('edits a Web and a Safemail setting, saves, reloads and sees them', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/web');
    await waitForPortalRoute('#/web');
    await byTestId(`${serviceAreaIds.page}-web`).waitForDisplayed();
    await field('web', 'service_hostname').waitForDisplayed({
      timeoutMsg: 'The web service form did not show.',
    });
    await expect(field('web', 'service_hostname')).toHaveValue('safe.acme.example');
    expect(await blockingViolations()).toEqual([]);
    await replaceText('web', 'block_page_message', message);
    await saveForm('web');

    await browser.url('/#/safemail');
    await waitForPortalRoute('#/safemail');
    await byTestId(`${serviceAreaIds.page}-safemail`).waitForDisplayed();
    const alerts = field('emails', 'alert_emails');
    await alerts.waitForDisplayed({ timeoutMsg: 'The notification recipients form did not show.' });
    expect(await blockingViolations()).toEqual([]);
    await replaceText('emails', 'alert_emails', recipient);
    await saveForm('emails');

    await browser.refresh();
    await field('emails', 'alert_emails').waitForDisplayed();
    await expect(field('emails', 'alert_emails')).toHaveValue(recipient);
    await browser.url('/#/web');
    await field('web', 'block_page_message').waitForDisplayed();
    await expect(field('web', 'block_page_message')).toHaveValue(message);
  });
});
