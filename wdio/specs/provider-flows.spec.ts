/**
 * The provider console's operator flows end to end (issue 14 "Done when"): a tenant created in
 * the console and given a SKU (its administrator's first sign-in with the one-time password:
 * one-time-password.spec.ts); a licence key about to expire; a node restart job run to
 * completion and a faulty node's job failing with its reason; support staff finding no control
 * that writes. Each writes its own names (a timestamp), so the specs sharing the server never
 * collide; with WDIO_SCREENSHOTS set, screenshots at 1400 and 800 px, light and dark, go to
 * /tmp/prov-e2e-*.png.
 */
import { $, browser, expect } from '@wdio/globals';
import {
  dashboardIds,
  entityPageIds,
  providerAuditIds,
  providerOpsIds,
  providerPageIds,
} from '@workbench/common/test-ids/index';
import { providerShell, signInToConsole } from '../pageobjects/ProviderShell';
import { EntityPage } from '../pageobjects/EntityPage';
import { byTestId } from '../pageobjects/testId';
import { blockingViolations } from '../support/axe';
import { forgetThemePreference, reloadInTheme, screenshots } from '../support/theme';
import { drawnCanvas } from '../pageobjects/charts';

const stamp = Date.now().toString(36);

/** Types into a React-controlled input that WebDriver cannot type into (a date input). */
async function setInputValue(testId: string, value: string): Promise<void> {
  await browser.execute(
    (id: string, v: string) => {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`);
      if (!input) throw new Error(`No input ${id}`);
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    testId,
    value,
  );
}

const WRITING =
  /^(save|delete|add|edit|create|rename|disable|re-?enable|apply|remove|issue|revoke|run|publish)\b/i;

/** Enabled buttons of a region whose words say they write. */
async function writingButtons(region: ReturnType<typeof byTestId>): Promise<string[]> {
  const found: string[] = [];
  for (const button of await region.$$('button, [role="button"]')) {
    if (!(await button.isEnabled())) continue;
    const label = ((await button.getAttribute('aria-label')) ?? (await button.getText())).trim();
    // A control that writes says so first (Save SKUs, Add tenant, Re-enable …); "Details of Created …" reads.
    if (WRITING.test(label)) found.push(label);
  }
  return found;
}

describe('Provider console: operator flows', () => {
  it('creates a tenant with its one-time password and assigns a SKU; the audit trail shows both', async () => {
    const name = `e2e-${stamp}`;
    const admin = `admin@${name}.example`;
    await signInToConsole('operator@provider.example');
    await providerShell.waitForTenants(['acme']);
    await byTestId(providerPageIds.tenantsAdd).click();
    const form = byTestId(providerPageIds.tenantForm);
    await form.waitForDisplayed();
    await form.$('input[name="name"]').setValue(name);
    await form.$('input[name="admin_username"]').setValue(admin);
    await form.$('input[name="admin_first_name"]').setValue('Erin');
    await form.$('input[name="admin_last_name"]').setValue('Endtoend');
    await byTestId(providerPageIds.tenantFormSubmit).click();
    const password = byTestId(providerPageIds.tenantCreatedPassword);
    await password.waitForDisplayed({ timeoutMsg: 'The one-time password did not show.' });
    const oneTime = (await password.getText()).trim();
    expect(oneTime.length).toBeGreaterThan(8);
    await byTestId(providerPageIds.tenantCreated).$('button=Done').click();
    await byTestId(providerPageIds.tenantCreated).waitForDisplayed({ reverse: true });

    // Its detail: assign a SKU.
    await providerShell.openTenant(name);
    await byTestId(`${providerPageIds.tenantTab}-skus`).click();
    const sku = byTestId(`${providerPageIds.tenantSku}-ISO-CORE`);
    await sku.waitForExist({ timeoutMsg: 'The SKU catalogue did not show.' });
    await sku.click();
    await byTestId(providerPageIds.tenantSkuSave).click();
    await browser.waitUntil(async () => !(await byTestId(providerPageIds.tenantSkuSave).isEnabled()), {
      timeoutMsg: 'Save SKUs stayed enabled: the SKU was not saved.',
    });
    expect(await sku.isSelected()).toBe(true);

    // The audit trail tab: both writes, the SKU change with its before and after.
    await byTestId(`${providerPageIds.tenantTab}-audit`).click();
    const trail = byTestId(providerAuditIds.table);
    await $(
      `//*[@data-testid="${providerAuditIds.table}"]//*[@role="gridcell"][contains(., "SKUs")]`,
    ).waitForDisplayed({
      timeoutMsg: "The tenant's audit trail did not show the SKU change.",
    });
    await expect(trail).toHaveText(expect.stringContaining(`Created the tenant ${name}.`));
    await trail.$(`button[data-testid^="${providerAuditIds.details}-"]`).click();
    const dialog = byTestId(providerAuditIds.detailsDialog);
    await dialog.waitForDisplayed();
    await expect(byTestId(providerAuditIds.after)).toHaveText(expect.stringContaining('ISO-CORE'));
    expect(await blockingViolations()).toEqual([]);
    await screenshots('prov-e2e-tenant-audit-details', async () => {
      await byTestId(`${providerPageIds.tenantTab}-audit`).click();
      await trail.$(`button[data-testid^="${providerAuditIds.details}-"]`).click();
      await dialog.waitForDisplayed();
    });
    await dialog.$('button=Close').click();
    // Its administrator's first sign-in (the one-time password changed before anything else
    // opens): one-time-password.spec.ts.
  });

  it('issues a licence key expiring in 10 days and sees it about to expire', async () => {
    const keys = new EntityPage('ova_keys');
    const keyId = `OVA-E2E-${stamp.toUpperCase()}`;
    await signInToConsole('operator@provider.example');
    await providerShell.navItem('licences').click();
    await keys.waitForDisplayed();
    await keys.addButton.click();
    await keys.formDialog.waitForDisplayed();
    await keys.fill({ key_id: keyId, tenant_name: 'acme' });
    const expires = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await setInputValue(`${entityPageIds('ova_keys').formField}-expires_at`, expires);
    await keys.submitForm();
    await keys.formDialog.waitForDisplayed({ reverse: true, timeoutMsg: 'The key form did not close.' });
    await keys.search.setValue(keyId);
    await browser.keys('Enter');
    const badge = byTestId(`${providerOpsIds.licenceState}-${keyId}`);
    await badge.waitForDisplayed({ timeoutMsg: `The key ${keyId} was not listed.` });
    await expect(badge).toHaveText('About to expire');
    // A state chip keeps AA contrast in both themes; checked once the search's answer is the
    // only row (the rows it removed fade out, and axe would measure them mid-fade).
    await keys.waitForOnlyRowsWith('key_id', keyId);
    expect(await blockingViolations()).toEqual([]);
    await reloadInTheme('dark');
    await keys.search.setValue(keyId);
    await browser.keys('Enter');
    await badge.waitForDisplayed();
    await keys.waitForOnlyRowsWith('key_id', keyId);
    expect(await blockingViolations()).toEqual([]);
    await forgetThemePreference();
    await screenshots('prov-e2e-licence-about-to-expire', async () => {
      await keys.search.setValue(keyId);
      await badge.waitForDisplayed();
    });
  });

  it('runs a node restart to completion, and a faulty node’s restart fails with its reason', async () => {
    await signInToConsole('operator@provider.example');
    await providerShell.navItem('deployments').click();
    await byTestId(`${providerOpsIds.tab}-nodes`).click();
    const table = byTestId(providerOpsIds.nodesTable);
    await table.waitForDisplayed();

    // The pod list is an MUI select whose menu animates open while the nodes poll redraws the page:
    // a click may be lost, so open and choose until the pod's nodes show.
    const choosePod = async (pod: string) => {
      const nodes = $(`[data-testid="${providerOpsIds.nodeState}-${pod}-node-1"]`);
      const option = $(`//li[@role="option"][.="${pod}"]`);
      const menu = $('[role="listbox"]');
      await browser.waitUntil(
        async () => {
          // The pod's nodes may show while a menu opened by an earlier turn (the table still
          // loading) is open: close it, or its backdrop takes the next click.
          if (await nodes.isDisplayed()) {
            // Displayed, not existing: a menu closing (its exit transition) or kept mounted hidden
            // takes no click; waiting for it to leave the DOM timed out once under CI's load.
            if (!(await menu.isDisplayed())) return true;
            await browser.keys('Escape');
            return false;
          }
          if (await option.isDisplayed()) await option.click().catch(() => undefined);
          else
            await byTestId(providerOpsIds.deploymentsPage)
              .$('[role="combobox"]')
              .click()
              .catch(() => undefined);
          return false;
        },
        { interval: 300, timeout: 60_000, timeoutMsg: `The nodes of ${pod} did not show.` },
      );
    };
    /** Restart asks first, naming the node and its pod; the job starts once confirmed. */
    const restart = async (pod: string, node: string) => {
      await byTestId(`${providerOpsIds.nodeAction}-${node}-restart`).click();
      const dialog = byTestId(providerOpsIds.nodeConfirm);
      await expect(dialog.$('h2')).toHaveText(`Restart the node ${node} of the pod ${pod}?`);
      const confirm = byTestId(providerOpsIds.nodeConfirmOk);
      await confirm.waitForClickable();
      await confirm.click();
      await dialog.waitForExist({ reverse: true });
    };
    await choosePod('use1-a');
    // An active node is not offered Thaw.
    await expect(byTestId(`${providerOpsIds.nodeAction}-use1-a-node-3-thaw`)).not.toBeExisting();
    await restart('use1-a', 'use1-a-node-3');
    // The node says it is restarting while its job runs, then active again.
    const state = byTestId(`${providerOpsIds.nodeState}-use1-a-node-3`);
    await browser.waitUntil(async () => (await state.getAttribute('data-state')) === 'restarting', {
      timeout: 10_000,
      timeoutMsg: 'The node did not show restarting during its restart.',
    });
    const ok = byTestId(`${providerOpsIds.nodeJob}-use1-a-node-3`);
    await browser.waitUntil(async () => (await ok.getAttribute('data-status')) === 'finished', {
      timeout: 30_000,
      timeoutMsg: 'The restart job did not finish.',
    });
    await browser.waitUntil(async () => (await state.getAttribute('data-state')) === 'active', {
      timeout: 10_000,
      timeoutMsg: 'The node was not active after its restart.',
    });
    // Its history lists the restart with its outcome.
    await byTestId(`${providerOpsIds.nodeHistoryToggle}-use1-a-node-3`).click();
    const history = byTestId(`${providerOpsIds.nodeHistory}-use1-a-node-3`);
    await browser.waitUntil(async () => (await history.getAttribute('data-status')) === 'loaded', {
      timeoutMsg: 'The history of the node did not load.',
    });
    // The history sits in a row of the nodes table: `tbody tr` would also match its own header row.
    await expect(history.$('tbody > tr')).toHaveText(expect.stringMatching(/^Restart\s+finished/));

    await choosePod('euw1-b');
    const faulty = 'euw1-b-node-faulty-3';
    const failed = byTestId(`${providerOpsIds.nodeJob}-${faulty}`);
    const restartFaulty = async () => {
      await restart('euw1-b', faulty);
      await browser.waitUntil(async () => (await failed.getAttribute('data-status')) === 'failed', {
        timeout: 30_000,
        timeoutMsg: "The faulty node's restart did not fail.",
      });
    };
    await restartFaulty();
    await expect(failed).toHaveText(expect.stringMatching(/^Restart failed: .+/));
    expect(await blockingViolations()).toEqual([]);
    // After the reload the restart runs (and fails) again: a failed restart leaves the node as it was.
    await screenshots('prov-e2e-node-job-failed', async () => {
      await byTestId(`${providerOpsIds.tab}-nodes`).click();
      await choosePod('euw1-b');
      await restartFaulty();
    });
  });

  it('support staff find no control that writes: tenants, a tenant’s detail, its dashboards, the audit trail', async () => {
    await signInToConsole('support@provider.example');
    await providerShell.waitForTenants(['acme', 'globex']);
    await expect(byTestId(providerPageIds.tenantsAdd)).not.toBeExisting();
    await expect(byTestId(providerPageIds.tenantsDisable)).not.toBeExisting();
    expect(await writingButtons(providerShell.tenantsTable)).toEqual([]);

    await providerShell.tenantsTable.$('a=acme').click();
    const detail = byTestId(providerPageIds.tenantDetail);
    await detail.waitForDisplayed();
    for (const tab of ['overview', 'skus', 'capabilities', 'users', 'tokens', 'ip', 'audit']) {
      await byTestId(`${providerPageIds.tenantTab}-${tab}`).click();
      await browser.pause(0);
      expect([tab, await writingButtons(detail)]).toEqual([tab, []]);
    }
    // Every checkbox and text field of the detail is read-only for support.
    await byTestId(`${providerPageIds.tenantTab}-skus`).click();
    await byTestId(`${providerPageIds.tenantSku}-ISO-CORE`).waitForExist();
    // Read in one call in the page: the SKU table may draw again between a list of elements and a
    // read of each (a stale element in a CI run).
    const disabled = await browser.execute(
      (id) =>
        [...document.querySelectorAll(`[data-testid="${id}"] input[type="checkbox"]`)].map(
          (box) => (box as HTMLInputElement).disabled,
        ),
      providerPageIds.tenantDetail,
    );
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled.every(Boolean)).toBe(true);

    await browser.url('/provider/#/tenants');
    await providerShell.openTenantReports('acme');
    await drawnCanvas(
      byTestId(`${dashboardIds.chart}-top_domains`),
      "acme's top domains chart did not draw.",
    );
    expect(await writingButtons(byTestId(providerPageIds.tenantReports))).toEqual([]);

    await providerShell.navItem('audit').click();
    const firstEvent = $(`//*[@data-testid="${providerAuditIds.table}"]//*[@role="gridcell"]`);
    await firstEvent.waitForDisplayed({ timeoutMsg: 'The audit trail showed no event.' });
    expect(await writingButtons(byTestId(providerAuditIds.view))).toEqual([]);
    expect(await blockingViolations()).toEqual([]);
    await screenshots('prov-e2e-support-audit-trail', async () => {
      await firstEvent.waitForDisplayed();
    });
  });
});
