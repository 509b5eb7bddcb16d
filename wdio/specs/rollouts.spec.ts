import { browser, expect } from '@wdio/globals';
import {
  ROLLOUTS_PATH,
  rolloutPath,
  TENANT_DISABLED_REASON,
} from '@workbench/common/api/contract/providerRolloutPaths';
import type { Rollout } from '@workbench/common/api/contract/providerRollouts';
import type { TenantCreateReply } from '@workbench/common/api/contract/providerTenants';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { byTestId } from '../pageobjects/testId';
import { capabilityStateIds } from '@workbench/common/test-ids/capabilityStateIds';
import { forgetSession } from '../pageobjects/portal';
import { providerApi, rolloutsPage } from '../pageobjects/RolloutsPage';
import { blockingViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/testEnv';
import { reloadInTheme } from '../support/theme';

/** Four tenants of this run, tagged with the run's tag (created through the API). */
const run = Date.now().toString(36);
const tag = `ro-${run}`;
const names = [1, 2, 3, 4].map((n) => `ro-${run}-${n}`);
const tids: string[] = [];

async function screenshots(name: string): Promise<void> {
  await browser.saveScreenshot(`/tmp/rollouts-${name}-wide.png`);
  await browser.setWindowSize(800, 900);
  await browser.saveScreenshot(`/tmp/rollouts-${name}-800.png`);
  await browser.setWindowSize(1400, 1000);
}

/** Signs the operator in and creates the run's tenants (once). */
async function setUp(): Promise<void> {
  await forgetSession();
  await browser.setWindowSize(1400, 1000);
  await providerLoginPage.open();
  await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);
  await providerShell.waitForDisplayed();
  for (const name of names) {
    const created = await providerApi<TenantCreateReply>('POST', '/gdmanage/api/v1/tenants', {
      name,
      admin_username: `admin@${name}.example`,
    });
    expect(created.status).toBe(201);
    tids.push(created.body.tenant.tid);
    const tagged = await providerApi('PUT', `/gdmanage/api/v1/tenants/${created.body.tenant.tid}/tags`, {
      tags: [tag],
    });
    expect(tagged.status).toBe(200);
  }
}

describe('Provider console: staged rollouts', () => {
  it('rolls a capability out to four tenants in two waves of two, previewing each difference', async () => {
    await setUp();
    await providerShell.navItem('rollouts').click();
    await rolloutsPage.waitForDisplayed();
    await rolloutsPage.newButton.click();
    await rolloutsPage.dialog.waitForDisplayed();
    await rolloutsPage.fill(rolloutsPage.ids.name, `Beta ${run}`);
    // The capability is picked from the known ones (the run's tenants are new: none has insights).
    await rolloutsPage.fill(rolloutsPage.ids.capabilityName, 'insights');
    await byTestId(`${capabilityStateIds.option}-insights`).click();
    await expect(byTestId(rolloutsPage.ids.capabilityName)).toHaveValue('insights');
    await rolloutsPage.next.click();

    // Tenants by hand: the run's four, found through the filter.
    await byTestId(`${rolloutsPage.ids.targetBy}-tids`).click();
    await byTestId(rolloutsPage.ids.targetFilter).setValue(`ro-${run}`);
    for (const tid of tids) await byTestId(`${rolloutsPage.ids.targetTenant}-${tid}`).click();
    await expect(byTestId(rolloutsPage.ids.targetCount)).toHaveText(
      expect.stringContaining('4 tenants match'),
    );
    await rolloutsPage.next.click();

    // The preview: every tenant's difference, nothing changed yet.
    for (const tid of tids)
      await expect(byTestId(`${rolloutsPage.ids.previewRow}-${tid}`)).toHaveText(
        expect.stringContaining('insights: — → on'),
      );
    await screenshots('preview');
    await rolloutsPage.next.click();
    await rolloutsPage.fill(rolloutsPage.ids.waveSize, '2');
    await rolloutsPage.fill(rolloutsPage.ids.pauseSeconds, '3');
    await expect(rolloutsPage.dialog).toHaveText(
      expect.stringContaining('4 tenants in 2 waves of 2, 3 s between waves'),
    );
    await rolloutsPage.start.click();

    // Live: the first wave is applied while the second waits out the pause.
    await rolloutsPage.waitForTenantStatus(tids[0], 'applied');
    expect(await rolloutsPage.tenantStatus(tids[2]).getAttribute('data-status')).toBe('pending');
    await rolloutsPage.waitForState('completed');
    for (const tid of tids)
      await expect(rolloutsPage.tenantStatus(tid)).toHaveAttribute('data-status', 'applied');
    await expect(byTestId(rolloutsPage.ids.progress)).toHaveText(expect.stringContaining('4 of 4 applied'));
    expect(await blockingViolations()).toEqual([]);
    await screenshots('completed');
  });

  it('stops a rollout at the disabled tenant with the reason, then rolls back the applied part', async () => {
    expect((await providerApi('POST', `/gdmanage/api/v1/tenants/${tids[2]}/disabletenant`, {})).status).toBe(
      200,
    );
    const created = await providerApi<Rollout>('POST', ROLLOUTS_PATH, {
      name: `Gateway off ${run}`,
      change: { kind: 'capabilities', set: { pac: false }, remove: [] },
      target: { tags: [tag], deployments: [], sku_ids: [], tids: [] },
      wave_size: 2,
      pause_seconds: 1,
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    await browser.url(`/provider/#/rollouts?rollout=${encodeURIComponent(id)}`);
    // A fresh page (a hash change alone would keep what the previous test left open).
    await browser.refresh();
    await rolloutsPage.waitForState('draft');
    await byTestId(rolloutsPage.ids.startDraft).click();

    await rolloutsPage.waitForState('failed');
    await expect(rolloutsPage.detailReason).toHaveText(
      expect.stringContaining(`${names[2]}: ${TENANT_DISABLED_REASON}`),
    );
    await expect(rolloutsPage.tenantStatus(tids[2])).toHaveAttribute('data-status', 'failed');
    await expect(rolloutsPage.tenantReason(tids[2])).toHaveText(TENANT_DISABLED_REASON);
    await expect(rolloutsPage.tenantStatus(tids[3])).toHaveAttribute('data-status', 'pending');
    await reloadInTheme('dark');
    await rolloutsPage.waitForState('failed');
    expect(await blockingViolations()).toEqual([]);
    await screenshots('failed-dark');
    await browser.execute(() => window.localStorage.clear());
    await browser.refresh();

    await byTestId(rolloutsPage.ids.rollback).click();
    await browser.$('button=Roll back').waitForDisplayed();
    await browser.$$('button=Roll back')[1].click();
    await rolloutsPage.waitForState('rolled_back');
    await expect(rolloutsPage.tenantStatus(tids[0])).toHaveAttribute('data-status', 'rolled_back');
    const after = await providerApi<Rollout>('GET', rolloutPath(id));
    expect(after.body.counts).toEqual({ pending: 1, applied: 0, failed: 1, rolled_back: 2 });
  });
});
