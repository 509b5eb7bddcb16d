/**
 * Settings › Managed Systems on a management station, against a fake server: the appliances as
 * last seen while the state now is asked (an appliance down shows its reason and blocks nothing),
 * adding one (the certificate fetched and shown, the appliance's own reason on refusal), the row
 * actions (maintenance, a confirmed reboot followed as a job), the current settings (and an
 * appliance that cannot say), a read-only role without write actions, and no such page elsewhere.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { CM_READ_PERMISSION, type ManagedSystem } from '@workbench/common/api/contract/centralManager';
import { MANAGED_SYSTEMS_READ_PERMISSIONS } from '@workbench/common/api/contract/settingsPermissions';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { SYSTEMS_TEXTS } from './ManagedSystemsPage';

afterEach(resetPortalEnv);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const status = (mode: string, maintenance = false) => ({
  mode,
  hostname: 'h',
  maintenance_mode: maintenance,
  boot_count: 1,
  booted_at: '2026-11-30T01:00:00.000Z',
  manager_version: '1.0.0',
});
const system = (
  id: string,
  name: string,
  port: number,
  mode: string,
  extra: Partial<ManagedSystem> = {},
): ManagedSystem => ({
  id,
  name,
  host: '127.0.0.1',
  port,
  mode,
  fingerprint_sha256: `FP-${id}`,
  approved_at: '2026-11-30T01:00:00.000Z',
  state: 'online',
  reason: null,
  checked_at: '2026-11-30T01:00:00.000Z',
  system: status(mode),
  ...extra,
});
const edge = system('s1', 'edge-1', 8442, 'safeview');
const mail = system('s2', 'mail-1', 8443, 'safemail');
const mailDown = {
  ...mail,
  state: 'down' as const,
  reason: 'The appliance cannot be reached: connect ECONNREFUSED 127.0.0.1:8443.',
};

const PATHS = {
  systems: '/api/v1/managed_systems',
  now: '/api/v1/dashboard/get_appliances',
  groups: '/api/v1/groups',
  cert: '/api/v1/managed_systems/get_sv_cert',
  approve: '/api/v1/managed_systems/approve_sv',
};

function open(
  role: 'admin' | 'auditor',
  stubs: (m: MockAdapter) => void = (m) => {
    m.onGet(PATHS.systems).reply(200, { appliances: [edge, mail] });
    m.onGet(PATHS.now).reply(200, { appliances: [edge, mailDown] });
  },
  deployment: 'on_prem' | 'ec2' = 'on_prem',
) {
  return renderPortal({
    path: '/settings/managed-systems',
    user: demoUser(role),
    deployment,
    mode: deployment === 'on_prem' ? 'management_station' : null,
    stubs: (m) => {
      m.onGet(PATHS.groups).reply(200, {
        groups: [
          {
            id: 'g1',
            name: 'Branch',
            nodes: [{ id: 's1', auto_group: 'True' }],
            template_id: null,
            updated_at: 'x',
          },
        ],
      });
      stubs(m);
    },
  });
}

const SLOW = { timeout: 15_000 };
const bodyOf = (r: { data?: unknown }) => JSON.parse(r.data as string) as Record<string, unknown>;

describe('Managed Systems (/settings/managed-systems)', () => {
  it('the route checks the same permissions as the server', () => {
    expect(MANAGED_SYSTEMS_READ_PERMISSIONS).toEqual(CM_READ_PERMISSION.any);
  });

  it('lists each appliance with its address, mode label, group and state; one down shows its reason', async () => {
    open('admin');
    const table = await screen.findByTestId(ids.systemsTable, {}, SLOW);
    expect(await within(table).findByText('edge-1')).toBeInTheDocument();
    expect(within(table).getByText('127.0.0.1:8442')).toBeInTheDocument();
    expect(within(table).getByText('Isolation Standalone')).toBeInTheDocument();
    expect(within(table).getByText('Email Processor')).toBeInTheDocument();
    expect(within(table).getByText('Branch')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId(`${ids.state}-s2`)).toHaveTextContent('Down'));
    expect(screen.getByTestId(`${ids.reason}-s2`)).toHaveTextContent(mailDown.reason);
    expect(screen.getByTestId(`${ids.state}-s1`)).toHaveTextContent('Online');
    expect(screen.getByTestId(ids.systemsTotal)).toHaveTextContent('2 appliances');
  });

  it('shows the appliances as last seen while the state now has not come (an appliance that never answers blocks nothing)', async () => {
    open('admin', (m) => {
      m.onGet(PATHS.systems).reply(200, { appliances: [edge, mailDown] });
      m.onGet(PATHS.now).reply(() => new Promise(() => undefined));
    });
    expect(await screen.findByTestId(`${ids.state}-s2`, {}, SLOW)).toHaveTextContent('Down');
    expect(screen.getByTestId(ids.systemsChecking)).toHaveTextContent(SYSTEMS_TEXTS.checking);
    expect(screen.getByTestId(ids.add)).toBeEnabled();
  });

  it('adds an appliance: its certificate fetched and shown, then approved with that fingerprint', async () => {
    const { mock } = open('admin');
    await screen.findByTestId(ids.systemsTable, {}, SLOW);
    mock
      .onPost(PATHS.cert)
      .replyOnce(200, {
        cert: null,
        fingerprint_sha256: null,
        subject: null,
        not_after: null,
        reason: 'The appliance cannot be reached: connect ECONNREFUSED 10.0.0.9:8442.',
      })
      .onPost(PATHS.cert)
      .reply(200, {
        cert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
        fingerprint_sha256: 'AB:CD',
        subject: 'CN=edge-2',
        not_after: '2036-11-30T00:00:00.000Z',
        reason: null,
      });
    mock
      .onPost(PATHS.approve)
      .replyOnce(200, { ok: false, reason: 'Invalid username or password.' })
      .onPost(PATHS.approve)
      .reply(200, { ok: true, system: system('s3', 'edge-2', 8442, 'safeview') });
    const user = userEvent.setup();
    await user.click(screen.getByTestId(ids.add));
    const dialog = await screen.findByTestId(ids.addDialog);
    expect(screen.getByTestId(`${ids.field}-port`)).toHaveValue('8442');
    await user.click(within(dialog).getByTestId(ids.fetchCert));
    expect(within(dialog).getByText('Host is required.')).toBeInTheDocument();
    expect(mock.history.post.filter((r) => r.url === PATHS.cert)).toHaveLength(0);

    await user.type(screen.getByTestId(`${ids.field}-host`), '10.0.0.9');
    await user.type(screen.getByTestId(`${ids.field}-username`), 'admin@acme.example');
    await user.type(screen.getByTestId(`${ids.field}-password`), 'pw');
    await user.click(within(dialog).getByTestId(ids.fetchCert));
    expect(await within(dialog).findByTestId(ids.addError)).toHaveTextContent(
      'Could not fetch appliance certificate. The appliance cannot be reached: connect ECONNREFUSED 10.0.0.9:8442.',
    );

    await user.click(within(dialog).getByTestId(ids.fetchCert));
    expect(await within(dialog).findByTestId(ids.fingerprint)).toHaveTextContent('AB:CD');
    expect(screen.getByTestId(`${ids.field}-name`)).toHaveValue('CN=edge-2');
    await user.clear(screen.getByTestId(`${ids.field}-name`));
    await user.type(screen.getByTestId(`${ids.field}-name`), 'edge-2');
    await user.click(within(dialog).getByTestId(ids.approve));
    expect(await within(dialog).findByTestId(ids.addError)).toHaveTextContent(
      'Invalid username or password.',
    );

    await user.click(within(dialog).getByTestId(ids.approve));
    await waitFor(() => expect(screen.queryByTestId(ids.addDialog)).not.toBeInTheDocument());
    const approves = mock.history.post.filter((r) => r.url === PATHS.approve);
    expect(bodyOf(approves[1])).toEqual({
      host: '10.0.0.9',
      port: 8442,
      username: 'admin@acme.example',
      password: 'pw',
      name: 'edge-2',
      fingerprint_sha256: 'AB:CD',
    });
  });

  it('a changed address asks for the certificate again', async () => {
    const { mock } = open('admin');
    await screen.findByTestId(ids.systemsTable, {}, SLOW);
    mock
      .onPost(PATHS.cert)
      .reply(200, { cert: 'PEM', fingerprint_sha256: 'AB', subject: 'CN=x', not_after: 'z', reason: null });
    const user = userEvent.setup();
    await user.click(screen.getByTestId(ids.add));
    await user.type(screen.getByTestId(`${ids.field}-host`), 'a.example');
    await user.type(screen.getByTestId(`${ids.field}-username`), 'u');
    await user.type(screen.getByTestId(`${ids.field}-password`), 'p');
    await user.click(screen.getByTestId(ids.fetchCert));
    await screen.findByTestId(ids.certificate);
    await user.type(screen.getByTestId(`${ids.field}-host`), 'b');
    expect(screen.queryByTestId(ids.certificate)).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.fetchCert)).toBeInTheDocument();
  });

  it('turns maintenance mode on, and reboots after a confirmation, following the job to its end', async () => {
    const { mock } = open('admin');
    await screen.findByTestId(`${ids.maintenance}-s1`, {}, SLOW);
    mock.onPut('/api/v1/managed_systems/s1/maintenance').reply(200, { ...edge, state: 'maintenance' });
    mock.onPost('/api/v1/managed_systems/s1/reboot').reply(200, { job_id: 'j1' });
    mock.onGet('/api/v1/cm/jobs/j1').reply(200, {
      id: 'j1',
      kind: 'reboot',
      status: 'finished',
      reason: null,
      ok: true,
      cert: null,
      done: 1,
      total: 1,
      targets: [{ id: 's1', name: 'edge-1', status: 'completed', reason: null }],
      created_at: 'x',
      updated_at: 'x',
    });
    const user = userEvent.setup();
    await user.click(screen.getByTestId(`${ids.maintenance}-s1`));
    await waitFor(() =>
      expect(mock.history.put.filter((r) => r.url === '/api/v1/managed_systems/s1/maintenance')).toHaveLength(
        1,
      ),
    );
    expect(bodyOf(mock.history.put.find((r) => r.url === '/api/v1/managed_systems/s1/maintenance')!)).toEqual(
      {
        enabled: true,
      },
    );

    await user.click(screen.getByTestId(`${ids.systemAction}-reboot-s1`));
    const confirm = await screen.findByTestId(ids.confirmDialog);
    expect(confirm).toHaveTextContent('Reboot edge-1?');
    expect(mock.history.post.filter((r) => r.url?.endsWith('/reboot'))).toHaveLength(0);
    await user.click(screen.getByTestId(ids.confirm));
    expect(await screen.findByTestId(ids.jobStatus)).toHaveTextContent('Finished: 1 of 1 done');
    expect(screen.getByTestId(`${ids.jobTarget}-s1`)).toHaveTextContent('Done');
    expect(screen.getByTestId(`${ids.jobTarget}-s1`)).toHaveTextContent('edge-1');
  });

  it("shows an appliance's current settings, and why when it cannot say", async () => {
    const { mock } = open('admin');
    await screen.findByTestId(`${ids.settings}-s1`, {}, SLOW);
    mock.onGet('/api/v1/managed_systems/s1/current_settings').reply(200, {
      id: 's1',
      settings: { time: { timezone: 'Europe/Paris', ntp_enabled: true } },
    });
    mock
      .onGet('/api/v1/managed_systems/s2/current_settings')
      .reply(502, { statusCode: 502, error: 'Bad Gateway', message: mailDown.reason });
    const user = userEvent.setup();
    await user.click(screen.getByTestId(`${ids.settings}-s1`));
    const body = await screen.findByTestId(ids.settingsBody);
    expect(await within(body).findByText('Europe/Paris')).toBeInTheDocument();
    expect(within(body).getByText('ntp_enabled')).toBeInTheDocument();
    await user.click(screen.getByTestId(ids.settingsClose));
    await user.click(screen.getByTestId(`${ids.settings}-s2`));
    expect(
      await within(await screen.findByTestId(ids.settingsBody)).findByText(new RegExp('ECONNREFUSED')),
    ).toBeInTheDocument();
  });

  it('a read-only role sees the appliances and their settings, and no write action', async () => {
    open('auditor');
    await screen.findByTestId(`${ids.state}-s2`, {}, SLOW);
    expect(screen.getByTestId(`${ids.settings}-s1`)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.maintenance}-s1`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.systemAction}-reboot-s1`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.remove}-s1`)).not.toBeInTheDocument();
  });

  it('is not a page of the cloud portal', async () => {
    open('admin', () => undefined, 'ec2');
    expect(await screen.findByText('Error 404 - Page Not Found', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.systemsPage)).not.toBeInTheDocument();
  });
});
