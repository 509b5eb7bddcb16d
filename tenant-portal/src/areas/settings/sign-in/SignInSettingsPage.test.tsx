/**
 * Settings › Sign-in settings against a fake server, one form at a time: bad input shows its error
 * and sends nothing, the server's 400 shows at its field, a reader sees no write control.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  ADMIN_ACCESS_CONTROL_DEFAULTS,
  ADMIN_ACCESS_CONTROL_MSGS,
  LDAP_DEFAULTS,
  SIGN_IN_SETTINGS_PATHS as PATHS,
  type AuthSettingsV2,
  type CertificateInfo,
  type IdentityProvider,
} from '@workbench/common/api/contract/signInSettings';
import { signInSettingsIds as ids } from '@workbench/common/test-ids/signInSettingsIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';
import { DECODE_TEXTS } from './DecodeCertificateSection';
import { IP_RESTRICTIONS_TEXTS } from './IpRestrictionsSection';
import { LDAP_TEXTS } from './LdapSection';

afterEach(resetPortalEnv);

const cert = (extra: Partial<CertificateInfo> = {}): CertificateInfo => ({
  subject: 'CN=idp.example.com',
  issuer: 'CN=idp.example.com',
  common_name: 'idp.example.com',
  serial_number: '01',
  not_before: '2026-01-01T00:00:00.000Z',
  not_after: '2027-01-01T00:00:00.000Z',
  status: 'valid',
  self_signed: true,
  fingerprint_sha256: 'AB:CD',
  key_algorithm: 'RSA',
  key_size: 2048,
  signature_algorithm: 'sha256WithRSAEncryption',
  pem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  ...extra,
});
const idp = (entityId: string): IdentityProvider => ({
  entity_id: entityId,
  sso_urls: [
    { url: 'https://idp.example.com/sso', binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST' },
  ],
  certificates: [cert()],
  metadata_signed_by: 'AB:CD',
  uploaded_at: '2026-11-20T10:00:00.000Z',
  uploaded_by: 'admin@acme.example',
});
const AUTH: AuthSettingsV2 = {
  sso_enabled: true,
  idps: [idp('https://idp.example.com/metadata')],
  total: 1,
  ldap: {
    ...LDAP_DEFAULTS,
    url: 'ldap://dir.example.com:389',
    base_dn: 'dc=example,dc=com',
    bind_password_set: true,
  },
  updated_at: null,
  updated_by: null,
};
const SAML = {
  sso_enabled: true,
  sp: { entity_id: 'urn:workbench:sp:tid-acme', signing_certificate: cert({ subject: 'CN=Workbench SP' }) },
  idp: AUTH.idps[0],
};

const stubs = (m: MockAdapter) => {
  m.onGet(PATHS.authV2).reply(200, AUTH);
  m.onGet(PATHS.saml).reply(200, SAML);
  m.onGet(PATHS.ipRestrictions).reply(200, {
    enabled: true,
    allowed: ['198.51.100.0/24'],
    your_address: '203.0.113.7',
  });
  m.onGet(PATHS.adminAccessControl).reply(200, {
    ...ADMIN_ACCESS_CONTROL_DEFAULTS,
    updated_at: null,
    updated_by: null,
  });
};
const CAPS = { rbac: true, sso: true, multiple_idp: true };
const open = (role: 'admin' | 'auditor' = 'admin') =>
  renderPortal({ path: '/settings/sign-in', user: demoUser(role, CAPS), stubs });
const puts = (mock: MockAdapter, url: string) => mock.history.put.filter((r) => r.url === url);
const posts = (mock: MockAdapter, url: string) => mock.history.post.filter((r) => r.url === url);

describe('Sign-in settings page (settings/sign-in)', () => {
  it('shows the identity providers, our entity id and certificate, the LDAP and access control settings', async () => {
    open();
    expect(await screen.findByTestId(`${ids.idpEntityId}-0`)).toHaveTextContent(
      'https://idp.example.com/metadata',
    );
    expect(await screen.findByTestId(ids.spEntityId)).toHaveTextContent('urn:workbench:sp:tid-acme');
    expect(screen.getByTestId(`${ids.spCertificate}-status`)).toHaveTextContent('Valid');
    expect(screen.getByTestId(`${ids.ldapField}-url`)).toHaveValue('ldap://dir.example.com:389');
    expect(screen.getByText(LDAP_TEXTS.passwordSet)).toBeInTheDocument();
    expect(await screen.findByTestId(ids.accessSection)).toBeInTheDocument();
    expect(await screen.findByTestId(ids.ipStatus)).toHaveTextContent(IP_RESTRICTIONS_TEXTS.on);
    expect(screen.getByTestId(ids.ipAllowed)).toHaveTextContent('198.51.100.0/24');
    expect(screen.getByText(IP_RESTRICTIONS_TEXTS.yourAddress('203.0.113.7'))).toBeInTheDocument();
  });

  it('a reader (the demo auditor) sees the settings and no write control', async () => {
    open('auditor');
    expect(await screen.findByTestId(`${ids.idpEntityId}-0`)).toBeInTheDocument();
    await screen.findByTestId(ids.accessSection);
    expect(screen.queryByTestId(ids.metadataFile)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.idpRemove}-0`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.ldapSave)).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.ldapTest)).not.toBeInTheDocument();
    expect(screen.queryByTestId(ids.accessSave)).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.ssoEnabled)).toBeDisabled();
    expect(screen.getByTestId(`${ids.ldapField}-url`)).toBeDisabled();
    expect(screen.getByTestId(ids.accessRanges)).toBeDisabled();
    // The provider's IP restrictions show to a reader as to anyone: read-only.
    expect(await screen.findByTestId(ids.ipStatus)).toHaveTextContent(IP_RESTRICTIONS_TEXTS.on);
    // Decoding changes nothing: a reader may.
    expect(screen.getByTestId(ids.decodeSubmit)).toBeEnabled();
  });

  it("uploads IdP metadata: the server's refusal shows at the upload; an accepted one is listed", async () => {
    const { mock } = open();
    const input = await screen.findByTestId(ids.metadataFile);
    const reason = 'The metadata is not signed: an identity provider signs its metadata.';
    mock.onPut(PATHS.authV2).replyOnce(400, { statusCode: 400, message: reason, field: 'idps.1.metadata' });
    const file = new File(['<md:EntityDescriptor/>'], 'idp.xml', { type: 'text/xml' });
    await userEvent.upload(input, file);
    expect(await screen.findByTestId(ids.metadataError)).toHaveTextContent(reason);
    const body = JSON.parse(puts(mock, PATHS.authV2)[0].data as string) as Record<string, unknown>;
    // With multiple_idp the stored one is kept by its entity id and the new one added.
    expect(body.idps).toEqual([
      { entity_id: 'https://idp.example.com/metadata' },
      { metadata: '<md:EntityDescriptor/>' },
    ]);
    expect(body.ldap).not.toHaveProperty('bind_password');

    const saved = { ...AUTH, idps: [...AUTH.idps, idp('https://second.example.com/idp')], total: 2 };
    mock.onPut(PATHS.authV2).replyOnce(200, saved);
    mock.onGet(PATHS.authV2).reply(200, saved);
    await userEvent.upload(screen.getByTestId(ids.metadataFile), file);
    expect(await screen.findByTestId(`${ids.idpEntityId}-1`)).toHaveTextContent(
      'https://second.example.com/idp',
    );
    expect(screen.queryByTestId(ids.metadataError)).not.toBeInTheDocument();
  });

  it('LDAP: a bad URL shows at its field and sends nothing; the server’s 400 shows at its field', async () => {
    const { mock } = open();
    const url = await screen.findByTestId(`${ids.ldapField}-url`);
    await userEvent.clear(url);
    await userEvent.type(url, 'http://dir');
    await userEvent.click(screen.getByTestId(ids.ldapSave));
    expect(
      await screen.findByText('Enter the directory as ldap://host:port or ldaps://host:port.'),
    ).toBeInTheDocument();
    expect(puts(mock, PATHS.authV2)).toHaveLength(0);

    await userEvent.clear(url);
    await userEvent.type(url, 'ldaps://dir.example.com');
    mock.onPut(PATHS.authV2).replyOnce(400, {
      statusCode: 400,
      message: 'Enter the base DN users are looked up under.',
      field: 'ldap.base_dn',
    });
    await userEvent.click(screen.getByTestId(ids.ldapSave));
    const baseDn = screen.getByTestId(`${ids.ldapField}-base_dn`);
    await waitFor(() => expect(baseDn).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(/Enter the base DN users are looked up under/)).toBeInTheDocument();
    const body = JSON.parse(puts(mock, PATHS.authV2)[0].data as string) as { ldap: Record<string, unknown> };
    expect(body.ldap.url).toBe('ldaps://dir.example.com');
    expect(body.ldap).not.toHaveProperty('bind_password');
  });

  it("Test connection sends the form's settings and shows the server's outcome", async () => {
    const { mock } = open();
    await userEvent.click(await screen.findByTestId(ids.ldapTest));
    expect(screen.getByText(LDAP_TEXTS.testUserRequired)).toBeInTheDocument();
    expect(posts(mock, PATHS.ldapTest)).toHaveLength(0);
    mock
      .onPost(PATHS.ldapTest)
      .replyOnce(200, { ok: false, step: 'bind', reason: 'Invalid credentials.', elapsed_ms: 12 });
    await userEvent.type(screen.getByTestId(ids.ldapTestUser), 'jdoe');
    await userEvent.click(screen.getByTestId(ids.ldapTest));
    expect(await screen.findByTestId(ids.ldapTestOutcome)).toHaveTextContent(
      LDAP_TEXTS.testFailed('bind', 'Invalid credentials.'),
    );
    expect(JSON.parse(posts(mock, PATHS.ldapTest)[0].data as string)).toMatchObject({
      username: 'jdoe',
      ldap: { url: 'ldap://dir.example.com:389', base_dn: 'dc=example,dc=com' },
    });
  });

  it('decodes a certificate: nothing pasted sends nothing; an expired one is flagged; a refusal shows its reason', async () => {
    const { mock } = open();
    await userEvent.click(await screen.findByTestId(ids.decodeSubmit));
    expect(screen.getByTestId(ids.decodeError)).toHaveTextContent(DECODE_TEXTS.required);
    expect(posts(mock, PATHS.decodeCert)).toHaveLength(0);

    mock
      .onPost(PATHS.decodeCert)
      .replyOnce(400, { statusCode: 400, message: 'This is not a PEM certificate.', field: 'cert' });
    fireEvent.change(screen.getByTestId(ids.decodeText), { target: { value: 'garbage' } });
    await userEvent.click(screen.getByTestId(ids.decodeSubmit));
    await waitFor(() =>
      expect(screen.getByTestId(ids.decodeError)).toHaveTextContent('This is not a PEM certificate.'),
    );

    mock.onPost(PATHS.decodeCert).replyOnce(200, cert({ status: 'expired', subject: 'CN=old.example.com' }));
    await userEvent.click(screen.getByTestId(ids.decodeSubmit));
    const result = await screen.findByTestId(ids.decodeResult);
    expect(within(result).getByText('CN=old.example.com')).toBeInTheDocument();
    expect(screen.getByTestId(`${ids.decodeResult}-status`)).toHaveTextContent('Expired');
    expect(within(result).getByText('RSA 2048 bits')).toBeInTheDocument();
  });

  it('access control: on without ranges shows the error and sends nothing; a bad range and a lock-out show their reasons', async () => {
    const { mock } = open();
    await userEvent.click(await screen.findByTestId(ids.accessEnabled));
    await userEvent.click(screen.getByTestId(ids.accessSave));
    expect(await screen.findByText(ADMIN_ACCESS_CONTROL_MSGS.rangesRequired)).toBeInTheDocument();
    expect(puts(mock, PATHS.adminAccessControl)).toHaveLength(0);

    fireEvent.change(screen.getByTestId(ids.accessRanges), { target: { value: '10.0.0.0/8\n300.1.1.1' } });
    mock.onPut(PATHS.adminAccessControl).replyOnce(400, {
      statusCode: 400,
      message: 'Not an IP address or CIDR range.',
      field: 'allowed_ranges.1',
    });
    await userEvent.click(screen.getByTestId(ids.accessSave));
    expect(
      await screen.findByText(/Line with 300\.1\.1\.1: Not an IP address or CIDR range/),
    ).toBeInTheDocument();
    expect(JSON.parse(puts(mock, PATHS.adminAccessControl)[0].data as string)).toEqual({
      enabled: true,
      allowed_ranges: ['10.0.0.0/8', '300.1.1.1'],
      allowed_methods: ['password', 'sso', 'api_token'],
    });

    const lockout = 'The list does not include your own address 127.0.0.1: saving it would lock you out.';
    mock
      .onPut(PATHS.adminAccessControl)
      .replyOnce(409, { statusCode: 409, message: lockout, field: 'allowed_ranges' });
    await userEvent.click(screen.getByTestId(ids.accessSave));
    expect(await screen.findByText(new RegExp(lockout.replace(/\./g, '\\.')))).toBeInTheDocument();
  });
});
