/**
 * Multi-tenant associations (issue 33 point 7), end to end against the reference server's demo
 * seed: the parent tenant northwind-partners has asked to manage acme. acme's administrator finds
 * the request under Settings › Multi-tenant and, while it is pending, reads "No rules set by the
 * parent" in the web policy; approves it; then sees the parent's global exceptions and browser
 * rules read-only in acme's web policy (docs/policy.md §11). The parent then ends the association
 * from its own Settings › Multi-tenant, and acme reads "No rules set by the parent" again (so the
 * specs after this one find acme as seeded). With WDIO_SCREENSHOTS set, the page and the parent's
 * rules at 1400 and 800 px, light and dark, go to /tmp/multi-tenant-*.png.
 */
import { browser, expect } from '@wdio/globals';
import { DEMO_PARENT_TENANT } from '@workbench/common/api/contract/demo';
import { multiTenantIds } from '@workbench/common/test-ids/multiTenantIds';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { webControlIds } from '@workbench/common/test-ids/webControlIds';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';
import { screenshots } from '../support/theme';

const PAGE = '/#/settings/multi-tenant';
const PARENT = DEMO_PARENT_TENANT.name;
const PARENT_EXCEPTION = 'Block known command-and-control hosts';
const PARENT_BROWSER_RULE = 'Block Internet Explorer';

const section = (path: string) => byTestId(`${policyEditorIds.section}-${path}`);
/** The row of `name` in a list of the page (parents or children). */
async function rowOf(list: string, name: string) {
  let found: WebdriverIO.Element | undefined;
  await browser.waitUntil(
    async () => {
      for (const row of await byTestId(list).$$(`[data-testid^="${multiTenantIds.row}-"]`))
        if ((await row.$('td').getText()) === name) found = row;
      return found !== undefined;
    },
    { timeoutMsg: `${name} is not in the list ${list}.` },
  );
  return found!;
}
/** A row's button or status, by its test id prefix. */
const inRow = async (list: string, name: string, prefix: string) =>
  (await rowOf(list, name)).$(`[data-testid^="${prefix}-"]`);

async function openMultiTenant(): Promise<void> {
  await byTestId(multiTenantIds.page).waitForDisplayed({
    timeoutMsg: 'Settings › Multi-tenant did not show.',
  });
  await byTestId(multiTenantIds.parents).waitForDisplayed();
}

async function openWebPolicyTab(path: string): Promise<void> {
  await byTestId(`${webPolicyIds.tab}-${path}`).click();
  await section(path).waitForDisplayed({ timeoutMsg: `The ${path} tab did not show.` });
}

/** Approve, decline or end in a row, confirmed in the dialog. */
async function change(list: string, name: string, prefix: string): Promise<void> {
  const button = await inRow(list, name, prefix);
  await button.waitForClickable();
  await button.click();
  await byTestId(multiTenantIds.confirmDialog).waitForDisplayed();
  await byTestId(multiTenantIds.confirm).click();
  await byTestId(multiTenantIds.confirmDialog).waitForDisplayed({ reverse: true });
}

async function statusIs(list: string, name: string, text: string): Promise<void> {
  await browser.waitUntil(
    async () => (await (await inRow(list, name, multiTenantIds.status)).getText()) === text,
    {
      timeoutMsg: `The status of ${name} did not become "${text}".`,
    },
  );
}

/** Waits until a section of the web policy names the parent's rule. */
async function showsParentRule(path: string, rule: string): Promise<void> {
  await browser.waitUntil(async () => (await section(path).getText()).includes(rule), {
    timeoutMsg: `The parent's rule "${rule}" did not show in acme's web policy (${path}).`,
  });
}

describe('Multi-tenant associations', () => {
  it("acme's administrator finds the parent's pending request; the parent's rules are not applied yet", async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, PAGE);
    await waitForPortalRoute('#/settings/multi-tenant');
    await openMultiTenant();
    await expect(byTestId(multiTenantIds.parents)).toHaveText(
      expect.stringContaining(DEMO_PARENT_TENANT.name),
    );
    await statusIs(multiTenantIds.parents, PARENT, 'Pending approval');
    expect(await blockingViolations()).toEqual([]);
    await screenshots('multi-tenant-page', openMultiTenant);

    await browser.url('/#/policy/web/global-exceptions');
    await section('global-exceptions').waitForDisplayed();
    await byTestId(webControlIds.parentEmpty).waitForDisplayed({
      timeoutMsg: 'A pending parent already showed its rules.',
    });
  });

  it("approving it shows the parent's global exceptions and browser rules, read-only, in acme's web policy", async () => {
    await browser.url(PAGE);
    await openMultiTenant();
    await change(multiTenantIds.parents, PARENT, multiTenantIds.approve);
    await statusIs(multiTenantIds.parents, PARENT, 'Active');
    await expect(await inRow(multiTenantIds.parents, PARENT, multiTenantIds.approve)).not.toBeExisting();

    await browser.url('/#/policy/web/global-exceptions');
    await section('global-exceptions').waitForDisplayed();
    await showsParentRule('parent-global-exceptions', PARENT_EXCEPTION);
    await expect(byTestId(webControlIds.parentEmpty)).not.toBeExisting();
    // Read-only: acme adds to its own global exceptions, never to the parent's.
    await expect(byTestId(`${webPolicyIds.ruleAdd}-global-exceptions-pre`)).toBeExisting();
    await expect(byTestId(`${webPolicyIds.ruleAdd}-parent-global-exceptions-pre`)).not.toBeExisting();
    expect(await blockingViolations()).toEqual([]);
    await screenshots('multi-tenant-parent-rules', async () => {
      await showsParentRule('parent-global-exceptions', PARENT_EXCEPTION);
      await section('parent-global-exceptions').scrollIntoView();
    });

    await openWebPolicyTab('global-browsers');
    await showsParentRule('parent-global-browsers', PARENT_BROWSER_RULE);
  });

  it('the parent ends the association; acme reads "No rules set by the parent" again', async () => {
    await forgetSession();
    await signInToPortal(DEMO_PARENT_TENANT.account.username, DEMO_PASSWORD, PAGE);
    await openMultiTenant();
    await byTestId(multiTenantIds.children).waitForDisplayed();
    // The globex association ended before: acme's is the one to end.
    await statusIs(multiTenantIds.children, 'globex', 'Ended');
    await change(multiTenantIds.children, 'acme', multiTenantIds.end);
    await statusIs(multiTenantIds.children, 'acme', 'Ended');

    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/policy/web/global-exceptions');
    await section('global-exceptions').waitForDisplayed();
    await byTestId(webControlIds.parentEmpty).waitForDisplayed({
      timeoutMsg: "The parent's rules stayed after the association ended.",
    });
  });
});
