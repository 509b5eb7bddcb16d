/**
 * The Browser Posture Manager (docs/browser-posture.md), end to end: an administrator uploads a
 * Windows .reg export and sees its settings mapped (and the one the catalogue does not know),
 * assesses the policy against Chrome's baseline, fixes a failing rule in the policy editor,
 * re-assesses and sees the score rise, marks the assessment reviewed (who and when shown), and
 * exports the policy for Microsoft Intune: the downloaded file is the Intune profile with the fix.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { $, browser, expect } from '@wdio/globals';
import { browserPostureIds as ids } from '@workbench/common/test-ids/browserPostureIds';
import { componentIds } from '@workbench/common/test-ids/index';
import { byTestId, clickWhenReady } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD, DOWNLOAD_DIR } from '../support/testEnv';

const NAME = `wdio-chrome-${Date.now()}`;
const REG = [
  'Windows Registry Editor Version 5.00',
  '',
  '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Google\\Chrome]',
  '"SafeBrowsingProtectionLevel"=dword:00000001',
  '"SSLVersionMin"="tls1"',
  '"SitePerProcess"=dword:00000001',
  '"SomeFuturePolicy"=dword:00000001',
  '',
].join('\r\n');

/** The text of a test id inside the table row that shows the policy's name. */
const inRow = (prefix: string) =>
  $(`//*[@role="row"][.//*[contains(., "${NAME}")]]//*[starts-with(@data-testid, "${prefix}-")]`);
/** A control below the upload box or in the table: scrolled into view first, then clicked. */
async function clickInView(element: ReturnType<typeof $>, what: string): Promise<void> {
  await element.waitForDisplayed({ timeoutMsg: `${what} did not show.` });
  await element.scrollIntoView({ block: 'center', inline: 'center' });
  await clickWhenReady(element, what);
}
const tab = (name: string) => clickWhenReady(byTestId(`${ids.tab}-${name}`), `The ${name} tab`);

async function chooseOption(combobox: ReturnType<typeof $>, option: string, what: string): Promise<void> {
  await clickInView(combobox, what);
  await clickWhenReady($(`//li[@role="option"][normalize-space(.)="${option}"]`), option);
}

describe('Browser Posture Manager', () => {
  it('a .reg upload is mapped; a failing rule is fixed in the editor and the score rises on re-assessment; reviewed; exported for Intune', async () => {
    rmSync(DOWNLOAD_DIR, { recursive: true, force: true });
    mkdirSync(DOWNLOAD_DIR, { recursive: true });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'wdio-brw-')), `${NAME}.reg`);
    writeFileSync(file, REG);

    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/browser-management');
    await waitForPortalRoute('#/browser-management');
    await byTestId(ids.page).waitForDisplayed();
    expect(await blockingViolations()).toEqual([]);

    // Upload: the upload box hides its file input behind the drop zone.
    const input = await byTestId(componentIds.uploadInput);
    await input.waitForExist();
    await browser.execute((el: HTMLElement) => {
      el.removeAttribute('hidden');
      el.style.display = 'block';
    }, input);
    await input.addValue(await browser.uploadFile(file));
    const result = byTestId(ids.uploadResult);
    await result.waitForDisplayed({ timeoutMsg: 'The upload said nothing.' });
    await expect(result).toHaveText(expect.stringContaining(`${NAME}: 3 settings mapped onto the catalogue`));
    await expect(result).toHaveText(expect.stringContaining('SomeFuturePolicy (line 7)'));

    // Assess against Chrome's baseline: SSLVersionMin tls1 fails the TLS 1.2 rule.
    await clickInView(byTestId(`${ids.assessPolicy}-${NAME}`), 'Assess');
    const score = inRow(ids.score);
    await score.waitForDisplayed({ timeoutMsg: 'The assessment did not show.' });
    const before = parseInt(await score.getText(), 10);
    await expect(inRow(ids.trend)).toHaveText('First run');

    // Fix the failing rule in the editor.
    await tab('policies');
    await clickInView(byTestId(`${ids.editPolicy}-${NAME}`), 'Edit');
    await byTestId(ids.editor).waitForDisplayed();
    await chooseOption(
      $(
        `//input[@data-testid="${ids.editorSetting}-SSLVersionMin"]/preceding-sibling::div[@role="combobox"]`,
      ),
      'TLS 1.2 (tls1.2)',
      'SSLVersionMin',
    );
    await clickInView(byTestId(ids.editorSave), 'Save');
    await byTestId(ids.editor).waitForExist({
      reverse: true,
      timeoutMsg: 'The editor did not close on save.',
    });

    // Re-assess: the score rises and the trend says by how much.
    await tab('assessments');
    await clickInView(inRow(ids.reassess), 'Re-assess');
    await browser.waitUntil(async () => parseInt(await inRow(ids.score).getText(), 10) > before, {
      timeoutMsg: `The score did not rise above ${before}%.`,
    });
    await expect(inRow(ids.trend)).toHaveText(expect.stringContaining('▲ +'));

    // Mark it reviewed: who and when are shown.
    await chooseOption(
      $(
        `//*[@role="row"][.//*[contains(., "${NAME}")]]//input[starts-with(@data-testid, "${ids.markReviewed}-")]/preceding-sibling::div[@role="combobox"]`,
      ),
      'Reviewed',
      'Review',
    );
    await browser.waitUntil(
      async () => (await inRow(ids.reviewStatus).getText()).includes('admin@acme.example'),
      {
        timeoutMsg: 'The review was not recorded.',
      },
    );
    await expect(inRow(ids.reviewStatus)).toHaveText(expect.stringContaining('Reviewed'));

    // Export for Intune: the downloaded profile has the fixed setting.
    await tab('policies');
    await clickInView(byTestId(`${ids.exportPolicy}-${NAME}`), 'Export');
    await clickWhenReady(byTestId(`${ids.exportFormat}-microsoftIntune`), 'Microsoft Intune');
    const downloaded = path.join(DOWNLOAD_DIR, `${NAME}-chrome-intune.json`);
    await browser.waitUntil(async () => existsSync(downloaded), {
      timeoutMsg: `No ${downloaded} was downloaded.`,
    });
    const profile = JSON.parse(readFileSync(downloaded, 'utf8')) as {
      '@odata.type': string;
      displayName: string;
      omaSettings: { omaUri: string; value: string }[];
    };
    expect(profile['@odata.type']).toBe('#microsoft.graph.windows10CustomConfiguration');
    expect(profile.displayName).toBe(NAME);
    expect(profile.omaSettings).toContainEqual(
      expect.objectContaining({
        omaUri: './Device/Vendor/MSFT/Policy/Config/Chrome~Policy~googlechrome/SSLVersionMin',
        value: '<enabled/><data id="SSLVersionMin" value="tls1.2"/>',
      }),
    );
  });
});
