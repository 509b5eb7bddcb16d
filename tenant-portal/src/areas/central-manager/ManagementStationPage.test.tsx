/**
 * The management station's own pages, against a fake server: Settings › Management Station (its
 * settings saved both at once and checked as the server checks them, a refusal at the field it
 * names; a reader sees the values and no Save), its About on that page and from the user menu, and
 * the user menu's Change password sent to the station's own call. None of it elsewhere.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { shellIds } from '@workbench/common';
import { AUTH_PATHS } from '@workbench/common/api/contract/auth';
import { CM_OWN_PATHS } from '@workbench/common/api/contract/centralManager';
import { changePasswordIds, notFoundIds } from '@workbench/common/test-ids/index';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { STATION_TEXTS } from './ManagementStationPage';

afterEach(resetPortalEnv);

const about = {
  product: 'Workbench central manager',
  version: '1.4.0',
  mode: 'management_station',
  hostname: 'station-1',
  started_at: '2026-11-30T01:00:00.000Z',
  runtime: 'Node.js v22.0.0',
  managed_systems: 3,
  groups: 1,
  templates: 2,
};
const settings = { appliance_port: 8442, status_timeout_s: 3, updated_at: null, updated_by: null };

function open(
  role: 'admin' | 'auditor',
  stubs: (m: MockAdapter) => void = () => undefined,
  path = '/settings/management-station',
) {
  return renderPortal({
    path,
    user: demoUser(role),
    deployment: 'on_prem',
    mode: 'management_station',
    stubs: (m) => {
      m.onGet(CM_OWN_PATHS.about).reply(200, about);
      m.onGet(CM_OWN_PATHS.settings).reply(200, settings);
      stubs(m);
    },
  });
}

const SLOW = { timeout: 15_000 };

describe('Settings › Management Station', () => {
  it('saves both settings and shows who saved them', async () => {
    const saved = {
      appliance_port: 9442,
      status_timeout_s: 10,
      updated_at: '2026-11-30T02:00:00.000Z',
      updated_by: 'admin@acme.example',
    };
    let put = false;
    const { mock } = open('admin', (m) => {
      m.onGet(CM_OWN_PATHS.settings).reply(() => [200, put ? saved : settings]);
      m.onPut(CM_OWN_PATHS.settings).reply(() => {
        put = true;
        return [200, saved];
      });
    });
    const user = userEvent.setup();
    const port = await screen.findByTestId(ids.stationPort, {}, SLOW);
    expect(port).toHaveValue(8442);
    expect(screen.getByTestId(ids.stationUpdated)).toHaveTextContent('Not changed yet: the defaults apply.');
    await user.clear(port);
    await user.type(port, '9442');
    await user.clear(screen.getByTestId(ids.stationTimeout));
    await user.type(screen.getByTestId(ids.stationTimeout), '10');
    await user.click(screen.getByTestId(ids.stationSave));
    await waitFor(() =>
      expect(screen.getByTestId(ids.stationUpdated)).toHaveTextContent('Last saved by admin@acme.example'),
    );
    expect(mock.history.put.map((r) => JSON.parse(r.data as string))).toEqual([
      { appliance_port: 9442, status_timeout_s: 10 },
    ]);
    expect(screen.getByTestId(ids.stationTimeout)).toHaveValue(10);
  });

  it('checks the fields as the server does and sends nothing until they hold', async () => {
    const { mock } = open('admin');
    const user = userEvent.setup();
    const timeout = await screen.findByTestId(ids.stationTimeout, {}, SLOW);
    await user.clear(timeout);
    await user.type(timeout, '61');
    await user.clear(screen.getByTestId(ids.stationPort));
    await user.click(screen.getByTestId(ids.stationSave));
    expect(await screen.findByText(STATION_TEXTS.timeout400)).toBeInTheDocument();
    expect(screen.getByText(STATION_TEXTS.port400)).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
  });

  it('a refusal shows at the field it names and nothing is shown saved', async () => {
    open('admin', (m) =>
      m.onPut(CM_OWN_PATHS.settings).reply(400, {
        statusCode: 400,
        message: 'appliance_port: must be >= 1',
        field: 'appliance_port',
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(ids.stationSave, {}, SLOW));
    await waitFor(() =>
      expect(screen.getByTestId(ids.stationPort)).toHaveAccessibleDescription(
        /^appliance_port: must be >= 1/,
      ),
    );
    expect(screen.getByTestId(ids.stationUpdated)).toHaveTextContent('Not changed yet');
  });

  it('a reader sees the values and the About, and no Save', async () => {
    open('auditor');
    const port = await screen.findByTestId(ids.stationPort, {}, SLOW);
    expect(port).toBeDisabled();
    expect(screen.getByTestId(ids.stationTimeout)).toBeDisabled();
    expect(screen.queryByTestId(ids.stationSave)).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.stationUpdated)).toHaveTextContent(STATION_TEXTS.readOnly);
    expect(await screen.findByTestId(`${ids.about}-version`)).toHaveTextContent('1.4.0');
    expect(screen.getByTestId(`${ids.about}-mode`)).toHaveTextContent('Central Manager');
    expect(screen.getByTestId(`${ids.about}-managed_systems`)).toHaveTextContent('3');
  });

  it('the user menu opens the About, and its Change password is the station’s own call', async () => {
    const { mock } = open(
      'auditor',
      (m) => {
        m.onGet('/api/v1/managed_systems').reply(200, { appliances: [] });
        m.onGet('/api/v1/dashboard/get_appliances').reply(200, { appliances: [] });
        m.onGet('/api/v1/groups').reply(200, { groups: [] });
        m.onPost(CM_OWN_PATHS.password).reply(200, { status: 'ok' });
      },
      '/settings/managed-systems',
    );
    const user = userEvent.setup();
    await screen.findByTestId(shellIds.pageTitle, {}, SLOW);
    await user.click(screen.getByTestId(shellIds.userMenuButton));
    await user.click(await screen.findByTestId(ids.aboutMenuItem));
    const dialog = await screen.findByTestId(ids.aboutDialog);
    expect(await within(dialog).findByTestId(`${ids.about}-hostname`)).toHaveTextContent('station-1');
    await user.click(within(dialog).getByTestId(ids.aboutClose));

    await user.click(screen.getByTestId(shellIds.userMenuButton));
    await user.click(await screen.findByTestId(changePasswordIds.menuItem));
    await user.type(await screen.findByTestId(changePasswordIds.current), 'old-Passw0rd-1');
    await user.type(screen.getByTestId(changePasswordIds.next), 'new-Passw0rd-2');
    await user.type(screen.getByTestId(changePasswordIds.confirm), 'new-Passw0rd-2');
    await user.click(screen.getByTestId(changePasswordIds.submit));
    await waitFor(() =>
      expect(mock.history.post.filter((r) => r.url === CM_OWN_PATHS.password)).toHaveLength(1),
    );
    expect(mock.history.post.filter((r) => r.url === AUTH_PATHS.changePassword)).toHaveLength(0);
  });

  it('is no page elsewhere', async () => {
    renderPortal({ path: '/settings/management-station', user: demoUser('admin') });
    expect(await screen.findByTestId(notFoundIds.page, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.stationPage)).not.toBeInTheDocument();
  });

  it('is no About in the user menu elsewhere', async () => {
    renderPortal({ path: '/dashboard', user: demoUser('admin') });
    await screen.findByTestId(shellIds.pageTitle, {}, SLOW);
    await userEvent.click(screen.getByTestId(shellIds.userMenuButton));
    await screen.findByTestId(shellIds.logout);
    expect(screen.queryByTestId(ids.aboutMenuItem)).not.toBeInTheDocument();
  });
});
