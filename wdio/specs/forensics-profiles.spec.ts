/**
 * Settings › Forensics Profiles and the browsing-forensics rule (docs/settings.md §3), end to end:
 * an administrator creates a forensics profile, picks it by name in a Web Policy › Browsing
 * forensics rule (its uuid saved into the staged revision), sees the rule list it by name, and is
 * refused the deletion of the profile the rule uses (409 naming the rule). The staged policy is
 * discarded afterwards (the specs share one server).
 */
import { $, browser, expect } from '@wdio/globals';
import { componentIds, settingsListIds } from '@workbench/common/test-ids/index';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { forensicsIds } from '@workbench/common/test-ids/forensicsIds';
import { shell } from '../pageobjects/Shell';
import { byTestId, clickWhenReady, testIdSelector } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { discardStagedPolicy } from '../support/policyApi';
import { DEMO_PASSWORD } from '../support/testEnv';

const ids = settingsListIds('bf_profiles');
const stamp = Date.now().toString(36);
const profile = `Contractors ${stamp}`;
const ruleName = `Record contractors ${stamp}`;
const cell = (text: string) =>
  $(`//*[@data-testid="${ids.table}"]//*[@role="gridcell"][contains(., "${text}")]`);

describe('Forensics profiles', () => {
  after(async () => {
    await discardStagedPolicy();
  });

  it('a forensics profile is created and chosen in a browsing-forensics rule', async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 1000);
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/forensics-profiles');
    await waitForPortalRoute('#/settings/forensics-profiles');
    await discardStagedPolicy();
    await byTestId(ids.page).waitForDisplayed();
    await cell('Standard capture').waitForDisplayed({ timeoutMsg: 'The demo profiles did not show.' });
    await byTestId(forensicsIds.viewerSection).waitForDisplayed();
    await byTestId(forensicsIds.statusState).waitForDisplayed();
    expect(await blockingViolations()).toEqual([]);

    await clickWhenReady(byTestId(ids.addButton), 'Add forensics profile');
    await byTestId(ids.formDialog).waitForDisplayed();
    await byTestId(`${ids.formField}-name`).setValue(profile);
    await byTestId(`${ids.formField}-description`).setValue('Made by the browser test');
    await clickWhenReady(byTestId(ids.formSubmit), 'Add');
    await byTestId(ids.formDialog).waitForExist({ reverse: true, timeoutMsg: 'The form did not close.' });
    await cell(profile).waitForDisplayed({ timeoutMsg: 'The new profile was not listed.' });

    await browser.url('/#/policy/web/forensics');
    await waitForPortalRoute('#/policy/web/forensics');
    await byTestId(`${policyEditorIds.section}-forensics`).waitForDisplayed();
    await shell.waitForRevisionState();
    await clickWhenReady(byTestId(`${webPolicyIds.ruleAdd}-forensics`), 'Add forensics rule');
    const dialog = byTestId(webPolicyIds.ruleDialog);
    await dialog.waitForDisplayed();
    await byTestId(webPolicyIds.ruleName).setValue(ruleName);
    // The profile is picked by name from the tenant's list (MUI select: the test id is on its input).
    await byTestId(`${webPolicyIds.ruleDialog}-profile_id`).parentElement().$('[role="combobox"]').click();
    const option = $(`//li[@role="option"][normalize-space(.)="${profile}"]`);
    await option.waitForDisplayed({ timeoutMsg: `The profile ${profile} was not offered.` });
    await option.click();
    await option.waitForExist({ reverse: true });
    expect(await blockingViolations()).toEqual([]);
    await dialog.$('aria/Schedule and comment').click();
    const apply = dialog.$(testIdSelector(componentIds.ruleAccordionSave));
    await apply.waitForClickable();
    await apply.click();
    await dialog.waitForDisplayed({ reverse: true });
    // The rule lists its profile by name, not by id.
    const section = byTestId(`${policyEditorIds.section}-forensics`);
    await browser.waitUntil(async () => (await section.getText()).includes(profile), {
      timeoutMsg: 'The rule did not list its profile by name.',
    });
    await clickWhenReady(byTestId(policyEditorIds.save), 'Save');
    await browser.waitUntil(
      async () => (await byTestId(policyEditorIds.status).getText()).includes('All changes saved.'),
      { timeoutMsg: 'The rule was not saved.' },
    );

    // The profile the staged rule uses cannot be deleted: the page says which rule uses it.
    await browser.url('/#/settings/forensics-profiles');
    await waitForPortalRoute('#/settings/forensics-profiles');
    await cell(profile).waitForDisplayed();
    const row = $(`//*[@data-testid="${ids.table}"]//*[@role="row"][.//*[contains(., "${profile}")]]`);
    await row.$('input[type="checkbox"]').click();
    await clickWhenReady(byTestId(ids.deleteSelected), 'Delete selected');
    await clickWhenReady(byTestId(ids.deleteConfirm), 'Delete');
    await browser.waitUntil(
      async () => (await byTestId(ids.page).getText()).includes(`rule ${ruleName} uses`),
      {
        timeoutMsg: 'The refusal naming the rule did not show.',
      },
    );
    await expect(cell(profile)).toBeDisplayed();
  });
});
