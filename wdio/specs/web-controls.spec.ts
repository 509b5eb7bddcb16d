import { $, browser, expect } from '@wdio/globals';
import { notFoundIds } from '@workbench/common/test-ids/index';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { webControlIds } from '@workbench/common/test-ids/webControlIds';
import { publishBar } from '../pageobjects/PublishBar';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { DEMO_PASSWORD } from '../support/testEnv';
import { blockingViolations } from '../support/axe';
import { discardStagedPolicy } from '../support/policyApi';
import { screenshots } from '../support/theme';

/**
 * The web controls of the Web Policy page (issue 13) in the built portal against the reference
 * server: the admin edits copy/paste and the watermark, reviews the diff in the publish bar and
 * publishes; the auditor sees both read-only. acme has the watermarking, browsing_forensics and
 * bandwidth flags (server demoSeed); globex has none of them and sees none of those tabs.
 */

const section = (path: string) => byTestId(`${policyEditorIds.section}-${path}`);
const setting = (name: string) => byTestId(`${webControlIds.setting}-${name}`);
const status = () => byTestId(policyEditorIds.status);

const statusIs = async (text: string) =>
  browser.waitUntil(async () => (await status().getText()).includes(text), {
    timeoutMsg: `The editor's status did not become "${text}".`,
  });

async function openTab(path: string): Promise<void> {
  await byTestId(`${webPolicyIds.tab}-${path}`).click();
  await section(path).waitForDisplayed();
  await status().waitForDisplayed();
}

/** Picks an option of a settings select (MUI: the test id is on its hidden input). */
async function choose(name: string, value: string): Promise<void> {
  const combobox = setting(name).parentElement().$('[role="combobox"]');
  await combobox.click();
  const option = $(`li[role="option"][data-value="${value}"]`);
  await option.waitForDisplayed();
  await option.click();
  await option.waitForDisplayed({ reverse: true });
}

async function fill(name: string, value: string): Promise<void> {
  const field = setting(name);
  await field.click();
  await browser.keys(['Control', 'a']);
  await browser.keys('Backspace');
  await field.addValue(value);
  await browser.keys('Tab');
}

async function save(): Promise<void> {
  const button = byTestId(policyEditorIds.save);
  await expect(button).toBeEnabled();
  await button.click();
  await statusIs('All changes saved.');
}

