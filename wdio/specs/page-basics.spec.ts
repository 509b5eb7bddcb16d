import { $, browser, expect } from '@wdio/globals';
import { dashboardIds } from '@workbench/common/test-ids/index';
import { rolloutIds } from '@workbench/common/test-ids/rolloutIds';
import { usersIds } from '@workbench/common/test-ids/usersIds';
import { logsPage } from '../pageobjects/LogsPage';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, testIdSelector } from '../pageobjects/testId';
import { clippedChips, hiddenHeaders, wholeTabs } from '../support/layout';
import { DEMO_PASSWORD } from '../support/testEnv';
import { forgetThemePreference, reloadInTheme } from '../support/theme';

/**
 * The small things of issue 31 (point 12), in the built apps: every page's icon is there, a
 * logs-only user's logs ask for nothing the role may not read, and a narrow window cuts no status
 * chip, squeezes no tab row and hides no column behind the pinned actions, light and dark.
 * Screenshots: /tmp/page-basics-{page}-{width}-{theme}.png.
 */

/** The status of each request the page made (Resource Timing), by path, since it loaded. */
const responses = (): Promise<Array<{ path: string; status: number }>> =>
  browser.execute(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      path: new URL(e.name).pathname,
      status: e.responseStatus,
    })),
  );

/** Each theme at each width: `check` after the page took it, then a screenshot. */
async function inEveryLook(
  page: string,
  reshow: () => Promise<void>,
  check: (width: number) => Promise<void>,
) {
  for (const theme of ['light', 'dark'] as const) {
    await reloadInTheme(theme);
    await reshow();
    for (const width of [1400, 800]) {
      await browser.setWindowSize(width, 1000);
      await check(width);
      await browser.saveScreenshot(`/tmp/page-basics-${page}-${width}-${theme}.png`);
    }
  }
  await browser.setWindowSize(1400, 1000);
  await forgetThemePreference();
}

describe('Page basics (issue 31)', () => {
  it('both apps and the login area serve the icons their pages link', async () => {
    await forgetSession();
    for (const page of ['/', '/provider/', '/login/']) {
      await browser.url(page);
      const icons = await browser.execute(() =>
        Promise.all(
          Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')).map(async (link) => {
            const r = await fetch(link.href);
            return `${new URL(link.href).pathname} ${r.status} ${r.headers.get('content-type') ?? ''}`;
          }),
        ),
      );
      expect(icons.map((i) => i.replace(/;.*$/, ''))).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/favicon\.ico 200 image\/(x-icon|vnd\.microsoft\.icon)$/),
          expect.stringMatching(/favicon\.svg 200 image\/svg\+xml$/),
        ]),
      );
    }
    // What asks for /favicon.ico itself, without reading a page.
    const root = await browser.execute(async () => (await fetch('/favicon.ico')).status);
    expect(root).toBe(200);
  });

  it('a logs-only user reads Web Logs without a refused request', async () => {
    await forgetSession();
    await signInToPortal('logs@acme.example', DEMO_PASSWORD, '/#/logs/web');
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();
    await logsPage.firstRows(1, ['event_time']);
    const refused = (await responses()).filter((r) => r.status === 401 || r.status === 403);
    expect(refused).toEqual([]);
  });

  it('Users at 800 px keeps E-mail, Groups and Status in view beside the pinned actions', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/users');
    await waitForPortalRoute('#/settings/users');
    const table = testIdSelector(usersIds.table);
    const shown = async () => {
      await byTestId(usersIds.page).waitForDisplayed();
      await $(`${table} .ag-row`).waitForDisplayed();
    };
    await inEveryLook('users', shown, async (width) => {
      // The optional columns give way as the window narrows: wait for the grid to settle on them.
      await browser.waitUntil(async () => (await hiddenHeaders(table)).length === 0, {
        timeoutMsg: `At ${width} px columns were hidden: ${(await hiddenHeaders(table)).join(', ')}`,
      });
      const headers = await browser.execute(
        (sel: string) =>
          Array.from(document.querySelectorAll(`${sel} .ag-header-cell-text`)).map((h) => h.textContent),
        table,
      );
      expect(headers).toEqual(expect.arrayContaining(['Username', 'E-mail', 'Groups', 'Status', 'Actions']));
      expect(await clippedChips()).toEqual([]);
    });
  });

  it('the dashboard keeps at least four whole tabs at 800 px', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/dashboard');
    await waitForPortalRoute('#/dashboard');
    const tabs = testIdSelector(dashboardIds.tabs);
    await inEveryLook(
      'dashboard',
      async () => {
        await byTestId(dashboardIds.tabs).waitForDisplayed();
      },
      async (width) => {
        await browser.waitUntil(async () => (await wholeTabs(tabs)) >= 4, {
          timeoutMsg: `At ${width} px the dashboards' tab row showed ${await wholeTabs(tabs)} whole tabs.`,
        });
      },
    );
  });

  it("the rollouts' state chips read whole at 800 px", async () => {
    await forgetSession();
    await providerLoginPage.open();
    await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);
    await providerShell.waitForDisplayed();
    await providerShell.navItem('rollouts').click();
    const shown = async () => {
      await byTestId(rolloutIds.page).waitForDisplayed();
      // The demo's rollout has completed: its chip is the longest state but one ("Rolled back").
      await byTestId(rolloutIds.table).$('.MuiChip-label=Completed').waitForDisplayed();
    };
    await shown();
    await inEveryLook('rollouts', shown, async () => {
      expect(await clippedChips()).toEqual([]);
    });
  });
});
