import { browser, expect } from '@wdio/globals';
import { applianceSettingsIds as ids } from '@workbench/common/test-ids/applianceSettingsIds';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, clickWhenReady, replaceText } from '../pageobjects/testId';
import { DEMO_PASSWORD } from '../support/testEnv';
import { restore, signInOverHttp, startOnPremServer, useServer } from '../support/onPremServers';
import type { RunningServer } from '../support/workbenchServer';

/**
 * Issue 35 (Done when): a server started as a safeview appliance (the spec's own, beside the lane's)
 * opens on its real Settings › Network page, showing the appliance's network settings as its API
 * answers them; a changed host name is saved, kept after a reload, and read back from the API.
 */

let server: RunningServer | undefined;

interface NetworkSettings {
  hostname: string;
  updated_by: string | null;
}

describe('A safeview appliance', () => {
  before(async () => {
    server = await startOnPremServer('safeview');
    useServer(server);
  });

  after(async () => {
    restore();
    await server?.stop();
  });

  it('opens on Settings › Network with its settings; a changed host name is saved and read back', async () => {
    const api = await signInOverHttp(server!);
    const before = await api.call('GET', '/api/dash/v1/settings/network');
    expect(before.status).toBe(200);
    const { hostname } = before.json as NetworkSettings;

    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/');
    await waitForPortalRoute('#/settings/network');
    await byTestId(ids.page('network')).waitForDisplayed({
      timeoutMsg: 'The appliance Network page did not show.',
    });

    // The page shows what the appliance's API holds.
    const host = byTestId(ids.field('network', 'hostname'));
    await host.waitForDisplayed();
    await expect(host).toHaveValue(hostname);

    await replaceText(host, 'sv1.example.com', 'The host name field');
    await clickWhenReady(byTestId(ids.save('network')), 'Save');
    await expect(byTestId(ids.updated('network'))).toHaveText(
      expect.stringContaining('by admin@acme.example'),
    );

    const saved = await api.call('GET', '/api/dash/v1/settings/network');
    expect(saved.json).toMatchObject({ hostname: 'sv1.example.com', updated_by: 'admin@acme.example' });

    await browser.refresh();
    await waitForPortalRoute('#/settings/network');
    await expect(byTestId(ids.field('network', 'hostname'))).toHaveValue('sv1.example.com');
  });

  it('serves the portal under /appliance-settings', async () => {
    const reply = await fetch(`${server!.baseUrl}/appliance-settings`);
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('<div id="root"');
  });
});
