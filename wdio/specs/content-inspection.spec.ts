import { $, $$, browser, expect } from '@wdio/globals';
import { componentIds } from '@workbench/common/test-ids/index';
import { policyEditorIds, policyFamilyIds } from '@workbench/common/test-ids/webPolicyIds';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import { shell } from '../pageobjects/Shell';
import { publishBar } from '../pageobjects/PublishBar';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, testIdSelector } from '../pageobjects/testId';
import { DEMO_PASSWORD } from '../support/testEnv';
import { blockingViolations } from '../support/axe';
import { discardStagedPolicy } from '../support/policyApi';

/**
 * The Content Inspection page (issue 13) in the built portal against the reference server: the
 * admin adds an inspection rule, publishes it, edits its action, reviews the readable diff and
 * publishes again; the auditor sees it read-only; globex (no file capabilities, so no
 * contentInspection flag: docs/access.md §5) does not see the page at all.
 */
const ids = policyFamilyIds('inspection');
/** A section's region by its path (PolicySection's test id). */
const section = (path: string) => byTestId(`${policyEditorIds.section}-${path}`);
const stamp = Date.now().toString(36);
const ruleName = `Vendor installers ${stamp}`;

async function openInspection(username: string, path: string): Promise<void> {
  await forgetSession();
  await signInToPortal(username, DEMO_PASSWORD, `/#/policy/content-inspection/${path}`);
  await waitForPortalRoute(`#/policy/content-inspection/${path}`);
  await byTestId(ids.page).waitForDisplayed();
  await shell.waitForRevisionState();
}

const statusIs = async (text: string) =>
  browser.waitUntil(async () => (await byTestId(policyEditorIds.status).getText()).includes(text), {
    timeoutMsg: `The editor's status did not become "${text}".`,
  });

async function save(): Promise<void> {
  const button = byTestId(policyEditorIds.save);
  await expect(button).toBeEnabled();
  await button.click();
  await statusIs('All changes saved.');
}

/** Picks `option` in the open dialog's MUI select labelled `label`. */
async function choose(label: string, option: string): Promise<void> {
  // The MUI select's button (role combobox) whose label reads `label`.
  const id = await browser.execute((text) => {
    for (const box of Array.from(document.querySelectorAll('[role="dialog"] [role="combobox"]'))) {
      const labels = (box.getAttribute('aria-labelledby') ?? '').split(' ');
      if (labels.some((l) => document.getElementById(l)?.textContent?.replace('*', '').trim() === text))
        return box.id;
    }
    return '';
  }, label);
  if (!id) throw new Error(`No select labelled ${label}.`);
  await $(`[id="${id}"]`).click();
  await $('li[role="option"]').waitForDisplayed();
  const items = await $$('li[role="option"]');
  let picked = false;
  for (const item of items)
    if (!picked && (await item.getText()).trim() === option) {
      await item.click();
      picked = true;
    }
  if (!picked) throw new Error(`No option "${option}" in ${label}.`);
  await $('li[role="option"]').waitForExist({ reverse: true });
}

/** Applies the open rule dialog (Apply is on the last panel). */
async function apply(): Promise<void> {
  const dialog = byTestId(inspectionIds.ruleDialog);
  await dialog.$('aria/Schedule and comment').click();
  const button = dialog.$(testIdSelector(componentIds.ruleAccordionSave));
  await button.waitForDisplayed();
  await expect(button).toBeEnabled();
  await button.click();
  await dialog.waitForDisplayed({ reverse: true });
}

async function reviewLines(): Promise<string[]> {
  await publishBar.review.click();
  await publishBar.reviewDialog.waitForDisplayed();
  const lines = await publishBar.waitForDiffTexts(publishBar.reviewDialog, 'The review listed no change.');
  await publishBar.reviewClose.click();
  await publishBar.reviewDialog.waitForDisplayed({ reverse: true });
  return lines;
}

async function publish(comment: string): Promise<void> {
  await publishBar.publish.click();
  await publishBar.publishDialog.waitForDisplayed();
  await publishBar.publishComment.setValue(comment);
  await publishBar.publishConfirm.waitForEnabled();
  await publishBar.publishConfirm.click();
  await publishBar.publishDialog.waitForDisplayed({
    reverse: true,
    timeoutMsg: 'The publish dialog stayed open.',
  });
  await publishBar.waitForSummary('No unpublished changes');
}

/** The names in a section's rule table. */
const namesIn = async (path: string): Promise<string[]> =>
  browser.execute(
    (selector) =>
      Array.from(document.querySelectorAll(`${selector} .ag-row [col-id="name"]`)).map(
        (cell) => cell.textContent?.trim() ?? '',
      ),
    testIdSelector(`${policyEditorIds.section}-${path}`),
  );
const waitForRule = async () =>
  browser.waitUntil(async () => (await namesIn('exceptions')).includes(ruleName), {
    timeoutMsg: `The rule "${ruleName}" did not show.`,
  });

