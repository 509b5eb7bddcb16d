import { $, browser, expect } from '@wdio/globals';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { publishBar } from '../pageobjects/PublishBar';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';
import { discardStagedPolicy } from '../support/policyApi';

/** A category the demo web policy leaves allowed (server/src/seed/demoWebPolicy.ts), by name. */
const CATEGORY = 'Games';
const CATEGORY_ID = 34;

/** The Categories tab showing one category first (the logs explorer's ?category= link). */
async function openCategory(): Promise<void> {
  await browser.url(`/#/policy/web/categories?category=${CATEGORY_ID}`);
  await waitForPortalRoute('#/policy/web/categories');
  await byTestId(`${webPolicyIds.categoryAction}-${CATEGORY_ID}`).waitForExist({
    timeoutMsg: `The Categories tab did not show ${CATEGORY}.`,
  });
}

/** The category's action in the editor's draft (the focused category's select). */
const categoryAction = () => byTestId(`${webPolicyIds.categoryAction}-${CATEGORY_ID}`).getValue();

/** Checks the category's Block box in the category tree, as a person does: filter, then click. */
async function blockCategory(): Promise<void> {
  await byTestId(webPolicyIds.categoryFilter).setValue(CATEGORY);
  const box = $(`aria/${CATEGORY}: Block`);
  await box.waitForExist({ timeoutMsg: `No Block box for ${CATEGORY}.` });
  // MUI draws the box over a transparent input: click the drawn box.
  await box.parentElement().click();
  await browser.waitUntil(async () => (await categoryAction()) === 'block', {
    timeoutMsg: `${CATEGORY} did not become blocked in the draft.`,
  });
  const save = byTestId(policyEditorIds.save);
  await save.waitForEnabled();
  await save.click();
  await browser.waitUntil(
    async () => (await byTestId(policyEditorIds.status).getText()).includes('All changes saved.'),
    {
      timeoutMsg: 'The categories were not saved.',
    },
  );
}

describe('Review, publish, history and rollback of the policy revision (issue 12)', () => {
  it('the admin blocks a category, reviews and publishes it with a comment, finds it in the history and rolls it back', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy');
    await waitForPortalRoute('#/policy');
    // Another spec may have left changes staged on the shared server.
    await discardStagedPolicy();
    await browser.refresh();
    await shell.waitForRevisionState();
    await publishBar.waitForSummary('No unpublished changes');
    const publishedBefore = Number((/Revision (\d+)/.exec(await shell.revisionState.getText()) ?? [])[1]);

    await openCategory();
    expect(await categoryAction()).toBe('allow');
    await blockCategory();
    await publishBar.waitForSummary(/^1 unpublished change in revision \d+$/);

    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    expect(
      await publishBar.waitForDiffTexts(publishBar.reviewDialog, 'The review listed no change.'),
    ).toEqual([`Block for ${CATEGORY} added`]);
    await publishBar.reviewClose.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true });

    const comment = `${CATEGORY} blocked (${Date.now()})`;
    await publishBar.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await publishBar.waitForDiffTexts(publishBar.publishDialog, 'The publish dialog listed no change.');
    expect(await blockingViolations()).toEqual([]);
    await publishBar.publishComment.setValue(comment);
    await publishBar.publishConfirm.waitForEnabled();
    await publishBar.publishConfirm.click();
    await publishBar.publishDialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The publish dialog stayed open.',
    });
    await publishBar.waitForSummary('No unpublished changes');
    const published = Number((/Revision (\d+)/.exec(await shell.revisionState.getText()) ?? [])[1]);
    expect(published).toBeGreaterThan(publishedBefore);

    // The history lists the new revision with its comment; the one before it can be rolled back to.
    await publishBar.historyLink.click();
    await waitForPortalRoute('#/policy/history');
    await publishBar
      .historyRow(published)
      .waitForDisplayed({ timeoutMsg: 'The history did not list the new revision.' });
    await expect(publishBar.historyRow(published)).toHaveText(expect.stringContaining(comment));
    await expect(publishBar.historyRow(published)).toHaveText(expect.stringContaining('admin@acme.example'));

    // Any two selected: what changed between them.
    await publishBar.selectForComparison(publishedBefore).click();
    await publishBar.selectForComparison(published).click();
    await publishBar.comparison.waitForDisplayed();
    expect(
      await publishBar.waitForDiffTexts(publishBar.comparison, 'The comparison listed no change.'),
    ).toEqual([`Block for ${CATEGORY} added`]);

    await publishBar.rollbackButton(publishedBefore).click();
    await publishBar.rollbackConfirm.waitForClickable();
    await publishBar.rollbackConfirm.click();
    await publishBar.waitForSummary(/^1 unpublished change in revision \d+$/);

    // The rollback stages the revision before: the category's block rule is gone from the staged
    // revision, and Review shows the change reversed.
    await openCategory();
    await browser.waitUntil(async () => (await categoryAction()) === 'allow', {
      timeoutMsg: `${CATEGORY} is still blocked in the staged revision after the rollback.`,
    });
    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    expect(
      await publishBar.waitForDiffTexts(
        publishBar.reviewDialog,
        'The review of the rollback listed no change.',
      ),
    ).toEqual([`Block for ${CATEGORY} removed`]);
    await browser.saveScreenshot('/tmp/policy-history-review.png');
    expect(await blockingViolations()).toEqual([]);
    await publishBar.reviewClose.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true });

    // How it looks at 800 px wide, light and dark (kept in /tmp for a person to look at).
    await browser.setWindowSize(800, 900);
    await browser.saveScreenshot('/tmp/policy-history-800-light.png');
    expect(await blockingViolations()).toEqual([]);
    await shell.chooseTheme('dark');
    await browser.saveScreenshot('/tmp/policy-history-800-dark.png');
    expect(await blockingViolations()).toEqual([]);

    // Discarding the staged rollback (its confirmation checked in dark mode too) leaves the
    // published revision: the category is blocked again.
    await publishBar.discard.click();
    await publishBar.discardConfirm.waitForClickable();
    await browser.saveScreenshot('/tmp/policy-history-800-dark-discard.png');
    expect(await blockingViolations()).toEqual([]);
    await publishBar.discardConfirm.click();
    await publishBar.discardDialog.waitForDisplayed({ reverse: true });
    await publishBar.waitForSummary('No unpublished changes');
    await browser.waitUntil(async () => (await categoryAction()) === 'block', {
      timeoutMsg: `${CATEGORY} is not blocked again after the rollback was discarded.`,
    });

    // Leave the policy as this spec found it (a retry runs it again on the same server): roll
    // back to the revision before and publish that.
    await publishBar.historyLink.click();
    await waitForPortalRoute('#/policy/history');
    await publishBar.rollbackButton(publishedBefore).click();
    await publishBar.rollbackConfirm.waitForClickable();
    await publishBar.rollbackConfirm.click();
    await publishBar.waitForSummary(/^1 unpublished change in revision \d+$/);
    await publishBar.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await publishBar.publishComment.setValue(`${CATEGORY} allowed again (${Date.now()})`);
    await publishBar.publishConfirm.waitForEnabled();
    await publishBar.publishConfirm.click();
    await publishBar.publishDialog.waitForDisplayed({ reverse: true });
    await publishBar.waitForSummary('No unpublished changes');
    await openCategory();
    expect(await categoryAction()).toBe('allow');
  });
});
