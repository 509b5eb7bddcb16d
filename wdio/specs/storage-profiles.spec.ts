/**
 * Settings › Storage Profiles (docs/settings.md §2), end to end: the menu offers the page, the demo
 * profiles show, an administrator adds a profile whose bucket name breaks the S3 rules, and its
 * Validate says which field failed and why (and no other field), the profile staying not validated.
 * With WDIO_SCREENSHOTS set, the list at 1400 and 800 px, light and dark, goes to /tmp/storage-profiles-*.png.
 */
import { $, expect } from '@wdio/globals';
import { navItemId, settingsListIds } from '@workbench/common/test-ids/index';
import { byTestId, clickWhenReady } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';
import { screenshots } from '../support/theme';

const ids = settingsListIds('storage_profiles');
const name = `Bad bucket ${Date.now().toString(36)}`;
const cell = (text: string) =>
  $(`//*[@data-testid="${ids.table}"]//*[@role="gridcell"][contains(., "${text}")]`);
const field = (path: string) => byTestId(`${ids.formField}-${path}`);

describe('Storage profiles', () => {
  it('a storage profile that fails validation says which field', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/storage-profiles');
    await waitForPortalRoute('#/settings/storage-profiles');
    await byTestId(ids.page).waitForDisplayed();
    await expect(byTestId(navItemId('settings-storage-profiles'))).toHaveText('Storage Profiles');
    await cell('Forensics archive (EU)').waitForDisplayed({ timeoutMsg: 'The demo profiles did not show.' });
    expect(await blockingViolations()).toEqual([]);

    await clickWhenReady(byTestId(ids.addButton), 'Add storage profile');
    await byTestId(ids.formDialog).waitForDisplayed();
    await field('name').setValue(name);
    await field('description').setValue('Made by the browser test');
    await field('storage_platform.s3_bucket').setValue('Not_A_Bucket');
    await field('storage_platform.key_id').setValue('AKIAIOSFODNN7EXAMPLE');
    await field('storage_platform.secret_key').setValue('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    await field('storage_platform.path').setValue('captures');
    expect(await blockingViolations()).toEqual([]);
    await clickWhenReady(byTestId(ids.formSubmit), 'Save');
    await byTestId(ids.formDialog).waitForExist({
      reverse: true,
      timeoutMsg: 'The form did not close after Save.',
    });
    await cell(name).waitForDisplayed({ timeoutMsg: 'The new profile was not listed.' });

    await clickWhenReady($(`button[aria-label="Validate ${name}"]`), 'Validate');
    const outcome = byTestId(ids.validation);
    await outcome.waitForDisplayed({ timeoutMsg: 'Validate showed no outcome.' });
    await expect(outcome).toHaveText(expect.stringContaining(`${name} failed validation`));
    const bucket = byTestId(`${ids.validationCheck}-storage_platform.s3_bucket`);
    await expect(bucket).toHaveText(expect.stringContaining('S3 bucket (storage_platform.s3_bucket)'));
    await expect(bucket).toHaveText(expect.stringContaining('lower-case letters'));
    expect(await byTestId(`${ids.validationCheck}-storage_platform.key_id`).isExisting()).toBe(false);
    await screenshots('storage-profiles', () => cell(name).waitForDisplayed());
  });
});
