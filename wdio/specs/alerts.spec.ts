import { $$, browser } from '@wdio/globals';
import { ALERT_PATHS, type AlertFiring, type AlertRule } from '@workbench/common/api/contract/alerts';
import { SAVED_SEARCH_PATHS } from '@workbench/common/api/contract/savedSearches';
import { alertsIds } from '@workbench/common/test-ids/alertsIds';
import { logsPage } from '../pageobjects/LogsPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, clickWhenReady, testIdSelector } from '../pageobjects/testId';
import { portalApi as api } from '../support/portalApi';
import { DEMO_PASSWORD } from '../support/testEnv';
import { screenshots } from '../support/theme';

/**
 * Alerts (issue 40): an alert made from a query in the explorer fires and is acknowledged from the
 * header's notifications. The matching event comes the honest way, as in the live tail's spec: an
 * administrator's change through the product's own route (a saved search with a name no other
 * event has), which the server writes to the tenant's audit trail. The audit explorer's search for
 * that name becomes the alert (count above 0 in the last 15 minutes); the server's evaluator,
 * ticking every minute, fires it; the header's bell, read again while the portal is open, shows it.
 */
describe('Alerts (issue 40)', () => {
  const stamp = Date.now();
  const marker = `Alert marker ${stamp}`;
  const ruleName = `Marker seen ${stamp}`;
  let searchId: string | null = null;
  let ruleId: string | null = null;

  after(async () => {
    if (ruleId) await api('DELETE', ALERT_PATHS.ruleOf(ruleId));
    if (searchId) await api('DELETE', `${SAVED_SEARCH_PATHS.list}/${searchId}`);
  });

  it('creates an alert from a query in the explorer, sees it fire and acknowledges it from the header', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/dashboard');
    const created = await api('POST', SAVED_SEARCH_PATHS.list, {
      name: marker,
      route: 'web',
      query: 'risk=R',
    });
    if (created.status !== 200) throw new Error(`Creating the saved search answered HTTP ${created.status}.`);
    searchId = (created.json as { id: string }).id;

    await browser.url(`/#/logs/audit?interval=15m&search=${encodeURIComponent(marker)}`);
    await waitForPortalRoute('#/logs/audit');
    await logsPage.waitForDisplayed();
    await clickWhenReady(byTestId(alertsIds.fromQuery), 'Create alert');
    const dialog = byTestId(alertsIds.ruleDialog);
    await dialog.waitForDisplayed({ timeoutMsg: 'The alert dialog did not open.' });
    // Prefilled from the explorer: its query and its window.
    const query = byTestId(`${alertsIds.ruleField}-query`);
    await browser.waitUntil(async () => (await query.getValue()).includes(marker), {
      timeoutMsg: 'The alert query is not the explorer’s.',
    });
    expect(await byTestId(`${alertsIds.ruleField}-window_minutes`).getValue()).toBe('15');
    await byTestId(`${alertsIds.ruleField}-name`).setValue(ruleName);
    await clickWhenReady(byTestId(alertsIds.ruleSubmit), 'Create alert (submit)');
    await dialog.waitForDisplayed({ reverse: true, timeoutMsg: 'The alert dialog stayed open.' });

    const rules = await api('GET', ALERT_PATHS.rules);
    const rule = (rules.json as { rules: AlertRule[] }).rules.find((r) => r.name === ruleName);
    if (!rule) throw new Error(`The rule ${ruleName} was not created.`);
    ruleId = rule.id;
    expect(rule).toMatchObject({
      log_type: 'audit',
      condition: { kind: 'threshold', window_minutes: 15, threshold: 0 },
    });

    // The evaluator ticks every minute and the bell reads the list every 30 s: the notification
    // shows once both have happened.
    const item = `${testIdSelector(alertsIds.list)} [data-testid^="${alertsIds.item}-"]`;
    let itemId: string | null = null;
    await browser.waitUntil(
      async () => {
        const open = await byTestId(alertsIds.list).isDisplayed();
        if (!open) await clickWhenReady(byTestId(alertsIds.bell), 'The notifications bell');
        await byTestId(alertsIds.list).waitForDisplayed();
        for (const el of await $$(item)) {
          if ((await el.getText()).includes(ruleName)) {
            itemId = ((await el.getAttribute('data-testid')) ?? '').slice(`${alertsIds.item}-`.length);
            return true;
          }
        }
        // Closed again, so the next look opens it afresh (opening reads the list).
        await browser.keys('Escape');
        await byTestId(alertsIds.list).waitForDisplayed({ reverse: true });
        return false;
      },
      { timeout: 180_000, interval: 2000, timeoutMsg: `No notification of ${ruleName} in the header.` },
    );
    const unread = await byTestId(alertsIds.unread).getText();
    expect(Number(unread)).toBeGreaterThan(0);
    await screenshots('alerts-notifications', async () => {
      await clickWhenReady(byTestId(alertsIds.bell), 'The notifications bell');
      await byTestId(alertsIds.list).waitForDisplayed();
    });
    if (!(await byTestId(alertsIds.list).isDisplayed()))
      await clickWhenReady(byTestId(alertsIds.bell), 'The notifications bell');
    await clickWhenReady(byTestId(`${alertsIds.itemAcknowledge}-${itemId!}`), 'Acknowledge');
    await browser.waitUntil(
      async () => (await byTestId(`${alertsIds.item}-${itemId!}`).getAttribute('data-read')) === 'true',
      { timeoutMsg: 'The acknowledged notification is not read.' },
    );
    const firings = await api('GET', `${ALERT_PATHS.firings}?rule_id=${encodeURIComponent(ruleId)}`);
    const firing = (firings.json as { firings: AlertFiring[] }).firings[0];
    expect(firing).toMatchObject({ state: 'acknowledged', acknowledged_by: 'admin@acme.example' });
    expect(firing.count).toBeGreaterThan(0);

    // The Alerts page shows it: the rule acknowledged, the firing with its link to the logs.
    await browser.keys('Escape');
    await browser.url('/#/alerts?tab=firings');
    await byTestId(`${alertsIds.firingState}-${firing.id}`).waitForDisplayed({
      timeoutMsg: 'The firing is not on the Alerts page.',
    });
    expect(await byTestId(`${alertsIds.firingState}-${firing.id}`).getText()).toBe('Acknowledged');
    await screenshots('alerts-firings', () =>
      byTestId(`${alertsIds.firingState}-${firing.id}`).waitForDisplayed(),
    );
    await browser.url('/#/alerts');
    await byTestId(`${alertsIds.firingState}-rule-${ruleId}`).waitForDisplayed();
    await screenshots('alerts-rules', () =>
      byTestId(`${alertsIds.firingState}-rule-${ruleId!}`).waitForDisplayed(),
    );
  });
});
