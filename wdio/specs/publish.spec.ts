import { browser, expect } from '@wdio/globals';
import { policyPage } from '../pageobjects/PolicyPage';
import { publishBar } from '../pageobjects/PublishBar';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { DEMO_PASSWORD } from '../support/testEnv';
import { discardStagedPolicy } from '../support/policyApi';
import { portalApi } from '../support/portalApi';
import { replaceText } from '../pageobjects/testId';

const revisionStateIs = async (state: 'new' | 'staged') =>
  browser.waitUntil(async () => (await shell.revisionState.getAttribute('data-state')) === state, {
    timeoutMsg: `The revision state did not become '${state}'.`,
  });

/** The revision number shown in the app bar ("Revision 3: published" → 3). */
const shownRevision = async (): Promise<number> => {
  const match = /Revision (\d+)/.exec(await shell.revisionState.getText());
  if (!match) throw new Error(`No revision number in "${await shell.revisionState.getText()}".`);
  return Number(match[1]);
};

describe('Staging and publishing a policy revision', () => {
  it('the admin saves a note (the revision becomes staged, and stays so after a reload) and publishes it', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy');
    await waitForPortalRoute('#/policy');
    // Another spec may have left changes staged on the shared server.
    await discardStagedPolicy();
    await browser.refresh();
    await policyPage.waitForDisplayed();
    await shell.waitForRevisionState();
    await revisionStateIs('new');
    const before = await shownRevision();
    await expect(shell.publish).toBeDisabled();

    // The stored note fills the box once it has loaded, after the revision's state: type only then
    // (CI saw the stored text arrive after the box was cleared, in front of the typed note).
    const stored = await portalApi('GET', `/api/policy/v1/rules/portal_note/${before}`);
    const storedNote = (stored.json as { note: string }).note;
    await browser.waitUntil(async () => (await policyPage.noteInput.getValue()) === storedNote, {
      timeoutMsg: `The stored note "${storedNote}" did not fill the box.`,
    });
    const note = `Blocked gambling sites (${Date.now()})`;
    // Typed as a person does: WebDriver's clear (setValue's first step) does not empty a
    // React-controlled box, and a CI run kept the stored note in front of the typed one.
    await replaceText(policyPage.noteInput, note, 'the note box');
    await policyPage.noteSave.click();
    await revisionStateIs('staged');
    await expect(shell.publish).toBeEnabled();

    // Saved on the server: a fresh page load shows the staged note.
    await browser.refresh();
    await policyPage.waitForDisplayed();
    await shell.waitForRevisionState();
    await revisionStateIs('staged');
    await expect(policyPage.noteInput).toHaveValue(note);

    // The app bar's Publish shows what it publishes first (the publish bar's dialog).
    await shell.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await publishBar.publishConfirm.waitForEnabled({
      timeoutMsg: 'The publish dialog did not load the changes.',
    });
    await publishBar.publishConfirm.click();
    await publishBar.publishDialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The publish dialog stayed open.',
    });
    await revisionStateIs('new');
    expect(await shownRevision()).toBeGreaterThan(before);
    await expect(shell.publish).toBeDisabled();
  });
});
