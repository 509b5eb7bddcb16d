/**
 * api-client-layer §7 Tenant settings: the sign-in settings the reference server serves (`auth` v1
 * and v2, `setting/saml`, `admin_access_control`, the utils `menloSamlSigningCert` and
 * `decodeCert`). The spec names these calls without shapes: each check names the choice it rests on.
 */
import {
  expectFields,
  expectListDocument,
  expectRefused,
  expectUnknownParameterRefused,
  ok,
  type Suite,
} from '../checks';
import { acl, type SpecEndpoint } from '../endpointTypes';

const SETTINGS = 'api-client-layer §7 Tenant settings';
const TENANTS = '/api/settings/v1/tenants/';
const V2_AUTH = '/api/settings/v2/tenants/auth';
const GET_PUT = acl(
  '§7 Tenant settings',
  'GET and PUT: posture_profiles, ts_client_profile, mpa_certificates, mpa_security_config, global_settings, casb, admin_access_control, auth, tos, fixed_egress, egress_ips.',
);
const V2 = acl('§7 Tenant settings', 'v2 tenants auth: GET (also with ?limit) and PUT.');
const UTILS = acl(
  '§7 Tenant settings',
  'Utils: GET get_user_ip, all_public_ips, menloSamlSigningCert; POST decodeCert.',
);
const SAML = acl(
  '§7 Tenant settings',
  'GET multi_tenant/, setting/{name}, setting/saml, capabilities/{name}.',
);

const AUTH_FIELDS = [
  'sso_enabled',
  'ldap.enabled',
  'ldap.url',
  'ldap.bind_dn',
  'ldap.base_dn',
  'ldap.bind_password_set',
];
const LDAP = {
  enabled: true,
  url: 'ldap://directory.example.test:389',
  bind_dn: 'cn=reader,dc=example,dc=test',
  bind_password: 'spec-suite-secret',
  base_dn: 'dc=example,dc=test',
  user_attribute: 'uid',
  timeout_seconds: 5,
};

/** The service's signing certificate as the spec's download gives it. */
async function signingCertificate(suite: Suite): Promise<string> {
  const answer = await suite.tenant.get(`${TENANTS}menloSamlSigningCert`);
  expect(answer.status).toBe(200);
  expect(answer.text).toMatch(/^-----BEGIN CERTIFICATE-----/);
  return answer.text;
}

const MPA_CERTS = `${TENANTS}mpa_certificates`;
const MPA_CERT_FIELDS = [
  'uuid',
  'name',
  'pem',
  'certificate.subject',
  'certificate.issuer',
  'certificate.not_before',
  'certificate.not_after',
  'certificate.fingerprint_sha256',
];

