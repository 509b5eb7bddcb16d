import { $, browser, expect } from '@wdio/globals';
import { navItemId, noAccessIds, notFoundIds } from '@workbench/common/test-ids/index';
import { policyEditorIds, policyFamilyIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { shell } from '../pageobjects/Shell';
import { publishBar } from '../pageobjects/PublishBar';
import { currentLocation, forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, testIdSelector } from '../pageobjects/testId';
import { DEMO_PASSWORD } from '../support/testEnv';
import { blockingViolations } from '../support/axe';
import { discardStagedPolicy } from '../support/policyApi';

/**
 * The Email Policy editor (issue 13) in the built portal against the reference server: the admin
 * adds an allowed sender and switches a setting with the keyboard, reviews the publish bar's diff
 * as sentences and publishes; the auditor sees the published sender read-only; globex (no
 * safemailPolicy capability, so no menlo_email flag) has no Email Policy.
 */

const ids = policyFamilyIds('email');
const status = () => byTestId(policyEditorIds.status);

async function openEmailPolicy(username: string, hash: string): Promise<void> {
  await forgetSession();
  await signInToPortal(username, DEMO_PASSWORD, `/${hash}`);
  await waitForPortalRoute(hash);
  await byTestId(ids.page).waitForDisplayed();
  await shell.waitForRevisionState();
}

const statusIs = async (text: string) =>
  browser.waitUntil(async () => (await status().getText()).includes(text), {
    timeoutMsg: `The editor's status did not become "${text}".`,
  });

async function save(): Promise<void> {
  const button = byTestId(policyEditorIds.save);
  await expect(button).toBeEnabled();
  await button.click();
  await statusIs('All changes saved.');
}

async function shoot(name: string): Promise<void> {
  await browser.pause(300);
  await browser.saveScreenshot(`/tmp/email-${name}.png`);
}

describe('Email Policy editor', () => {
  const sender = `partner-${Date.now().toString(36)}.example`;

  it('the admin adds an allowed sender, switches a setting, reviews the diff and publishes', async () => {
    await openEmailPolicy('admin@acme.example', '#/policy/email/allow-list');
    // Specs share one server: start from a revision with nothing staged.
    await discardStagedPolicy();
    await browser.refresh();
    await shell.waitForRevisionState();
    await publishBar.waitForSummary('No unpublished changes');
    await browser.setWindowSize(1400, 900);

    await byTestId(`${webPolicyIds.ruleAdd}-allow-list`).click();
    const dialog = byTestId(webPolicyIds.ruleDialog);
    await dialog.waitForDisplayed();
    await byTestId(`${webPolicyIds.ruleDialog}-value`).setValue(sender);
    await dialog.$('button=Apply').click();
    await dialog.waitForExist({ reverse: true });
    await browser.waitUntil(
      async () => (await byTestId(`${policyEditorIds.section}-allow-list`).getText()).includes(sender),
      {
        timeoutMsg: 'The sender did not show in the table.',
      },
    );
    // The provider's popular sites: the first one not listed yet goes into the draft too.
    await byTestId(emailPolicyIds.popularSitesLoad).click();
    const addSite = $(`[data-testid^="${emailPolicyIds.popularSiteAdd}-"]`);
    await addSite.waitForDisplayed();
    const site = ((await addSite.getAttribute('data-testid')) ?? '').slice(
      emailPolicyIds.popularSiteAdd.length + 1,
    );
    await addSite.click();
    await byTestId(`${emailPolicyIds.popularSiteAdd}-${site}`).waitForExist({ reverse: true });
    await shoot('allow-list-wide');
    expect(await blockingViolations()).toEqual([]);
    await save();

    // Settings: the external banner switch, with the keyboard (focus it, Space).
    await byTestId(`${ids.tab}-settings`).click();
    await byTestId(`${policyEditorIds.section}-settings`).waitForDisplayed();
    const banner = testIdSelector(`${emailPolicyIds.settingsField}-config.external_banner`);
    await byTestId(`${emailPolicyIds.settingsField}-config.external_banner`).waitForExist();
    const wasOn = await browser.execute(
      (sel) => (document.querySelector(sel) as HTMLInputElement).checked,
      banner,
    );
    await browser.execute((sel) => (document.querySelector(sel) as HTMLInputElement).focus(), banner);
    await browser.keys(' ');
    await browser.waitUntil(
      async () =>
        (await browser.execute(
          (sel) => (document.querySelector(sel) as HTMLInputElement).checked,
          banner,
        )) !== wasOn,
      { timeoutMsg: 'Space did not switch the banner.' },
    );
    await save();
    await shoot('settings-wide');
    expect(await blockingViolations()).toEqual([]);
    await browser.setWindowSize(800, 900);
    await shoot('settings-800');

    await publishBar.waitForSummary(/^3 unpublished changes in revision \d+$/);
    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    await browser.waitUntil(async () => (await publishBar.diffTexts(publishBar.reviewDialog)).length >= 2, {
      timeoutMsg: 'The review listed no change.',
    });
    expect(await publishBar.diffTexts(publishBar.reviewDialog)).toEqual(
      expect.arrayContaining([
        `Allowed sender “${sender}” added`,
        `Allowed sender “${site}” added`,
        `External sender banner turned ${wasOn ? 'off' : 'on'}`,
      ]),
    );
    await shoot('review-800');
    await publishBar.reviewClose.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true });
    await browser.setWindowSize(1400, 900);

    await publishBar.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await publishBar.publishComment.setValue(`Email policy: allow ${sender}`);
    await publishBar.publishConfirm.waitForEnabled();
    await publishBar.publishConfirm.click();
    await publishBar.publishDialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The publish dialog stayed open.',
    });
    await publishBar.waitForSummary('No unpublished changes');

    // The dark theme, for a look.
    await shell.chooseTheme('dark');
    await byTestId(`${ids.tab}-link-isolation`).click();
    await byTestId(`${policyEditorIds.section}-link-isolation`).waitForDisplayed();
    await shoot('link-isolation-dark');
    await byTestId(`${ids.tab}-attachments`).click();
    await byTestId(`${policyEditorIds.section}-attachments`).waitForDisplayed();
    await shoot('attachments-dark');
    expect(await blockingViolations()).toEqual([]);
    await shell.chooseTheme('system');
  });

  it('the auditor sees the published sender read-only', async () => {
    await openEmailPolicy('auditor@acme.example', '#/policy/email/allow-list');
    const region = byTestId(`${policyEditorIds.section}-allow-list`);
    await browser.waitUntil(async () => (await region.getText()).includes(sender), {
      timeoutMsg: 'The auditor did not see the published sender.',
    });
    await expect(byTestId(`${webPolicyIds.ruleAdd}-allow-list`)).not.toBeExisting();
    await expect(byTestId(emailPolicyIds.uceOpen)).not.toBeExisting();
    await expect(byTestId(policyEditorIds.save)).not.toBeExisting();
    await expect(status()).toHaveText(expect.stringContaining('Read-only'));
    await byTestId(`${ids.tab}-settings`).click();
    await byTestId(`${emailPolicyIds.settingsField}-config.external_banner`).waitForExist();
    await expect(byTestId(`${emailPolicyIds.settingsField}-config.external_banner`)).toBeDisabled();
    await shoot('settings-auditor');
  });

  it('a tenant without the menlo_email feature (globex) has no Email Policy', async () => {
    await forgetSession();
    await signInToPortal('admin@globex.example', DEMO_PASSWORD, '/#/policy/web');
    await waitForPortalRoute('#/policy/web');
    await byTestId(navItemId('web')).waitForDisplayed();
    await expect(byTestId(navItemId('email'))).not.toBeExisting();
    await browser.url('/#/policy/email/settings');
    await browser.waitUntil(
      async () =>
        (await byTestId(notFoundIds.page).isExisting()) ||
        (await byTestId(noAccessIds.page).isExisting()) ||
        !(await currentLocation()).hash.startsWith('#/policy/email'),
      { timeoutMsg: `globex stayed on the Email Policy route (${await browser.getUrl()}).` },
    );
    await shoot('globex-email');
    await expect(byTestId(ids.page)).not.toBeExisting();
  });
});
