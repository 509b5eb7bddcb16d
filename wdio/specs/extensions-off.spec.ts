import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { $, browser, expect } from '@wdio/globals';
import {
  componentIds,
  dashboardIds,
  logsIds,
  navItemId,
  notFoundIds,
  publishBarIds,
  shellIds,
  twoFactorIds,
} from '@workbench/common/test-ids/index';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { reportsIds } from '@workbench/common/test-ids/reportsIds';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { EXTENSIONS_PATHS, EXTENSION_REGISTRY } from '@workbench/common/api/contract/extensions';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { publishBar } from '../pageobjects/PublishBar';
import { shell } from '../pageobjects/Shell';
import { logsPage } from '../pageobjects/LogsPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, testIdSelector } from '../pageobjects/testId';
import { takeBrowserLog } from '../support/cdp';
import { DEMO_PASSWORD } from '../support/testEnv';
import { startWorkbenchServer, type RunningServer } from '../support/workbenchServer';

/**
 * Issue 30 (Done when): the portal against a server started with WORKBENCH_EXTENSIONS=none, i.e. a
 * backend with only the spec's calls (docs/api.md). Its own server, beside the suite's: the acme
 * admin visits the main pages and finds no error page, no console error and none of the
 * extensions' controls, and the spec's features work (a web policy saved and published, a logs
 * search, the dashboard's charts); the provider console likewise.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Enough demo events for every page to show data; the suite's 200,000 are not needed here. */
const EVENTS = 5000;

let server: RunningServer | undefined;
let suiteBaseUrl: string | undefined;

/** The console's errors since the last look (failed requests included), as text. */
async function consoleErrors(): Promise<string[]> {
  return (await takeBrowserLog()).filter((e) => e.level === 'SEVERE').map((e) => e.message);
}

/** A page of the portal at `hash`: its title shows, and it is no 404 page and shows no error alert. */
async function visit(hash: string, title: string): Promise<void> {
  await browser.url(`/${hash}`);
  await waitForPortalRoute(hash.split('?')[0]);
  await shell.waitForPage(title);
  await shell.waitForRevisionState();
  await expect(byTestId(notFoundIds.page)).not.toBeExisting();
  await expect($('.MuiAlert-colorError')).not.toBeDisplayed();
}

