import { $, browser, expect } from '@wdio/globals';
import { logsIds, policyRuleLinkId, policyTesterIds } from '@workbench/common/test-ids/index';
import { logsPage } from '../pageobjects/LogsPage';
import { shell } from '../pageobjects/Shell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

/**
 * The rule behind a decision (issue 12): a blocked web event's details link to the rule of the
 * published web policy that blocked it, and the policy tester names and links the rule that
 * decides a request. The demo tenants' first revision holds the demo web policy (gambling
 * blocked by category, server/src/seed/demoWebPolicy.ts); the demo web events were decided by it.
 */
describe('From a decision to its rule', () => {
  it("a blocked web event's details open the rule that blocked it", async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/logs/web?interval=30d&action=block');
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();
    const [first] = await logsPage.firstRows(1, ['domain', 'action']);
    expect(first.cells.action).toBe('Block');
    await browser.execute((sel: string) => {
      (
        document.querySelector(`${sel} .ag-row[row-index="0"] [col-id="domain"]`) as HTMLElement | null
      )?.click();
    }, `[data-testid="${logsIds.grid}"]`);
    await logsPage.detail.waitForDisplayed({ timeoutMsg: 'The detail panel did not open.' });
    const link = byTestId(policyRuleLinkId);
    await expect(link).toHaveText(expect.stringContaining('Open rule'));
    await link.click();
    await browser.waitUntil(
      async () => /#\/policy\/web\/(categories|exceptions|threats)/.test(await browser.getUrl()),
      {
        timeoutMsg: 'The rule link did not open the web policy.',
      },
    );
    await shell.waitForPage('Web Policy');
  });

  it('the policy tester names the rule that decides a request and opens it', async () => {
    await browser.setWindowSize(800, 900);
    await browser.url('/#/policy/tester');
    await waitForPortalRoute('#/policy/tester');
    await byTestId(policyTesterIds.page).waitForDisplayed();
    await byTestId(policyTesterIds.url).setValue('https://www.pokerstars.com/lobby');
    const category = byTestId(policyTesterIds.category);
    await category.click();
    await category.setValue('Gambling');
    await $('li[role="option"]=Gambling').click();
    await byTestId(policyTesterIds.submit).click();

    const staged = byTestId(`${policyTesterIds.decision}-staged`);
    await staged.waitForDisplayed({ timeoutMsg: 'No decision came back.' });
    await expect(staged).toHaveAttribute('data-action', 'block');
    await expect(byTestId(`${policyTesterIds.decision}-published`)).toHaveAttribute('data-action', 'block');
    expect(await blockingViolations()).toEqual([]);
    await browser.saveScreenshot('/tmp/policy-tester-800.png');

    const rule = staged.$(`[data-testid="${policyTesterIds.ruleLink}"]`);
    await expect(rule).toHaveText('Open “Gambling”');
    await rule.click();
    await browser.waitUntil(
      async () => (await browser.getUrl()).includes('#/policy/web/categories?category=27'),
      {
        timeoutMsg: 'The rule link did not open the category.',
      },
    );
    await browser.setWindowSize(1400, 900);
  });

  it('with no category picked, the tester looks the site up and says which category it used (issue 31)', async () => {
    await browser.url('/#/policy/tester');
    await waitForPortalRoute('#/policy/tester');
    await byTestId(policyTesterIds.page).waitForDisplayed();
    // The tester keeps its form while the session lasts (the test before left pokerstars.com and
    // Gambling in it): the URL is replaced by typing over it, the category emptied. setValue's
    // WebDriver clear does not reach React's state, so it appended.
    const url = byTestId(policyTesterIds.url);
    await url.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('https://www.netflix.com/browse');
    await expect(url).toHaveValue('https://www.netflix.com/browse');
    const category = byTestId(policyTesterIds.category);
    await category.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Backspace');
    await browser.keys('Escape');
    await expect(category).toHaveValue('');
    await $('li[role="option"]').waitForDisplayed({ reverse: true });
    await byTestId(policyTesterIds.submit).click();
    const staged = byTestId(`${policyTesterIds.decision}-staged`);
    await staged.waitForDisplayed({ timeoutMsg: 'No decision came back.' });
    await expect(staged.$(`[data-testid="${policyTesterIds.categoryUsed}"]`)).toHaveText(
      'Site category: Streaming Media (looked up in the category database: netflix.com).',
    );
  });
});