describe('Content Inspection page', () => {
  afterEach(async function keepFailure(this: { currentTest?: { state?: string; title: string } }) {
    if (this.currentTest?.state === 'failed')
      await browser.saveScreenshot(
        `/tmp/inspection-failed-${this.currentTest.title.slice(0, 20).replace(/\W+/g, '-')}.png`,
      );
  });

  it('the admin adds an inspection rule and publishes it, then edits its action, reviews the diff and publishes', async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 900);
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy/content-inspection/exceptions');
    await waitForPortalRoute('#/policy/content-inspection/exceptions');
    // Another spec may have left changes staged on the shared server.
    await discardStagedPolicy();
    await browser.refresh();
    await byTestId(ids.page).waitForDisplayed();
    await shell.waitForRevisionState();
    await publishBar.waitForSummary('No unpublished changes');
    await section('exceptions').waitForDisplayed();

    // A rule that marks a vendor's installers clean, by domain.
    await byTestId(`${inspectionIds.ruleAdd}-exceptions`).click();
    await byTestId(inspectionIds.ruleDialog).waitForDisplayed();
    await byTestId(inspectionIds.ruleName).setValue(ruleName);
    await choose('Action', 'Mark as Clean');
    await byTestId(inspectionIds.ruleDialog).$('aria/Who and where').click();
    await byTestId(inspectionIds.ruleDomains).waitForDisplayed();
    await byTestId(inspectionIds.ruleDomains).setValue('downloads.vendor.example');
    await browser.saveScreenshot('/tmp/inspection-rule-dialog-wide.png');
    expect(await blockingViolations()).toEqual([]);
    await apply();
    await waitForRule();
    await save();
    expect((await reviewLines()).some((l) => l.includes(`“${ruleName}” added (Mark as Clean)`))).toBe(true);
    await publish(`Vendor installers are clean (${stamp})`);
    await browser.saveScreenshot('/tmp/inspection-rules-wide.png');
    expect(await blockingViolations()).toEqual([]);

    // Edit: the rule now marks them infected.
    await $(`aria/Edit ${ruleName}`).click();
    await byTestId(inspectionIds.ruleDialog).waitForDisplayed();
    await choose('Action', 'Mark as Infected');
    await apply();
    await save();
    const edited = await reviewLines();
    expect(edited).toHaveLength(1);
    expect(edited[0].toLowerCase()).toContain(
      `rule “${ruleName.toLowerCase()}”: action changed from mark as clean to mark as infected`,
    );
    await publish(`Vendor installers are infected (${stamp})`);

    // The other tabs, wide, narrow and dark.
    for (const path of ['settings', 'file-types', 'documents', 'runtime-analysis', 'global-exceptions']) {
      await byTestId(`${ids.tab}-${path}`).click();
      await section(path).waitForDisplayed();
      await byTestId(policyEditorIds.status).waitForDisplayed();
      if (path === 'runtime-analysis')
        await browser.waitUntil(
          async () => (await byTestId(inspectionIds.raThreats).$$('.ag-row').length) > 0,
          {
            timeoutMsg: 'The runtime-analysis threats did not show.',
          },
        );
      if (path === 'global-exceptions')
        await expect(byTestId(inspectionIds.parentEmpty)).toHaveText('No rules set by the parent');
      await browser.saveScreenshot(`/tmp/inspection-${path}-wide.png`);
      expect(await blockingViolations()).toEqual([]);
    }
    await byTestId(`${ids.tab}-file-types`).click();
    await byTestId(inspectionIds.migrate).click();
    await byTestId(inspectionIds.migrateDialog).waitForDisplayed();
    await byTestId(inspectionIds.migrateDialog).$('li').waitForDisplayed();
    await browser.saveScreenshot('/tmp/inspection-migrate-dialog.png');
    expect(await blockingViolations()).toEqual([]);
    await byTestId(inspectionIds.migrateCancel).click();
    await browser.setWindowSize(800, 900);
    await byTestId(`${ids.tab}-exceptions`).click();
    await waitForRule();
    await browser.saveScreenshot('/tmp/inspection-rules-800.png');
    await shell.chooseTheme('dark');
    await browser.saveScreenshot('/tmp/inspection-rules-800-dark.png');
    await browser.setWindowSize(1400, 900);
    await byTestId(`${ids.tab}-settings`).click();
    await section('settings').waitForDisplayed();
    await browser.saveScreenshot('/tmp/inspection-settings-wide-dark.png');
    expect(await blockingViolations()).toEqual([]);
    await shell.chooseTheme('system');
  });

  it('the auditor sees the inspection rules read-only', async () => {
    await openInspection('auditor@acme.example', 'exceptions');
    await waitForRule();
    await expect(byTestId(policyEditorIds.status)).toHaveText(expect.stringContaining('Read-only'));
    await expect(byTestId(policyEditorIds.save)).not.toBeExisting();
    await expect(byTestId(`${inspectionIds.ruleAdd}-exceptions`)).not.toBeExisting();
    await expect(byTestId(inspectionIds.bypassDomains)).toBeDisabled();
    await $(`aria/View ${ruleName}`).click();
    await byTestId(inspectionIds.ruleDialog).waitForDisplayed();
    await expect(byTestId(inspectionIds.ruleName)).toBeDisabled();
    await byTestId(inspectionIds.ruleCancel).click();
    await byTestId(`${ids.tab}-settings`).click();
    await expect(byTestId(`${inspectionIds.setting}-max_file_size_mb`)).toBeDisabled();
    await expect(byTestId(inspectionIds.migrate)).not.toBeExisting();
  });

  it('a tenant without the contentInspection flag (globex: no file capabilities) does not see the page', async () => {
    await forgetSession();
    await signInToPortal('admin@globex.example', DEMO_PASSWORD, '/#/policy');
    await waitForPortalRoute('#/policy');
    await shell.waitForPage('Policy');
    await expect($('aria/Web Policy')).toBeExisting();
    await expect($('aria/Content Inspection')).not.toBeExisting();
    await browser.url('/#/policy/content-inspection/exceptions');
    await browser.pause(500);
    await expect(byTestId(ids.page)).not.toBeExisting();
    await browser.saveScreenshot('/tmp/inspection-globex.png');
  });
});
