import { $, browser, expect } from '@wdio/globals';
import { XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';
import { policyEditorIds, policyFamilyIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { casbPolicyIds, egressPolicyIds } from '@workbench/common/test-ids/casbIds';
import { componentIds } from '@workbench/common/test-ids/index';
import { publishBar } from '../pageobjects/PublishBar';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';
import { discardStagedPolicy } from '../support/policyApi';

/**
 * The Cloud Apps Policy and Egress Headers editors (issue 13) in the built portal against the
 * reference server: the admin edits an app rule, reviews the diff sentence and publishes it; the
 * auditor sees both pages read-only.
 */

const RULE = 'Block uploads to personal storage';

/** Saves a profile and an app rule through the API with the browser's session, and publishes them. */
async function publishStartingPolicy(): Promise<void> {
  const status = await browser.execute(
    async (rule: string, xsrfCookie: string, xsrfHeader: string) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${xsrfCookie}=`))
          ?.split('=')[1] ?? '',
      );
      const headers = { 'content-type': 'application/json', [xsrfHeader]: xsrf };
      const revision = async () => (await fetch(`/api/policy/v1/rules?timestamp=${Date.now()}`)).json();
      const put = async (path: string, data: unknown) => {
        const r = await revision();
        return (
          await fetch(`${path}/${r.staged_rev_id}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ rev_id: r.rev_id, state: r.state, updated_at: r.updated_at, data }),
          })
        ).status;
      };
      const a = await put('/api/policy/v3/casb/profiles', {
        profiles: {
          list: [
            {
              id: 'personal-storage',
              name: 'Personal storage',
              type: 'unsanctioned',
              apps: ['dropbox', 'mega'],
              tenant_restrictions: [],
            },
          ],
        },
      });
      const b = await put('/api/policy/v3/casb/app_rules', {
        appRules: [
          {
            id: 'block-uploads',
            name: rule,
            enabled: true,
            conditions: {},
            profile_id: 'personal-storage',
            activities: ['upload'],
            action: 'block',
          },
        ],
      });
      const r = await revision();
      const c = (
        await fetch(`/api/policy/v1/rules/${r.staged_rev_id}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ updated_at: r.updated_at, comment: 'Cloud app starting policy' }),
        })
      ).status;
      return [a, b, c];
    },
    RULE,
    XSRF_COOKIE,
    XSRF_HEADER,
  );
  if (status.some((s) => s !== 200))
    throw new Error(`Setting up the cloud app policy answered ${status.join(', ')}.`);
}

async function shots(name: string): Promise<void> {
  await browser.setWindowSize(1400, 1000);
  await browser.saveScreenshot(`/tmp/casb-${name}-wide.png`);
  await browser.setWindowSize(800, 1000);
  await browser.saveScreenshot(`/tmp/casb-${name}-800.png`);
  await browser.setWindowSize(1400, 1000);
}

describe('Cloud Apps Policy and Egress Headers (issue 13)', () => {
  it('the admin edits an app rule, reviews the diff and publishes it', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy/casb/app-rules');
    await waitForPortalRoute('#/policy/casb/app-rules');
    await discardStagedPolicy();
    await publishStartingPolicy();
    await browser.refresh();
    await byTestId(policyFamilyIds('casb').page).waitForDisplayed();
    await shell.waitForRevisionState();
    await publishBar.waitForSummary('No unpublished changes');

    const edit = byTestId(`${webPolicyIds.ruleEdit}-block-uploads`);
    await edit.waitForClickable({ timeoutMsg: 'The app rule did not show.' });
    await edit.click();
    const dialog = byTestId(casbPolicyIds.dialog);
    await dialog.waitForDisplayed();
    await dialog.$('[role="combobox"]').click();
    await $('li[role="option"][data-value="safeview"]').click();
    await $('.MuiMenu-root').waitForExist({ reverse: true });
    expect(await blockingViolations()).toEqual([]);
    // Apply is in the last panel (Comment).
    await dialog.$('#comment-header').click();
    await dialog.$(`[data-testid="${componentIds.ruleAccordionSave}"]`).waitForClickable();
    await dialog.$(`[data-testid="${componentIds.ruleAccordionSave}"]`).click();
    await dialog.waitForDisplayed({ reverse: true });
    await byTestId(policyEditorIds.save).click();
    await browser.waitUntil(
      async () => (await byTestId(policyEditorIds.status).getText()).includes('All changes saved.'),
      {
        timeoutMsg: 'The app rule was not saved.',
      },
    );
    await publishBar.waitForSummary(/^1 unpublished change in revision \d+$/);
    await shots('app-rules');

    await publishBar.review.click();
    await publishBar.reviewDialog.waitForDisplayed();
    expect(
      await publishBar.waitForDiffTexts(publishBar.reviewDialog, 'The review listed no change.'),
    ).toEqual([`App rule “${RULE}”: action changed from Block to Isolate`]);
    await publishBar.reviewClose.click();
    await publishBar.reviewDialog.waitForDisplayed({ reverse: true });

    await publishBar.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await publishBar.publishComment.setValue('Isolate uploads to personal storage');
    await publishBar.publishConfirm.waitForEnabled();
    await publishBar.publishConfirm.click();
    await publishBar.publishDialog.waitForDisplayed({ reverse: true });
    await publishBar.waitForSummary('No unpublished changes');

    // The other tabs draw, with no blocking axe violation.
    for (const tab of ['profiles', 'domain-lists', 'discovery']) {
      await byTestId(`${policyFamilyIds('casb').tab}-${tab}`).click();
      await byTestId(`${policyEditorIds.section}-${tab}`).waitForDisplayed();
      await browser.pause(300);
      expect(await blockingViolations()).toEqual([]);
    }
    await byTestId(casbPolicyIds.discoveryTable).waitForDisplayed({
      timeoutMsg: 'The discovered apps did not show.',
    });
    await shots('discovery');
    await browser.url('/#/policy/egress/rules');
    await byTestId(egressPolicyIds.blocklist).waitForDisplayed();
    expect(await blockingViolations()).toEqual([]);
    await shots('egress');
  });

  it('the auditor sees both pages read-only', async () => {
    await forgetSession();
    await signInToPortal('auditor@acme.example', DEMO_PASSWORD, '/#/policy/casb/app-rules');
    await waitForPortalRoute('#/policy/casb/app-rules');
    await byTestId(`${webPolicyIds.ruleEdit}-block-uploads`).waitForDisplayed();
    await expect(byTestId(`${casbPolicyIds.add}-app-rules`)).not.toBeExisting();
    await expect(byTestId(policyEditorIds.save)).not.toBeExisting();
    await expect(byTestId(`${webPolicyIds.ruleEnabled}-block-uploads`)).toBeDisabled();
    await byTestId(`${webPolicyIds.ruleEdit}-block-uploads`).click();
    await byTestId(casbPolicyIds.dialog).waitForDisplayed();
    await expect(byTestId(`${casbPolicyIds.field}-name`)).toBeDisabled();
    await expect(
      byTestId(casbPolicyIds.dialog).$(`[data-testid="${componentIds.ruleAccordionSave}"]`),
    ).toBeDisabled();
    await byTestId(casbPolicyIds.dialogCancel).click();

    await browser.url('/#/policy/egress/rules');
    await byTestId(egressPolicyIds.blocklist).waitForDisplayed();
    await expect(byTestId(`${egressPolicyIds.add}-rules`)).not.toBeExisting();
    await expect(byTestId(policyEditorIds.save)).not.toBeExisting();
  });
});
