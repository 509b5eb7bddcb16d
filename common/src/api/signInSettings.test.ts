import MockAdapter from 'axios-mock-adapter';
import {
  SIGN_IN_SETTINGS_PATHS as PATHS,
  LDAP_DEFAULTS,
  ldapSettingsProblem,
} from './contract/signInSettings';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import {
  decodeCertificate,
  getAdminAccessControl,
  getAuthSettings,
  getAuthSettingsV2,
  getSamlSetting,
  getSamlSigningCertificate,
  saveAdminAccessControl,
  saveAuthSettings,
  saveAuthSettingsV2,
  testLdapConnection,
} from './signInSettings';

const { bind_password_set: _set, ...ldap } = LDAP_DEFAULTS;

describe('sign-in settings calls (docs/settings.md §1 Tenant settings)', () => {
  test('auth v1 and v2 (with ?limit), setting/saml, admin_access_control: their paths, methods and bodies', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onAny().reply(200, {});
    await getAuthSettings(http);
    await saveAuthSettings(http, { sso_enabled: false, idp_metadata: null, ldap });
    await getAuthSettingsV2(http, 3);
    await saveAuthSettingsV2(http, { sso_enabled: true, idps: [{ entity_id: 'https://idp' }], ldap });
    await getSamlSetting(http);
    await getAdminAccessControl(http);
    await saveAdminAccessControl(http, { enabled: false, allowed_ranges: [], allowed_methods: ['password'] });
    expect(mock.history.get.map((c) => [c.url, c.params])).toEqual([
      ['/api/settings/v1/tenants/auth', undefined],
      ['/api/settings/v2/tenants/auth', { limit: 3 }],
      ['/api/settings/v1/tenants/setting/saml', undefined],
      ['/api/settings/v1/tenants/admin_access_control', undefined],
    ]);
    expect(mock.history.put.map((c) => [c.url, JSON.parse(c.data as string)])).toEqual([
      [PATHS.auth, { sso_enabled: false, idp_metadata: null, ldap }],
      [PATHS.authV2, { sso_enabled: true, idps: [{ entity_id: 'https://idp' }], ldap }],
      [PATHS.adminAccessControl, { enabled: false, allowed_ranges: [], allowed_methods: ['password'] }],
    ]);
  });

  test('the utils: menloSamlSigningCert read as text, decodeCert posts {cert}; ldap-test posts {username, ldap}', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock
      .onGet(PATHS.signingCert)
      .reply(200, '-----BEGIN CERTIFICATE-----\n', { 'content-type': 'application/x-pem-file' });
    mock.onPost().reply(200, {});
    expect(await getSamlSigningCertificate(http)).toBe('-----BEGIN CERTIFICATE-----\n');
    await decodeCertificate(http, 'PEM');
    await testLdapConnection(http, { username: 'alice' });
    expect(mock.history.post.map((c) => [c.url, JSON.parse(c.data as string)])).toEqual([
      ['/api/settings/v1/tenants/decodeCert', { cert: 'PEM' }],
      ['/api/settings/v1/tenants/auth/ldap/test', { username: 'alice' }],
    ]);
  });
});

describe('ldapSettingsProblem (shared by the server and the form)', () => {
  const on = { ...ldap, enabled: true, url: 'ldap://dir.example:389', base_dn: 'dc=example', bind_dn: '' };
  test.each([
    [{ url: 'http://dir' }, 'ldap.url'],
    [{ url: 'ldap://dir:70000' }, 'ldap.url'],
    [{ url: '' }, 'ldap.url'],
    [{ base_dn: ' ' }, 'ldap.base_dn'],
    [{ user_attribute: '1uid' }, 'ldap.user_attribute'],
  ])('%j is refused naming %s', (change, field) => {
    expect(ldapSettingsProblem({ ...on, ...change })?.field).toBe(field);
  });
  test('complete settings, and switched-off empty ones, pass', () => {
    expect(ldapSettingsProblem(on)).toBeNull();
    expect(ldapSettingsProblem({ ...on, url: 'ldaps://dir.example' })).toBeNull();
    expect(ldapSettingsProblem(ldap)).toBeNull();
  });
});
