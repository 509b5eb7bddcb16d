/**
 * Settings › Client Profiles (docs/settings.md §11), end to end: the menu offers the page, the demo
 * profiles show, and Export of a profile downloads its file (export_client_profile?uuid=, an
 * attachment): a JSON file of the documented format holding the profile and its posture profile.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { $, browser, expect } from '@wdio/globals';
import { navItemId, settingsListIds } from '@workbench/common/test-ids/index';
import { byTestId, clickWhenReady } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD, DOWNLOAD_DIR } from '../support/testEnv';

const ids = settingsListIds('client_profiles');
const cell = (text: string) =>
  $(`//*[@data-testid="${ids.table}"]//*[@role="gridcell"][contains(., "${text}")]`);

describe('Client profiles', () => {
  it('a client profile is exported and the file downloaded', async () => {
    rmSync(DOWNLOAD_DIR, { recursive: true, force: true });
    mkdirSync(DOWNLOAD_DIR, { recursive: true });
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/client-profiles');
    await waitForPortalRoute('#/settings/client-profiles');
    await byTestId(ids.page).waitForDisplayed();
    await expect(byTestId(navItemId('settings-client-profiles'))).toHaveText('Client Profiles');
    await cell('Head office').waitForDisplayed({ timeoutMsg: 'The demo profiles did not show.' });
    expect(await blockingViolations()).toEqual([]);

    await clickWhenReady($('a[aria-label="Export Head office"]'), 'Export Head office');
    const file = path.join(DOWNLOAD_DIR, 'client-profile-Head-office.json');
    // Chromium writes a .crdownload first and renames it when the file is whole.
    await browser.waitUntil(async () => existsSync(file), { timeoutMsg: `No ${file} was downloaded.` });
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({
      format: 'workbench-client-profile',
      version: 1,
      tenant: 'acme',
      profile: { name: 'Head office', connection_mode: 'always_on', posture_check: true },
      posture_profile: { name: 'Managed laptops' },
    });
  });
});
