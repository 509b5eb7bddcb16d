/**
 * Settings › Network and Settings › General against a fake server (docs/settings.md §10): the
 * documents' forms, the caller's address offered to the egress IPs, a bad entry refused at its
 * line before sending, the server's 400 at its field, the save with the updated_at read, and a
 * reader's form without write controls.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  SETTINGS_UTILITY_PATHS as UTIL,
  SETTINGS_DOCUMENTS as DOCS,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import {
  generalSettingsIds,
  networkSettingsIds as ids,
  settingsDocumentIds,
} from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';

afterEach(resetPortalEnv);

const egress = settingsDocumentIds('egress_ips');
const fixed = settingsDocumentIds('fixed_egress');
const global = settingsDocumentIds('global_settings');
const casb = settingsDocumentIds('casb');
const SAVED_AT = '2026-11-20T10:00:00.000Z';

const stubs = (m: MockAdapter) => {
  m.onGet(DOCS.egress_ips.path).reply(200, {
    ips: ['198.51.100.0/24'],
    updated_at: SAVED_AT,
    updated_by: 'ada',
  });
  m.onGet(DOCS.fixed_egress.path).reply(200, {
    enabled: false,
    fixed_egress_user: { list: [] },
    updated_at: null,
    updated_by: null,
  });
  m.onGet(UTIL.userIp).reply(200, { ip: '203.0.113.7' });
  m.onGet(UTIL.publicIps).reply(200, { ips: ['192.0.2.10', '192.0.2.11'] });
  m.onGet(DOCS.global_settings.path).reply(200, {
    ...DOCS.global_settings.defaults,
    updated_at: null,
    updated_by: null,
  });
  m.onGet(DOCS.casb.path).reply(200, { ...DOCS.casb.defaults, updated_at: null, updated_by: null });
};
const CAPS = { rbac: true, casb: true };
const open = (path: string, role: 'admin' | 'auditor' = 'admin') =>
  renderPortal({ path, user: demoUser(role, CAPS), stubs });
const puts = (mock: MockAdapter, url: string) => mock.history.put.filter((r) => r.url === url);
const sent = (mock: MockAdapter, url: string, i = 0) =>
  JSON.parse(puts(mock, url)[i].data as string) as Record<string, unknown>;

describe('Network page (settings/network)', () => {
  it("shows the egress IPs, fixed egress, the caller's address and the service's public addresses", async () => {
    open('/settings/network');
    expect(await screen.findByTestId(`${egress.field}-ips`)).toHaveValue('198.51.100.0/24');
    expect(await screen.findByTestId(ids.userIp)).toHaveTextContent('203.0.113.7');
    expect(await screen.findByTestId(ids.publicIps)).toHaveTextContent('192.0.2.10');
    expect(screen.getByTestId(ids.publicIps)).toHaveTextContent('192.0.2.11');
    expect(screen.getByTestId(egress.updated)).toHaveTextContent('2026-11-20 10:00 UTC by ada');
    expect(screen.getByTestId(fixed.updated)).toHaveTextContent('Not saved yet');
  });

  it('adds my address, refuses a bad line before sending, and saves with the updated_at read', async () => {
    const { mock } = open('/settings/network');
    const field = await screen.findByTestId(`${egress.field}-ips`);
    await userEvent.click(await screen.findByTestId(ids.addUserIp));
    expect(field).toHaveValue('198.51.100.0/24\n203.0.113.7');
    expect(screen.getByTestId(ids.addUserIp)).toBeDisabled();
    await userEvent.type(field, '\n10.0.0.0/33');
    await userEvent.click(screen.getByTestId(egress.save));
    expect(
      await screen.findByText(/Line 3 \(10\.0\.0\.0\/33\):.*neither an IP address nor a CIDR range/),
    ).toBeVisible();
    expect(puts(mock, DOCS.egress_ips.path)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '198.51.100.0/24\n203.0.113.7\n');
    mock
      .onPut(DOCS.egress_ips.path)
      .replyOnce(200, { ips: ['198.51.100.0/24', '203.0.113.7'], updated_at: SAVED_AT });
    await userEvent.click(screen.getByTestId(egress.save));
    await waitFor(() => expect(puts(mock, DOCS.egress_ips.path)).toHaveLength(1));
    expect(sent(mock, DOCS.egress_ips.path)).toEqual({
      ips: ['198.51.100.0/24', '203.0.113.7'],
      updated_at: SAVED_AT,
    });
  });

  it("fixed egress: the server's 400 shows at the users, with the line it names", async () => {
    const { mock } = open('/settings/network');
    await userEvent.click(await screen.findByTestId(`${fixed.field}-enabled`));
    await userEvent.type(
      screen.getByTestId(`${fixed.field}-fixed_egress_user.list`),
      'ada@acme.example\nbob@acme.example',
    );
    mock.onPut(DOCS.fixed_egress.path).replyOnce(400, {
      statusCode: 400,
      message: 'No such user.',
      field: 'fixed_egress_user.list.1',
    });
    await userEvent.click(screen.getByTestId(fixed.save));
    expect(await screen.findByText(/^Line 2 \(bob@acme\.example\): No such user\./)).toBeVisible();
    expect(sent(mock, DOCS.fixed_egress.path)).toEqual({
      enabled: true,
      fixed_egress_user: { list: ['ada@acme.example', 'bob@acme.example'] },
      updated_at: null,
    });
  });

  it('a reader (the demo auditor) sees the settings and no write control', async () => {
    open('/settings/network', 'auditor');
    expect(await screen.findByTestId(`${egress.field}-ips`)).toBeDisabled();
    expect(screen.queryByTestId(egress.save)).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.addUserIp)).not.toBeInTheDocument();
    expect(await screen.findByTestId(`${fixed.field}-enabled`)).toBeDisabled();
  });
});

describe('General page (settings/general)', () => {
  it('shows the global and CASB settings, refuses a bad time zone at its field, saves the CASB settings', async () => {
    const { mock } = open('/settings/general');
    expect(await screen.findByTestId(generalSettingsIds.page)).toBeInTheDocument();
    const tz = await screen.findByTestId(`${global.field}-timezone`);
    expect(tz).toHaveValue('UTC');
    await userEvent.clear(tz);
    await userEvent.type(tz, 'Mars/Olympus');
    await userEvent.click(screen.getByTestId(global.save));
    expect(await screen.findByText(/'Mars\/Olympus' is not a time zone name/)).toBeVisible();
    expect(puts(mock, DOCS.global_settings.path)).toHaveLength(0);

    const days = await screen.findByTestId(`${casb.field}-discovery_retention_days`);
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    mock.onPut(DOCS.casb.path).replyOnce(200, { ...DOCS.casb.defaults, discovery_retention_days: 30 });
    await userEvent.click(screen.getByTestId(casb.save));
    await waitFor(() => expect(puts(mock, DOCS.casb.path)).toHaveLength(1));
    expect(sent(mock, DOCS.casb.path)).toEqual({
      app_discovery: true,
      discovery_retention_days: 30,
      unclassified_action: 'safeview',
      updated_at: null,
    });
  });

  it('leaves out the CASB settings for a tenant without the casb feature', async () => {
    renderPortal({ path: '/settings/general', user: demoUser('admin', { rbac: true }), stubs });
    expect(await screen.findByTestId(`${global.field}-timezone`)).toBeInTheDocument();
    expect(screen.queryByTestId(casb.form)).not.toBeInTheDocument();
  });
});
