/**
 * The Web and Safemail pages (docs/settings.md §9) against a fake server, form by form: each
 * document's values shown, a change saved with the updated_at it was read at, bad input shown at
 * the field with nothing sent, the server's 400 at the field it names, a 409 above the form, the
 * write-only SMTP password, a reader's read-only forms, and a document the tenant lacks the feature for.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  SETTINGS_DOCUMENTS as SERVICE_SETTINGS_REGISTRY,
  settingsDocumentsOf as serviceSettingsOf,
  type SettingsDocumentKey as ServiceSettingsName,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import { serviceSettingsIds } from '@workbench/common/test-ids/serviceSettingsIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { DOCUMENT_FORM_TEXTS as SERVICE_FORM_TEXTS } from '../settings/SettingsDocumentForm';
import { SERVICE_PAGE_TEXTS } from './ServiceSettingsPage';

afterEach(resetPortalEnv);

const AT = '2026-11-20T10:00:00.000Z';
const DOCS: Partial<Record<ServiceSettingsName, Record<string, unknown>>> = {
  web: {
    service_hostname: 'safe.acme.example',
    http_port: 80,
    https_port: 443,
    proxy_port: 3128,
    idle_timeout_minutes: 30,
    admin_contact_email: 'it-help@acme.example',
    block_page_message: 'Blocked by Acme policy.',
  },
  ssl_bump: {
    enabled: true,
    inspect_ports: ['443', '8443-8445'],
    bypass_hosts: ['online.bank.example'],
    invalid_certificate_action: 'block',
    trusted_ca_certificates: '',
  },
  safemail: {
    enabled: true,
    mail_domains: ['acme.example'],
    listen_port: 25,
    next_hop_host: 'mx1.acme.example',
    next_hop_port: 25,
    require_tls: true,
    postmaster_email: 'postmaster@acme.example',
  },
  attachments: {
    enabled: true,
    attachment_host: 'attachments.acme.example',
    max_attachment_size_mb: 25,
    scan_archives: true,
    archive_depth: 3,
    blocked_extensions: ['exe'],
  },
  smtp: {
    host: 'smtp.acme.example',
    port: 587,
    security: 'starttls',
    username: 'notifier@acme.example',
    password_set: true,
    from_address: 'workbench@acme.example',
  },
  emails: { admin_emails: ['ada@acme.example'], alert_emails: [], daily_summary: true },
};
const reply = (name: ServiceSettingsName, over: Record<string, unknown> = {}) => ({
  ...DOCS[name],
  updated_at: AT,
  updated_by: 'admin@acme.example',
  ...over,
});

const stubs = (m: MockAdapter) => {
  for (const name of Object.keys(DOCS) as ServiceSettingsName[])
    m.onGet(SERVICE_SETTINGS_REGISTRY[name].path).reply(200, reply(name));
};
const CAPS = { rbac: true, ssl: true, safemailPolicy: true, email_attachments: true };
const open = (path: '/web' | '/safemail', role: 'admin' | 'auditor' = 'admin', caps = CAPS) =>
  renderPortal({ path, user: demoUser(role, caps), stubs });
const puts = (mock: MockAdapter, name: ServiceSettingsName) =>
  mock.history.put.filter((r) => r.url === SERVICE_SETTINGS_REGISTRY[name].path);
const input = (name: ServiceSettingsName, field: string) =>
  screen.getByTestId(`${serviceSettingsIds(name).field}-${field}`);

describe('Web page (#/web)', () => {
  it('shows the web service and SSL inspection forms with their values, and says a save is in effect at once', async () => {
    open('/web');
    expect(await screen.findByTestId(serviceSettingsIds('web').form)).toBeInTheDocument();
    expect(await screen.findByTestId(serviceSettingsIds('ssl_bump').form)).toBeInTheDocument();
    expect(input('web', 'service_hostname')).toHaveValue('safe.acme.example');
    expect(input('ssl_bump', 'inspect_ports')).toHaveValue('443\n8443-8445');
    expect(screen.getByText(SERVICE_PAGE_TEXTS.web)).toBeInTheDocument();
    expect(serviceSettingsOf('web')).toEqual(['web', 'ssl_bump']);
  });

  it('saves a changed host name with the updated_at it read, and shows the saved settings', async () => {
    const { mock } = open('/web');
    const host = await screen.findByTestId(`${serviceSettingsIds('web').field}-service_hostname`);
    mock
      .onPut(SERVICE_SETTINGS_REGISTRY.web.path)
      .reply(
        200,
        reply('web', { service_hostname: 'isolate.acme.example', updated_at: '2026-11-21T10:00:00.000Z' }),
      );
    await userEvent.clear(host);
    await userEvent.type(host, 'isolate.acme.example');
    await userEvent.click(screen.getByTestId(serviceSettingsIds('web').save));
    await waitFor(() => expect(puts(mock, 'web')).toHaveLength(1));
    expect(JSON.parse(puts(mock, 'web')[0].data as string)).toEqual({
      ...DOCS.web,
      service_hostname: 'isolate.acme.example',
      updated_at: AT,
    });
    expect(await screen.findByText(SERVICE_FORM_TEXTS.saved('Web service'))).toBeInTheDocument();
  });

  it('shows a bad host name, a bad port range and two equal ports at their fields and sends nothing', async () => {
    const { mock } = open('/web');
    const host = await screen.findByTestId(`${serviceSettingsIds('web').field}-service_hostname`);
    await userEvent.clear(host);
    await userEvent.type(host, 'not a host');
    const https = input('web', 'https_port');
    await userEvent.clear(https);
    await userEvent.type(https, '80');
    await userEvent.click(screen.getByTestId(serviceSettingsIds('web').save));
    expect(await screen.findByText('Enter a host name like safe.example.com.')).toBeInTheDocument();
    expect(screen.getByText('Another port of this service is the same.')).toBeInTheDocument();
    const ports = input('ssl_bump', 'inspect_ports');
    await userEvent.type(ports, '\n9000-8000');
    await userEvent.click(screen.getByTestId(serviceSettingsIds('ssl_bump').save));
    expect(
      await screen.findByText('Line 3 (9000-8000): Enter a port (1 to 65535) or a range like 8443-8445.'),
    ).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
  });

  it("shows the server's refusal at the field it names (a certificate that does not decode)", async () => {
    const { mock } = open('/web');
    const pem = await screen.findByTestId(`${serviceSettingsIds('ssl_bump').field}-trusted_ca_certificates`);
    mock.onPut(SERVICE_SETTINGS_REGISTRY.ssl_bump.path).reply(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'trusted_ca_certificates: Not a valid X.509 certificate (bad tag).',
      field: 'trusted_ca_certificates',
    });
    await userEvent.click(pem);
    await userEvent.paste('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----');
    await userEvent.click(screen.getByTestId(serviceSettingsIds('ssl_bump').save));
    const form = screen.getByTestId(serviceSettingsIds('ssl_bump').form);
    // At the field (its helper text), not above the form.
    await waitFor(() =>
      expect(within(form).getByText(/^trusted_ca_certificates: Not a valid X\.509 certificate/)).toHaveClass(
        'MuiFormHelperText-root',
      ),
    );
    expect(screen.queryByTestId(serviceSettingsIds('ssl_bump').error)).not.toBeInTheDocument();
  });

  it('says above the form when another save came in meanwhile (409), with a reload', async () => {
    const { mock } = open('/web');
    await screen.findByTestId(serviceSettingsIds('web').form);
    mock.onPut(SERVICE_SETTINGS_REGISTRY.web.path).reply(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'The web service settings were changed by someone else: reload them.',
      field: 'updated_at',
    });
    await userEvent.click(screen.getByTestId(serviceSettingsIds('web').save));
    expect(await screen.findByTestId(serviceSettingsIds('web').error)).toHaveTextContent(
      'changed by someone else',
    );
  });

  it('a reader (the demo auditor) sees the values, every field disabled, no Save', async () => {
    open('/web', 'auditor');
    const host = await screen.findByTestId(`${serviceSettingsIds('web').field}-service_hostname`);
    expect(host).toBeDisabled();
    expect(input('ssl_bump', 'enabled')).toBeDisabled();
    expect(screen.queryByTestId(serviceSettingsIds('web').save)).not.toBeInTheDocument();
    expect(screen.queryByTestId(serviceSettingsIds('ssl_bump').save)).not.toBeInTheDocument();
  });
});

describe('Safemail page (#/safemail)', () => {
  it('shows its four forms; a list of e-mail addresses is checked line by line', async () => {
    const { mock } = open('/safemail');
    for (const name of serviceSettingsOf('safemail'))
      expect(await screen.findByTestId(serviceSettingsIds(name).form)).toBeInTheDocument();
    const admins = input('emails', 'admin_emails');
    await userEvent.type(admins, '\nnot-an-address');
    await userEvent.click(screen.getByTestId(serviceSettingsIds('emails').save));
    expect(
      await screen.findByText('Line 2 (not-an-address): Enter an e-mail address like name@example.com.'),
    ).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
  });

  it('keeps the stored SMTP password unless one is typed, and sends the lists as lists', async () => {
    const { mock } = open('/safemail');
    await screen.findByTestId(serviceSettingsIds('smtp').form);
    expect(screen.getByText(SERVICE_FORM_TEXTS.passwordStored)).toBeInTheDocument();
    mock.onPut(SERVICE_SETTINGS_REGISTRY.smtp.path).reply(200, reply('smtp'));
    await userEvent.click(screen.getByTestId(serviceSettingsIds('smtp').save));
    await waitFor(() => expect(puts(mock, 'smtp')).toHaveLength(1));
    const sent = JSON.parse(puts(mock, 'smtp')[0].data as string) as Record<string, unknown>;
    expect(sent).not.toHaveProperty('password');
    expect(sent).not.toHaveProperty('password_set');
    await userEvent.type(input('smtp', 'password'), 'n3w-secret');
    await userEvent.click(screen.getByTestId(serviceSettingsIds('smtp').save));
    await waitFor(() => expect(puts(mock, 'smtp')).toHaveLength(2));
    expect(JSON.parse(puts(mock, 'smtp')[1].data as string)).toMatchObject({ password: 'n3w-secret' });
    mock.onPut(SERVICE_SETTINGS_REGISTRY.attachments.path).reply(200, reply('attachments'));
    await userEvent.type(input('attachments', 'blocked_extensions'), '\nscr');
    await userEvent.click(screen.getByTestId(serviceSettingsIds('attachments').save));
    await waitFor(() => expect(puts(mock, 'attachments')).toHaveLength(1));
    expect(JSON.parse(puts(mock, 'attachments')[0].data as string)).toMatchObject({
      blocked_extensions: ['exe', 'scr'],
      max_attachment_size_mb: 25,
    });
  });

  it('says which document the tenant lacks the feature for, and still shows the others', async () => {
    open('/safemail', 'admin', { rbac: true, ssl: true, safemailPolicy: false, email_attachments: false });
    expect(await screen.findByTestId(serviceSettingsIds('smtp').form)).toBeInTheDocument();
    expect(
      screen.getByText(SERVICE_PAGE_TEXTS.noFeature('Email processor', ['menlo_email'])),
    ).toBeInTheDocument();
    expect(
      screen.getByText(SERVICE_PAGE_TEXTS.noFeature('Attachments', ['attachments'])),
    ).toBeInTheDocument();
    expect(screen.queryByTestId(serviceSettingsIds('safemail').form)).not.toBeInTheDocument();
  });
});
