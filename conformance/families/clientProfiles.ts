/**
 * api-client-layer §7 Tenant settings and portal-core §7 Settings: client profiles (`GET` and `PUT
 * client_profiles`, body `profiles`; `GET export_client_profile?uuid=`) and posture profiles
 * (`GET` and `PUT posture_profiles`) with §3's enumerations of posture checks and comparators. The
 * spec names the calls, the body `profiles`, `uuid` and the enumerations; the rest of a profile's
 * shape is our choice (`client-profiles`, `posture-profiles`).
 */
import { expectFields, expectRefused, expectStatus, ok, type Suite } from '../checks';
import { acl, core, type SpecEndpoint } from '../endpointTypes';

const SETTINGS = 'api-client-layer §7 Tenant settings';
const CORE_SETTINGS = 'portal-core §7 Settings';
const TENANTS = '/api/settings/v1/tenants/';
const CLIENT = `${TENANTS}client_profiles`;
const EXPORT = `${TENANTS}export_client_profile`;
const POSTURE = `${TENANTS}posture_profiles`;
const TS = `${TENANTS}ts_client_profile`;

const CLIENT_CALLS = core(
  '§7 Settings',
  'GET and PUT /api/settings/v1/tenants/client_profiles (body profiles).',
);
const EXPORT_CALLS = [
  acl('§7 Tenant settings', 'GET export_client_profile?uuid=.'),
  core('§7 Settings', 'GET /api/settings/v1/tenants/export_client_profile?uuid=.'),
];
const ENTITY = acl(
  '§3 Other settings entities',
  'Multi-tenant association with status; TOS acceptance; TS client profiles (profiles, uuid); posture profiles.',
);
const GET_PUT = acl(
  '§7 Tenant settings',
  'GET and PUT: posture_profiles, ts_client_profile, mpa_certificates, mpa_security_config, global_settings, casb, admin_access_control, auth, tos, fixed_egress, egress_ips.',
);
const CHECKS = acl(
  '§3 Enumerations',
  'posture checks: antivirus, firewall, os_version, full_disk_encryption, detect_crowdstrike, crowdstrike_zta, gatekeeper, google_safe_browsing',
);
const COMPARATORS = acl('§3 Enumerations', 'comparators: equal, inbetween, less_than, greater_than');

const clientProfile = (name: string) => ({
  name,
  description: 'Conformance suite profile',
  connection_mode: 'on_demand',
  fail_open: true,
  allow_user_disable: false,
  auto_update: true,
  posture_check: false,
});
const postureProfile = (name: string, checks: unknown[]) => ({
  name,
  description: 'Conformance suite profile',
  logic: 'and',
  checks,
});

async function profiles(suite: Suite, path: string): Promise<Record<string, unknown>[]> {
  const doc = ok(await suite.tenant.get(path));
  expect(Array.isArray(doc.profiles)).toBe(true);
  for (const p of doc.profiles as unknown[]) expectFields(p, ['uuid']);
  return doc.profiles as Record<string, unknown>[];
}

