/**
 * A managed system's cr_update, logs and exports from Settings › Managed Systems, against a fake
 * server: cr_update sends only the fields changed with the document's own form, shows what the
 * appliance answered, and a refusal at the field it names with nothing shown changed; nothing
 * changed sends nothing; a reader has no change. Logs: a block at a time with the cursor, another
 * log type asked for; an export downloads the file the answer names.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import type { ManagedSystem } from '@workbench/common/api/contract/centralManager';
import { applianceSettingsIds } from '@workbench/common/test-ids/applianceSettingsIds';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { resetPortalEnv } from '../../testing/renderPortal';
import { openManagedSystem } from '../../testing/managedSystems';
import { CR_UPDATE_TEXTS } from './CurrentSettingsDialog';
import { LOGS_BLOCK } from './SystemLogsDialog';

const downloads: { name: string; content: unknown; mime: string }[] = [];
jest.mock('@workbench/common/formatting/downloadFile', () => ({
  downloadFile: (name: string, content: unknown, mime: string) => downloads.push({ name, content, mime }),
}));
jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

afterEach(() => {
  resetPortalEnv();
  downloads.length = 0;
});

const edge: ManagedSystem = {
  id: 's1',
  name: 'edge 1',
  host: '127.0.0.1',
  port: 8442,
  mode: 'safeview',
  fingerprint_sha256: 'FP',
  approved_at: '2026-11-30T01:00:00.000Z',
  state: 'online',
  reason: null,
  checked_at: '2026-11-30T01:00:00.000Z',
  system: null,
};

const logging = {
  local_logs: true,
  level: 'info',
  syslog_enabled: false,
  syslog_host: '',
  syslog_port: 514,
  syslog_protocol: 'udp',
  updated_at: '2026-11-30T01:00:00.000Z',
  updated_by: 'admin@appliance',
};
const settings = { logging };

const SYS = '/api/v1/managed_systems/s1';
const SLOW = { timeout: 15_000 };

function open(role: 'admin' | 'auditor', stubs: (m: MockAdapter) => void = () => undefined) {
  return openManagedSystem(edge, role, (m) => {
    m.onGet(`${SYS}/current_settings`).reply(200, { id: 's1', settings });
    stubs(m);
  });
}

async function openSettings() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId(`${ids.settings}-s1`, {}, SLOW));
  const dialog = await screen.findByTestId(ids.settingsDialog);
  await within(dialog).findByText('syslog_host');
  return { user, dialog };
}

describe("cr_update: changing an appliance's current settings", () => {
  it('sends only the fields changed and shows what the appliance answered', async () => {
    const after = { logging: { ...logging, syslog_host: 'syslog.example', syslog_port: 6514 } };
    const { mock } = open('admin', (m) =>
      m.onPut(`${SYS}/cr_update`).reply(200, { id: 's1', settings: after }),
    );
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByTestId(`${ids.settingsEdit}-logging`));
    const host = within(dialog).getByTestId(applianceSettingsIds.field('logging', 'syslog_host'));
    await user.type(host, 'syslog.example');
    const port = within(dialog).getByTestId(applianceSettingsIds.field('logging', 'syslog_port'));
    await user.clear(port);
    await user.type(port, '6514');
    await user.click(within(dialog).getByTestId(applianceSettingsIds.save('logging')));

    expect(await within(dialog).findByTestId(ids.settingsSaved)).toHaveTextContent(
      'Changed syslog_host, syslog_port of Logs/Alerts on edge 1.',
    );
    expect(mock.history.put.map((r) => [r.url, JSON.parse(r.data as string)])).toEqual([
      [`${SYS}/cr_update`, { settings: { logging: { syslog_host: 'syslog.example', syslog_port: 6514 } } }],
    ]);
    // The form is closed; the table shows the appliance's answer.
    expect(within(dialog).queryByTestId(applianceSettingsIds.form('logging'))).not.toBeInTheDocument();
    expect(within(dialog).getByText('syslog.example')).toBeInTheDocument();
    expect(within(dialog).getByText('6514')).toBeInTheDocument();
  });

  it("a refusal shows the appliance's words at the field it names; what is shown stays as it was", async () => {
    const message = 'The appliance answered 400: syslog_host: not a host the appliance can resolve.';
    open('admin', (m) =>
      m
        .onPut(`${SYS}/cr_update`)
        .reply(400, { statusCode: 400, message, field: 'settings.logging.syslog_host' }),
    );
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByTestId(`${ids.settingsEdit}-logging`));
    await user.click(within(dialog).getByTestId(applianceSettingsIds.field('logging', 'syslog_enabled')));
    await user.type(
      within(dialog).getByTestId(applianceSettingsIds.field('logging', 'syslog_host')),
      'nowhere.invalid',
    );
    await user.click(within(dialog).getByTestId(applianceSettingsIds.save('logging')));
    // At the field (its helper text), not above the form.
    const host = within(dialog).getByTestId(applianceSettingsIds.field('logging', 'syslog_host'));
    await waitFor(() =>
      expect(host).toHaveAccessibleDescription(/^The appliance answered 400: syslog_host: not a host/),
    );
    expect(within(dialog).queryByTestId(applianceSettingsIds.error('logging'))).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId(ids.settingsSaved)).not.toBeInTheDocument();
    await user.click(within(dialog).getByTestId(ids.settingsCancel));
    // The table is the first read: syslog still off.
    const row = within(dialog).getByText('syslog_enabled').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('false');
  });

  it('nothing changed sends nothing', async () => {
    const { mock } = open('admin');
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByTestId(`${ids.settingsEdit}-logging`));
    await user.click(within(dialog).getByTestId(applianceSettingsIds.save('logging')));
    expect(await within(dialog).findByText(CR_UPDATE_TEXTS.nothingChanged)).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
  });

  it('a reader sees the settings and no change', async () => {
    open('auditor');
    const { dialog } = await openSettings();
    expect(within(dialog).queryByTestId(`${ids.settingsEdit}-logging`)).not.toBeInTheDocument();
  });
});

const event = (id: string, details: string) => ({
  id,
  time: 1,
  event_time: '2026-11-30T01:00:00.000Z',
  log_type: 'scan_audit',
  userid: 'admin@appliance',
  details,
});

describe("a managed system's logs and exports", () => {
  it('reads a block at a time with the cursor, and another log type on asking', async () => {
    const { mock } = open('auditor', (m) => {
      m.onGet(`${SYS}/logs`, { params: { log_type: 'scan_audit', limit: LOGS_BLOCK } }).reply(200, {
        id: 's1',
        log_type: 'scan_audit',
        events: [event('e2', 'Imported the appliance settings')],
        pagingIdentifiers: { cursor: 'C1', last_iteration: false },
      });
      m.onGet(`${SYS}/logs`, { params: { log_type: 'scan_audit', limit: LOGS_BLOCK, cursor: 'C1' } }).reply(
        200,
        {
          id: 's1',
          log_type: 'scan_audit',
          events: [event('e1', 'Signed in')],
          pagingIdentifiers: { last_iteration: true },
        },
      );
      m.onGet(`${SYS}/logs`, { params: { log_type: 'scan_web', limit: LOGS_BLOCK } }).reply(200, {
        id: 's1',
        log_type: 'scan_web',
        events: [],
        pagingIdentifiers: { last_iteration: true },
      });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`${ids.logs}-s1`, {}, SLOW));
    const dialog = await screen.findByTestId(ids.logsDialog);
    expect(await within(dialog).findByText('Imported the appliance settings')).toBeInTheDocument();
    expect(within(dialog).getByTestId(ids.logsTotal)).toHaveTextContent('1 event so far');
    await user.click(within(dialog).getByTestId(ids.logsMore));
    expect(await within(dialog).findByText('Signed in')).toBeInTheDocument();
    expect(within(dialog).getByText('Imported the appliance settings')).toBeInTheDocument();
    expect(within(dialog).getByTestId(ids.logsTotal)).toHaveTextContent('2 events');
    expect(within(dialog).queryByTestId(ids.logsMore)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Log type' }));
    await user.click(await screen.findByRole('option', { name: 'Web' }));
    await waitFor(() => expect(within(dialog).getByTestId(ids.logsTotal)).toHaveTextContent('0 events'));
    expect(within(dialog).queryByText('Signed in')).not.toBeInTheDocument();
    expect(mock.history.get.filter((r) => r.url === `${SYS}/logs`).map((r) => r.params)).toEqual([
      { log_type: 'scan_audit', limit: LOGS_BLOCK },
      { log_type: 'scan_audit', limit: LOGS_BLOCK, cursor: 'C1' },
      { log_type: 'scan_web', limit: LOGS_BLOCK },
    ]);
  });

  it("a refused read shows the appliance's reason", async () => {
    open('auditor', (m) =>
      m.onGet(`${SYS}/logs`).reply(502, { statusCode: 502, message: 'did not answer within 3 s' }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`${ids.logs}-s1`, {}, SLOW));
    expect(await screen.findByTestId(ids.logsError)).toHaveTextContent('did not answer within 3 s');
  });

  it('an export downloads the file the appliance wrote, by the name the answer gives', async () => {
    const { mock } = open('auditor', (m) => {
      m.onGet(`${SYS}/logs`).reply(200, {
        id: 's1',
        log_type: 'scan_audit',
        events: [],
        pagingIdentifiers: { last_iteration: true },
      });
      m.onGet(`${SYS}/exports`).reply(200, 'id,details\ne1,Signed in\n', {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="edge_1-scan_email.csv"',
      });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`${ids.logs}-s1`, {}, SLOW));
    const dialog = await screen.findByTestId(ids.logsDialog);
    await user.click(within(dialog).getByTestId(`${ids.logsExport}-scan_email`));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toEqual({
      name: 'edge_1-scan_email.csv',
      content: 'id,details\ne1,Signed in\n',
      mime: 'text/csv; charset=utf-8',
    });
    expect(mock.history.get.filter((r) => r.url === `${SYS}/exports`).map((r) => r.params)).toEqual([
      { log_type: 'scan_email' },
    ]);
  });
});
