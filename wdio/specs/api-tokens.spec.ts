/**
 * API tokens that work (issue 33 point 3), end to end: an operator creates a logging auth token of
 * acme in the provider console and copies its secret, shown once; a script outside the browser
 * (Node's fetch, no cookie) lists acme's logs with it and is refused a write outside its scope;
 * the console then shows the token's last use; revoking it in the console refuses the script's
 * next call. The tenant's own token page waits for the editor kit; its calls are the same store.
 */
import { browser, expect } from '@wdio/globals';
import { providerPageIds } from '@workbench/common/test-ids/index';
import { providerLoginPage } from '../pageobjects/ProviderLoginPage';
import { providerShell } from '../pageobjects/ProviderShell';
import { byTestId } from '../pageobjects/testId';
import { forgetSession } from '../pageobjects/portal';
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
});
