import { browser, expect } from '@wdio/globals';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { privateAccessPage as pa } from '../pageobjects/PrivateAccessPage';
import { publishBar } from '../pageobjects/PublishBar';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { discardStagedPolicy } from '../support/policyApi';
import { DEMO_PASSWORD } from '../support/testEnv';

/**
 * The Secure Application Access page (issue 13): the admin adds a connector cluster, an
 * application reached through it and an access rule opening it, reviews the readable diff and
 * publishes; the auditor sees the rule read-only. Names carry a run stamp, so a server that
 * already holds private access entries still works.
 */
const stamp = Date.now().toString(36);
const clusterName = `Frankfurt ${stamp}`;
const appName = `Git ${stamp}`;
const ruleName = `Engineers to Git ${stamp}`;

describe('Secure Application Access page', () => {
  afterEach(async function keepFailure(this: { currentTest?: { state?: string; title: string } }) {
    if (this.currentTest?.state === 'failed')
      await browser.saveScreenshot(
        `/tmp/private-failed-${this.currentTest.title.slice(0, 20).replace(/\W+/g, '-')}.png`,
      );
  });

  it('the admin adds a cluster, an application and an access rule, reviews the diff and publishes', async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 900);
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/secure-application-access/clusters');
    await waitForPortalRoute('#/secure-application-access/clusters');
    // Another spec may have left changes staged on the shared server.
    await discardStagedPolicy();
    await browser.refresh();
    await shell.waitForPage('Secure Application Access');
    await shell.waitForRevisionState();
    await publishBar.waitForSummary('No unpublished changes');
    await pa.waitForDisplayed('clusters');
    await expect(pa.portalUrl).toBeDisplayed();

    // A cluster in Frankfurt with its provisioning key.
    await pa.addButton('clusters').click();
    await pa.dialog('clusterDialog').waitForDisplayed();
    await pa.fill('name', clusterName);
    await pa.choose(privateAccessIds.clusterDialog, 0, 'Europe (Frankfurt)');
    await pa.fill('key_id', `pk_${stamp}`);
    await pa.dialogSave.click();
    await pa.dialog('clusterDialog').waitForExist({ reverse: true });
    await pa.save.click();
    await pa.waitForSaved();

    // An application reached through it.
    await pa.tab('applications').click();
    await waitForPortalRoute('#/secure-application-access/applications');
    await pa.waitForDisplayed('applications');
    await pa.addButton('applications').click();
    await pa.dialog('appDialog').waitForDisplayed();
    await pa.fill('name', appName);
    await pa.fill('domains', `git-${stamp}.acme.internal`);
    await pa.fill('ports', '22\n443');
    await pa.choose(privateAccessIds.appDialog, 1, clusterName);
    await pa.dialogSave.click();
    await pa.dialog('appDialog').waitForExist({ reverse: true });

    // An access rule opening it (applications and rules are one document: one Save).
    await pa.tab('access-rules').click();
    await waitForPortalRoute('#/secure-application-access/access-rules');
    await pa.waitForDisplayed('access-rules');
    await pa.addButton('access-rules').click();
    await pa.dialog('ruleDialog').waitForDisplayed();
    await pa.fill('name', ruleName);
    await pa.accordionNext.waitForEnabled();
    await pa.accordionNext.click();
    await pa.fill('groups', 'engineering');
    await pa.accordionNext.click();
    await pa.dualListItem(appName).waitForDisplayed();
    await pa.dualListItem(appName).click();
    await pa.addToSelected.click();
    // The last panel (device posture and session) holds the accordion's Save.
    await pa.accordionNext.waitForEnabled();
    await pa.accordionNext.click();
    await pa.accordionSave.waitForEnabled();
    await pa.accordionSave.click();
    await pa.dialog('ruleDialog').waitForExist({ reverse: true });
    await browser.waitUntil(async () => (await pa.columnTexts('access-rules', 'name')).includes(ruleName), {
      timeoutMsg: 'The access rule was not added.',
    });
    const names = await pa.columnTexts('access-rules', 'name');
    expect((await pa.columnTexts('access-rules', 'applications'))[names.indexOf(ruleName)]).toBe(appName);
    await pa.save.click();
    await pa.waitForSaved();
    await publishBar.waitForSummary(/^\d+ unpublished changes? in revision \d+$/);
    await browser.saveScreenshot('/tmp/private-rules-wide.png');
    expect(await blockingViolations()).toEqual([]);

    // The review names what changed in words.
    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    const lines = await publishBar.waitForDiffTexts(publishBar.reviewDialog, 'The review listed no change.');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Access rule \\d+ “${ruleName}” added \\(Allow\\)$`)),
        `Application “${appName}” added`,
        `Cluster “${clusterName}” added`,
      ]),
    );
    await browser.saveScreenshot('/tmp/private-review.png');
    await publishBar.reviewClose.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true });

    await publishBar.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await publishBar.publishComment.setValue(`Private access for engineering ${stamp}`);
    await publishBar.publishConfirm.waitForEnabled();
    await publishBar.publishConfirm.click();
    await publishBar.publishDialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The publish dialog stayed open.',
    });
    await publishBar.waitForSummary('No unpublished changes');

    // What a user sees at 800 px, the rule dialog, and the dark theme.
    await browser.setWindowSize(800, 900);
    await browser.pause(300);
    await browser.saveScreenshot('/tmp/private-rules-800.png');
    await pa.rowButton(`Edit ${ruleName}`).click();
    await pa.dialog('ruleDialog').waitForDisplayed();
    await browser.saveScreenshot('/tmp/private-rule-dialog-800.png');
    expect(await blockingViolations()).toEqual([]);
    await browser.keys('Escape');
    await pa.dialog('ruleDialog').waitForExist({ reverse: true });
    await shell.chooseTheme('dark');
    await browser.setWindowSize(1400, 900);
    await pa.tab('applications').click();
    await pa.waitForDisplayed('applications');
    await browser.pause(300);
    await browser.saveScreenshot('/tmp/private-apps-dark.png');
    await pa.tab('clusters').click();
    await pa.waitForDisplayed('clusters');
    await browser.setWindowSize(800, 900);
    await browser.pause(300);
    await browser.saveScreenshot('/tmp/private-clusters-dark-800.png');
    await shell.chooseTheme('system');
  });

  it('the auditor sees the access rules read-only', async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 900);
    await signInToPortal('auditor@acme.example', DEMO_PASSWORD, '/#/secure-application-access');
    await waitForPortalRoute('#/secure-application-access');
    await shell.waitForPage('Secure Application Access');
    await pa.waitForDisplayed('access-rules');
    await expect(pa.status).toHaveText(expect.stringContaining('Read-only'));
    await browser.waitUntil(async () => (await pa.columnTexts('access-rules', 'name')).includes(ruleName), {
      timeoutMsg: 'The access rules did not load.',
    });
    await expect(pa.save).not.toBeExisting();
    await expect(pa.addButton('access-rules')).not.toBeExisting();
    await expect(pa.rowButton(`Delete ${ruleName}`)).not.toBeExisting();
    await pa.rowButton(`View ${ruleName}`).click();
    await pa.dialog('ruleDialog').waitForDisplayed();
    await expect(pa.field('name')).toBeDisabled();
    await browser.saveScreenshot('/tmp/private-auditor.png');
  });
});
