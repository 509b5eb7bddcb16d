/**
 * api-client-layer §7 Tenant settings, PAC, with §3's PAC settings (pac, filename) and portal-core
 * §7's PAC version: GET and PATCH pac, proxy_ips, defaults, template (GET and POST), and
 * /api/settings/v2/pac/version (GET and PUT), which the §7 Policy pac_version rows read too
 * (families/policy.ts). The spec shows no body: the rows name the choice (`pac-files`).
 */
import { expectFields, expectRefused, ok } from '../checks';
import { acl, core, type SpecEndpoint } from '../endpointTypes';

const FAMILY = 'api-client-layer §7 Tenant settings';
const CORE_SETTINGS = 'portal-core §7 Settings';
const PAC = '/api/settings/v1/tenants/pac';
const VERSION = '/api/settings/v2/pac/version';
const CALLS = acl(
  '§7 Tenant settings',
  'PAC: GET, PATCH, proxy_ips, defaults, template (GET and POST); also /api/settings/v2/pac/version (GET and PUT).',
);
const ENTITY = acl(
  '§3 Other settings entities',
  'API token, egress IP list, fixed_egress_user.list, PAC settings (pac, filename), SAML, LDAP, SMTP, time settings.',
);
const CORE_VERSION = core('§7 Settings', 'GET and PUT /api/settings/v2/pac/version.');

const A_FILE = 'function FindProxyForURL(url, host) { return "PROXY conformance.example:8080; DIRECT"; }';

export const PAC_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: FAMILY,
    method: 'GET',
    path: PAC,
    sources: [CALLS, ENTITY],
    silent: ['pac-files'],
    check: async (suite) => {
      const settings = ok(await suite.tenant.get(PAC));
      expectFields(settings, ['pac', 'filename']);
      expect(typeof settings.pac).toBe('string');
    },
  },
  {
    family: FAMILY,
    method: 'PATCH',
    path: PAC,
    sources: [CALLS, ENTITY],
    silent: ['pac-files', 'error-field'],
    check: async (suite) => {
      expectRefused(await suite.tenant.patch(PAC, { pac: 'function FindProxyForURL(url, host) {' }), 'pac');
      ok(await suite.tenant.patch(PAC, { pac: A_FILE, filename: 'conformance.pac' }));
      expect(ok(await suite.tenant.get(PAC))).toMatchObject({ pac: A_FILE, filename: 'conformance.pac' });
    },
  },
  {
    family: FAMILY,
    method: 'ANY',
    path: `${PAC}/proxy_ips`,
    sources: [CALLS],
    silent: ['pac-files', 'error-field'],
    check: async (suite) => {
      expectRefused(await suite.tenant.put(`${PAC}/proxy_ips`, { proxy_ips: ['no port'] }), 'proxy_ips.0');
      ok(await suite.tenant.put(`${PAC}/proxy_ips`, { proxy_ips: ['conformance.example:3128'] }));
      expect(ok(await suite.tenant.get(`${PAC}/proxy_ips`)).proxy_ips).toEqual(['conformance.example:3128']);
    },
  },
  {
    family: FAMILY,
    method: 'ANY',
    path: `${PAC}/defaults`,
    sources: [CALLS],
    silent: ['pac-files'],
    check: async (suite) => {
      const defaults = ok(await suite.tenant.get(`${PAC}/defaults`));
      expectFields(defaults, [
        'bypass_domains',
        'bypass_private_networks',
        'bypass_plain_hostnames',
        'fail_open',
      ]);
      ok(await suite.tenant.put(`${PAC}/defaults`, { ...defaults, fail_open: true }));
      expect(ok(await suite.tenant.get(`${PAC}/defaults`)).fail_open).toBe(true);
    },
  },
  {
    family: FAMILY,
    method: 'GET',
    path: `${PAC}/template`,
    sources: [CALLS],
    silent: ['pac-files'],
    check: async (suite) => {
      expect(String(ok(await suite.tenant.get(`${PAC}/template`)).pac)).toContain('function FindProxyForURL');
    },
  },
  {
    family: FAMILY,
    method: 'POST',
    path: `${PAC}/template`,
    sources: [CALLS],
    silent: ['pac-files'],
    check: async (suite) => {
      const body = {
        proxy_ips: ['a.example:8080'],
        defaults: {
          bypass_domains: [],
          bypass_private_networks: false,
          bypass_plain_hostnames: false,
          fail_open: false,
        },
      };
      expect(String(ok(await suite.tenant.post(`${PAC}/template`, body)).pac)).toContain(
        'PROXY a.example:8080',
      );
    },
  },
  ...(['GET', 'PUT'] as const).map((method): SpecEndpoint => ({
    family: CORE_SETTINGS,
    method,
    path: VERSION,
    sources: [CORE_VERSION, CALLS],
    silent: ['pac-files'],
    check: async (suite) => {
      ok(await suite.tenant.patch(PAC, { pac: A_FILE }));
      if (method === 'PUT') {
        ok(await suite.tenant.put(VERSION, { pac_v2: false }));
        expect(ok(await suite.tenant.get(VERSION)).pac_v2).toBe(false);
        ok(await suite.tenant.put(VERSION, { pac_v2: true }));
      }
      expect(typeof ok(await suite.tenant.get(VERSION)).pac_v2).toBe('boolean');
    },
  })),
];
