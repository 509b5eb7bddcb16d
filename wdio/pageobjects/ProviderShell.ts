import { browser } from '@wdio/globals';
import { providerIds, providerNavItemId, providerPageIds } from '@workbench/common/test-ids/index';
import { byTestId, testIdSelector } from './testId';
import { forgetSession } from './portal';
import { providerLoginPage } from './ProviderLoginPage';
import { DEMO_PASSWORD } from '../support/testEnv';
import { signOutThrough } from './menu';

/** The provider console's shell and its tenants page. */
export class ProviderShell {
  get nav() {
    return byTestId(providerIds.nav);
  }
  get pageTitle() {
    return byTestId(providerIds.pageTitle);
  }
  get tenantsTable() {
    return byTestId(providerIds.tenantsTable);
  }
  get userMenuButton() {
    return byTestId(providerIds.userMenuButton);
  }
  get userName() {
    return byTestId(providerIds.userName);
  }
  get logoutItem() {
    return byTestId(providerIds.logout);
  }

  navItem(area: string) {
    return byTestId(providerNavItemId(area));
  }

  async waitForDisplayed(): Promise<void> {
    await this.nav.waitForDisplayed({
      timeoutMsg: `The provider console shell did not show (at ${await browser.getUrl()}).`,
    });
  }

  /** Waits until the tenants table shows a row for every given tenant name. */
  async waitForTenants(names: readonly string[]): Promise<void> {
    await this.tenantsTable.waitForDisplayed({ timeoutMsg: 'The tenants table did not show.' });
    await browser.waitUntil(
      async () => {
        const cells = await this.tenantCellTexts();
        return names.every((name) => cells.includes(name));
      },
      { timeoutMsg: `The tenants table did not list ${names.join(', ')}.` },
    );
  }

  /**
   * Texts of the tenant table's cells (AG Grid cells carry role="gridcell"), read in the page at
   * once: one round trip, and no cell goes stale between finding it and reading it while the grid
   * redraws (a cell at a time took a request per cell, 175 of them).
   */
  async tenantCellTexts(): Promise<string[]> {
    return browser.execute(
      (selector: string) =>
        Array.from(document.querySelectorAll(`${selector} [role="gridcell"]`), (cell) =>
          (cell as HTMLElement).innerText.trim(),
        ),
      testIdSelector(providerIds.tenantsTable),
    );
  }

  /** The support view: follows a tenant row's Reports link to that tenant's dashboards. */
  async openTenantReports(name: string): Promise<void> {
    const link = this.tenantsTable.$(`[aria-label="Reports of ${name}"]`);
    await link.waitForClickable({ timeoutMsg: `The tenants table has no Reports link for ${name}.` });
    await link.click();
    await byTestId(providerPageIds.tenantReports).waitForDisplayed({
      timeoutMsg: `The reports of ${name} did not show (at ${await browser.getUrl()}).`,
    });
  }

  async signOut(): Promise<void> {
    await signOutThrough(
      () => this.userMenuButton,
      () => this.logoutItem,
    );
  }

  /**
   * Adds a tenant with its first administrator on the tenants page and answers the administrator's
   * one-time password, shown once; the confirmation stays open (closeTenantCreated).
   */
  async addTenant(name: string, adminUsername: string): Promise<string> {
    await byTestId(providerPageIds.tenantsAdd).click();
    const form = byTestId(providerPageIds.tenantForm);
    await form.waitForDisplayed();
    await form.$('input[name="name"]').setValue(name);
    await form.$('input[name="admin_username"]').setValue(adminUsername);
    await byTestId(providerPageIds.tenantFormSubmit).click();
    const password = byTestId(providerPageIds.tenantCreatedPassword);
    await password.waitForDisplayed({ timeoutMsg: 'The one-time password did not show.' });
    return (await password.getText()).trim();
  }

  async closeTenantCreated(): Promise<void> {
    await byTestId(providerPageIds.tenantCreated).$('button=Done').click();
    await byTestId(providerPageIds.tenantCreated).waitForDisplayed({ reverse: true });
  }

  /** Opens a tenant's detail page from the tenants page, found with the quick filter (the table pages). */
  async openTenant(name: string): Promise<void> {
    await byTestId(providerPageIds.tenantsQuickFilter).setValue(name);
    const link = this.tenantsTable.$(`a=${name}`);
    await link.waitForClickable({ timeoutMsg: `The tenants table did not list ${name}.` });
    await link.click();
    await byTestId(providerPageIds.tenantDetail).waitForDisplayed();
  }
}

export const providerShell = new ProviderShell();

/** Signs `username` in to the console afresh (no session left over) and waits for its shell. */
export async function signInToConsole(username: string): Promise<void> {
  await forgetSession();
  await providerLoginPage.open();
  await providerLoginPage.signIn(username, DEMO_PASSWORD);
  await providerShell.waitForDisplayed();
}
