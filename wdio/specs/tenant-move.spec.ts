/**
 * Issue 37 "Done when": an operator moves two tenants to another deployment in bulk and sees the
 * job finish. Two tenants of its own (a timestamp in their names) are created in the console,
 * found by that name, selected together and moved; the job is followed in the dialog until it
 * ends, and each tenant's result is listed.
 */
import { $, browser, expect } from '@wdio/globals';
import { componentIds, providerIds, providerPageIds } from '@workbench/common/test-ids/index';
import { tenantOpsIds } from '@workbench/common/test-ids/tenantOpsIds';
import { providerShell, signInToConsole } from '../pageobjects/ProviderShell';
import { byTestId } from '../pageobjects/testId';

const stamp = Date.now().toString(36);

async function addTenant(name: string): Promise<void> {
  await byTestId(providerPageIds.tenantsAdd).click();
  const form = byTestId(providerPageIds.tenantForm);
  await form.waitForDisplayed();
  await form.$('input[name="name"]').setValue(name);
  await byTestId(providerPageIds.tenantFormSubmit).click();
  await form.waitForDisplayed({ reverse: true, timeoutMsg: `The tenant ${name} was not created.` });
}

describe('Provider console: tenants moved in bulk', () => {
  it('moves two tenants to another deployment and sees the job finish', async () => {
    const names = [`mv-${stamp}-a`, `mv-${stamp}-b`];
    await signInToConsole('operator@provider.example');
    await providerShell.waitForTenants(['acme']);
    for (const name of names) await addTenant(name);

    await byTestId(providerPageIds.tenantsQuickFilter).setValue(`mv-${stamp}`);
    // Read in the page in one go: the grid re-renders its cells as the search narrows it.
    await browser.waitUntil(
      async () => {
        const shown = await browser.execute((id: string) => {
          const table = document.querySelector(`[data-testid="${id}"]`);
          return Array.from(table?.querySelectorAll('.ag-cell[col-id="name"]') ?? []).map((c) =>
            (c.textContent ?? '').trim(),
          );
        }, providerIds.tenantsTable);
        return shown.length === 2 && names.every((n) => shown.includes(n));
      },
      { timeout: 20000, timeoutMsg: 'The search did not narrow the table to the two tenants.' },
    );
    await byTestId(componentIds.tableHeaderCheckbox).click();
    const open = byTestId(tenantOpsIds.moveOpen);
    await expect(open).toHaveText('Move to deployment (2)');
    await open.click();

    const dialog = byTestId(tenantOpsIds.moveDialog);
    await dialog.waitForDisplayed();
    const select = byTestId(tenantOpsIds.moveDeployment);
    await select.waitForClickable();
    await select.click();
    // A new tenant is on the default deployment (us-east-1 in the demo): move it elsewhere.
    const target = $(`[data-testid="${tenantOpsIds.moveDeployment}-eu-west-1"]`);
    await target.waitForClickable();
    await target.click();
    await expect(dialog).toHaveText(expect.stringContaining('will be moved to the deployment eu-west-1'));
    await byTestId(tenantOpsIds.moveSubmit).click();

    await byTestId(tenantOpsIds.moveProgress).waitForDisplayed({ timeoutMsg: 'The move did not start.' });
    const outcome = byTestId(tenantOpsIds.moveOutcome);
    await outcome.waitForDisplayed({ timeout: 30000, timeoutMsg: 'The move job did not end.' });
    await expect(outcome).toHaveAttribute('data-status', 'finished');
    await expect(outcome).toHaveText('2 tenants moved to eu-west-1.');
    const results = await dialog.$$(`[data-testid^="${tenantOpsIds.moveResult}-"]`);
    expect(results).toHaveLength(2);
    await byTestId(tenantOpsIds.moveClose).click();
    await dialog.waitForDisplayed({ reverse: true });

    // The tenant's overview says where it is now (read afresh: the page opened again).
    await browser.refresh();
    await providerShell.waitForTenants(['acme']);
    await providerShell.openTenant(names[0] ?? '');
    await expect(byTestId(`${providerPageIds.tenantSummary}-deployment`)).toHaveText(
      expect.stringContaining('eu-west-1'),
    );
  });
});
