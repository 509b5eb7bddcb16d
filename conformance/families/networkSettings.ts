/**
 * api-client-layer §7 Tenant settings: the egress IP list, fixed egress (with
 * `fixed_egress_user.list`, §3 Other settings entities), global settings and casb (GET and PUT),
 * setting/{name}, capabilities/{name} (portal-core §7 Settings: the capability details read for
 * restricted_logs, runtime_analysis and mobileSupport), and the utils get_user_ip and
 * all_public_ips. The spec names the calls; the fields inside the documents are the server's
 * (`settings-documents`, `settings-utilities`).
 */
import { expectFields, ok, type Suite } from '../checks';
import { acl, core, type SpecEndpoint } from '../endpointTypes';

const FAMILY = 'api-client-layer §7 Tenant settings';
const T = '/api/settings/v1/tenants/';
const GET_PUT = acl(
  '§7 Tenant settings',
  'GET and PUT: posture_profiles, ts_client_profile, mpa_certificates, mpa_security_config, global_settings, casb, admin_access_control, auth, tos, fixed_egress, egress_ips.',
);
const ENTITIES = acl(
  '§3 Other settings entities',
  'API token, egress IP list, fixed_egress_user.list, PAC settings (pac, filename), SAML, LDAP, SMTP, time settings.',
);
const NAMED = acl(
  '§7 Tenant settings',
  'GET multi_tenant/, setting/{name}, setting/saml, capabilities/{name}.',
);
const DETAILS = core(
  '§7 Settings',
  'Tenant capability details are read for restricted_logs, runtime_analysis and mobileSupport.',
);
const UTILS = acl(
  '§7 Tenant settings',
  'Utils: GET get_user_ip, all_public_ips, menloSamlSigningCert; POST decodeCert.',
);

/** A 400 naming a field within the one the check names (`ips` covers `ips.1`). */
function expectRefusedAt(answer: { status: number; body?: unknown }, field: string): void {
  const named = (answer.body as { field?: string } | undefined)?.field ?? '';
  expect({ status: answer.status, within: named === field || named.startsWith(`${field}.`) }).toEqual({
    status: 400,
    within: true,
  });
}

/** Reads the document, saves `body` over it, reads it back; a bad save is refused and changes nothing. */
async function roundTrip(suite: Suite, doc: string, body: Record<string, unknown>, bad: [string, unknown]) {
  const before = ok(await suite.tenant.get(T + doc));
  expectFields(before, ['updated_at', 'updated_by']);
  const saved = ok(await suite.tenant.put(T + doc, body));
  expect(saved).toMatchObject(body);
  expect(saved.updated_by).toEqual(expect.any(String));
  expectRefusedAt(await suite.tenant.put(T + doc, { ...body, [bad[0]]: bad[1] }), bad[0]);
  expect(ok(await suite.tenant.get(T + doc))).toEqual(saved);
}

const getPut = (
  doc: string,
  sources: SpecEndpoint['sources'],
  body: Record<string, unknown>,
  bad: [string, unknown],
): SpecEndpoint[] => [
  {
    family: FAMILY,
    method: 'GET',
    path: T + doc,
    sources,
    silent: ['settings-documents'],
    check: async (suite) =>
      expectFields(ok(await suite.tenant.get(T + doc)), [...Object.keys(body), 'updated_at']),
  },
  {
    family: FAMILY,
    method: 'PUT',
    path: T + doc,
    sources,
    silent: ['settings-documents', 'error-field'],
    check: (suite) => roundTrip(suite, doc, body, bad),
  },
];

export const NETWORK_SETTINGS_ENDPOINTS: readonly SpecEndpoint[] = [
  ...getPut('egress_ips', [GET_PUT, ENTITIES], { ips: ['203.0.113.0/24', '198.51.100.10'] }, [
    'ips',
    ['203.0.113.0/24', 'not-an-address'],
  ]),
  ...getPut(
    'fixed_egress',
    [GET_PUT, ENTITIES],
    { enabled: true, fixed_egress_user: { list: ['spec.user@acme.example'] } },
    ['fixed_egress_user', { list: ['not a user'] }],
  ),
  ...getPut(
    'global_settings',
    [GET_PUT],
    {
      organization_name: 'Spec Org',
      support_email: 'help@acme.example',
      timezone: 'UTC',
      block_page_message: 'Blocked by policy.',
      allow_user_feedback: true,
    },
    ['timezone', 'Nowhere/Nothing'],
  ),
  // The spec's action enumeration: allow, safeview, block.
  ...getPut(
    'casb',
    [GET_PUT],
    { app_discovery: true, discovery_retention_days: 30, unclassified_action: 'safeview' },
    ['unclassified_action', 'bypass'],
  ),
  {
    family: FAMILY,
    method: 'GET',
    path: `${T}setting/{name}`,
    sources: [NAMED],
    silent: ['settings-utilities'],
    check: async (suite) => {
      const doc = ok(await suite.tenant.get(`${T}global_settings`));
      expect(ok(await suite.tenant.get(`${T}setting/timezone`))).toEqual({
        name: 'timezone',
        value: doc.timezone,
      });
      expect((await suite.tenant.get(`${T}setting/no_such_setting`)).status).toBe(404);
    },
  },
  {
    family: FAMILY,
    method: 'GET',
    path: `${T}capabilities/{name}`,
    sources: [NAMED, DETAILS],
    silent: ['settings-utilities'],
    check: async (suite) => {
      for (const name of ['restricted_logs', 'runtime_analysis', 'mobileSupport']) {
        const reply = ok(await suite.tenant.get(`${T}capabilities/${name}`));
        expect(reply).toMatchObject({ name, enabled: expect.any(Boolean), details: expect.any(Object) });
      }
    },
  },
  {
    family: FAMILY,
    method: 'GET',
    path: `${T}get_user_ip`,
    sources: [UTILS],
    silent: ['settings-utilities'],
    check: async (suite) => {
      const { ip } = ok(await suite.tenant.get(`${T}get_user_ip`));
      expect(ip).toMatch(/^[0-9a-f.:]+$/i);
    },
  },
  {
    family: FAMILY,
    method: 'GET',
    path: `${T}all_public_ips`,
    sources: [UTILS],
    silent: ['settings-utilities'],
    check: async (suite) => {
      expect(Array.isArray(ok(await suite.tenant.get(`${T}all_public_ips`)).ips)).toBe(true);
    },
  },
];
