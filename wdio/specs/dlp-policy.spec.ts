import { browser, expect } from '@wdio/globals';
import { componentIds } from '@workbench/common/test-ids/index';
import { customizationIds, dlpPolicyIds } from '@workbench/common/test-ids/dlpIds';
import { policyEditorIds, policyFamilyIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { byTestId } from '../pageobjects/testId';
import { publishBar } from '../pageobjects/PublishBar';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { DEMO_PASSWORD } from '../support/testEnv';
import { blockingViolations } from '../support/axe';
import { discardStagedPolicy } from '../support/policyApi';

/**
 * The DLP Policy page and the Customization area (issue 13): the admin adds a dictionary and a
 * DLP rule using it, saves, reads the change in the publish bar's review and publishes; the
 * auditor sees the rules read-only; the Customization preview shows the tenant's text escaped in
 * a sandboxed frame. Names carry a run stamp (the specs share one server).
 */
const stamp = Date.now().toString(36);
const dictionary = `Project X ${stamp}`;
const ruleName = `No Project X out ${stamp}`;
const dlpIds = policyFamilyIds('dlp');

async function waitForSaved(): Promise<void> {
  await browser.waitUntil(
    async () => (await byTestId(policyEditorIds.status).getText()).startsWith('All changes saved'),
    {
      timeoutMsg: 'The section did not report its changes saved.',
    },
  );
}

/** Clicks the one displayed element of a test id inside the rule dialog (each panel has its own). */
async function clickShown(id: string): Promise<void> {
  await browser.waitUntil(
    async () => {
      for (const el of await byTestId(dlpPolicyIds.ruleDialog).$$(`[data-testid="${id}"]`))
        if ((await el.isDisplayed()) && (await el.isEnabled())) {
          await el.click();
          return true;
        }
      return false;
    },
    { timeoutMsg: `No ${id} to click in the rule dialog.` },
  );
}

async function shot(name: string): Promise<void> {
  await browser.saveScreenshot(`/tmp/dlp-${name}.png`);
}

afterEach(async function keepFailure(this: { currentTest?: { state?: string; title: string } }) {
  if (this.currentTest?.state === 'failed')
    await shot(`failed-${this.currentTest.title.slice(0, 20).replace(/\W+/g, '-')}`);
});

describe('DLP Policy page', () => {
  it('the admin adds a dictionary and a rule using it, reviews the diff and publishes', async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 900);
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy/dlp/dictionaries');
    await discardStagedPolicy();
    await browser.refresh();
    await waitForPortalRoute('#/policy/dlp/dictionaries');
    await shell.waitForPage('DLP Policy');
    await publishBar.waitForSummary('No unpublished changes');

    // A custom dictionary.
    await byTestId(`${dlpPolicyIds.add}-dictionaries`).click();
    const entry = byTestId(webPolicyIds.ruleDialog);
    await entry.waitForDisplayed();
    await byTestId(`${webPolicyIds.ruleDialog}-name`).setValue(dictionary);
    await byTestId(`${webPolicyIds.ruleDialog}-patterns`).setValue('Project X\nregex: PX-[0-9]{4}');
    await entry.$('button[type="submit"]').click();
    await entry.waitForExist({ reverse: true });
    await byTestId(policyEditorIds.save).click();
    await waitForSaved();

    // A rule that looks for it, through the rule accordion.
    await byTestId(`${dlpIds.tab}-rules`).click();
    await waitForPortalRoute('#/policy/dlp/rules');
    await byTestId(`${dlpPolicyIds.add}-rules`).waitForDisplayed();
    await byTestId(`${dlpPolicyIds.add}-rules`).click();
    await byTestId(dlpPolicyIds.ruleDialog).waitForDisplayed();
    await byTestId(`${dlpPolicyIds.field}-name`).setValue(ruleName);
    await clickShown(componentIds.ruleAccordionNext);
    const dictionaries = byTestId(`${dlpPolicyIds.field}-dictionaries`);
    await dictionaries.waitForDisplayed();
    await dictionaries.click();
    await dictionaries.setValue(stamp);
    const option = await browser.$(`li[role="option"]*=${dictionary}`);
    await option.waitForDisplayed();
    await option.click();
    await shot('rule-dialog-wide');
    // Apply is on the last panel (docs/shared-ui.md §9: the optional panels open without Next).
    await browser.$('#auditors-header').click();
    await clickShown(componentIds.ruleAccordionSave);
    await byTestId(dlpPolicyIds.ruleDialog).waitForExist({ reverse: true });
    await byTestId(policyEditorIds.save).click();
    await waitForSaved();
    await shot('rules-wide');
    expect(await blockingViolations()).toEqual([]);

    await publishBar.waitForSummary(/^2 unpublished changes in revision \d+$/);
    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    await browser.waitUntil(async () => (await publishBar.diffTexts(publishBar.reviewDialog)).length >= 2);
    const lines = await publishBar.diffTexts(publishBar.reviewDialog);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Rule \\d+ “${ruleName}” added \\(Block\\)$`)),
        `Dictionary “${dictionary}” added`,
      ]),
    );
    await shot('review');
    await publishBar.reviewClose.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true });
    await publishBar.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await publishBar.publishComment.setValue(`DLP rule ${stamp}`);
    await publishBar.publishConfirm.waitForEnabled();
    await publishBar.publishConfirm.click();
    await publishBar.publishDialog.waitForDisplayed({ reverse: true });
    await publishBar.waitForSummary('No unpublished changes');

    await browser.setWindowSize(800, 900);
    await shot('rules-800');
  });

  it('the auditor sees the DLP rules and the rule read-only', async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 900);
    await signInToPortal('auditor@acme.example', DEMO_PASSWORD, '/#/policy/dlp/rules');
    await waitForPortalRoute('#/policy/dlp/rules');
    await byTestId(dlpIds.page).waitForDisplayed();
    await expect(byTestId(policyEditorIds.status)).toHaveText(expect.stringContaining('Read-only'));
    await expect(byTestId(`${dlpPolicyIds.add}-rules`)).not.toBeExisting();
    await expect(byTestId(policyEditorIds.save)).not.toBeExisting();
    const view = await browser.$(`button[aria-label="View ${ruleName}"]`);
    await view.waitForDisplayed();
    await view.click();
    await byTestId(dlpPolicyIds.ruleDialog).waitForDisplayed();
    await expect(byTestId(`${dlpPolicyIds.field}-name`)).toBeDisabled();
    await expect(byTestId(componentIds.ruleAccordionSave)).toBeDisabled();
    await shot('auditor');
    await byTestId(dlpPolicyIds.ruleCancel).click();
  });
});

describe('Customization area', () => {
  it('the preview shows the tenant’s text escaped in a sandboxed frame; Apply and Save stage it', async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 900);
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/customization/web');
    await waitForPortalRoute('#/customization/web');
    await shell.waitForPage('Customization');
    await byTestId(customizationIds.preview).waitForDisplayed();
    const title = byTestId(`${customizationIds.field}-title`);
    await title.waitForEnabled();
    // The field starts with the product's title: select it all and type over it.
    await title.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Backspace');
    await title.addValue(`<b>Blocked</b> ${stamp}`);
    await byTestId(`${customizationIds.field}-enabled`).click();

    const frame = byTestId(customizationIds.preview);
    expect(await frame.getAttribute('sandbox')).toBe('');
    await browser.switchToFrame(await frame);
    await browser.waitUntil(async () => (await browser.$('h1').getText()) === `<b>Blocked</b> ${stamp}`, {
      timeoutMsg: 'The preview did not show the title as typed.',
    });
    expect(await browser.$$('b').length).toBe(0);
    await browser.switchToParentFrame();
    await shot('customization-wide');
    expect(await blockingViolations()).toEqual([]);

    await byTestId(customizationIds.apply).click();
    await byTestId(policyEditorIds.save).waitForEnabled();
    await byTestId(policyEditorIds.save).click();
    await waitForSaved();
    await browser.setWindowSize(800, 900);
    await shot('customization-800');
    // The preview follows the portal's theme.
    await shell.chooseTheme('dark');
    await browser.setWindowSize(1400, 900);
    await byTestId(customizationIds.preview).waitForDisplayed();
    await shot('customization-dark');
    await shell.chooseTheme('system');
    await discardStagedPolicy();
  });
});
