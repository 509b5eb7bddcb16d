import { $, browser, expect } from '@wdio/globals';
import { CENTRAL_MANAGER_VERSION } from '@workbench/common/api/contract/centralManager';
import { applianceSettingsIds } from '@workbench/common/test-ids/applianceSettingsIds';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { policyWelcomeIds } from '@workbench/common/test-ids/index';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, clickWhenReady, replaceText, testIdSelector } from '../pageobjects/testId';
import { DEMO_PASSWORD } from '../support/testEnv';
import { screenshots } from '../support/theme';
import {
  ON_PREM_ADMIN,
  portOf,
  restore,
  signInOverHttp,
  startFleet,
  useServer,
  type OnPremFleet,
  type ServerSession,
} from '../support/onPremServers';

/**
 * Issue 35 (Done when): a management station with three appliances, each a real server process
 * started by this spec (support/onPremServers.ts). In the portal the administrator approves an
 * appliance, applies a template to a group and sees every member's settings change (read back from
 * each appliance's own API too), runs an update on an appliance and rolls it back (the appliance's
 * API says which version it runs after each), and sees an appliance killed with SIGKILL shown as
 * down with its reason. Two appliances are approved through the station's API before: what is tested is the
 * third's approval in the page.
 */

const FLEET_NTP = ['ntp.fleet.example'];

let fleet: OnPremFleet | undefined;
let station: ServerSession;
/** Each appliance's own API, signed in as its administrator, in the fleet's order. */
let direct: ServerSession[] = [];
/** The managed systems' ids on the station, by name. */
const systemIds: Record<string, string> = {};
const NAMES = ['sv-1', 'sv-iso', 'mail-1'] as const;

interface Listed {
  id: string;
  name: string;
}

async function listed(pathname: string, key: string): Promise<Listed[]> {
  const reply = await station.call('GET', pathname);
  if (reply.status !== 200) throw new Error(`GET ${pathname} answered ${reply.status}`);
  return (reply.json as Record<string, Listed[]>)[key];
}

/** get_sv_cert then approve_sv, as the portal's dialog does (for the appliances set up beforehand). */
async function approveThroughApi(name: string, port: number): Promise<void> {
  const login = { host: '127.0.0.1', port, username: ON_PREM_ADMIN, password: DEMO_PASSWORD };
  const cert = await station.call('POST', '/api/v1/managed_systems/get_sv_cert', login);
  const fingerprint = (cert.json as { fingerprint_sha256?: string }).fingerprint_sha256;
  if (!fingerprint) throw new Error(`get_sv_cert of ${name}: ${JSON.stringify(cert.json)}`);
  const approved = await station.call('POST', '/api/v1/managed_systems/approve_sv', {
    ...login,
    name,
    fingerprint_sha256: fingerprint,
  });
  if ((approved.json as { ok?: boolean }).ok !== true)
    throw new Error(`approve_sv of ${name}: ${JSON.stringify(approved.json)}`);
}

async function ntpServersOf(appliance: ServerSession): Promise<unknown> {
  const reply = await appliance.call('GET', '/api/v1/settings/time');
  expect(reply.status).toBe(200);
  return (reply.json as { ntp_servers: unknown }).ntp_servers;
}

/** Picks `label` in the MUI select of `dialogId` (its input is hidden: the combobox is clicked). */
async function pick(dialogId: string, label: string): Promise<void> {
  await clickWhenReady($(`${testIdSelector(dialogId)} [role="combobox"]`), 'The select');
  await clickWhenReady($(`//li[@role="option" and normalize-space()="${label}"]`), `The option ${label}`);
}

