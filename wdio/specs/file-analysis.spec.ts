import { $, $$, browser, expect } from '@wdio/globals';
import { dashboardIds, logsIds } from '@workbench/common/test-ids/index';
import { fileAnalysisIds } from '@workbench/common/test-ids/fileAnalysisIds';
import { logsPage } from '../pageobjects/LogsPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, clickWhenReady, testIdSelector } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';

/** A report document whose script would mark itself and reach into the portal, if it ran. */
const HOSTILE = [
  '<p id="marker">not run</p>',
  '<script>',
  'document.getElementById("marker").textContent = "ran";',
  'try { parent.document.title = "pwned"; } catch (e) {}',
  'try { parent.localStorage.setItem("pwned", document.cookie || "1"); } catch (e) {}',
  'try { document.cookie = "pwned=1"; } catch (e) {}',
  '</script>',
].join('');

/** Code run inside the frame: what it can reach of cookies, storage and the portal's page. */
const reachFromFrame = () =>
  browser.execute(() => {
    const attempt = (f: () => unknown): string => {
      try {
        return `read:${String(f())}`;
      } catch (e) {
        return `blocked:${(e as Error).name}`;
      }
    };
    return {
      cookie: attempt(() => document.cookie),
      storage: attempt(() => window.localStorage.length),
      parent: attempt(() => window.parent.document.title),
    };
  });

describe('File analysis reports (issue 37, point 3)', () => {
  it("an admin opens a file's analysis report from a log row; a script in a report reaches nothing of the portal", async () => {
    await forgetSession();
    await browser.setWindowSize(1400, 1000);
    // Downloads: every one carries its file's hash.
    await signInToPortal(
      'admin@acme.example',
      DEMO_PASSWORD,
      '/#/logs/web?interval=7d&resource_category=download',
    );
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();
    await browser.waitUntil(async () => (await logsPage.firstRows(1, ['domain'])).length === 1, {
      timeout: 60_000,
      timeoutMsg: 'No download row showed.',
    });
    await browser.execute((sel: string) => {
      (
        document.querySelector(`${sel} .ag-row[row-index="0"] [col-id="domain"]`) as HTMLElement | null
      )?.click();
    }, testIdSelector(logsIds.grid));
    await logsPage.detail.waitForDisplayed({ timeoutMsg: 'The detail panel did not open.' });
    await expect(byTestId(`${logsIds.detailField}-sha256`)).toHaveText(expect.stringMatching(/[0-9a-f]{64}/));
    await clickWhenReady(byTestId(fileAnalysisIds.openFromEvent), 'File analysis report');

    const dialog = byTestId(fileAnalysisIds.dialog);
    await dialog.waitForDisplayed({ timeoutMsg: 'The file analysis dialog did not open.' });
    const verdict = $(`[data-testid^="${fileAnalysisIds.verdict}-"]`);
    await verdict.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'No report of the file was listed.' });
    await expect(verdict).toHaveText(expect.stringMatching(/^(clean|suspicious|malicious) · \d+$/));
    const frame = byTestId(fileAnalysisIds.frame);
    await frame.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'The report did not show.' });
    expect(await frame.getAttribute('sandbox')).toBe('');
    // The page's own check (axe cannot run in a frame that forbids scripts).
    expect(await blockingViolations()).toEqual([]);

    // The report's document: its heading; code in the frame reads no cookie, no storage, no portal page.
    await browser.switchToFrame(await frame);
    await browser.waitUntil(async () => /: /.test(await $('h1').getText()), {
      timeoutMsg: 'The report document did not show its heading.',
    });
    const reached = await reachFromFrame();
    expect(reached.cookie).toBe('blocked:SecurityError');
    expect(reached.storage).toBe('blocked:SecurityError');
    expect(reached.parent).toBe('blocked:SecurityError');
    await browser.switchToParentFrame();

    // A report carrying a script, in the same frame: the script does not run.
    const title = await browser.getTitle();
    await browser.execute(
      (sel: string, html: string) => document.querySelector(sel)?.setAttribute('srcdoc', html),
      testIdSelector(fileAnalysisIds.frame),
      HOSTILE,
    );
    await browser.switchToFrame(await byTestId(fileAnalysisIds.frame));
    await $('#marker').waitForExist({ timeoutMsg: 'The hostile document did not load.' });
    await expect($('#marker')).toHaveText('not run');
    await browser.switchToParentFrame();
    expect(await browser.getTitle()).toBe(title);
    expect(await browser.execute(() => window.localStorage.getItem('pwned'))).toBeNull();
    expect(await browser.execute(() => document.cookie)).not.toContain('pwned');

    await clickWhenReady(byTestId(fileAnalysisIds.close), 'Close');
    await dialog.waitForDisplayed({ reverse: true });
  });

  it("the files report's table opens a file name's analysis reports", async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/dashboard?board=web');
    await waitForPortalRoute('#/dashboard');
    const panel = byTestId(`${dashboardIds.panel}-top_files`);
    await panel.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'The files report did not show.' });
    await clickWhenReady(byTestId(`${dashboardIds.tableToggle}-top_files`), 'Show Top files as a table');
    const open = $(
      `${testIdSelector(`${dashboardIds.panel}-top_files`)} [data-testid^="${fileAnalysisIds.openFromReport}-"]`,
    );
    await open.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'The files table showed no row.' });
    await clickWhenReady(open, 'Analysis reports');
    await byTestId(fileAnalysisIds.dialog).waitForDisplayed();
    await browser.waitUntil(async () => (await $$(`[data-testid^="${fileAnalysisIds.file}-"]`).length) > 0, {
      timeout: 30_000,
      timeoutMsg: 'No file of that name was listed.',
    });
    await byTestId(fileAnalysisIds.frame).waitForDisplayed({ timeout: 30_000 });
  });
});
