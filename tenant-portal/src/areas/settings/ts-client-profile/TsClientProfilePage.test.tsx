/**
 * Settings › TS Client Profile (docs/settings.md §11): the document's form, the client profile
 * picked by name and sent by uuid with the updated_at read, the form's own refusal at the field,
 * the server's refusal at the field it names, and the read-only view.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { tsClientProfileIds as ids } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';

afterEach(resetPortalEnv);

const TS = '/api/settings/v1/tenants/ts_client_profile';
const CLIENT = '/api/settings/v1/tenants/client_profiles';
const CAPS = { rbac: true, clientProfiles: true };
const UUID = '2c8e4a6f-9b1d-4d3e-a5f7-6b0c8e2d4f88';
const doc = {
  enabled: false,
  client_profile_id: null,
  port_range: { start: 10000, end: 60000 },
  ports_per_user: 500,
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'admin@acme.example',
};
const stubs = (m: MockAdapter) => {
  m.onGet(TS).reply(200, doc);
  m.onGet(CLIENT).reply(200, {
    profiles: [{ uuid: UUID, name: 'Head office' }],
    updated_at: null,
    updated_by: null,
  });
};
const retype = async (testId: string, text: string) => {
  const input = screen.getByTestId(testId);
  await userEvent.clear(input);
  await userEvent.type(input, text);
};

describe('Settings › TS Client Profile', () => {
  it('turns the client on with a client profile picked by name: sent by uuid with the updated_at read', async () => {
    const { mock } = renderPortal({
      path: '/settings/ts-client-profile',
      user: demoUser('admin', CAPS),
      stubs,
    });
    mock.onPut(TS).reply(200, { ...doc, enabled: true, client_profile_id: UUID });
    await userEvent.click(await screen.findByTestId(ids.enabled));
    await userEvent.click(screen.getByRole('combobox', { name: /Client profile of the sessions/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByText('Head office'));
    await retype(ids.portsPerUser, '200');
    await userEvent.click(screen.getByTestId(ids.save));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(String(mock.history.put[0].data))).toEqual({
      enabled: true,
      client_profile_id: UUID,
      port_range: { start: 10000, end: 60000 },
      ports_per_user: 200,
      updated_at: doc.updated_at,
    });
  });

  it('refuses a range whose last port is below the first, at the field, sending nothing', async () => {
    const { mock } = renderPortal({
      path: '/settings/ts-client-profile',
      user: demoUser('admin', CAPS),
      stubs,
    });
    await screen.findByTestId(ids.portEnd);
    await retype(ids.portEnd, '9000');
    await userEvent.click(screen.getByTestId(ids.save));
    expect(await screen.findByText('The last port must not be below the first.')).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
  });

  it("shows the server's refusal at the field it names", async () => {
    const { mock } = renderPortal({
      path: '/settings/ts-client-profile',
      user: demoUser('admin', CAPS),
      stubs,
    });
    mock
      .onPut(TS)
      .reply(400, { statusCode: 400, message: 'Too many for one user.', field: 'ports_per_user' });
    await userEvent.click(await screen.findByTestId(ids.save));
    expect(await screen.findByText(/Too many for one user/)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.error)).not.toBeInTheDocument();
  });

  it('shows the auditor the settings without Save', async () => {
    renderPortal({ path: '/settings/ts-client-profile', user: demoUser('auditor', CAPS), stubs });
    expect(await screen.findByTestId(ids.portStart)).toHaveValue('10000');
    expect(screen.getByTestId(ids.portStart)).toBeDisabled();
    expect(screen.queryByTestId(ids.save)).not.toBeInTheDocument();
  });
});