describe('A management station with three appliances', () => {
  before(async () => {
    fleet = await startFleet(['safeview', 'safeview_isolation', 'safemail']);
    useServer(fleet.station);
    station = await signInOverHttp(fleet.station);
    direct = await Promise.all(fleet.appliances.map((a) => signInOverHttp(a)));
    await approveThroughApi(NAMES[1], portOf(fleet.appliances[1]));
    await approveThroughApi(NAMES[2], portOf(fleet.appliances[2]));
  });

  after(async () => {
    restore();
    await fleet?.stop();
  });

  it('approves an appliance: its certificate is shown, then it is managed and online', async () => {
    await forgetSession();
    await signInToPortal(ON_PREM_ADMIN, DEMO_PASSWORD, '/');
    // A fresh station's first administrator session switches the portal version and says so.
    await byTestId(policyWelcomeIds.dialog).waitForDisplayed({
      timeoutMsg: 'The policy welcome of a fresh station did not show.',
    });
    await clickWhenReady(byTestId(policyWelcomeIds.close), 'Close of the policy welcome');
    await byTestId(policyWelcomeIds.dialog).waitForDisplayed({ reverse: true });

    await browser.url('/#/settings/managed-systems');
    await waitForPortalRoute('#/settings/managed-systems');
    await expect(byTestId(ids.systemsTotal)).toHaveText('2 appliances');

    await clickWhenReady(byTestId(ids.add), 'Add appliance');
    await byTestId(ids.addDialog).waitForDisplayed();
    await replaceText(byTestId(`${ids.field}-host`), '127.0.0.1', 'Host');
    await replaceText(byTestId(`${ids.field}-port`), String(portOf(fleet!.appliances[0])), 'Port');
    await replaceText(byTestId(`${ids.field}-username`), ON_PREM_ADMIN, 'Administrator');
    await replaceText(byTestId(`${ids.field}-password`), DEMO_PASSWORD, 'Password');
    await clickWhenReady(byTestId(ids.fetchCert), 'Fetch certificate');
    await expect(byTestId(ids.fingerprint)).toHaveText(/^([0-9A-F]{2}:?){32}$/i);
    // The name is asked for with the certificate shown (the subject until changed).
    await replaceText(byTestId(`${ids.field}-name`), NAMES[0], 'Name');
    await clickWhenReady(byTestId(ids.approve), 'Approve');
    await byTestId(ids.addDialog).waitForDisplayed({
      reverse: true,
      timeoutMsg: 'The add dialog stayed open.',
    });

    for (const s of await listed('/api/v1/managed_systems', 'appliances')) systemIds[s.name] = s.id;
    expect(Object.keys(systemIds).sort()).toEqual([...NAMES].sort());
    await expect(byTestId(ids.systemsTotal)).toHaveText('3 appliances');
    await expect(byTestId(`${ids.state}-${systemIds[NAMES[0]]}`)).toHaveText('Online');
    // The appliance itself recorded the manager that approved it.
    const status = await direct[0].call('GET', '/api/mgr/v2/system/status');
    expect(JSON.stringify(status.json)).toContain('manager_version');
  });

  it("applies a template to a group: every member's settings change, on the appliance too", async () => {
    // sv-1 keeps its clock by another NTP server; the template copies its settings.
    const time = (await direct[0].call('GET', '/api/v1/settings/time')).json as Record<string, unknown>;
    const { updated_at: _at, updated_by: _by, ...fields } = time;
    const saved = await direct[0].call('PUT', '/api/v1/settings/time', { ...fields, ntp_servers: FLEET_NTP });
    expect(saved.status).toBe(200);
    for (const member of [direct[1], direct[2]]) expect(await ntpServersOf(member)).not.toEqual(FLEET_NTP);

    await browser.url('/#/settings/groups-templates');
    await waitForPortalRoute('#/settings/groups-templates');
    await byTestId(ids.groupsPage).waitForDisplayed();

    await clickWhenReady(byTestId(ids.addTemplate), 'New template');
    await byTestId(ids.templateDialog).waitForDisplayed();
    await replaceText(byTestId(`${ids.field}-name`), 'fleet time', 'The template name');
    await pick(ids.templateDialog, NAMES[0]);
    await clickWhenReady(byTestId(ids.dialogSubmit), 'Create the template');
    await byTestId(ids.templateDialog).waitForDisplayed({ reverse: true });
    await expect(byTestId(ids.templatesTable)).toHaveText(expect.stringContaining('fleet time'));

    await clickWhenReady(byTestId(ids.addGroup), 'New group');
    await byTestId(ids.groupDialog).waitForDisplayed();
    await replaceText(byTestId(`${ids.field}-name`), 'branch', 'The group name');
    // MUI's checkbox input is hidden: its label takes the click.
    for (const name of [NAMES[1], NAMES[2]])
      await clickWhenReady($(`//label[starts-with(normalize-space(), "${name} (")]`), `The member ${name}`);
    await clickWhenReady(byTestId(ids.dialogSubmit), 'Create the group');
    await byTestId(ids.groupDialog).waitForDisplayed({ reverse: true });
    await expect(byTestId(ids.groupsTable)).toHaveText(expect.stringContaining('branch'));

    const group = (await listed('/api/v1/groups', 'groups')).find((g) => g.name === 'branch');
    expect(group).toBeDefined();
    await clickWhenReady(byTestId(`${ids.apply}-${group!.id}`), 'Apply a template');
    await byTestId(ids.applyDialog).waitForDisplayed();
    await pick(ids.applyDialog, 'fleet time');
    await clickWhenReady(byTestId(ids.applySubmit), 'Apply');
    await expect(byTestId(ids.jobStatus)).toHaveText('Finished: 2 of 2 done');
    for (const name of [NAMES[1], NAMES[2]])
      await expect(byTestId(`${ids.jobTarget}-${systemIds[name]}`)).toHaveText(
        expect.stringContaining('Done'),
      );
    await clickWhenReady(byTestId(ids.dialogCancel), 'Close the apply dialog');
    await byTestId(ids.applyDialog).waitForDisplayed({ reverse: true });

    // What each member holds now, from its own API.
    for (const member of [direct[1], direct[2]]) expect(await ntpServersOf(member)).toEqual(FLEET_NTP);

    // And the page says each member is in sync with the template.
    await clickWhenReady(byTestId(`${ids.drift}-${group!.id}`), 'Drift');
    await byTestId(ids.driftDialog).waitForDisplayed();
    for (const name of [NAMES[1], NAMES[2]])
      await expect(byTestId(`${ids.driftMember}-${systemIds[name]}`)).toHaveText(
        expect.stringContaining('In sync'),
      );
    await clickWhenReady(byTestId(ids.driftClose), 'Close the drift');
  });

  it('runs an update on an appliance and rolls it back; the appliance itself runs each version', async () => {
    const runs = async () =>
      ((await direct[0].call('GET', '/api/mgr/v2/update')).json as { version: string }).version;
    expect(await runs()).toBe('1.0.0');

    await browser.url('/#/settings/managed-systems');
    await waitForPortalRoute('#/settings/managed-systems');
    await clickWhenReady(byTestId(`${ids.updates}-${systemIds[NAMES[0]]}`), 'Software of sv-1');
    const dialog = byTestId(ids.updatesDialog);
    await dialog.waitForDisplayed();
    const version = dialog.$(testIdSelector(ids.updatesVersion));
    await expect(version).toHaveText('Runs 1.0.0 from slot 1');

    // Each step is a job; the next step's control shows once the appliance is read again after it.
    await clickWhenReady(dialog.$(testIdSelector(ids.updatesCheck)), 'Check for updates');
    await clickWhenReady(dialog.$(testIdSelector(`${ids.updatesDownload}-1.2.0`)), 'Download 1.2.0');
    await clickWhenReady(dialog.$(testIdSelector(`${ids.updatesInstall}-1.2.0`)), 'Install 1.2.0');
    await expect(version).toHaveText('Runs 1.2.0 from slot 2');
    expect(await runs()).toBe('1.2.0');

    await clickWhenReady(dialog.$(testIdSelector(`${ids.updatesRollback}-1`)), 'Roll back to slot 1');
    await expect(version).toHaveText('Runs 1.0.0 from slot 1');
    expect(await runs()).toBe('1.0.0');
    await clickWhenReady(byTestId(ids.updatesClose), 'Close the software dialog');
    await dialog.waitForDisplayed({ reverse: true });
  });

  it("changes an appliance's settings from its row (cr_update): the appliance holds them, and its logs say so", async () => {
    const iso = systemIds[NAMES[1]];
    const loggingOf = async () =>
      (await direct[1].call('GET', '/api/v1/settings/logging')).json as Record<string, unknown>;
    expect((await loggingOf()).syslog_port).toBe(514);

    await browser.url('/#/settings/managed-systems');
    await waitForPortalRoute('#/settings/managed-systems');
    const openForm = async () => {
      await clickWhenReady(byTestId(`${ids.settings}-${iso}`), 'Current settings of sv-iso');
      await byTestId(ids.settingsDialog).waitForDisplayed();
      await clickWhenReady(byTestId(`${ids.settingsEdit}-logging`), 'Change Logs/Alerts');
      await byTestId(applianceSettingsIds.form('logging')).waitForDisplayed();
    };
    await openForm();
    await screenshots('cm-cr-update', async () => {
      await waitForPortalRoute('#/settings/managed-systems');
      await openForm();
    });
    await replaceText(byTestId(applianceSettingsIds.field('logging', 'syslog_port')), '6514', 'Syslog port');
    await clickWhenReady(byTestId(applianceSettingsIds.save('logging')), 'Save on the appliance');
    await expect(byTestId(ids.settingsSaved)).toHaveText('Changed syslog_port of Logs/Alerts on sv-iso.');
    // What the appliance itself holds now; the fields not changed kept their value.
    const after = await loggingOf();
    expect(after).toMatchObject({ syslog_port: 6514, syslog_enabled: false, level: 'info' });
    await clickWhenReady(byTestId(ids.settingsClose), 'Close the settings');
    await byTestId(ids.settingsDialog).waitForDisplayed({ reverse: true });

    // The appliance's own audit trail records the change (its events are written a moment later).
    await browser.waitUntil(
      async () =>
        JSON.stringify(
          (await station.call('GET', `/api/v1/managed_systems/${iso}/logs?limit=1000`)).json,
        ).includes('Imported the appliance settings'),
      { timeout: 30_000, timeoutMsg: "The appliance's audit trail did not record the import." },
    );
    const openLogs = async () => {
      await clickWhenReady(byTestId(`${ids.logs}-${iso}`), 'Logs of sv-iso');
      await byTestId(ids.logsDialog).waitForDisplayed();
      await expect(byTestId(ids.logsTable)).toHaveText(
        expect.stringContaining('Imported the appliance settings'),
      );
    };
    await openLogs();
    await expect(byTestId(ids.logsTotal)).toHaveText(/^\d+ events?( so far)?$/);
    await screenshots('cm-logs', async () => {
      await waitForPortalRoute('#/settings/managed-systems');
      await openLogs();
    });
    await clickWhenReady(byTestId(ids.logsClose), 'Close the logs');
    await byTestId(ids.logsDialog).waitForDisplayed({ reverse: true });
  });

  it("saves the station's own settings in its page, read back from the API; its About names its version", async () => {
    const open = async () => {
      await browser.url('/#/settings/management-station');
      await waitForPortalRoute('#/settings/management-station');
      await byTestId(ids.stationPage).waitForDisplayed();
    };
    await open();
    await expect(byTestId(`${ids.about}-version`)).toHaveText(CENTRAL_MANAGER_VERSION);
    await expect(byTestId(`${ids.about}-managed_systems`)).toHaveText('3');
    await replaceText(byTestId(ids.stationPort), '9442', 'Default appliance port');
    await replaceText(byTestId(ids.stationTimeout), '5', 'Status time-out');
    await clickWhenReady(byTestId(ids.stationSave), 'Save the station settings');
    await expect(byTestId(ids.stationUpdated)).toHaveText(
      expect.stringContaining(`Last saved by ${ON_PREM_ADMIN}`),
    );
    const read = await station.call('GET', '/api/v1/cm/settings');
    expect(read.json).toMatchObject({ appliance_port: 9442, status_timeout_s: 5, updated_by: ON_PREM_ADMIN });
    await screenshots('cm-station', open);

    // Back to the defaults: the next step reads the appliances with the usual time-out.
    const back = await station.call('PUT', '/api/v1/cm/settings', {
      appliance_port: 8442,
      status_timeout_s: 3,
    });
    expect(back.status).toBe(200);
  });

  it('shows an appliance killed with SIGKILL as down, with the reason', async () => {
    await browser.url('/#/settings/managed-systems');
    await fleet!.appliances[2].kill();
    await waitForPortalRoute('#/settings/managed-systems');
    // The page is open already (the same URL again does not reload it): asked again, as a user would.
    await clickWhenReady(byTestId(ids.systemsRefresh), 'Refresh');
    const killed = systemIds[NAMES[2]];
    await expect(byTestId(`${ids.state}-${killed}`)).toHaveText('Down');
    await expect(byTestId(`${ids.reason}-${killed}`)).toHaveText(expect.stringContaining('ECONNREFUSED'));
    // The others still answer.
    for (const name of [NAMES[0], NAMES[1]])
      await expect(byTestId(`${ids.state}-${systemIds[name]}`)).toHaveText('Online');
  });
});
