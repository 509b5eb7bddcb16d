/**
 * Two-person approval of a publish (docs/policy-impact.md): with the tenant's setting on, one
 * administrator stages a change and submits it for approval with a comment; the impact preview in
 * the review answers the same count as the API; a second administrator opens the review, sees the
 * request beside the diff and approves it; the revision is published.
 */
import { browser, expect } from '@wdio/globals';
import { policyPage } from '../pageobjects/PolicyPage';
import { publishBar } from '../pageobjects/PublishBar';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';
import { DEMO_PASSWORD } from '../support/testEnv';
import { discardStagedPolicy, setPublishApproval } from '../support/policyApi';

const revisionStateIs = async (state: 'new' | 'staged') =>
  browser.waitUntil(async () => (await shell.revisionState.getAttribute('data-state')) === state, {
    timeoutMsg: `The revision state did not become '${state}'.`,
  });

/** The impact preview's changed count for the same window, through the API (the browser's session). */
const apiChangedCount = async (days: number): Promise<number> =>
  // The browser awaits the script's promise; its type here is the promise's.
  Number(
    await browser.execute(
      async (window: number, xsrfCookie: string, xsrfHeader: string) => {
        const xsrf = decodeURIComponent(
          document.cookie
            .split('; ')
            .find((c) => c.startsWith(`${xsrfCookie}=`))
            ?.split('=')[1] ?? '',
        );
        const started = await (
          await fetch('/api/policy/v1/impact', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json', [xsrfHeader]: xsrf },
            body: JSON.stringify({ days: window }),
          })
        ).json();
        for (;;) {
          const job = await (await fetch(`/api/policy/v1/impact/${started.id}`)).json();
          if (job.status === 'finished') return job.result.changed as number;
          if (job.status === 'failed') throw new Error(job.reason);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      },
      days,
      XSRF_COOKIE,
      XSRF_HEADER,
    ),
  );

describe('Two-person approval of a publish', () => {
  after(async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy');
    await waitForPortalRoute('#/policy');
    await setPublishApproval(false);
    await discardStagedPolicy();
  });

  it('one administrator submits, another approves from the review, and the revision is published', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy');
    await waitForPortalRoute('#/policy');
    await discardStagedPolicy();
    await setPublishApproval(true);
    await browser.refresh();
    await policyPage.waitForDisplayed();
    await shell.waitForRevisionState();
    await revisionStateIs('new');

    const note = `Approved change (${Date.now()})`;
    await policyPage.noteInput.setValue(note);
    await policyPage.noteSave.click();
    await revisionStateIs('staged');

    // The review shows the impact preview; its count is the API's for the same window.
    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    await publishBar.impactRun.click();
    await publishBar.impactChanged.waitForDisplayed({ timeoutMsg: 'The impact preview did not finish.' });
    const shown = Number(await publishBar.impactChanged.getAttribute('data-count'));
    expect(shown).toBe(await apiChangedCount(7));
    await publishBar.reviewClose.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true });

    await expect(publishBar.publish).toHaveText('Submit for approval…');
    await publishBar.publish.click();
    await publishBar.approvalSubmitDialog.waitForDisplayed();
    await publishBar.approvalComment.setValue('Please approve the new note');
    await publishBar.approvalSubmit.waitForEnabled();
    await publishBar.approvalSubmit.click();
    await publishBar.approvalSubmitDialog.waitForDisplayed({ reverse: true });
    await publishBar.approvalPending.waitForDisplayed();
    await revisionStateIs('staged');

    // The second administrator approves from the review (the diff and the request side by side).
    await forgetSession();
    await signInToPortal('approver@acme.example', DEMO_PASSWORD, '/#/policy');
    await waitForPortalRoute('#/policy');
    await policyPage.waitForDisplayed();
    await shell.waitForRevisionState();
    await revisionStateIs('staged');
    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    await publishBar.approvalPanel.waitForDisplayed();
    await expect(publishBar.approvalPanel).toHaveText(expect.stringContaining('Please approve the new note'));
    await publishBar.approvalApprove.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true, timeoutMsg: 'The review stayed open.' });
    await revisionStateIs('new');
    await expect(policyPage.noteInput).toHaveValue(note);
  });
});
