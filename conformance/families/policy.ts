/**
 * portal-core §7 Policy and api-client-layer §7 Policy reads and saves: the revision, publishing,
 * every policy document's read and save, and the reference reads.
 */
import {
  checkPolicyRead,
  checkPolicySave,
  currentRevision,
  expectFields,
  expectRefused,
  expectRevision,
  expectUnknownParameterRefused,
  ok,
  saveBody,
} from '../checks';
import { acl, core, type SilentChoice, type SpecEndpoint, type SpecSource } from '../endpointTypes';
import { POLICY_READ_FIELDS, POLICY_SAVE_FIELDS } from '../specShapes';

const CORE = 'portal-core §7 Policy';
const ACL = 'api-client-layer §7 Policy reads and saves';

const CORE_KINDS = core(
  '§7 Policy',
  'GET and PUT /rules/{kind}/{rev}, where kind is one of: risks, cats, sslbump_bypass, dlp, dlp_groups, dlp_dicts, dlp_auditors, copy_paste, watermark, customization/web, customization/email, customization/dlp, bf/web, safemail/whitelist, safemail/mobile, safemail/config, safemail/phish_targets, safemail/isolation, safemail/smtp_users, smtp/attachments. Every save carries rev_id, state, updated_at plus a kind-specific body',
);
const SAVE_PAYLOAD = acl(
  '§3 Policy revision',
  'Every policy save payload carries rev_id, state, updated_at and data.',
);
const BY_OPTION = acl(
  '§7 Policy reads and saves',
  'Policy by option: /api/policy/v{1|3}/rules/{categories|risks|bnb|exceptions}/{id}, /rules/web/exceptions and /rules/inspection/exceptions (GET with timestamp, or PUT with body).',
);
const V3_RULES = acl(
  '§7 Policy reads and saves',
  'GET and PUT /api/policy/v3/rules/{bandwidth|web/exceptions|inspection/exceptions|inspection|bnb|content|runtime_analysis}/{rev}.',
);
const GLOBALS = acl(
  '§7 Policy reads and saves',
  'GET and PUT /api/policy/v1/rules/web/global_exceptions/{rev}, rules/inspection/global_exceptions/{rev}, rules/global_bnb/{rev}.',
);
const PARENTS = acl(
  '§7 Policy reads and saves',
  'GET /api/policy/v1/rules/inspection/parent_global_exceptions/, rules/web/parent_global_exceptions/, rules/parent_global_bnb/, rules/time_zones.',
);
const CASB = acl(
  '§7 Policy reads and saves',
  'GET and PUT /api/policy/v3/casb/{exceptions|app_rules|profiles}/{rev}. GET of casb app_rules or profiles has a variant under /api/policy/v1/rules/dlp/casb/....',
);
const MPA = acl(
  '§7 Policy reads and saves',
  'Private access under /api/policy/v1/rules/mpa/: GET: access_rules, application_list, app_catalogs, app_connector_clusters, app_connector_cluster_list; PUT: update_access_policy_application, update_catalog_clusters, set_provisioning_key_lookup; GET /api/policy/v1/mpa/app_connector_aws_region and /user_portal_url',
);
const TENANT_SETTINGS = acl(
  '§7 Tenant settings',
  'GET and PUT: posture_profiles, ts_client_profile, mpa_certificates, mpa_security_config, global_settings, casb, admin_access_control, auth, tos, fixed_egress, egress_ips.',
);
const V4 = acl(
  '§7 Policy reads and saves',
  'GET /api/policy/v4/content_types; PUT /api/policy/v4/content_migration; GET and PUT /api/policy/v4/rules/docs/{rev} and rules/content/{rev}.',
);
const FWAAS = acl(
  '§7 Policy reads and saves',
  'GET and PUT /api/policy/v1/rules/fwaas/{services|rules|feeds}/{rev}; PUT body rev_id, state, updated_at, data.',
);
const REFERENCE = core(
  '§7 Policy',
  'GET /country_codes, /content_version, /predefined_ccls, /ra_threats, /dlp/file_password.',
);

