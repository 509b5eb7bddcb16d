/**
 * API tokens that work (issue 33 point 3), end to end: an operator creates a logging auth token of
 * acme in the provider console and copies its secret, shown once; a script outside the browser
 * (Node's fetch, no cookie) lists acme's logs with it and is refused a write outside its scope;
 * the console then shows the token's last use; revoking it in the console refuses the script's
 * next call. The same with the tenant's own page (Settings › API tokens): acme's administrator
 * creates a read-only logs token, the script lists logs with it and is refused a write, the page
 * shows its last use, and revoking it there refuses the next call.
 * With WDIO_SCREENSHOTS set, the tenant's page at 1400 and 800 px, light and dark, goes to /tmp/api-tokens-*.png.
 */
import { $, browser, expect } from '@wdio/globals';
import { navItemId, providerPageIds } from '@workbench/common/test-ids/index';
import { apiTokensIds } from '@workbench/common/test-ids/apiTokensIds';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { byTestId, clickWhenReady } from '../pageobjects/testId';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { blockingViolations } from '../support/axe';
import { screenshots } from '../support/theme';
import { baseUrl, DEMO_PASSWORD } from '../support/testEnv';

const stamp = Date.now().toString(36);

/** What a script does with the token: its bearer header, nothing else. */
const script = (secret: string, path: string, method = 'GET', body?: unknown) =>
  fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('API tokens', () => {
  it('a logging auth token made in the console lists logs from a script, is refused a write, shows its last use, and stops when revoked', async () => {
    await forgetSession();
    await providerLoginPage.open();
    await providerLoginPage.signIn('operator@provider.example', DEMO_PASSWORD);
    await providerShell.waitForDisplayed();
    await providerShell.waitForTenants(['acme']);
    await providerShell.tenantsTable.$('a=acme').click();
    await byTestId(providerPageIds.tenantDetail).waitForDisplayed();
    await byTestId(`${providerPageIds.tenantTab}-tokens`).click();

    const section = byTestId(`${providerPageIds.tenantTokens}-logging_auth_tokens`);
    await section.waitForDisplayed();
    const name = `SIEM ${stamp}`;
    const input = section.$('input');
    await input.waitForEnabled();
    await input.setValue(name);
    const create = section.$('button=Create token');
    await create.waitForEnabled();
    await create.click();
    const shown = section.$('code');
    await shown.waitForDisplayed({ timeoutMsg: 'The new token’s secret was not shown.' });
    const secret = await shown.getText();
    expect(secret).toMatch(/^wbt_/);

    const logs = await script(secret, '/api/rep/v1/query/scan_web?limit=5');
    expect(logs.status).toBe(200);
    const { events } = (await logs.json()) as { events: unknown[] };
    expect(events.length).toBeGreaterThan(0);
    const write = await script(secret, '/api/udb-rest/v2/users', 'POST', {
      username: `script-${stamp}@acme.example`,
      password: 'long-enough-1',
    });
    expect(write.status).toBe(403);

    // The console shows the use once the list is read again.
    await browser.refresh();
    await byTestId(`${providerPageIds.tenantTab}-tokens`).waitForClickable();
    await byTestId(`${providerPageIds.tenantTab}-tokens`).click();
    const row = section.$(`tr*=${name}`);
    await row.waitForDisplayed();
    await expect(row).toHaveText(expect.stringContaining('UTC from'));

    await section.$(`button[aria-label="Revoke ${name}"]`).click();
    const confirmRevoke = browser.$('[role="dialog"]').$('button=Revoke');
    await confirmRevoke.waitForClickable();
    await confirmRevoke.click();
    await row.waitForExist({ reverse: true, timeoutMsg: 'The revoked token was still listed.' });
    expect((await script(secret, '/api/rep/v1/query/scan_web?limit=5')).status).toBe(401);
  });

  it("a read-only logs token made on the tenant's page lists logs from a script, is refused a write, and stops when revoked there", async () => {
    const ids = apiTokensIds;
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/api-tokens');
    await waitForPortalRoute('#/settings/api-tokens');
    await byTestId(ids.page).waitForDisplayed();
    await expect(byTestId(navItemId('settings-api-tokens'))).toHaveText('API Tokens');

    await clickWhenReady(byTestId(ids.createButton), 'Create token');
    await byTestId(ids.formDialog).waitForDisplayed();
    const name = `Tenant SIEM ${stamp}`;
    await byTestId(`${ids.formField}-name`).setValue(name);
    await byTestId(`${ids.formField}-access-read`).click();
    await byTestId(`${ids.formField}-areas-logs`).click();
    expect(await blockingViolations()).toEqual([]);
    await clickWhenReady(byTestId(ids.formSubmit), 'Create token');
    const shown = byTestId(ids.secret);
    await shown.waitForDisplayed({ timeoutMsg: 'The new token’s secret was not shown.' });
    await expect(byTestId(ids.secretDialog)).toHaveText(expect.stringContaining('you will not see it again'));
    const secret = (await shown.getText()).trim();
    expect(secret).toMatch(/^wbt_/);
    await clickWhenReady(byTestId(ids.secretDone), 'Done');
    await byTestId(ids.secretDialog).waitForExist({ reverse: true });

    const logs = await script(secret, '/api/rep/v1/query/scan_web?limit=5');
    expect(logs.status).toBe(200);
    const write = await script(secret, '/api/udb-rest/v2/users', 'POST', {
      username: `tenant-script-${stamp}@acme.example`,
      password: 'long-enough-1',
    });
    expect(write.status).toBe(403);

    // The page shows the use once the list is read again.
    await browser.refresh();
    const row = $(
      `//*[@data-testid="${ids.table}"]//*[@role="row"][contains(., "${name}")][contains(., "UTC")]`,
    );
    await row.waitForDisplayed({ timeoutMsg: 'The new token was not listed with its last use.' });
    await expect(row).toHaveText(expect.stringContaining('UTC from'));
    await screenshots('api-tokens', () => row.waitForDisplayed());

    // The actions are pinned right: another part of the grid's row than the name's.
    await clickWhenReady($(`button[aria-label="Revoke ${name}"]`), 'Revoke');
    await clickWhenReady(byTestId(ids.revokeConfirm), 'Revoke (confirm)');
    await row.waitForExist({ reverse: true, timeoutMsg: 'The revoked token was still listed.' });
    expect((await script(secret, '/api/rep/v1/query/scan_web?limit=5')).status).toBe(401);
  });
});
