import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browser, expect } from '@wdio/globals';
import { applianceSettingsIds as ids } from '@workbench/common/test-ids/applianceSettingsIds';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId } from '../pageobjects/testId';
import { DEMO_PASSWORD } from '../support/testEnv';
import { startWorkbenchServer, type RunningServer } from '../support/workbenchServer';

/**
 * Issue 35 (Done when): a server started as a safeview appliance (its own server, beside the
 * suite's) opens on its real Settings › Network page; the admin changes the host name, saves, and
 * sees it kept after a reload (and the appliance's API answers it).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let server: RunningServer | undefined;
let suiteBaseUrl: string | undefined;

describe('A safeview appliance', () => {
  before(async () => {
    server = await startWorkbenchServer(repoRoot, {
      demoEvents: 1000,
      env: { WORKBENCH_DEPLOYMENT: 'on_prem', WORKBENCH_MODE: 'safeview' },
    });
    await server.waitForDemoEvents(() => undefined);
    suiteBaseUrl = browser.options.baseUrl;
    browser.options.baseUrl = server.baseUrl;
  });

  after(async () => {
    if (suiteBaseUrl !== undefined) browser.options.baseUrl = suiteBaseUrl;
    await server?.stop();
  });

  it('opens on Settings › Network; a changed host name is saved and kept', async () => {
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/');
    await waitForPortalRoute('#/settings/network');
    await byTestId(ids.page('network')).waitForDisplayed({
      timeoutMsg: 'The appliance Network page did not show.',
    });

    const host = byTestId(ids.field('network', 'hostname'));
    await host.waitForDisplayed();
    await expect(host).toHaveValue('appliance.local');
    // The keyboard replaces the text: WebDriver's clear does not reach React's state.
    await host.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Backspace');
    await host.addValue('sv1.example.com');
    await byTestId(ids.save('network')).click();
    await expect(byTestId(ids.updated('network'))).toHaveText(
      expect.stringContaining('by admin@acme.example'),
    );

    await browser.refresh();
    await waitForPortalRoute('#/settings/network');
    await expect(byTestId(ids.field('network', 'hostname'))).toHaveValue('sv1.example.com');
    const saved = await browser.execute(
      async (p: string) => (await fetch(p, { credentials: 'same-origin' })).json(),
      '/api/dash/v1/settings/network',
    );
    expect((saved as { hostname: string }).hostname).toBe('sv1.example.com');
  });

  it('serves the portal under /appliance-settings', async () => {
    const reply = await fetch(`${server!.baseUrl}/appliance-settings`);
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('<div id="root"');
  });
});