export const SETTINGS_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: SETTINGS,
    method: 'GET',
    path: MPA_CERTS,
    sources: [GET_PUT],
    silent: ['mpa-certificates'],
    check: async (suite) => {
      await expectListDocument(suite.tenant, MPA_CERTS, MPA_CERT_FIELDS);
    },
  },
  {
    family: SETTINGS,
    method: 'PUT',
    path: MPA_CERTS,
    sources: [
      GET_PUT,
      acl('§5 Validation rules', "The backend's rules for a bad PAC or certificate are not shown."),
    ],
    silent: ['mpa-certificates', 'error-field'],
    check: async (suite) => {
      const pem = await signingCertificate(suite);
      const saved = ok(await suite.tenant.put(MPA_CERTS, { list: [{ name: 'Spec CA', pem }] }));
      for (const cert of saved.list as unknown[]) expectFields(cert, MPA_CERT_FIELDS);
      const before = ok(await suite.tenant.get(MPA_CERTS));
      expectRefused(
        await suite.tenant.put(MPA_CERTS, { list: [{ name: 'Not one', pem: 'not a certificate' }] }),
        'list.0.pem',
      );
      expect(ok(await suite.tenant.get(MPA_CERTS))).toEqual(before);
    },
  },
  {
    family: SETTINGS,
    method: 'GET',
    path: `${TENANTS}auth`,
    sources: [GET_PUT],
    silent: ['sign-in-auth'],
    check: async (suite) => expectFields(ok(await suite.tenant.get(`${TENANTS}auth`)), AUTH_FIELDS),
  },
  {
    family: SETTINGS,
    method: 'PUT',
    path: `${TENANTS}auth`,
    sources: [GET_PUT],
    silent: ['sign-in-auth', 'error-field'],
    check: async (suite) => {
      const saved = ok(await suite.tenant.put(`${TENANTS}auth`, { sso_enabled: false, ldap: LDAP }));
      expect(saved).toMatchObject({ ldap: { url: LDAP.url, bind_password_set: true } });
      expect(JSON.stringify(saved)).not.toContain(LDAP.bind_password);
      expectRefused(
        await suite.tenant.put(`${TENANTS}auth`, { sso_enabled: false, ldap: { ...LDAP, url: 'directory' } }),
        'ldap.url',
      );
      expectRefused(
        await suite.tenant.put(`${TENANTS}auth`, {
          sso_enabled: true,
          idp_metadata: '<unsigned/>',
          ldap: LDAP,
        }),
        'idp_metadata',
      );
      expect(ok(await suite.tenant.get(`${TENANTS}auth`))).toMatchObject({ ldap: { url: LDAP.url } });
    },
  },
  {
    family: SETTINGS,
    method: 'GET',
    path: V2_AUTH,
    sources: [V2],
    silent: ['sign-in-auth', 'unknown-parameter'],
    check: async (suite) => {
      const answer = ok(await suite.tenant.get(V2_AUTH, { limit: 1 }));
      expectFields(answer, ['idps', 'total', ...AUTH_FIELDS]);
      expect((answer.idps as unknown[]).length).toBeLessThanOrEqual(1);
      await expectUnknownParameterRefused(suite.tenant, V2_AUTH);
    },
  },
  {
    family: SETTINGS,
    method: 'PUT',
    path: V2_AUTH,
    sources: [V2],
    silent: ['sign-in-auth', 'error-field'],
    check: async (suite) => {
      expect(ok(await suite.tenant.put(V2_AUTH, { sso_enabled: false, idps: [], ldap: LDAP }))).toMatchObject(
        {
          idps: [],
          total: 0,
        },
      );
      expectRefused(
        await suite.tenant.put(V2_AUTH, {
          sso_enabled: false,
          idps: [{ entity_id: 'https://unknown.example.test' }],
          ldap: LDAP,
        }),
        'idps.0.entity_id',
      );
    },
  },
  {
    family: SETTINGS,
    method: 'GET',
    path: `${TENANTS}setting/saml`,
    sources: [SAML],
    silent: ['saml-setting'],
    check: async (suite) =>
      expectFields(ok(await suite.tenant.get(`${TENANTS}setting/saml`)), [
        'sso_enabled',
        'sp.entity_id',
        'sp.signing_certificate.fingerprint_sha256',
      ]),
  },
  {
    family: SETTINGS,
    method: 'GET',
    path: `${TENANTS}menloSamlSigningCert`,
    sources: [UTILS],
    silent: ['saml-setting'],
    check: async (suite) => {
      const pem = await signingCertificate(suite);
      expect(await signingCertificate(suite)).toBe(pem);
    },
  },
  {
    family: SETTINGS,
    method: 'POST',
    path: `${TENANTS}decodeCert`,
    sources: [UTILS],
    silent: ['decode-cert', 'error-field'],
    check: async (suite) => {
      const decoded = ok(
        await suite.tenant.post(`${TENANTS}decodeCert`, { cert: await signingCertificate(suite) }),
      );
      expectFields(decoded, [
        'subject',
        'issuer',
        'not_before',
        'not_after',
        'fingerprint_sha256',
        'key_size',
      ]);
      expect(decoded.status).toBe('valid');
      expectRefused(await suite.tenant.post(`${TENANTS}decodeCert`, { cert: 'not a certificate' }), 'cert');
    },
  },
  {
    family: SETTINGS,
    method: 'GET',
    path: `${TENANTS}admin_access_control`,
    sources: [
      GET_PUT,
      acl('§6 Roles and permissions', 'Admin access control settings exist; their content is not shown.'),
    ],
    silent: ['admin-access-control'],
    check: async (suite) =>
      expectFields(ok(await suite.tenant.get(`${TENANTS}admin_access_control`)), [
        'enabled',
        'allowed_ranges',
        'allowed_methods',
      ]),
  },
  {
    family: SETTINGS,
    method: 'PUT',
    path: `${TENANTS}admin_access_control`,
    sources: [
      GET_PUT,
      acl('§6 Roles and permissions', 'Admin access control settings exist; their content is not shown.'),
    ],
    silent: ['admin-access-control', 'error-field'],
    check: async (suite) => {
      const body = { enabled: false, allowed_ranges: ['192.0.2.0/24'], allowed_methods: ['password', 'sso'] };
      expect(ok(await suite.tenant.put(`${TENANTS}admin_access_control`, body))).toMatchObject(body);
      expectRefused(
        await suite.tenant.put(`${TENANTS}admin_access_control`, {
          ...body,
          allowed_ranges: ['not-an-address'],
        }),
        'allowed_ranges.0',
      );
      expect(ok(await suite.tenant.get(`${TENANTS}admin_access_control`))).toMatchObject(body);
    },
  },
  {
    family: SETTINGS,
    method: 'GET',
    path: `${TENANTS}tos`,
    sources: [
      GET_PUT,
      acl(
        '§4 Other settings entities',
        'Multi-tenant association with status; TOS acceptance; TS client profiles (profiles, uuid); posture profiles.',
      ),
    ],
    silent: ['terms-of-service'],
    check: async (suite) =>
      expectFields(ok(await suite.tenant.get(`${TENANTS}tos`)), [
        'required',
        'version',
        'url',
        'text',
        'accepted',
        'due',
      ]),
  },
  {
    family: SETTINGS,
    method: 'PUT',
    path: `${TENANTS}tos`,
    sources: [
      GET_PUT,
      acl(
        '§4 Other settings entities',
        'Multi-tenant association with status; TOS acceptance; TS client profiles (profiles, uuid); posture profiles.',
      ),
    ],
    silent: ['terms-of-service', 'error-field'],
    check: async (suite) => {
      // The provider's EULA of acme (not required: the suite's sessions keep working), then accepted.
      const eula = { required: false, version: 'spec-1', url: '', text: 'Terms the suite accepts.' };
      ok(await suite.operator.put(`/gdmanage/api/v1/tenants/${await suite.tenantId('acme')}/tos`, eula));
      expect(ok(await suite.tenant.put(`${TENANTS}tos`, { version: 'spec-1' }))).toMatchObject({
        version: 'spec-1',
        accepted: { version: 'spec-1' },
        due: false,
      });
      const stale = await suite.tenant.put(`${TENANTS}tos`, { version: 'spec-0' });
      expect({ status: stale.status, field: (stale.body as { field?: string }).field }).toEqual({
        status: 409,
        field: 'version',
      });
      expectRefused(await suite.tenant.put(`${TENANTS}tos`, { version: 7 }), 'version');
    },
  },
];