/** The silent choices every document read and save rests on. */
const DOC_CHOICES: readonly SilentChoice[] = ['policy-read-flat', 'error-field', 'unknown-parameter'];

/**
 * A policy document's GET and PUT rows: the read at `path`, the save at `writePath` (default the
 * same path), with the data fields the spec names for it (POLICY_SAVE_FIELDS).
 */
function documentRows(
  family: string,
  path: string,
  sources: readonly SpecSource[],
  options: {
    writePath?: string;
    writeSources?: readonly SpecSource[];
    silent?: readonly SilentChoice[];
  } = {},
): SpecEndpoint[] {
  const fields = POLICY_SAVE_FIELDS[path] ?? [];
  const named = fields.filter((f) => f !== 'reorderingEvents');
  const mapped: readonly SilentChoice[] = POLICY_SAVE_FIELDS[path] ? [] : ['policy-body-mapping'];
  const silent = [...DOC_CHOICES, ...mapped, ...(options.silent ?? [])];
  const writePath = options.writePath ?? path;
  return [
    {
      family,
      method: 'GET',
      path,
      sources,
      silent,
      check: async (suite) => {
        await checkPolicyRead(suite.tenant, path, named);
      },
    },
    {
      family,
      method: 'PUT',
      path: writePath,
      sources: [...(options.writeSources ?? sources), SAVE_PAYLOAD],
      silent: [...silent, 'policy-save-reply'],
      check: (suite) => checkPolicySave(suite.tenant, path, writePath, fields),
    },
  ];
}

/** A read-only policy document (GET only): flat, with the fields the spec names. */
const readRow = (
  family: string,
  path: string,
  sources: readonly SpecSource[],
  silent: readonly SilentChoice[] = [],
): SpecEndpoint => ({
  family,
  method: 'GET',
  path,
  sources,
  silent: [...DOC_CHOICES, ...silent],
  check: async (suite) => {
    await checkPolicyRead(suite.tenant, path, POLICY_READ_FIELDS[path] ?? []);
  },
});

/** A reference read (categories, risks, country codes, ...): GET with timestamp; nothing else taken. */
const referenceRow = (
  family: string,
  path: string,
  sources: readonly SpecSource[],
  fields: readonly string[] = [],
  fill: Readonly<Record<string, string>> = {},
): SpecEndpoint => ({
  family,
  method: 'GET',
  path,
  sources,
  silent: ['unknown-parameter'],
  check: async (suite) => {
    const revision = await currentRevision(suite.tenant);
    const url = Object.entries(fill).reduce(
      (p, [name, value]) => p.replace(`{${name}}`, value),
      path.replace('{rev}', String(revision.staged_rev_id)),
    );
    const answer = await suite.tenant.get(url, { timestamp: Date.now() });
    expect(answer.status).toBe(200);
    expect(answer.body).toBeDefined();
    expectFields(answer.body, fields);
    await expectUnknownParameterRefused(suite.tenant, url, { timestamp: Date.now() });
  },
});

/** api-client-layer §3: "Content types: contentTypes.files, each with a name and a list of sub-entries." */
const contentTypesRow = (path: string, sources: readonly SpecSource[]): SpecEndpoint => ({
  ...referenceRow(ACL, path, sources, ['contentTypes.files']),
  check: async (suite) => {
    await referenceRow(ACL, path, sources).check?.(suite);
    const reply = ok(await suite.tenant.get(path, { timestamp: Date.now() })) as {
      contentTypes: { files: Array<Record<string, unknown>> };
    };
    expect(reply.contentTypes.files.length).toBeGreaterThan(0);
    for (const file of reply.contentTypes.files)
      expect(file).toEqual(expect.objectContaining({ name: expect.any(String), list: expect.any(Array) }));
  },
});

const coreKind = (kind: string): SpecEndpoint[] =>
  documentRows(CORE, `/api/policy/v1/rules/${kind}/{rev}`, [CORE_KINDS]);

