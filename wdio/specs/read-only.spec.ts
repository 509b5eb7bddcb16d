import { expect } from '@wdio/globals';
import { policyPage } from '../pageobjects/PolicyPage';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { DEMO_PASSWORD } from '../support/testEnv';

/**
 * The read-only auditor sees no write action (no Publish in the app bar, no Save on the policy
 * page); the admin sees both. The absence checks run only after the shell shows the revision state
 * and the note editor is on screen, so they cannot pass on a half-loaded page.
 */
async function openPolicyPage(username: string): Promise<void> {
  await forgetSession();
  await signInToPortal(username, DEMO_PASSWORD, '/#/policy');
  await waitForPortalRoute('#/policy');
  await shell.pageTitle.waitForDisplayed();
  await shell.waitForRevisionState();
  await policyPage.waitForDisplayed();
}

describe('Write actions follow the role', () => {
  it('the read-only auditor sees no Publish and no Save on the policy page', async () => {
    await openPolicyPage('auditor@acme.example');

    await expect(shell.publish).not.toBeExisting();
    await expect(policyPage.noteSave).not.toBeExisting();
    expect(await shell.visibleButtonsNamed('Publish')).toBe(0);
    expect(await shell.visibleButtonsNamed('Save')).toBe(0);
    // The note stays readable, but there is nothing to type into.
    await expect(policyPage.noteEditor).toBeDisplayed();
    const input = policyPage.noteInput;
    if (await input.isExisting()) {
      const cannotType = (await input.getAttribute('readonly')) !== null || !(await input.isEnabled());
      expect(cannotType).toBe(true);
    }
  });

  it('the admin sees Publish and Save on the policy page', async () => {
    await openPolicyPage('admin@acme.example');

    await expect(shell.publish).toBeDisplayed();
    await expect(policyPage.noteSave).toBeDisplayed();
  });
});
