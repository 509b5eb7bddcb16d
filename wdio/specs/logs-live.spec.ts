import { $$, browser } from '@wdio/globals';
import { SAVED_SEARCH_PATHS } from '@workbench/common/api/contract/savedSearches';
import { logsIds } from '@workbench/common/test-ids/index';
import { logsPage } from '../pageobjects/LogsPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, testIdSelector } from '../pageobjects/testId';
import { portalApi as api } from '../support/portalApi';
import { DEMO_PASSWORD } from '../support/testEnv';

/**
 * The wdio server runs without the demo trickle (WORKBENCH_LIVE_EVENTS=0), so no other spec's
 * counts move. The new event comes the honest way: an administrator's change through the
 * product's own route (a saved search created), which the server writes to the tenant's audit
 * trail; the audit log's live tail must show it, highlighted, without a reload.
 */
describe('Logs explorer: live tail (issue 15)', () => {
  it('shows a new event: an audited change made meanwhile appears, highlighted as new', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/logs/audit?interval=15m');
    await waitForPortalRoute('#/logs/audit');
    await logsPage.waitForDisplayed();
    await byTestId(logsIds.liveTail).click();
    const name = `Live tail ${Date.now()}`;
    const created = await api('POST', SAVED_SEARCH_PATHS.list, { name, route: 'web', query: 'risk=R' });
    if (created.status !== 200) throw new Error(`Creating the saved search answered HTTP ${created.status}.`);
    const { id } = created.json as { id: string };
    try {
      // The default period is 10 s: the row shows within a refresh or two.
      await browser.waitUntil(
        async () => {
          for (const row of await $$(`${testIdSelector(logsIds.grid)} .ag-row.logs-row-new`)) {
            if ((await row.getText()).includes(name)) return true;
          }
          return false;
        },
        { timeout: 30_000, interval: 1000, timeoutMsg: `No new row for the saved search "${name}".` },
      );
    } finally {
      await api('DELETE', `${SAVED_SEARCH_PATHS.list}/${id}`);
    }
  });
});