/** A migration command: PUT with the revision the caller saw; answers the revision, staged. */
const migrationRow = (path: string, sources: readonly SpecSource[]): SpecEndpoint => ({
  family: sources[0].doc === 'portal-core' ? CORE : ACL,
  method: 'PUT',
  path,
  sources,
  silent: ['policy-save-reply'],
  check: async (suite) => {
    const revision = await currentRevision(suite.tenant);
    const { data: _none, ...seen } = saveBody(revision, null);
    const after = expectRevision(ok(await suite.tenant.put(path, seen)));
    expect(after.state).toBe('staged');
  },
});

export const POLICY_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: CORE,
    method: 'GET',
    path: '/api/policy/v1/rules',
    sources: [
      core('§7 Policy', 'GET /rules returns the revision (takes a timestamp param).'),
      acl('§7 Policy reads and saves', 'GET /api/policy/v1/rules?timestamp'),
      acl('§3 Policy revision', 'Fields: staged_rev_id, rev_id, state (new or staged), updated_at.'),
    ],
    silent: ['unknown-parameter'],
    check: async (suite) => {
      await currentRevision(suite.tenant);
      await expectUnknownParameterRefused(suite.tenant, '/api/policy/v1/rules', { timestamp: Date.now() });
    },
  },
  ...documentRows(CORE, '/api/policy/v1/rules/risks/{rev}', [CORE_KINDS, BY_OPTION]),
  ...coreKind('cats'),
  ...coreKind('sslbump_bypass'),
  ...documentRows(CORE, '/api/policy/v1/rules/dlp/{rev}', [
    CORE_KINDS,
    acl(
      '§7 Policy reads and saves',
      'GET /api/policy/v3/casb/dlp/rules/{rev} versus /api/policy/v1/rules/dlp/{rev}.',
    ),
  ]),
  ...['dlp_groups', 'dlp_dicts', 'dlp_auditors', 'copy_paste', 'watermark'].flatMap(coreKind),
  ...['customization/web', 'customization/email', 'customization/dlp', 'bf/web'].flatMap(coreKind),
  ...['safemail/whitelist', 'safemail/mobile', 'safemail/config', 'safemail/phish_targets'].flatMap(coreKind),
  ...['safemail/isolation', 'safemail/smtp_users', 'smtp/attachments'].flatMap(coreKind),
  {
    family: CORE,
    method: 'POST',
    path: '/api/policy/v1/rules/{rev}',
    sources: [
      core('§7 Policy', 'POST /rules/{rev} publishes.'),
      core(
        '§4 States and transitions',
        'Publishing posts only when the state is staged; otherwise it does nothing and returns an empty result.',
      ),
    ],
    silent: ['publish-body'],
    check: async (suite) => {
      const before = await currentRevision(suite.tenant);
      const doc = ok(
        await suite.tenant.get(`/api/policy/v1/rules/cats/${before.staged_rev_id}`, { timestamp: 1 }),
      );
      const { rev_id: _at, ...data } = doc;
      const staged = expectRevision(
        ok(
          await suite.tenant.put(`/api/policy/v1/rules/cats/${before.staged_rev_id}`, saveBody(before, data)),
        ),
      );
      expect(staged.state).toBe('staged');
      expectRevision(ok(await suite.tenant.post(`/api/policy/v1/rules/${staged.staged_rev_id}`, {})));
      const published = await currentRevision(suite.tenant);
      expect(published).toMatchObject({ state: 'new', rev_id: staged.staged_rev_id });
      expect(ok(await suite.tenant.post(`/api/policy/v1/rules/${published.staged_rev_id}`, {}))).toEqual({});
      expect(await currentRevision(suite.tenant)).toEqual(published);
    },
  },
  readRow(CORE, '/api/policy/v3/casb/dlp/rules/{rev}', [
    core('§7 Policy', 'GET /v3/casb/dlp/rules/{rev}; GET /rules/dlp/mpa/application_list/{rev}.'),
    acl(
      '§7 Policy reads and saves',
      'GET /api/policy/v3/casb/dlp/rules/{rev} versus /api/policy/v1/rules/dlp/{rev}.',
    ),
  ]),
  readRow(CORE, '/api/policy/v1/rules/dlp/mpa/application_list/{rev}', [
    core('§7 Policy', 'GET /v3/casb/dlp/rules/{rev}; GET /rules/dlp/mpa/application_list/{rev}.'),
  ]),
  ...documentRows(CORE, '/api/policy/v1/egress_policy/rules/{rev}', [
    core(
      '§7 Policy',
      'GET and PUT /egress_policy/rules/{rev} (body egress_policy); GET /egress_policy/egress_control; GET /egress_policy/header_blocklist.',
    ),
  ]),
  ...['egress_control', 'header_blocklist'].map((name) =>
    referenceRow(CORE, `/api/policy/v1/egress_policy/${name}`, [
      core(
        '§7 Policy',
        'GET and PUT /egress_policy/rules/{rev} (body egress_policy); GET /egress_policy/egress_control; GET /egress_policy/header_blocklist.',
      ),
    ]),
  ),
  ...['cats', 'cats_v2'].map((name) =>
    referenceRow(CORE, `/api/policy/v1/${name}`, [
      core(
        '§7 Policy',
        'GET /cats, /cats_v2, /category_version, /cats/extension/map, /cats/extension/{rev}; PUT /cats/extension/{rev} (body categories_85_to_88.enable); PUT /category_migration.',
      ),
      acl('§7 Policy reads and saves', 'GET /api/policy/v1/{name or name_v2} for log categories.'),
    ]),
  ),
  referenceRow(CORE, '/api/policy/v1/category_version', [
    core(
      '§7 Policy',
      'GET /cats, /cats_v2, /category_version, /cats/extension/map, /cats/extension/{rev}; PUT /cats/extension/{rev} (body categories_85_to_88.enable); PUT /category_migration.',
    ),
    acl('§7 Policy reads and saves', 'GET /api/policy/v1/category_version?timestamp'),
  ]),
  referenceRow(CORE, '/api/policy/v1/cats/extension/map', [
    core(
      '§7 Policy',
      'GET /cats, /cats_v2, /category_version, /cats/extension/map, /cats/extension/{rev}; PUT /cats/extension/{rev} (body categories_85_to_88.enable); PUT /category_migration.',
    ),
  ]),
  ...documentRows(CORE, '/api/policy/v1/cats/extension/{rev}', [
    core(
      '§7 Policy',
      'GET /cats, /cats_v2, /category_version, /cats/extension/map, /cats/extension/{rev}; PUT /cats/extension/{rev} (body categories_85_to_88.enable); PUT /category_migration.',
    ),
  ]),
  migrationRow('/api/policy/v1/category_migration', [
    core(
      '§7 Policy',
      'GET /cats, /cats_v2, /category_version, /cats/extension/map, /cats/extension/{rev}; PUT /cats/extension/{rev} (body categories_85_to_88.enable); PUT /category_migration.',
    ),
  ]),
  referenceRow(CORE, '/api/policy/v1/risks', [
    core('§7 Policy', 'GET /risks; GET /risks/Vulnerable Service.'),
  ]),
  referenceRow(CORE, '/api/policy/v1/risks/Vulnerable Service', [
    core('§7 Policy', 'GET /risks; GET /risks/Vulnerable Service.'),
  ]),
  ...['smtp_users', 'smtp_groups', 'ad/group_users/{rev}'].map((name) =>
    referenceRow(CORE, `/api/policy/v1/${name}`, [
      core('§7 Policy', 'GET /smtp_users, /smtp_groups, /ad/group_users/{rev}.'),
    ]),
  ),
  {
    family: CORE,
    method: 'GET',
    path: '/api/policy/v1/rbac',
    sources: [core('§7 Policy', 'GET and POST /rbac.')],
    silent: ['rbac-v1'],
    check: async (suite) => {
      const answer = ok(await suite.tenant.get('/api/policy/v1/rbac'));
      expect(answer.enforced).toBe(true);
      const auditor = (answer.accounts as Record<string, unknown>[]).find(
        (a) => a.username === 'auditor@acme.example',
      );
      expect(auditor).toMatchObject({ role: 'auditor', write: [] });
      expectFields(auditor, ['uid', 'read']);
    },
  },
  {
    family: CORE,
    method: 'POST',
    path: '/api/policy/v1/rbac',
    sources: [core('§7 Policy', 'GET and POST /rbac.')],
    silent: ['rbac-v1', 'error-field'],
    check: async (suite) => {
      const accounts = ok(await suite.tenant.get('/api/policy/v1/rbac')).accounts as {
        uid: string;
        username: string;
      }[];
      const auditor = accounts.find((a) => a.username === 'auditor@acme.example');
      // The role it holds already: the call is checked without changing what other rows rely on.
      const row = ok(await suite.tenant.post('/api/policy/v1/rbac', { uid: auditor?.uid, role: 'auditor' }));
      expect(row).toMatchObject({ username: 'auditor@acme.example', role: 'auditor' });
      expectRefused(await suite.tenant.post('/api/policy/v1/rbac', { uid: auditor?.uid }), 'role');
    },
  },
  ...['country_codes', 'content_version', 'predefined_ccls', 'ra_threats', 'dlp/file_password'].map((name) =>
    referenceRow(CORE, `/api/policy/v1/${name}`, [REFERENCE]),
  ),
  {
    family: CORE,
    method: 'GET',
    path: '/api/policy/v1/portal_version',
    sources: [
      core('§7 Policy', 'GET and PUT /portal_version; GET and PUT /pac_version.'),
      core(
        '§4 States and transitions',
        'At start, on cloud or management station, the portal version is read. If portal_v2 is false, it is set',
      ),
    ],
    check: async (suite) => {
      expect(typeof ok(await suite.tenant.get('/api/policy/v1/portal_version')).portal_v2).toBe('boolean');
    },
  },
  {
    family: CORE,
    method: 'PUT',
    path: '/api/policy/v1/portal_version',
    sources: [core('§7 Policy', 'GET and PUT /portal_version; GET and PUT /pac_version.')],
    check: async (suite) => {
      ok(await suite.tenant.put('/api/policy/v1/portal_version', { portal_v2: true }));
      expect(ok(await suite.tenant.get('/api/policy/v1/portal_version')).portal_v2).toBe(true);
    },
  },
  {
    family: CORE,
    method: 'GET',
    path: '/api/policy/v1/pac_version',
    sources: [core('§7 Policy', 'GET and PUT /portal_version; GET and PUT /pac_version.')],
    silent: ['pac-files'],
    check: async (suite) => {
      // One version: what the policy path reads is what the settings v2 path reads.
      expect(ok(await suite.tenant.get('/api/policy/v1/pac_version')).pac_v2).toBe(
        ok(await suite.tenant.get('/api/settings/v2/pac/version')).pac_v2,
      );
    },
  },
  {
    family: CORE,
    method: 'PUT',
    path: '/api/policy/v1/pac_version',
    sources: [core('§7 Policy', 'GET and PUT /portal_version; GET and PUT /pac_version.')],
    silent: ['pac-files'],
    check: async (suite) => {
      ok(await suite.tenant.put('/api/policy/v1/pac_version', { pac_v2: false }));
      expect(ok(await suite.tenant.get('/api/settings/v2/pac/version')).pac_v2).toBe(false);
    },
  },
  {
    family: CORE,
    method: 'POST',
    path: '/api/policy/v1/validate_ddl_domains/',
    sources: [
      core('§7 Policy', 'POST /validate_ddl_domains/; POST /safemail/whitelist/uce/.'),
      acl(
        '§7 Policy reads and saves',
        'POST /api/policy/v1/validate_ddl_domains/ with params ddlUrl, isFwaas, options.',
      ),
    ],
    silent: ['ddl-body'],
    check: async (suite) => {
      const reply = ok(
        await suite.tenant.post('/api/policy/v1/validate_ddl_domains/', {
          domains: ['example.com', 'not a domain'],
          ddlUrl: 'https://lists.example.com/ddl.txt',
          isFwaas: false,
          options: {},
        }),
      );
      expect(reply).toMatchObject({ checked: 2, valid: 1 });
    },
  },
  {
    family: CORE,
    method: 'POST',
    path: '/api/policy/v1/safemail/whitelist/uce/',
    sources: [core('§7 Policy', 'POST /validate_ddl_domains/; POST /safemail/whitelist/uce/.')],
    silent: ['uce-body'],
    check: async (suite) => {
      ok(
        await suite.tenant.post('/api/policy/v1/safemail/whitelist/uce/', {
          type: 'domain',
          value: 'newsletter.example.com',
        }),
      );
    },
  },
  {
    family: CORE,
    method: 'GET',
    path: '/api/policy/v1/safemail/whitelist/feeds/',
    sources: [
      core(
        '§7 Policy',
        'GET /safemail/whitelist/feeds/?limit=&source=&type=global (the popular-sites feed).',
      ),
    ],
    silent: ['unknown-parameter'],
    check: async (suite) => {
      ok(
        await suite.tenant.get('/api/policy/v1/safemail/whitelist/feeds/', {
          limit: 10,
          source: '',
          type: 'global',
        }),
      );
      await expectUnknownParameterRefused(suite.tenant, '/api/policy/v1/safemail/whitelist/feeds/', {
        limit: 10,
        source: '',
        type: 'global',
      });
    },
  },
  ...['default', 'list', 'file_password'].flatMap((name) =>
    documentRows(
      CORE,
      `/api/policy/v1/auditor_profiles/${name}`,
      [core('§7 Policy', 'GET and PUT /auditor_profiles/{default|list|file_password}.')],
      { silent: ['policy-no-rev-path'] },
    ),
  ),
  // POST /api/policy/contact_form: families/contactConnectivity.ts.
  {
    family: CORE,
    method: 'GET',
    path: '/api/v1/dashboard/get_appliances',
    sources: [core('§7 Policy', 'GET /api/v1/dashboard/get_appliances.')],
  },

  // api-client-layer §7 Policy reads and saves
  ...['services', 'rules', 'feeds'].flatMap((name) =>
    documentRows(ACL, `/api/policy/v1/rules/fwaas/${name}/{rev}`, [FWAAS]),
  ),
  ...documentRows(ACL, '/api/policy/v3/rules/sslbump_bypass/{rev}', [
    acl('§7 Policy reads and saves', 'GET and PUT /api/policy/v3/rules/sslbump_bypass/{rev}.'),
    acl(
      '§3 Policy revision',
      'The sslbump save payload additionally carries integrations_list, sslbump_v3 and list.',
    ),
  ]),
  {
    ...readRow(
      ACL,
      '/api/policy/v2/rules/sslbump_lists/{rev}',
      [
        acl('§7 Policy reads and saves', 'GET /api/policy/v2/rules/sslbump_lists/{rev}.'),
        acl(
          '§3 Policy revision',
          'The sslbump save payload additionally carries integrations_list, sslbump_v3 and list.',
        ),
      ],
      ['sslbump-lists'],
    ),
    check: async (suite) => {
      const lists = await checkPolicyRead(suite.tenant, '/api/policy/v2/rules/sslbump_lists/{rev}', [
        'list',
        'integrations_list',
      ]);
      const bypass = await checkPolicyRead(suite.tenant, '/api/policy/v3/rules/sslbump_bypass/{rev}', []);
      expect(lists.list).toEqual(bypass.list);
      expect(lists.integrations_list).toEqual(bypass.integrations_list);
    },
  },
  ...(
    [
      // portal-core §7 Policy's cats body, and api-client-layer §3's exception rules.
      ['categories', ['list']],
      ['exceptions', ['list', 'bypass', 'reorderingEvents']],
    ] as const
  ).flatMap(([option, fields]): SpecEndpoint[] => {
    const paths = [1, 3].map((v) => `/api/policy/v${v}/rules/${option}/{id}`);
    const silent: SilentChoice[] = [...DOC_CHOICES, 'policy-by-option'];
    return [
      {
        family: ACL,
        method: 'GET',
        path: `/api/policy/v{1|3}/rules/${option}/{id}`,
        served: paths[0],
        sources: [BY_OPTION],
        silent,
        check: async (suite) => {
          const named = fields.filter((f) => f !== 'reorderingEvents');
          const [v1, v3] = [
            await checkPolicyRead(suite.tenant, paths[0], named),
            await checkPolicyRead(suite.tenant, paths[1], named),
          ];
          expect(v3).toEqual(v1);
        },
      },
      {
        family: ACL,
        method: 'PUT',
        path: `/api/policy/v{1|3}/rules/${option}/{id}`,
        served: paths[0],
        sources: [BY_OPTION, SAVE_PAYLOAD],
        silent: [...silent, 'policy-save-reply'],
        check: async (suite) => {
          for (const path of paths) await checkPolicySave(suite.tenant, path, path, fields);
        },
      },
    ];
  }),
  {
    family: ACL,
    method: 'GET',
    path: '/api/policy/v2/rbac',
    sources: [acl('§7 Policy reads and saves', 'GET /api/policy/v2/rbac; POST same with a role.')],
    silent: ['rbac-v2'],
    check: async (suite) => {
      const roles = ok(await suite.tenant.get('/api/policy/v2/rbac')).roles as Record<string, unknown>[];
      expect(roles.slice(0, 3).map((r) => r.name)).toEqual(['admin', 'auditor', 'logs']);
      expect(roles[0]).toMatchObject({ read: ['*:*'], write: ['*:*'], builtin: true });
      expect(roles[0].holders).toContain('admin@acme.example');
    },
  },
  {
    family: ACL,
    method: 'POST',
    path: '/api/policy/v2/rbac',
    sources: [acl('§7 Policy reads and saves', 'GET /api/policy/v2/rbac; POST same with a role.')],
    silent: ['rbac-v2', 'error-field'],
    check: async (suite) => {
      const role = {
        name: `Spec suite ${Date.now()}`,
        description: 'Reads the web logs.',
        read: ['logs:web'],
        write: [],
      };
      ok(await suite.tenant.post('/api/policy/v2/rbac', { ...role, create: true }), 201);
      const edited = ok(
        await suite.tenant.post('/api/policy/v2/rbac', {
          ...role,
          read: ['logs:web', 'logs:email'],
          create: false,
        }),
      );
      expect(edited).toMatchObject({
        name: role.name,
        read: ['logs:web', 'logs:email'],
        builtin: false,
        holders: [],
      });
      expectRefused(
        await suite.tenant.post('/api/policy/v2/rbac', { ...role, read: 'logs:web', create: false }),
        'read',
      );
    },
  },
  ...documentRows(
    ACL,
    '/api/policy/v3/casb/app_discovery',
    [acl('§7 Policy reads and saves', 'GET and PUT /api/policy/v3/casb/app_discovery.')],
    {
      silent: ['policy-no-rev-path'],
    },
  ),
  {
    ...referenceRow(
      ACL,
      '/api/policy/v3/casb/app_rep_insights/{id}',
      [acl('§7 Policy reads and saves', 'GET /api/policy/v3/casb/app_rep_insights/{id}.')],
      [],
      { id: 'salesforce' },
    ),
    silent: ['unknown-parameter', 'app-id'],
  },
  contentTypesRow('/api/policy/v3/content_types', [
    acl('§7 Policy reads and saves', 'GET /api/policy/v3/content_types.'),
    acl(
      '§3 Policy revision',
      'Content types: contentTypes.files, each with a name and a list of sub-entries.',
    ),
  ]),
  ...documentRows(ACL, '/api/policy/v3/rules/bandwidth/{rev}', [V3_RULES]),
  ...documentRows(ACL, '/api/policy/v3/rules/web/exceptions/{rev}', [V3_RULES, BY_OPTION]),
  ...documentRows(ACL, '/api/policy/v3/rules/inspection/exceptions/{rev}', [V3_RULES, BY_OPTION]),
  ...documentRows(ACL, '/api/policy/v3/rules/inspection/{rev}', [V3_RULES]),
  ...documentRows(ACL, '/api/policy/v3/rules/bnb/{rev}', [V3_RULES, BY_OPTION]),
  ...documentRows(ACL, '/api/policy/v3/rules/content/{rev}', [V3_RULES]),
  ...documentRows(ACL, '/api/policy/v3/rules/runtime_analysis/{rev}', [V3_RULES]),
  ...documentRows(ACL, '/api/policy/v3/profiles/app_links/{rev}', [
    acl('§7 Policy reads and saves', 'GET and PUT /api/policy/v3/profiles/app_links/{rev}.'),
  ]),
  ...['exceptions', 'app_rules', 'profiles'].flatMap((name) =>
    documentRows(ACL, `/api/policy/v3/casb/${name}/{rev}`, [CASB]),
  ),
  ...(
    [
      ['app_rules', 'appRules'],
      ['profiles', 'profiles.list'],
    ] as const
  ).map(([name, field]): SpecEndpoint => ({
    family: ACL,
    method: 'GET',
    path: `/api/policy/v1/rules/dlp/casb/${name}/...`,
    served: `/api/policy/v1/rules/dlp/casb/${name}/{rev}`,
    sources: [CASB],
    silent: [...DOC_CHOICES, 'dlp-casb-variant'],
    // A variant of the v3 read: the same document's list as the same revision sees it.
    check: async (suite) => {
      const variant = await checkPolicyRead(suite.tenant, `/api/policy/v1/rules/dlp/casb/${name}/{rev}`, [
        field,
      ]);
      const v3 = await checkPolicyRead(suite.tenant, `/api/policy/v3/casb/${name}/{rev}`, [field]);
      const at = (doc: Record<string, unknown>) =>
        field.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], doc);
      expect(at(variant)).toEqual(at(v3));
    },
  })),
  ...documentRows(ACL, '/api/policy/v1/rules/web/global_exceptions/{rev}', [GLOBALS]),
  ...documentRows(ACL, '/api/policy/v1/rules/inspection/global_exceptions/{rev}', [GLOBALS]),
  ...documentRows(ACL, '/api/policy/v1/rules/global_bnb/{rev}', [GLOBALS]),
  readRow(
    ACL,
    '/api/policy/v1/rules/inspection/parent_global_exceptions/',
    [PARENTS],
    ['policy-no-rev-path'],
  ),
  readRow(ACL, '/api/policy/v1/rules/web/parent_global_exceptions/', [PARENTS], ['policy-no-rev-path']),
  readRow(ACL, '/api/policy/v1/rules/parent_global_bnb/', [PARENTS], ['policy-no-rev-path']),
  referenceRow(ACL, '/api/policy/v1/rules/time_zones', [PARENTS]),
  ...documentRows(ACL, '/api/policy/v1/rules/mpa/access_rules', [MPA], {
    writePath: '/api/policy/v1/rules/mpa/update_access_policy_application',
    silent: ['policy-no-rev-path', 'mpa-write-pairs'],
  }),
  readRow(ACL, '/api/policy/v1/rules/mpa/application_list', [MPA], ['policy-no-rev-path']),
  ...documentRows(ACL, '/api/policy/v1/rules/mpa/app_catalogs', [MPA], {
    writePath: '/api/policy/v1/rules/mpa/update_catalog_clusters',
    silent: ['policy-no-rev-path', 'mpa-write-pairs'],
  }),
  ...documentRows(ACL, '/api/policy/v1/rules/mpa/app_connector_clusters', [MPA], {
    writePath: '/api/policy/v1/rules/mpa/set_provisioning_key_lookup',
    silent: ['policy-no-rev-path', 'mpa-write-pairs'],
  }),
  readRow(ACL, '/api/policy/v1/rules/mpa/app_connector_cluster_list', [MPA], ['policy-no-rev-path']),
  readRow(ACL, '/api/policy/v1/mpa/app_connector_aws_region', [MPA], ['policy-no-rev-path']),
  readRow(ACL, '/api/policy/v1/mpa/user_portal_url', [MPA], ['policy-no-rev-path']),
  ...documentRows(
    'api-client-layer §7 Tenant settings',
    '/api/settings/v1/tenants/mpa_security_config',
    [TENANT_SETTINGS],
    {
      silent: ['policy-no-rev-path', 'settings-in-revision'],
    },
  ),
  contentTypesRow('/api/policy/v4/content_types', [V4]),
  migrationRow('/api/policy/v4/content_migration', [V4]),
  ...documentRows(ACL, '/api/policy/v4/rules/docs/{rev}', [V4]),
  ...documentRows(ACL, '/api/policy/v4/rules/content/{rev}', [V4]),
];
