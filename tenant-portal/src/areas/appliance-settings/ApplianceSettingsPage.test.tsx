/**
 * The appliance settings pages against a fake server (docs/appliances.md), in a safeview
 * appliance's portal: the root opens Settings › Network; every page shows its documents' forms;
 * a bad value is refused at its field before sending (the rows' rules through yup); a save sends
 * the document with the updated_at read; the server's 400 shows at the field it names; a reader's
 * forms have no Save; the certificates page shows the CA and the server's refusal of a certificate.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  APPLIANCE_PAGE_PATHS,
  APPLIANCE_PATHS,
  APPLIANCE_SETTINGS,
  APPLIANCE_SETTINGS_KEYS,
  applianceSettingsOf,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import { applianceSettingsIds as ids } from '@workbench/common/test-ids/applianceSettingsIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';

afterEach(resetPortalEnv);

const SAVED_AT = '2026-11-20T10:00:00.000Z';
const CA = {
  subject: 'CN=Workbench safeview CA abc123',
  issuer: 'CN=Workbench safeview CA abc123',
  common_name: 'Workbench safeview CA abc123',
  serial_number: '01',
  not_before: '2026-11-01T00:00:00.000Z',
  not_after: '2036-11-01T00:00:00.000Z',
  status: 'valid',
  self_signed: true,
  fingerprint_sha256: 'AA:BB',
  key_algorithm: 'RSA',
  key_size: 2048,
  signature_algorithm: 'RSASSA-PKCS1-v1_5 SHA-256',
  pem: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n',
};
const stubs = (m: MockAdapter) => {
  for (const key of APPLIANCE_SETTINGS_KEYS)
    m.onGet(APPLIANCE_SETTINGS[key].path).reply(200, {
      ...APPLIANCE_SETTINGS[key].defaults,
      updated_at: key === 'network' ? SAVED_AT : null,
      updated_by: key === 'network' ? 'ada' : null,
    });
  m.onGet(APPLIANCE_PATHS.caCert).reply(200, CA);
  m.onGet(APPLIANCE_PATHS.selfService).reply(200, {
    certificate: null,
    csr: {
      csr: '-----BEGIN CERTIFICATE REQUEST-----\nAA==\n-----END CERTIFICATE REQUEST-----\n',
      subject: 'CN=safe.example.com',
      alt_names: ['safe.example.com'],
      key_algorithm: 'RSA 2048',
      created_at: SAVED_AT,
    },
  });
};
const open = (path: string, role: 'admin' | 'auditor' = 'admin') =>
  renderPortal({ path, user: demoUser(role), stubs, deployment: 'on_prem', mode: 'safeview' });
const network = APPLIANCE_SETTINGS.network.path;

describe('appliance settings pages', () => {
  it('the root of a safeview appliance opens Settings › Network with its form and mode label', async () => {
    open('/');
    expect(await screen.findByTestId(ids.page('network'))).toBeInTheDocument();
    expect(await screen.findByTestId(ids.field('network', 'hostname'))).toHaveValue('appliance.local');
    expect(screen.getByText('This appliance: Isolation Standalone')).toBeInTheDocument();
  });

  it.each(APPLIANCE_PAGE_PATHS)('settings/%s shows the forms of its documents', async (page) => {
    open(`/settings/${page}`);
    expect(await screen.findByTestId(ids.page(page))).toBeInTheDocument();
    for (const key of applianceSettingsOf(page))
      expect(await screen.findByTestId(ids.form(key))).toBeInTheDocument();
  });

  it('a bad value is refused at its field and nothing is sent; a good save sends the document', async () => {
    const { mock } = open('/settings/network');
    const host = await screen.findByTestId(ids.field('network', 'hostname'));
    await userEvent.clear(host);
    await userEvent.type(host, '-bad-.example');
    await userEvent.click(screen.getByTestId(ids.save('network')));
    expect(
      await screen.findByText(/Host name: Enter a host name like safe\.example\.com\. \(invalidHostname\)/),
    ).toBeInTheDocument();
    // DHCP off needs an address and a gateway (the row's own rule).
    await userEvent.clear(host);
    await userEvent.type(host, 'sv1.example.com');
    await userEvent.click(screen.getByTestId(ids.field('network', 'dhcp')));
    await userEvent.click(screen.getByTestId(ids.save('network')));
    expect(await screen.findByText('ip_address: required when DHCP is off.')).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);

    mock
      .onPut(network)
      .reply(200, { ...APPLIANCE_SETTINGS.network.defaults, updated_at: SAVED_AT, updated_by: 'ada' });
    await userEvent.type(screen.getByTestId(ids.field('network', 'ip_address')), '192.168.1.20');
    await userEvent.type(screen.getByTestId(ids.field('network', 'gateway')), '192.168.1.1');
    await userEvent.click(screen.getByTestId(ids.save('network')));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put[0].data as string)).toEqual({
      hostname: 'sv1.example.com',
      dhcp: false,
      ip_address: '192.168.1.20',
      netmask_bits: 24,
      gateway: '192.168.1.1',
      dns_servers: [],
      updated_at: SAVED_AT,
    });
  });

  it("the server's 400 shows at the field it names", async () => {
    const { mock } = open('/settings/logging');
    mock
      .onPut(APPLIANCE_SETTINGS.logging.path)
      .reply(400, { statusCode: 400, message: 'syslog_host: not reachable.', field: 'syslog_host' });
    await userEvent.click(await screen.findByTestId(ids.save('logging')));
    expect(await screen.findByText(/syslog_host: not reachable\./)).toBeInTheDocument();
  });

  it('a reader sees the values without Save', async () => {
    open('/settings/time', 'auditor');
    expect(await screen.findByTestId(ids.form('time'))).toBeInTheDocument();
    expect(screen.queryByTestId(ids.save('time'))).not.toBeInTheDocument();
  });

  it("certificates: the CA and the server's refusal of a certificate for another key", async () => {
    const { mock } = open('/settings/certificates');
    expect(await screen.findByTestId(ids.caSubject)).toHaveTextContent(CA.subject);
    mock.onPut(APPLIANCE_PATHS.serviceCert).reply(400, {
      statusCode: 400,
      message:
        'cert: the certificate is not for the key of the service CSR; sign the CSR this appliance generated.',
      field: 'cert',
    });
    await userEvent.type(await screen.findByTestId(ids.certInput), 'PEM');
    await userEvent.click(screen.getByTestId(ids.certInstall));
    expect(await screen.findByTestId(ids.certError)).toHaveTextContent('not for the key of the service CSR');
  });
});
