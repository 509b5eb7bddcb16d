/**
 * Settings › Client Profiles and Settings › Posture Profiles (tenant settings registry rows saved
 * with PUT, body `profiles`; docs/settings.md §11): the Export link of each client profile (the
 * server's attachment), a client profile that names its posture profile, and the posture checks'
 * editor that refuses a check not fitting its comparator before anything is sent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { settingsListIds } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';

afterEach(resetPortalEnv);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const CLIENT = '/api/settings/v1/tenants/client_profiles';
const POSTURE = '/api/settings/v1/tenants/posture_profiles';
const clientIds = settingsListIds('client_profiles');
const postureIds = settingsListIds('posture_profiles');
const CAPS = { rbac: true, clientProfiles: true };
const POSTURE_UUID = '0d6f3a9b-4c2e-4f81-9b7a-3e5c1d8f2a66';
const CLIENT_UUID = '2c8e4a6f-9b1d-4d3e-a5f7-6b0c8e2d4f88';
const laptops = {
  uuid: POSTURE_UUID,
  name: 'Managed laptops',
  description: '',
  logic: 'and',
  checks: [{ check: 'firewall', comparator: 'equal', values: [true] }],
};
const headOffice = {
  uuid: CLIENT_UUID,
  name: 'Head office',
  description: 'Always on',
  connection_mode: 'always_on',
  fail_open: false,
  allow_user_disable: false,
  auto_update: true,
  posture_check: false,
};
const AT = '2026-11-20T10:00:00.000Z';
const stubs = (m: MockAdapter) => {
  m.onGet(CLIENT).reply(200, { profiles: [headOffice], updated_at: AT, updated_by: 'admin@acme.example' });
  m.onGet(POSTURE).reply(200, { profiles: [laptops], updated_at: AT, updated_by: 'admin@acme.example' });
};
const enter = async (el: HTMLElement, text: string) => {
  await userEvent.click(el);
  await userEvent.paste(text);
};
const choose = async (testId: string, option: string) => {
  // The select's input is hidden: its combobox is the element before it.
  const input = screen.getByTestId(testId);
  await userEvent.click(within(input.parentElement as HTMLElement).getByRole('combobox'));
  await userEvent.click(within(screen.getByRole('listbox')).getByText(option));
};

describe('Settings › Client Profiles', () => {
  it('offers each profile as a file to download: a link to export_client_profile?uuid=', async () => {
    renderPortal({ path: '/settings/client-profiles', user: demoUser('auditor', CAPS), stubs });
    expect(await screen.findByText('Head office')).toBeInTheDocument();
    const link = screen.getByTestId(`${clientIds.exportLink}-${CLIENT_UUID}`);
    expect(link).toHaveAttribute(
      'href',
      `/api/settings/v1/tenants/export_client_profile?uuid=${CLIENT_UUID}`,
    );
    expect(link).toHaveAttribute('download');
    expect(link).toHaveAccessibleName('Export Head office');
    // A reader exports; only a writer edits.
    expect(screen.queryByTestId(`${clientIds.editButton}-${CLIENT_UUID}`)).not.toBeInTheDocument();
  });

  it('adds a profile checked against a posture profile picked by name: the list is sent with PUT', async () => {
    const { mock } = renderPortal({
      path: '/settings/client-profiles',
      user: demoUser('admin', CAPS),
      stubs,
    });
    mock.onPut(CLIENT).reply(200, { profiles: [headOffice], updated_at: AT, updated_by: null });
    await screen.findByText('Head office');
    await userEvent.click(screen.getByTestId(clientIds.addButton));
    await enter(screen.getByTestId(`${clientIds.formField}-name`), 'Kiosks');
    await userEvent.click(screen.getByTestId(`${clientIds.formField}-posture_check`));
    await userEvent.click(await screen.findByRole('combobox', { name: /Posture profile/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByText('Managed laptops'));
    await userEvent.click(screen.getByTestId(clientIds.formSubmit));
    await waitFor(() => expect(mock.history.put.filter((r) => r.url === CLIENT)).toHaveLength(1));
    const sent = JSON.parse(String(mock.history.put[0].data)) as { profiles: object[]; updated_at: string };
    expect(sent.updated_at).toBe(AT);
    expect(sent.profiles[1]).toEqual({
      name: 'Kiosks',
      description: '',
      connection_mode: 'always_on',
      fail_open: false,
      allow_user_disable: false,
      auto_update: true,
      posture_check: true,
      posture_profile_id: POSTURE_UUID,
    });
  });
});

describe('Settings › Posture Profiles', () => {
  it('refuses an inbetween whose values are not in order, at its row, and sends nothing', async () => {
    const { mock } = renderPortal({
      path: '/settings/posture-profiles',
      user: demoUser('admin', CAPS),
      stubs,
    });
    await screen.findByText('Managed laptops');
    await userEvent.click(screen.getByTestId(postureIds.addButton));
    await enter(screen.getByTestId(`${postureIds.formField}-name`), 'Kiosks');
    await userEvent.click(screen.getByTestId(postureIds.postureCheckAdd));
    const row = `${postureIds.postureCheck}-0`;
    await choose(`${row}-check`, 'CrowdStrike ZTA score');
    // A number check offers every comparator; a true-or-false one only equals.
    await choose(`${row}-comparator`, 'is between (inclusive)');
    await enter(screen.getByTestId(`${row}-value-0`), '80');
    await enter(screen.getByTestId(`${row}-value-1`), '20');
    await userEvent.click(screen.getByTestId(postureIds.formSubmit));
    expect(await screen.findByTestId(`${row}-error`)).toHaveTextContent(
      'The second value of inbetween must not be below the first.',
    );
    expect(mock.history.put).toHaveLength(0);
  });

  it('sends the checks with their values typed: numbers as numbers, versions as text, yes as true', async () => {
    const { mock } = renderPortal({
      path: '/settings/posture-profiles',
      user: demoUser('admin', CAPS),
      stubs,
    });
    mock.onPut(POSTURE).reply(200, { profiles: [laptops], updated_at: AT, updated_by: null });
    await screen.findByText('Managed laptops');
    await userEvent.click(screen.getByTestId(postureIds.addButton));
    await enter(screen.getByTestId(`${postureIds.formField}-name`), 'Kiosks');
    await choose(`${postureIds.formField}-logic`, 'Any check passes');
    await userEvent.click(screen.getByTestId(postureIds.postureCheckAdd));
    await userEvent.click(screen.getByTestId(postureIds.postureCheckAdd));
    await choose(`${postureIds.postureCheck}-0-check`, 'CrowdStrike ZTA score');
    await choose(`${postureIds.postureCheck}-0-comparator`, 'is between (inclusive)');
    await enter(screen.getByTestId(`${postureIds.postureCheck}-0-value-0`), '20');
    await enter(screen.getByTestId(`${postureIds.postureCheck}-0-value-1`), '80');
    await choose(`${postureIds.postureCheck}-1-check`, 'Operating system version');
    await choose(`${postureIds.postureCheck}-1-comparator`, 'is greater than');
    await enter(screen.getByTestId(`${postureIds.postureCheck}-1-value-0`), '14.5');
    await userEvent.click(screen.getByTestId(postureIds.postureCheckAdd));
    await userEvent.click(screen.getByTestId(postureIds.formSubmit));
    await waitFor(() => expect(mock.history.put.filter((r) => r.url === POSTURE)).toHaveLength(1));
    const sent = JSON.parse(String(mock.history.put[0].data)) as { profiles: object[] };
    expect(sent.profiles[1]).toEqual({
      name: 'Kiosks',
      description: '',
      logic: 'or',
      checks: [
        { check: 'crowdstrike_zta', comparator: 'inbetween', values: [20, 80] },
        { check: 'os_version', comparator: 'greater_than', values: ['14.5'] },
        { check: 'antivirus', comparator: 'equal', values: [true] },
      ],
    });
  });

  it("shows the server's refusal of a check at its row", async () => {
    const { mock } = renderPortal({
      path: '/settings/posture-profiles',
      user: demoUser('admin', CAPS),
      stubs,
    });
    mock.onPut(POSTURE).reply(400, {
      statusCode: 400,
      message: 'firewall takes true or false.',
      field: 'profiles.0.checks.0.values.0',
    });
    await screen.findByText('Managed laptops');
    await userEvent.click(screen.getByTestId(`${postureIds.editButton}-${POSTURE_UUID}`));
    await userEvent.click(screen.getByTestId(postureIds.formSubmit));
    expect(await screen.findByTestId(`${postureIds.postureCheck}-0-error`)).toHaveTextContent(
      'firewall takes true or false.',
    );
  });
});
