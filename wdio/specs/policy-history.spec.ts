import { browser, expect } from '@wdio/globals';
import { XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';
import { publishBar } from '../pageobjects/PublishBar';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

/**
 * Stages a change the way another administrator's save would: through the API with the browser's
 * session (GET the revision and the risk levels, PUT them back with Medium set to `action`).
 * Returns the action Medium had before.
 */
async function stageMediumRisk(action: string): Promise<string> {
  const result = await browser.execute(
    async (wanted: string, xsrfCookie: string, xsrfHeader: string) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${xsrfCookie}=`))
          ?.split('=')[1] ?? '',
      );
      const get = async (url: string) => (await fetch(url, { credentials: 'same-origin' })).json();
      const revision = await get(`/api/policy/v1/rules?timestamp=${Date.now()}`);
      const doc = await get(`/api/policy/v1/rules/risks/${revision.staged_rev_id}?timestamp=${Date.now()}`);
      const before = doc.list.find((e: { risk: string }) => e.risk === 'Y')?.action ?? '';
      const list = doc.list.map((e: { risk: string; action: string }) =>
        e.risk === 'Y' ? { ...e, action: wanted } : e,
      );
      const put = await fetch(`/api/policy/v1/rules/risks/${revision.staged_rev_id}`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [xsrfHeader]: xsrf },
        body: JSON.stringify({
          rev_id: revision.rev_id,
          state: revision.state,
          updated_at: revision.updated_at,
          data: { list, flash: doc.flash },
        }),
      });
      return { status: put.status, before };
    },
    action,
    XSRF_COOKIE,
    XSRF_HEADER,
  );
  if (result.status !== 200) throw new Error(`Staging the risk levels answered HTTP ${result.status}.`);
  return result.before;
}

const LABELS: Record<string, string> = { safeview: 'Isolate', block: 'Block', allow: 'Allow' };

describe('Review, publish, history and rollback of the policy revision (issue 12)', () => {
  it('the admin reviews a staged change, publishes it with a comment, finds it in the history and rolls it back', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy');
    await waitForPortalRoute('#/policy');
    await shell.waitForRevisionState();
    await publishBar.waitForSummary('No unpublished changes');
    const publishedBefore = Number((/Revision (\d+)/.exec(await shell.revisionState.getText()) ?? [])[1]);

    // Another session's save: the page shows it after a reload.
    const before = await stageMediumRisk('block');
    expect(before).not.toBe('block');
    await browser.refresh();
    await publishBar.waitForSummary(/^1 unpublished change in revision \d+$/);

    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    await browser.waitUntil(async () => (await publishBar.diffTexts(publishBar.reviewDialog)).length > 0, {
      timeoutMsg: 'The review listed no change.',
    });
    expect(await publishBar.diffTexts(publishBar.reviewDialog)).toEqual([
      `Medium changed from ${LABELS[before]} to Block`,
    ]);
    await publishBar.reviewClose.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true });

    const comment = `Medium risk blocked (${Date.now()})`;
    await publishBar.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await browser.waitUntil(async () => (await publishBar.diffTexts(publishBar.publishDialog)).length > 0, {
      timeoutMsg: 'The publish dialog listed no change.',
    });
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
    await browser.waitUntil(async () => (await publishBar.diffTexts(publishBar.comparison)).length > 0, {
      timeoutMsg: 'The comparison listed no change.',
    });
    expect(await publishBar.diffTexts(publishBar.comparison)).toEqual([
      `Medium changed from ${LABELS[before]} to Block`,
    ]);

    await publishBar.rollbackButton(publishedBefore).click();
    await publishBar.rollbackConfirm.waitForClickable();
    await publishBar.rollbackConfirm.click();
    await publishBar.waitForSummary(/^1 unpublished change in revision \d+$/);

    // The rollback stages the change back: Review shows it reversed.
    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    await browser.waitUntil(async () => (await publishBar.diffTexts(publishBar.reviewDialog)).length > 0, {
      timeoutMsg: 'The review of the rollback listed no change.',
    });
    expect(await publishBar.diffTexts(publishBar.reviewDialog)).toEqual([
      `Medium changed from Block to ${LABELS[before]}`,
    ]);
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

    // Leave the revision as it was for the specs after this one: discard the staged rollback
    // (its confirmation checked in dark mode too).
    await publishBar.discard.click();
    await publishBar.discardConfirm.waitForClickable();
    await browser.saveScreenshot('/tmp/policy-history-800-dark-discard.png');
    expect(await blockingViolations()).toEqual([]);
    await publishBar.discardConfirm.click();
    await publishBar.discardDialog.waitForDisplayed({ reverse: true });
    await publishBar.waitForSummary('No unpublished changes');
  });
});