export const CLIENT_PROFILE_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: CORE_SETTINGS,
    method: 'GET',
    path: CLIENT,
    sources: [CLIENT_CALLS, ENTITY],
    silent: ['client-profiles'],
    check: async (suite) => {
      await profiles(suite, CLIENT);
    },
  },
  {
    family: CORE_SETTINGS,
    method: 'PUT',
    path: CLIENT,
    sources: [CLIENT_CALLS, ENTITY],
    silent: ['client-profiles', 'error-field'],
    check: async (suite) => {
      const stored = await profiles(suite, CLIENT);
      const saved = ok(
        await suite.tenant.put(CLIENT, { profiles: [...stored, clientProfile('Spec client')] }),
      );
      const list = saved.profiles as Record<string, unknown>[];
      expect(list.at(-1)).toMatchObject({ name: 'Spec client', uuid: expect.any(String) });
      const before = await profiles(suite, CLIENT);
      expectRefused(
        await suite.tenant.put(CLIENT, { profiles: [{ ...clientProfile('A'), name: '' }] }),
        'profiles.0.name',
      );
      expectRefused(await suite.tenant.put(CLIENT, { profiles: 'all' }), 'profiles');
      expect(await profiles(suite, CLIENT)).toEqual(before);
    },
  },
  {
    family: SETTINGS,
    method: 'GET',
    path: EXPORT,
    sources: EXPORT_CALLS,
    silent: ['client-profiles'],
    check: async (suite) => {
      const [first] = await profiles(suite, CLIENT);
      const file = await suite.tenant.get(EXPORT, { uuid: String(first.uuid) });
      expectStatus(file, 200);
      expect(file.contentType).toMatch(/^application\/json/);
      expect((file.body as { profile: { uuid: string } }).profile.uuid).toBe(first.uuid);
      expectStatus(await suite.tenant.get(EXPORT, { uuid: '00000000-0000-4000-8000-000000000000' }), 404);
      expectRefused(await suite.tenant.get(EXPORT), 'uuid');
    },
  },
  {
    family: SETTINGS,
    method: 'GET',
    path: POSTURE,
    sources: [GET_PUT, ENTITY, CHECKS, COMPARATORS],
    silent: ['posture-profiles'],
    check: async (suite) => {
      await profiles(suite, POSTURE);
    },
  },
  {
    family: SETTINGS,
    method: 'PUT',
    path: POSTURE,
    sources: [GET_PUT, ENTITY, CHECKS, COMPARATORS],
    silent: ['posture-profiles', 'error-field'],
    check: async (suite) => {
      const stored = await profiles(suite, POSTURE);
      // Every check and every comparator of the enumerations is taken where it fits.
      const checks = [
        ...[
          'antivirus',
          'firewall',
          'full_disk_encryption',
          'detect_crowdstrike',
          'gatekeeper',
          'google_safe_browsing',
        ].map((check) => ({ check, comparator: 'equal', values: [true] })),
        { check: 'os_version', comparator: 'inbetween', values: ['13', '15.1'] },
        { check: 'os_version', comparator: 'greater_than', values: ['12'] },
        { check: 'crowdstrike_zta', comparator: 'less_than', values: [90] },
        { check: 'crowdstrike_zta', comparator: 'equal', values: [50] },
      ];
      const saved = ok(
        await suite.tenant.put(POSTURE, { profiles: [...stored, postureProfile('Spec posture', checks)] }),
      );
      expect((saved.profiles as { checks: unknown }[]).at(-1)?.checks).toEqual(checks);
      const before = await profiles(suite, POSTURE);
      expectRefused(
        await suite.tenant.put(POSTURE, {
          profiles: [postureProfile('A', [{ check: 'os_version', comparator: 'inbetween', values: ['15'] }])],
        }),
        'profiles.0.checks.0.values',
      );
      expectRefused(
        await suite.tenant.put(POSTURE, {
          profiles: [
            postureProfile('A', [{ check: 'firewall', comparator: 'greater_or_equal', values: [true] }]),
          ],
        }),
        'profiles.0.checks.0.comparator',
      );
      expect(await profiles(suite, POSTURE)).toEqual(before);
    },
  },
  {
    family: SETTINGS,
    method: 'GET',
    path: TS,
    sources: [GET_PUT],
    silent: ['ts-client-profile'],
    check: async (suite) => {
      expectFields(ok(await suite.tenant.get(TS)), [
        'enabled',
        'port_range.start',
        'port_range.end',
        'ports_per_user',
      ]);
    },
  },
  {
    family: SETTINGS,
    method: 'PUT',
    path: TS,
    sources: [GET_PUT],
    silent: ['ts-client-profile', 'error-field'],
    check: async (suite) => {
      const [client] = await profiles(suite, CLIENT);
      const body = {
        enabled: true,
        client_profile_id: client.uuid,
        port_range: { start: 20000, end: 30000 },
        ports_per_user: 100,
      };
      expect(ok(await suite.tenant.put(TS, body))).toMatchObject(body);
      const before = ok(await suite.tenant.get(TS));
      expectRefused(
        await suite.tenant.put(TS, { ...body, port_range: { start: 30000, end: 20000 } }),
        'port_range.end',
      );
      expectRefused(await suite.tenant.put(TS, { ...body, ports_per_user: 0 }), 'ports_per_user');
      expect(ok(await suite.tenant.get(TS))).toEqual(before);
    },
  },
];