describe('Web controls: copy/paste and watermark (issue 13)', () => {
  afterEach(async function keepFailure(this: { currentTest?: { state?: string; title: string } }) {
    if (this.currentTest?.state === 'failed')
      await browser.saveScreenshot(
        `/tmp/webctl-failed-${this.currentTest.title.slice(0, 20).replace(/\W+/g, '-')}.png`,
      );
  });

  it('the admin edits copy/paste and the watermark, reviews the diff and publishes', async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 1000);
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy/web/copy-paste');
    await waitForPortalRoute('#/policy/web/copy-paste');
    // The specs share one server: start from the published policy.
    await discardStagedPolicy();
    await browser.refresh();
    await section('copy-paste').waitForDisplayed();
    await shell.waitForRevisionState();
    await publishBar.waitForSummary('No unpublished changes');

    const pasteBefore = await setting('paste').getValue();
    const pasteAfter = pasteBefore === 'block' ? 'allow' : 'block';
    await choose('paste', pasteAfter);
    // A bad length is refused at the field and changes nothing.
    await fill('max_characters', '0');
    await expect($('p*=Enter a number from 1 to 1,000,000.')).toBeDisplayed();
    const length = String(4000 + (Date.now() % 1000));
    await fill('max_characters', length);
    await save();

    await openTab('watermark');
    const text = `Confidential {username} ${Date.now() % 100000}`;
    if ((await setting('enabled').isSelected()) === false) await setting('enabled').click();
    await fill('text', text);
    await expect(byTestId(webControlIds.watermarkPreview)).toHaveAttribute(
      'aria-label',
      expect.stringContaining('Confidential jdoe'),
    );
    await save();
    expect(await blockingViolations()).toEqual([]);
    await screenshots('webctl-watermark', () => section('watermark').waitForDisplayed());

    await publishBar.waitForSummary(/^\d+ unpublished changes? in revision \d+$/);
    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    const lines = await publishBar.waitForDiffTexts(publishBar.reviewDialog, 'The review listed no change.');
    const label = pasteAfter === 'block' ? 'from Allow to Block' : 'from Block to Allow';
    expect(lines).toEqual(
      expect.arrayContaining([
        `Pasting from the device into isolated pages changed ${label}`,
        expect.stringMatching(new RegExp(`^Longest paste \\(characters\\) changed from \\d+ to ${length}$`)),
        expect.stringContaining(`Watermark text changed from`),
      ]),
    );
    await publishBar.reviewClose.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true });

    await publishBar.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await publishBar.publishComment.setValue('Copy/paste and watermark (web-controls spec)');
    await publishBar.publishConfirm.waitForEnabled();
    await publishBar.publishConfirm.click();
    await publishBar.publishDialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The publish dialog stayed open.',
    });
    await publishBar.waitForSummary('No unpublished changes');

    // Published: a fresh load shows the new values.
    await browser.refresh();
    await section('watermark').waitForDisplayed();
    await expect(setting('text')).toHaveValue(text);
  });

  it('the auditor sees copy/paste and the watermark read-only', async () => {
    await forgetSession();
    await signInToPortal('auditor@acme.example', DEMO_PASSWORD, '/#/policy/web/copy-paste');
    await waitForPortalRoute('#/policy/web/copy-paste');
    await section('copy-paste').waitForDisplayed();
    await statusIs('Read-only');
    await expect(byTestId(policyEditorIds.save)).not.toBeExisting();
    await expect(byTestId(`${webPolicyIds.ruleAdd}-copy-paste`)).not.toBeExisting();
    await expect(setting('max_characters')).toBeDisabled();
    await openTab('watermark');
    await statusIs('Read-only');
    await expect(setting('text')).toBeDisabled();
    await expect(setting('enabled')).toBeDisabled();
    await expect(byTestId(policyEditorIds.save)).not.toBeExisting();
    // acme has the browsing_forensics and bandwidth flags: their tabs are there too.
    await expect(byTestId(`${webPolicyIds.tab}-forensics`)).toBeExisting();
    await expect(byTestId(`${webPolicyIds.tab}-bandwidth`)).toBeExisting();
    await openTab('global-exceptions');
    await expect(byTestId(`${webPolicyIds.ruleAdd}-global-exceptions-pre`)).not.toBeExisting();
    // acme's parent tenant has only asked (pending): the parent's rules read as none.
    await byTestId(webControlIds.parentEmpty).waitForDisplayed();
    expect(await blockingViolations()).toEqual([]);
  });

  it('a tenant without the watermarking, browsing_forensics and bandwidth flags (globex) has none of those tabs', async () => {
    await forgetSession();
    await signInToPortal('admin@globex.example', DEMO_PASSWORD, '/#/policy/web/copy-paste');
    await waitForPortalRoute('#/policy/web/copy-paste');
    await section('copy-paste').waitForDisplayed();
    for (const path of ['watermark', 'forensics', 'bandwidth']) {
      await expect(byTestId(`${webPolicyIds.tab}-${path}`)).not.toBeExisting();
      // A deep link to the section says the page does not exist (docs/sessions.md §7: the 404 page).
      await browser.url(`/#/policy/web/${path}`);
      await byTestId(notFoundIds.page).waitForDisplayed({
        timeoutMsg: `globex's deep link to ${path} did not show the 404 page (${await browser.getUrl()}).`,
      });
      await expect(section(path)).not.toBeExisting();
      await browser.url('/#/policy/web/copy-paste');
      await section('copy-paste').waitForDisplayed();
    }
  });
});