describe('The portal against a server with the extensions turned off', () => {
  before(async () => {
    server = await startWorkbenchServer(repoRoot, {
      demoEvents: EVENTS,
      env: { WORKBENCH_EXTENSIONS: 'none' },
    });
    await server.waitForDemoEvents(() => undefined);
    // Every page object opens paths of the base URL: this spec's server's, not the suite's.
    suiteBaseUrl = browser.options.baseUrl;
    browser.options.baseUrl = server.baseUrl;
  });

  after(async () => {
    if (suiteBaseUrl !== undefined) browser.options.baseUrl = suiteBaseUrl;
    await server?.stop();
  });

  it('the server serves none: each extension route is an unknown path', async () => {
    for (const def of Object.values(EXTENSION_REGISTRY)) {
      const route = def.routes[0];
      const url = `${server!.baseUrl}${route.path.replace(/\{[^}]+\}/g, '1')}`;
      const reply = await fetch(url, { method: route.method });
      expect({ url, status: reply.status }).toEqual({ url, status: 404 });
    }
  });

  it('the acme admin visits the main pages: no error page, no console error, no extension control', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/dashboard');
    await waitForPortalRoute('#/dashboard');
    // The session asked which extensions the server serves, and heard none.
    const listed = await browser.execute(
      async (p: string) => (await fetch(p, { credentials: 'same-origin' })).json(),
      EXTENSIONS_PATHS.tenant,
    );
    expect(listed).toEqual({ extensions: [] });

    await visit('#/dashboard', 'Dashboard');
    await byTestId(`${dashboardIds.chart}-top_domains`).waitForDisplayed({
      timeoutMsg: 'The top domains chart did not show.',
    });

    await visit('#/policy', 'Policy');
    await expect(publishBar.bar).toBeDisplayed();
    await expect(byTestId(publishBarIds.history)).not.toBeExisting();
    // The policy area's navigation offers no tester and no history.
    await expect(byTestId(navItemId('policy-web'))).toBeDisplayed();
    await expect(byTestId(navItemId('policy-tester'))).not.toBeExisting();
    await expect(byTestId(navItemId('policy-history'))).not.toBeExisting();

    await visit('#/policy/web/categories', 'Web Policy');
    await byTestId(webPolicyIds.page).waitForDisplayed();

    await visit('#/logs/web?interval=7d', 'Web Logs');
    await logsPage.waitForDisplayed();
    const rows = await logsPage.firstRows(3, ['domain']);
    expect(rows.length).toBeGreaterThan(0);
    await expect(byTestId(logsIds.exportButton)).not.toBeExisting();
    await expect(byTestId(logsIds.savedSearchesButton)).not.toBeExisting();
    await expect(byTestId(logsExplorerIds.histogram)).not.toBeExisting();
    await expect(byTestId(logsExplorerIds.sidebarToggle)).not.toBeExisting();

    await visit('#/reports', 'Reports');
    await byTestId(reportsIds.page).waitForDisplayed();
    await expect(byTestId(reportsIds.deleteSelected)).not.toBeExisting();

    await visit('#/settings/users', 'Users');
    await visit('#/fwaas', 'Firewall');
    await visit('#/customization', 'Customization');
    await visit('#/secure-application-access', 'Secure Application Access');
    await visit('#/policy/casb', 'Cloud Apps Policy');

    // acme has two-factor sign-in (its tfa feature), but the server has no enrolment calls.
    await shell.userMenuButton.click();
    await byTestId(shellIds.logout).waitForDisplayed();
    await expect(byTestId(twoFactorIds.menuItem)).not.toBeExisting();
    await browser.keys('Escape');

    expect(await consoleErrors()).toEqual([]);
  });

  it("the spec's features work: a web policy saved and published, a logs search", async () => {
    await visit('#/policy/web/categories', 'Web Policy');
    const group = $(testIdSelector(componentIds.checkboxGroup));
    await group.waitForDisplayed({ timeoutMsg: 'No category group showed.' });
    await group.$('button*=show').click();
    const firstBlock = () => group.$$('.MuiCheckbox-root')[2];
    await firstBlock().waitForDisplayed();
    await firstBlock().click();
    const save = byTestId(policyEditorIds.save);
    await expect(save).toBeEnabled();
    await save.click();
    await browser.waitUntil(
      async () => (await byTestId(policyEditorIds.status).getText()).includes('All changes saved.'),
      {
        timeoutMsg: 'The web policy was not saved.',
      },
    );
    await browser.waitUntil(async () => (await shell.revisionState.getAttribute('data-state')) === 'staged', {
      timeoutMsg: 'The revision did not become staged.',
    });
    // No count, Review or Discard: those need extensions. Publish publishes what is staged.
    await expect(publishBar.summary).toHaveText(/has unpublished changes/);
    await expect(publishBar.review).not.toBeExisting();
    await expect(publishBar.discard).not.toBeExisting();
    await shell.publish.click();
    await publishBar.publishDialog.waitForDisplayed();
    await expect(publishBar.publishComment).not.toBeExisting();
    await publishBar.publishConfirm.waitForEnabled();
    await publishBar.publishConfirm.click();
    await publishBar.publishDialog.waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The publish dialog stayed open.',
    });
    await browser.waitUntil(async () => (await shell.revisionState.getAttribute('data-state')) === 'new', {
      timeoutMsg: 'The revision was not published.',
    });

    // A logs search narrows the rows to the domain searched for.
    await visit('#/logs/web?interval=7d', 'Web Logs');
    const [first] = await logsPage.firstRows(1, ['domain']);
    const domain = first.cells.domain;
    await visit(`#/logs/web?interval=7d&search=${encodeURIComponent(domain)}`, 'Web Logs');
    const [match] = await logsPage.firstRows(1, ['domain']);
    expect(match.cells.domain).toContain(domain);
    for (const row of await logsPage.loadedRows(['domain'])) expect(row.cells.domain).toContain(domain);

    expect(await consoleErrors()).toEqual([]);
  });

  it('the extension pages do not exist: the policy tester and the revision history are the 404 page', async () => {
    for (const hash of ['#/policy/tester', '#/policy/history']) {
      await browser.url(`/${hash}`);
      await byTestId(notFoundIds.page).waitForDisplayed({ timeoutMsg: `${hash} did not show the 404 page.` });
    }
  });

  it('the provider console: no Rollouts or Audit trail; the tenants and a tenant work', async () => {
    await forgetSession();
    await providerLoginPage.open();
    await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);
    await providerShell.waitForDisplayed();
    await providerShell.waitForTenants(['acme', 'globex']);
    await expect(providerShell.navItem('skus')).toBeDisplayed();
    await expect(providerShell.navItem('rollouts')).not.toBeExisting();
    await expect(providerShell.navItem('audit')).not.toBeExisting();
    await providerShell.navItem('skus').click();
    await providerShell.pageTitle.waitForDisplayed();
    await expect(byTestId(notFoundIds.page)).not.toBeExisting();
    expect(await consoleErrors()).toEqual([]);
  });
});
