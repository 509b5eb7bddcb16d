/**
 * api-client-layer §7 Provider console (/gdmanage) and the provider-console entities of §3: the
 * sign-in calls the spec writes out, and the operations it names without a path, at the paths the
 * reference server serves them (SILENT_CHOICES provider-paths).
 */
import { expectFields, expectRefused, ok, saveBody, currentRevision, type Suite } from '../checks';
import { acl, type SilentChoice, type SpecEndpoint, type SpecSource } from '../endpointTypes';
import {
  CATEGORY_OVERRIDE_DEFAULTS,
  ENUMERATIONS,
  JOB_FAILED,
  JOB_FINISHED,
  PROVIDER_ENTITY_FIELDS,
  PROVIDER_LOGIN_FIELDS,
  PROVIDER_LOGIN_STATUS,
  PROVIDER_USER_STATUS,
  REVISIONS_PAGE_DEFAULT,
} from '../specShapes';

const FAMILY = 'api-client-layer §7 Provider console';
const ENTITIES = 'api-client-layer §3 Tenant and provider-console entities';
const V1 = '/gdmanage/api/v1';

const line = (text: string): SpecSource => acl('§7 Provider console', text);
const entity = (text: string): SpecSource => acl('§3 Tenant and provider-console entities', text);

const TENANTS_LINE = line(
  'Tenants CRUD, reenable, policy, revisions (v1, v2, v3 with limit and offset), rbac, config.',
);
const TENANT_PARTS = line(
  'Capabilities (PATCH, and DELETE with a DryRun flag), vpn, safemail, SKUs, entitlements, feature capabilities, tags, global settings, tokens, ip restrictions.',
);
const USERS_LINE = line('Bulk user create; tenantusers CRUD and disablemfa.');
const COMMANDS = line('Commands: disabletenant, renametenant {name}, rolloutinit, tenantpolicyinit.');
const TENANT_ENTITY = entity(
  'Tenant: group_id (id), config, capabilities, capabilities validity, policy, policy revisions, RBAC list, tags, global settings, SKUs (sku_id), entitlements, entitlement overrides, feature capabilities, EULA (tos), VPN config (destinations, network rules, gateways, child gateways, tunnels), safemail config, logging auth tokens, IP restrictions, policy API tokens.',
);
const OPS = line(
  'Ops/rollout deployments and tenants; pods; pac; templates; quota; ra pre-filter; reports regions; schema endpoints; analytics summaries; capability state.',
);

/** A served operation the spec names without a path. */
const named = (
  method: SpecEndpoint['method'],
  name: string,
  served: string | null,
  sources: readonly SpecSource[],
  check?: SpecEndpoint['check'],
  silent: readonly SilentChoice[] = [],
): SpecEndpoint => ({
  family: sources[0].section.startsWith('§3') ? ENTITIES : FAMILY,
  method,
  path: name,
  served,
  sources,
  ...(check ? { check } : {}),
  silent: served ? ['provider-paths', ...silent] : silent,
});

let tenantCount = 0;
/** A new tenant through the spec's create (name only); answers its id. */
async function newTenant(suite: Suite): Promise<string> {
  tenantCount += 1;
  const created = ok(await suite.operator.post(`${V1}/tenants`, { name: `Spec Tenant ${tenantCount}` }), 201);
  return (created.tenant as { tid: string }).tid;
}

/** A tenant document: read, written back as read, read again the same (SILENT_CHOICES provider-paths). */
const documentCheck =
  (name: string) =>
  async (suite: Suite): Promise<void> => {
    const tid = await newTenant(suite);
    const path = `${V1}/tenants/${tid}/${name}`;
    const doc = ok(await suite.operator.get(path));
    ok(await suite.operator.put(path, doc));
    expect(ok(await suite.operator.get(path))).toEqual(doc);
  };

const tenantDocument = (
  name: string,
  label: string,
  sources: readonly SpecSource[],
  silent: readonly SilentChoice[] = [],
) => named('ANY', label, `${V1}/tenants/{id}/${name}`, sources, documentCheck(name), silent);

/**
 * An entity's CRUD: create with the fields the spec names (and ours where it names none), list,
 * read, replace (the body less its id: SILENT_CHOICES entity-replace), delete.
 */
async function checkEntity(
  suite: Suite,
  plural: string,
  idField: string,
  body: Record<string, unknown>,
  specFields: readonly string[],
  listKey = plural,
): Promise<void> {
  const base = `${V1}/${plural}`;
  const id = String(body[idField]);
  const created = ok(await suite.operator.post(base, body), 201);
  expectFields(created, specFields);
  const list = ok(await suite.operator.get(base, { limit: 100 }));
  expect(list[listKey]).toEqual(
    expect.arrayContaining([expect.objectContaining({ [idField]: body[idField] })]),
  );
  expectFields(ok(await suite.operator.get(`${base}/${encodeURIComponent(id)}`)), specFields);
  const { [idField]: _id, ...replacement } = body;
  ok(await suite.operator.put(`${base}/${encodeURIComponent(id)}`, replacement));
  expect((await suite.operator.delete(`${base}/${encodeURIComponent(id)}`)).status).toBeLessThan(300);
  expect((await suite.operator.get(`${base}/${encodeURIComponent(id)}`)).status).toBe(404);
}

/** Publishes a staged change of the tenant's policy (a revision the console's revisions list). */
async function publishOnce(suite: Suite): Promise<void> {
  const before = await currentRevision(suite.tenant);
  const doc = ok(
    await suite.tenant.get(`/api/policy/v1/rules/cats/${before.staged_rev_id}`, { timestamp: 1 }),
  );
  const { rev_id: _at, ...data } = doc;
  const staged = ok(
    await suite.tenant.put(`/api/policy/v1/rules/cats/${before.staged_rev_id}`, saveBody(before, data)),
  );
  ok(await suite.tenant.post(`/api/policy/v1/rules/${String(staged.staged_rev_id)}`, {}));
}

/** GET revisions (v1, v2 or v3): limit 25 and offset 0 by default (api-client-layer §9). */
const revisionsCheck =
  (version: string) =>
  async (suite: Suite): Promise<void> => {
    const acme = await suite.tenantId('acme');
    const path = `/gdmanage/api/${version}/tenants/${acme}/revisions`;
    let page = ok(await suite.operator.get(path));
    for (let total = Number(page.total); total <= REVISIONS_PAGE_DEFAULT.limit; total += 1)
      await publishOnce(suite);
    page = ok(await suite.operator.get(path));
    expect(page).toMatchObject(REVISIONS_PAGE_DEFAULT);
    expect((page.revisions as unknown[]).length).toBe(REVISIONS_PAGE_DEFAULT.limit);
    const next = ok(
      await suite.operator.get(path, {
        limit: REVISIONS_PAGE_DEFAULT.limit,
        offset: REVISIONS_PAGE_DEFAULT.limit,
      }),
    );
    expect((next.revisions as unknown[]).length).toBe(Number(page.total) - REVISIONS_PAGE_DEFAULT.limit);
  };

export const PROVIDER_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: FAMILY,
    method: 'GET',
    path: '/gdmanage/api/me',
    sources: [
      line('GET /api/me.'),
      acl('§5 Validation rules', "The user data must have status 'authenticated'."),
    ],
    check: async (suite) => {
      expect(ok(await suite.operator.get('/gdmanage/api/me')).status).toBe(PROVIDER_USER_STATUS);
    },
  },
  {
    family: FAMILY,
    method: 'GET',
    path: '/gdmanage/api/v1/session_cookie',
    sources: [line('GET /api/v1/session_cookie.')],
    silent: ['provider-signin'],
    check: async (suite) => {
      const session = await suite.signInOperator('support@provider.example');
      expect(session.cookies.size).toBeGreaterThan(0);
      expect(ok(await session.get('/gdmanage/api/me')).status).toBe(PROVIDER_USER_STATUS);
    },
  },
  {
    family: FAMILY,
    method: 'GET',
    path: '/gdmanage/api/oauth/login',
    sources: [
      line(
        'GET /api/oauth/login?identity_provider&access_token; reply username, key_id, expires, Authorization.',
      ),
      acl(
        '§5 Validation rules',
        "The provider login reply must have status 'Success'; otherwise an error carrying that status is raised.",
      ),
    ],
    silent: ['provider-signin'],
    check: async (suite) => {
      const client = suite.anonymous('provider');
      const token = ok(
        await client.post('/idp/token', { username: 'operator@provider.example', password: suite.password }),
      );
      const reply = ok(
        await client.get('/gdmanage/api/oauth/login', {
          identity_provider: 'local',
          access_token: String(token.access_token),
        }),
      );
      expectFields(reply, PROVIDER_LOGIN_FIELDS);
      expect(reply.status).toBe(PROVIDER_LOGIN_STATUS);
    },
  },
  {
    family: FAMILY,
    method: 'GET',
    path: '/gdmanage/api/v1/session/logout',
    sources: [line('GET /api/v1/session/logout; POST /api/v1/session/extendkey.')],
    check: async (suite) => {
      const session = await suite.signInOperator('support@provider.example');
      ok(await session.get('/gdmanage/api/v1/session/logout'));
      const me = await session.get('/gdmanage/api/me');
      expect(me.status === 401 || (me.body as { status?: string }).status !== PROVIDER_USER_STATUS).toBe(
        true,
      );
    },
  },
  {
    family: FAMILY,
    method: 'POST',
    path: '/gdmanage/api/v1/session/extendkey',
    sources: [line('GET /api/v1/session/logout; POST /api/v1/session/extendkey.')],
    check: async (suite) => {
      ok(await suite.operator.post('/gdmanage/api/v1/session/extendkey'));
    },
  },

  // Tenants
  named(
    'GET',
    'Tenants CRUD: list',
    `${V1}/tenants`,
    [TENANTS_LINE],
    async (suite) => {
      const page = ok(await suite.operator.get(`${V1}/tenants`, { limit: 1, offset: 0 }));
      expect((page.tenants as unknown[]).length).toBe(1);
      expect(page.total).toEqual(expect.any(Number));
    },
    ['provider-lists', 'tenant-reply'],
  ),
  named(
    'POST',
    'Tenants CRUD: create',
    `${V1}/tenants`,
    [TENANTS_LINE, TENANT_ENTITY],
    async (suite) => {
      // The spec's tenant has no administrator: a tenant is created with its name alone.
      const bare = ok(await suite.operator.post(`${V1}/tenants`, { name: 'Spec Bare Tenant' }), 201);
      expectFields(bare, ['tenant.tid', 'tenant.name', 'tenant.status']);
      expect(bare).not.toHaveProperty('admin_password');
      const tid = (bare.tenant as { tid: string }).tid;
      // An administrator added after (SILENT_CHOICES tenant-create) signs in with the one-time password.
      const admin = ok(
        await suite.operator.post(`${V1}/tenants/${tid}/admins`, { admin_username: 'first@bare.example' }),
        201,
      );
      await suite.signInTenant('first@bare.example', String(admin.admin_password));
      // The one-step "tenant with its first administrator" stays an option.
      const withAdmin = ok(
        await suite.operator.post(`${V1}/tenants`, {
          name: 'Spec Staffed Tenant',
          admin_username: 'first@staffed.example',
        }),
        201,
      );
      await suite.signInTenant('first@staffed.example', String(withAdmin.admin_password));
      expectRefused(
        await suite.operator.post(`${V1}/tenants`, { name: 'Spec Bad Admin', admin_username: 'nope' }),
        'admin_username',
      );
    },
    ['tenant-create', 'tenant-reply'],
  ),
  named(
    'GET',
    'Tenants CRUD: read',
    `${V1}/tenants/{id}`,
    [TENANTS_LINE],
    async (suite) => {
      const tid = await newTenant(suite);
      expect(ok(await suite.operator.get(`${V1}/tenants/${tid}`))).toMatchObject({ tid, status: 'active' });
    },
    ['tenant-reply'],
  ),
  // Update is the rename command and the tenant's documents; there is no PUT of a whole tenant.
  named('PUT', 'Tenants CRUD: update', null, [TENANTS_LINE]),
  named('DELETE', 'Tenants CRUD: delete', `${V1}/tenants/{id}`, [TENANTS_LINE], async (suite) => {
    const tid = await newTenant(suite);
    expect((await suite.operator.delete(`${V1}/tenants/${tid}`)).status).toBeLessThan(300);
    expect((await suite.operator.get(`${V1}/tenants/${tid}`)).status).toBe(404);
  }),
  named(
    'POST',
    'reenable',
    `${V1}/tenants/{id}/reenable`,
    [TENANTS_LINE, acl('§4 States and transitions', 'Tenants can be disabled, re-enabled and renamed.')],
    async (suite) => {
      const tid = await newTenant(suite);
      expect(ok(await suite.operator.post(`${V1}/tenants/${tid}/disabletenant`, {})).status).toBe('disabled');
      expect(ok(await suite.operator.post(`${V1}/tenants/${tid}/reenable`, {})).status).toBe('active');
    },
  ),
  named('GET', 'policy', `${V1}/tenants/{id}/policy`, [TENANTS_LINE], async (suite) => {
    const acme = await suite.tenantId('acme');
    expectFields(ok(await suite.operator.get(`${V1}/tenants/${acme}/policy`)), [
      'rev_id',
      'staged_rev_id',
      'state',
      'updated_at',
    ]);
  }),
  named(
    'GET',
    'revisions (v1)',
    `${V1}/tenants/{id}/revisions`,
    [
      TENANTS_LINE,
      acl('§9 Business constants and limits', 'Policy revision page size default 25, offset 0.'),
    ],
    revisionsCheck('v1'),
    ['provider-lists'],
  ),
  named(
    'GET',
    'revisions (v2)',
    '/gdmanage/api/v2/tenants/{id}/revisions',
    [TENANTS_LINE],
    revisionsCheck('v2'),
    ['provider-lists'],
  ),
  named(
    'GET',
    'revisions (v3)',
    '/gdmanage/api/v3/tenants/{id}/revisions',
    [TENANTS_LINE],
    revisionsCheck('v3'),
    ['provider-lists'],
  ),
  named('GET', 'rbac', `${V1}/tenants/{id}/rbac`, [TENANTS_LINE], async (suite) => {
    ok(await suite.operator.get(`${V1}/tenants/${await suite.tenantId('acme')}/rbac`));
  }),
  tenantDocument('config', 'config', [TENANTS_LINE, TENANT_ENTITY]),
  named('PATCH', 'Capabilities (PATCH)', `${V1}/tenants/{id}/capabilities`, [TENANT_PARTS], async (suite) => {
    const tid = await newTenant(suite);
    const path = `${V1}/tenants/${tid}/capabilities`;
    ok(await suite.operator.patch(path, { capabilities: { watermarking: true } }, { DryRun: true }));
    expect(
      (ok(await suite.operator.get(path)).capabilities as Record<string, unknown>).watermarking,
    ).toBeUndefined();
    ok(await suite.operator.patch(path, { capabilities: { watermarking: true } }));
    expect((ok(await suite.operator.get(path)).capabilities as Record<string, unknown>).watermarking).toBe(
      true,
    );
  }),
  named(
    'DELETE',
    'Capabilities (DELETE with a DryRun flag)',
    `${V1}/tenants/{id}/capabilities`,
    [TENANT_PARTS],
    async (suite) => {
      const tid = await newTenant(suite);
      const path = `${V1}/tenants/${tid}/capabilities`;
      ok(await suite.operator.patch(path, { capabilities: { watermarking: true } }));
      expect(
        ok(await suite.operator.delete(path, { capabilities: ['watermarking'] }, { DryRun: true })).dry_run,
      ).toBe(true);
      expect((ok(await suite.operator.get(path)).capabilities as Record<string, unknown>).watermarking).toBe(
        true,
      );
      ok(await suite.operator.delete(path, { capabilities: ['watermarking'] }));
      expect(
        (ok(await suite.operator.get(path)).capabilities as Record<string, unknown>).watermarking,
      ).toBeUndefined();
    },
  ),
  tenantDocument('vpn', 'vpn', [TENANT_PARTS, TENANT_ENTITY]),
  tenantDocument('safemail', 'safemail', [TENANT_PARTS, TENANT_ENTITY]),
  tenantDocument('skus', "SKUs (a tenant's)", [TENANT_PARTS, TENANT_ENTITY], ['tenant-skus']),
  tenantDocument('entitlements', 'entitlements', [TENANT_PARTS, TENANT_ENTITY]),
  tenantDocument('feature_capabilities', 'feature capabilities', [TENANT_PARTS, TENANT_ENTITY]),
  tenantDocument('tags', 'tags', [TENANT_PARTS, TENANT_ENTITY]),
  tenantDocument('global_settings', 'global settings', [TENANT_PARTS, TENANT_ENTITY]),
  tenantDocument('ip_restrictions', 'ip restrictions', [TENANT_PARTS, TENANT_ENTITY]),
  tenantDocument('entitlement_overrides', 'entitlement overrides', [TENANT_ENTITY]),
  tenantDocument('capabilities_validity', 'capabilities validity', [TENANT_ENTITY]),
  tenantDocument('tos', 'EULA (tos)', [TENANT_ENTITY]),
  tenantDocument('custom_hostnames', 'Custom host names per tenant', [
    entity('Custom host names per tenant.'),
  ]),
  ...(['tokens', 'logging_auth_tokens'] as const).map((name) =>
    named(
      'ANY',
      name === 'tokens' ? 'tokens (policy API tokens)' : 'logging auth tokens',
      `${V1}/tenants/{id}/${name}`,
      [...(name === 'tokens' ? [TENANT_PARTS] : []), TENANT_ENTITY],
      async (suite) => {
        const tid = await newTenant(suite);
        const path = `${V1}/tenants/${tid}/${name}`;
        const token = ok(await suite.operator.post(path, { name: 'spec suite' }), 201);
        expect(token.token).toEqual(expect.any(String));
        expect(ok(await suite.operator.get(path)).tokens).toEqual([
          expect.objectContaining({ id: token.id }),
        ]);
        expect((await suite.operator.delete(`${path}/${String(token.id)}`)).status).toBeLessThan(300);
      },
    ),
  ),

  // Users of a tenant
  named(
    'POST',
    'Bulk user create',
    `${V1}/tenants/{id}/tenantusers/bulk`,
    [USERS_LINE],
    async (suite) => {
      const tid = await newTenant(suite);
      const reply = ok(
        await suite.operator.post(`${V1}/tenants/${tid}/tenantusers/bulk`, {
          user_list: [{ username: 'bulk@spec.example', password: 'SpecSuitePassword1' }],
        }),
      );
      expect(reply.created).toBe(1);
    },
    ['udb-user'],
  ),
  named(
    'GET',
    'tenantusers CRUD: list',
    `${V1}/tenants/{id}/tenantusers`,
    [USERS_LINE, entity('Tenant user: uid.')],
    async (suite) => {
      const users = ok(await suite.operator.get(`${V1}/tenants/${await suite.tenantId('acme')}/tenantusers`))
        .users as unknown[];
      expect(users.length).toBeGreaterThan(0);
      for (const user of users) expectFields(user, PROVIDER_ENTITY_FIELDS.tenantUser);
    },
    ['provider-lists', 'udb-user'],
  ),
  named('POST', 'tenantusers CRUD: create', null, [USERS_LINE]),
  ...(['GET', 'PUT', 'DELETE'] as const).map((method) =>
    named(
      method,
      `tenantusers CRUD: ${method === 'GET' ? 'read' : method === 'PUT' ? 'update' : 'delete'}`,
      `${V1}/tenants/{id}/tenantusers/{uid}`,
      [USERS_LINE],
      async (suite) => {
        const tid = await newTenant(suite);
        const created = ok(
          await suite.operator.post(`${V1}/tenants/${tid}/tenantusers/bulk`, {
            user_list: [
              { username: `one-${method.toLowerCase()}@spec.example`, password: 'SpecSuitePassword1' },
            ],
          }),
        );
        const uid = (created.users as Array<{ uid: string }>)[0].uid;
        const path = `${V1}/tenants/${tid}/tenantusers/${uid}`;
        if (method === 'GET') expect(ok(await suite.operator.get(path)).uid).toBe(uid);
        if (method === 'PUT')
          expect(ok(await suite.operator.put(path, { first_name: 'Renamed' })).first_name).toBe('Renamed');
        if (method === 'DELETE') {
          expect((await suite.operator.delete(path)).status).toBeLessThan(300);
          expect((await suite.operator.get(path)).status).toBe(404);
        }
      },
      ['udb-user'],
    ),
  ),
  named(
    'POST',
    'disablemfa',
    `${V1}/tenants/{id}/tenantusers/{uid}/disablemfa`,
    [USERS_LINE],
    async (suite) => {
      // An account without a second factor has nothing to reset: 409 (our choice), and no change.
      const acme = await suite.tenantId('acme');
      const info = ok(await suite.tenant.get('/api/userinfo'));
      expect(
        (await suite.operator.post(`${V1}/tenants/${acme}/tenantusers/${String(info.uid)}/disablemfa`))
          .status,
      ).toBe(409);
    },
  ),

  // Category overrides
  ...(['list', 'create', 'read', 'update', 'delete'] as const).map((op, i) =>
    named(
      (['GET', 'POST', 'GET', 'PUT', 'DELETE'] as const)[i],
      `Category overrides CRUD: ${op}`,
      op === 'list' || op === 'create' ? `${V1}/category_overrides` : `${V1}/category_overrides/{id}`,
      [
        line('Category overrides CRUD.'),
        acl(
          '§3 Category override',
          'url, category_ids, tenants (default empty list), submission_reference (default empty string), active.',
        ),
      ],
      async (suite) => {
        const url = `spec-${op}.example.com`;
        const created = ok(
          await suite.operator.post(`${V1}/category_overrides`, { url, category_ids: [12], active: true }),
          201,
        );
        expect(created).toMatchObject({
          url,
          category_ids: [12],
          active: true,
          ...CATEGORY_OVERRIDE_DEFAULTS,
        });
        expectFields(created, PROVIDER_ENTITY_FIELDS.categoryOverride);
        await checkEntity(
          suite,
          'category_overrides',
          'url',
          { url: `${url}.again`, category_ids: [3], active: false, tenants: [], submission_reference: 'ref' },
          PROVIDER_ENTITY_FIELDS.categoryOverride,
        );
      },
      ['entity-replace', 'provider-lists'],
    ),
  ),

  // Commands
  named('POST', 'disabletenant', `${V1}/tenants/{id}/disabletenant`, [COMMANDS], async (suite) => {
    const tid = await newTenant(suite);
    expect(ok(await suite.operator.post(`${V1}/tenants/${tid}/disabletenant`, {})).status).toBe('disabled');
  }),
  named('POST', 'renametenant {name}', `${V1}/tenants/{id}/renametenant`, [COMMANDS], async (suite) => {
    const tid = await newTenant(suite);
    expect(
      ok(await suite.operator.post(`${V1}/tenants/${tid}/renametenant`, { name: 'Spec Renamed' })).name,
    ).toBe('Spec Renamed');
    expectRefused(await suite.operator.post(`${V1}/tenants/${tid}/renametenant`, {}), 'name');
  }),
  named('POST', 'rolloutinit', `${V1}/tenants/{id}/rolloutinit`, [COMMANDS], async (suite) => {
    const tid = await newTenant(suite);
    // Without a rollout to join the command is refused naming it (our body: {rollout_id}).
    const answer = await suite.operator.post(`${V1}/tenants/${tid}/rolloutinit`, {
      rollout_id: 'no-such-rollout',
    });
    expect([400, 404, 409]).toContain(answer.status);
  }),
  named('POST', 'tenantpolicyinit', `${V1}/tenants/{id}/tenantpolicyinit`, [COMMANDS], async (suite) => {
    const tid = await newTenant(suite);
    const answer = await suite.operator.post(`${V1}/tenants/${tid}/tenantpolicyinit`, {
      template: 'no-such-template',
    });
    expect([400, 404]).toContain(answer.status);
  }),

  // Tenant groups, insights, inventory
  named(
    'ANY',
    'Tenantgroups',
    `${V1}/tenantgroups`,
    [
      line('Tenantgroups; insights queries and reports; inventory-management CRUD.'),
      entity('Tenant-group: groups with associations.'),
    ],
    async (suite) => {
      const acme = await suite.tenantId('acme');
      await checkEntity(
        suite,
        'tenantgroups',
        'group_id',
        { group_id: 'spec-group', name: 'Spec group', description: '', tenants: [acme] },
        ['group_id', 'tenants'],
        'tenant_groups',
      );
    },
    ['entity-replace', 'provider-lists'],
  ),
  named(
    'GET',
    'insights queries and reports',
    `${V1}/tenants/{id}/reports/top_domains`,
    [line('Tenantgroups; insights queries and reports; inventory-management CRUD.')],
    async (suite) => {
      const acme = await suite.tenantId('acme');
      const reply = ok(
        await suite.operator.get(`${V1}/tenants/${acme}/reports/top_domains`, { ...suite.range, limit: 5 }),
      );
      expect((reply.rows as unknown[]).length).toBeLessThanOrEqual(5);
    },
    ['report-reply'],
  ),
  named(
    'ANY',
    'inventory-management CRUD',
    `${V1}/inventory-management`,
    [line('Tenantgroups; insights queries and reports; inventory-management CRUD.')],
    async (suite) => {
      const item = {
        serial_number: 'SPEC-SN-1',
        item_type: 'virtual_appliance',
        model: 'Spec appliance',
        status: 'in_stock',
        tenant_name: '',
        location: 'Spec warehouse',
        note: '',
      };
      await checkEntity(suite, 'inventory-management', 'serial_number', item, Object.keys(item), 'inventory');
      expectRefused(
        await suite.operator.post(`${V1}/inventory-management`, { ...item, status: 'lost' }),
        'status',
      );
      const support = await suite.signInOperator('support@provider.example');
      expect((await support.post(`${V1}/inventory-management`, item)).status).toBe(403);
      expect((await suite.operator.get(`${V1}/inventory-management/${item.serial_number}`)).status).toBe(404);
    },
    ['entity-replace', 'provider-lists', 'inventory-item'],
  ),

  // Licence keys, features, versions (§3 entities)
  named(
    'ANY',
    'OVA keys',
    `${V1}/ova_keys`,
    [
      line('OVA keys, features, versions.'),
      entity(
        'OVA licence key: key_id, expires_at, tenant_name, license_type, does_not_expire, include_ga_supported, versions, note.',
      ),
    ],
    async (suite) => {
      for (const license_type of ENUMERATIONS.licenseType)
        await checkEntity(
          suite,
          'ova_keys',
          'key_id',
          {
            key_id: `spec-key-${license_type}`,
            expires_at: '2027-12-31',
            tenant_name: 'acme',
            license_type,
            does_not_expire: false,
            include_ga_supported: true,
            versions: ['5.0'],
            note: '',
          },
          PROVIDER_ENTITY_FIELDS.ovaKey,
        );
    },
    ['entity-replace', 'provider-lists'],
  ),
  named(
    'ANY',
    'Key features',
    `${V1}/ova_keys/{id}/features`,
    [entity('Key feature: feature_name, expires_at, does_not_expire.')],
    async (suite) => {
      ok(
        await suite.operator.post(`${V1}/ova_keys`, {
          key_id: 'spec-key-features',
          expires_at: '2027-12-31',
          tenant_name: 'acme',
          license_type: 'poc',
          does_not_expire: false,
          include_ga_supported: false,
          versions: [],
          note: '',
        }),
        201,
      );
      const path = `${V1}/ova_keys/spec-key-features/features`;
      ok(
        await suite.operator.put(path, {
          features: [{ feature_name: 'watermarking', expires_at: '2027-06-30', does_not_expire: false }],
        }),
      );
      const features = ok(await suite.operator.get(path)).features as unknown[];
      expect(features).toHaveLength(1);
      expectFields(features[0], PROVIDER_ENTITY_FIELDS.keyFeature);
    },
  ),
  named(
    'ANY',
    'Key SKUs',
    `${V1}/ova_keys/{id}/skus`,
    [entity('Key SKU: expires_at, sku.')],
    async (suite) => {
      ok(
        await suite.operator.post(`${V1}/ova_keys`, {
          key_id: 'spec-key-skus',
          expires_at: '2027-12-31',
          tenant_name: 'acme',
          license_type: 'customer',
          does_not_expire: true,
          include_ga_supported: false,
          versions: [],
          note: '',
        }),
        201,
      );
      const skus = ok(await suite.operator.get(`${V1}/skus`)).skus as Array<{ sku_id: string }>;
      const path = `${V1}/ova_keys/spec-key-skus/skus`;
      ok(await suite.operator.put(path, { skus: [{ sku: skus[0].sku_id, expires_at: '2027-06-30' }] }));
      expectFields((ok(await suite.operator.get(path)).skus as unknown[])[0], PROVIDER_ENTITY_FIELDS.keySku);
    },
  ),
  named(
    'ANY',
    'features',
    `${V1}/features`,
    [
      line('OVA keys, features, versions.'),
      entity(
        'SKU, feature and feature-SKU group. Features link to SKUs and groups. SKUs link to tenants and groups.',
      ),
    ],
    async (suite) => {
      await checkEntity(
        suite,
        'features',
        'feature_name',
        { feature_name: 'spec_feature', name: 'Spec feature', description: '' },
        ['feature_name'],
      );
    },
    ['entity-replace', 'provider-lists'],
  ),
  named(
    'ANY',
    'versions',
    `${V1}/ova_versions`,
    [
      line('OVA keys, features, versions.'),
      entity('OVA version: version_string, supported_version, ga_version, note.'),
    ],
    async (suite) => {
      await checkEntity(
        suite,
        'ova_versions',
        'version_string',
        { version_string: '9.9.9', supported_version: true, ga_version: false, note: '' },
        PROVIDER_ENTITY_FIELDS.ovaVersion,
      );
    },
    ['entity-replace', 'provider-lists'],
  ),
  named(
    'ANY',
    'SKUs',
    `${V1}/skus`,
    [
      entity(
        'SKU, feature and feature-SKU group. Features link to SKUs and groups. SKUs link to tenants and groups.',
      ),
    ],
    async (suite) => {
      await checkEntity(
        suite,
        'skus',
        'sku_id',
        { sku_id: 'spec-sku', name: 'Spec SKU', description: '', features: [] },
        ['sku_id'],
      );
    },
    ['entity-replace', 'provider-lists'],
  ),
  named(
    'ANY',
    'feature-SKU groups',
    `${V1}/feature_sku_groups`,
    [
      entity(
        'SKU, feature and feature-SKU group. Features link to SKUs and groups. SKUs link to tenants and groups.',
      ),
    ],
    async (suite) => {
      await checkEntity(
        suite,
        'feature_sku_groups',
        'group_id',
        { group_id: 'spec-fsg', name: 'Spec group', features: [], skus: [] },
        ['group_id'],
      );
    },
    ['entity-replace', 'provider-lists'],
  ),
  named(
    'ANY',
    'SKU incompatibilities',
    `${V1}/sku_incompatibilities`,
    [entity('SKU incompatibilities hold a list of skus.')],
    async (suite) => {
      const skus = (ok(await suite.operator.get(`${V1}/skus`)).skus as Array<{ sku_id: string }>).map(
        (s) => s.sku_id,
      );
      await checkEntity(
        suite,
        'sku_incompatibilities',
        'incompatibility_id',
        { incompatibility_id: 'spec-inc', skus: skus.slice(0, 2), note: '' },
        PROVIDER_ENTITY_FIELDS.skuIncompatibility,
      );
    },
    ['entity-replace', 'provider-lists'],
  ),

  // Deployments, pods, nodes, jobs
  named(
    'ANY',
    'Deployment',
    `${V1}/deployments`,
    [
      entity(
        'Deployment: deployment_id. Tenant deployment bulk move: tids (strings) and deployment. Default deployment: default_deployment. Custom host names per tenant.',
      ),
    ],
    async (suite) => {
      await checkEntity(
        suite,
        'deployments',
        'deployment_id',
        { deployment_id: 'spec-dep', name: 'Spec deployment', region: 'eu-central-1', note: '' },
        PROVIDER_ENTITY_FIELDS.deployment,
      );
    },
    ['entity-replace', 'provider-lists'],
  ),
  named(
    'POST',
    'Tenant deployment bulk move',
    `${V1}/tenant_deployments`,
    [
      entity(
        'Deployment: deployment_id. Tenant deployment bulk move: tids (strings) and deployment. Default deployment: default_deployment. Custom host names per tenant.',
      ),
    ],
    async (suite) => {
      const tid = await newTenant(suite);
      const deployments = ok(await suite.operator.get(`${V1}/deployments`)).deployments as Array<{
        deployment_id: string;
      }>;
      const reply = ok(
        await suite.operator.post(`${V1}/tenant_deployments`, {
          tids: [tid],
          deployment: deployments[0].deployment_id,
        }),
      );
      expect(reply.deployment).toBe(deployments[0].deployment_id);
    },
  ),
  named(
    'ANY',
    'Default deployment',
    `${V1}/default_deployment`,
    [
      entity(
        'Deployment: deployment_id. Tenant deployment bulk move: tids (strings) and deployment. Default deployment: default_deployment. Custom host names per tenant.',
      ),
    ],
    async (suite) => {
      const current = ok(await suite.operator.get(`${V1}/default_deployment`));
      expectFields(current, PROVIDER_ENTITY_FIELDS.defaultDeployment);
      ok(await suite.operator.put(`${V1}/default_deployment`, current));
    },
  ),
  named('GET', 'Ops/rollout deployments', `${V1}/ops/rollout/deployments`, [OPS], async (suite) => {
    ok(await suite.operator.get(`${V1}/ops/rollout/deployments`));
  }),
  named('GET', 'Ops/rollout tenants', `${V1}/ops/rollout/tenants`, [OPS], async (suite) => {
    ok(await suite.operator.get(`${V1}/ops/rollout/tenants`));
  }),
  named(
    'ANY',
    'pods',
    `${V1}/pods`,
    [OPS, entity('Pod configuration; nodes and gateways per pod; node state.')],
    async (suite) => {
      const deployments = ok(await suite.operator.get(`${V1}/deployments`)).deployments as Array<{
        deployment_id: string;
      }>;
      await checkEntity(
        suite,
        'pods',
        'pod_id',
        {
          pod_id: 'spec-pod',
          deployment: deployments[0].deployment_id,
          nodes: ['spec-node-1'],
          gateways: [],
          note: '',
        },
        ['pod_id', 'nodes', 'gateways'],
      );
    },
    ['entity-replace', 'provider-lists'],
  ),
  named(
    'GET',
    'nodes and node state per pod',
    `${V1}/pods/{id}/nodes`,
    [entity('Pod configuration; nodes and gateways per pod; node state.')],
    async (suite) => {
      const pods = ok(await suite.operator.get(`${V1}/pods`)).pods as Array<{ pod_id: string }>;
      expect(
        (ok(await suite.operator.get(`${V1}/pods/${pods[0].pod_id}/nodes`)).nodes as unknown[]).length,
      ).toBeGreaterThan(0);
    },
  ),
  named(
    'POST',
    'Node actions',
    `${V1}/pods/{id}/nodes/{node}/actions`,
    [
      acl('§4 States and transitions', 'Node actions: a diagnostics request, or a state change by name.'),
      acl('§3 Enumerations', 'node action: thaw, freeze, restart, diagnostics'),
    ],
    async (suite) => {
      // A pod of its own: a node with a job under way takes no other action.
      const deployments = ok(await suite.operator.get(`${V1}/deployments`)).deployments as Array<{
        deployment_id: string;
      }>;
      const pod = {
        pod_id: 'spec-action-pod',
        deployment: deployments[0].deployment_id,
        nodes: ['spec-action-node'],
        gateways: [],
        note: '',
      };
      ok(await suite.operator.post(`${V1}/pods`, pod), 201);
      const actions = `${V1}/pods/${pod.pod_id}/nodes/${pod.nodes[0]}/actions`;
      expectRefused(await suite.operator.post(actions, { action: 'reboot' }), 'action');
      const job = ok(await suite.operator.post(actions, { action: ENUMERATIONS.nodeAction[3] }), 202);
      expectFields(job, ['id', 'status']);
    },
    ['node-action-job'],
  ),
  named(
    'GET',
    'Job polling',
    `${V1}/jobs/{id}`,
    [
      acl(
        '§4 States and transitions',
        "Job polling: status finished is success. Status failed is an error using the reason, or 'job failure' when no reason. Any other status is polled again after 1 second.",
      ),
      acl('§3 Appliance and central manager entities', 'Job: id, status, reason, ok, cert.'),
    ],
    async (suite) => {
      const jobs = ok(await suite.operator.get(`${V1}/jobs`)).jobs as Array<{ id: string }>;
      for (const { id } of jobs) {
        const job = ok(await suite.operator.get(`${V1}/jobs/${id}`));
        expect(['pending', 'started', JOB_FINISHED, JOB_FAILED]).toContain(job.status);
      }
    },
    ['node-action-job'],
  ),
  named(
    'GET',
    'schema endpoints',
    `${V1}/schema_states`,
    [OPS, acl('§3 Enumerations', 'schema state: deprecated, ga, controlled, obsolete')],
    async (suite) => {
      const states = ok(await suite.operator.get(`${V1}/schema_states`)).states as Array<{ state: string }>;
      expect(states.map((s) => s.state).sort()).toEqual([...ENUMERATIONS.schemaState].sort());
    },
  ),
  named('GET', 'capability state', `${V1}/capability_states`, [OPS], async (suite) => {
    ok(await suite.operator.get(`${V1}/capability_states`));
  }),
  named(
    'ANY',
    'templates',
    `${V1}/templates`,
    [OPS, COMMANDS],
    async (suite) => {
      const documents = {
        'customization/web': {
          list: [{ page: 'block', enabled: true, title: 'Blocked', message: 'Call the service desk.' }],
        },
      };
      const template = { template_id: 'spec-template', title: 'Spec template', description: '', documents };
      await checkEntity(suite, 'templates', 'template_id', template, Object.keys(template), 'templates');
      expectRefused(
        await suite.operator.post(`${V1}/templates`, {
          ...template,
          documents: { 'customization/web': { list: 'none' } },
        }),
        'documents',
      );
      // tenantpolicyinit publishes a template the operator stored.
      ok(await suite.operator.post(`${V1}/templates`, template), 201);
      const tid = await newTenant(suite);
      const published = ok(
        await suite.operator.post(`${V1}/tenants/${tid}/tenantpolicyinit`, {
          template: template.template_id,
        }),
      );
      expect(published.changes).toEqual([expect.objectContaining({ item: 'customization/web' })]);
    },
    ['entity-replace', 'provider-lists', 'policy-templates'],
  ),
  named(
    'GET',
    'analytics summaries',
    `${V1}/analytics/summaries`,
    [OPS],
    async (suite) => {
      const all = ok(await suite.operator.get(`${V1}/analytics/summaries`, suite.range));
      const tenants = all.tenants as { tid: string; events: number; blocks: number; isolations: number }[];
      expect(tenants.length).toBeGreaterThan(0);
      const acme = await suite.tenantId('acme');
      const one = ok(await suite.operator.get(`${V1}/analytics/summaries`, { ...suite.range, tid: acme }));
      expect(one.tenants).toEqual(tenants.filter((t) => t.tid === acme));
      for (const t of tenants) expect(t.blocks + t.isolations).toBeLessThanOrEqual(t.events);
      expectRefused(
        await suite.operator.get(`${V1}/analytics/summaries`, {
          start: suite.range.end,
          end: suite.range.start,
        }),
        'start',
      );
      const support = await suite.signInOperator('support@provider.example');
      ok(await support.get(`${V1}/analytics/summaries`, suite.range));
    },
    ['analytics-summary'],
  ),
  named(
    'GET',
    'insights queries',
    `${V1}/tenants/{id}/insights`,
    [
      line('Tenantgroups; insights queries and reports; inventory-management CRUD.'),
      acl('§7 Reports', 'GET /api/insights/v1/q?q&src (default web; a bandwidth variant exists).'),
    ],
    async (suite) => {
      const acme = await suite.tenantId('acme');
      const support = await suite.signInOperator('support@provider.example');
      for (const src of [undefined, 'web', 'bandwidth']) {
        const reply = ok(
          await support.get(`${V1}/tenants/${acme}/insights`, { q: 'example', ...(src ? { src } : {}) }),
        );
        expect(reply.src).toBe(src ?? 'web');
      }
      expectRefused(await support.get(`${V1}/tenants/${acme}/insights`, {}), 'q');
    },
  ),
  named(
    'ANY',
    'reports regions',
    `${V1}/tenants/{id}/report_region`,
    [OPS],
    async (suite) => {
      const list = ok(await suite.operator.get(`${V1}/ops/report_regions`));
      const regions = (list.regions as { region: string }[]).map((r) => r.region);
      expect(regions.length).toBeGreaterThan(0);
      const tid = await newTenant(suite);
      const path = `${V1}/tenants/${tid}/report_region`;
      const before = ok(await suite.operator.get(path));
      const to = regions.find((r) => r !== before.report_region) ?? regions[0];
      const dry = ok(await suite.operator.put(path, { report_region: to, dry_run: true }));
      expect(dry.dry_run).toBe(true);
      expect(ok(await suite.operator.get(path))).toEqual(before);
      ok(await suite.operator.put(path, { report_region: to }));
      expect(ok(await suite.operator.get(path)).report_region).toBe(to);
      expectRefused(await suite.operator.put(path, { report_region: 'no-such-region' }), 'report_region');
    },
    ['report-regions'],
  ),
  named(
    'ANY',
    'ra pre-filter',
    `${V1}/ra_prefilter`,
    [OPS],
    async (suite) => {
      const entry = {
        entry_id: 'spec-ra-1',
        match_type: 'cidr',
        value: '192.0.2.0/24',
        action: 'block',
        tenants: [],
        active: true,
        note: '',
      };
      await checkEntity(suite, 'ra_prefilter', 'entry_id', entry, Object.keys(entry), 'ra_prefilter');
      expectRefused(
        await suite.operator.post(`${V1}/ra_prefilter`, { ...entry, value: '192.0.2.0/40' }),
        'value',
      );
      expectRefused(
        await suite.operator.post(`${V1}/ra_prefilter`, {
          ...entry,
          match_type: 'domain',
          value: 'not a domain',
        }),
        'value',
      );
      const support = await suite.signInOperator('support@provider.example');
      expect((await support.post(`${V1}/ra_prefilter`, entry)).status).toBe(403);
    },
    ['entity-replace', 'provider-lists', 'ra-prefilter-entry'],
  ),
  named(
    'ANY',
    'quota',
    `${V1}/quota`,
    [OPS],
    async (suite) => {
      const tid = await newTenant(suite);
      const list = ok(await suite.operator.get(`${V1}/quota`));
      const row = (list.quota as Array<Record<string, unknown>>).find((q) => q.tid === tid);
      expectFields(row ?? {}, ['tid', 'name', 'limits', 'use', 'over']);
      const limits = { ...(row?.limits as Record<string, number>), administrators: 0 };
      const saved = ok(await suite.operator.put(`${V1}/quota/${tid}`, { limits }));
      expect(saved.limits).toEqual(limits);
      // A new tenant uses nothing yet: a limit of none is not passed.
      expect(saved.over).toEqual([]);
      expectRefused(
        await suite.operator.put(`${V1}/quota/${tid}`, { limits: { ...limits, users: -1 } }),
        'limits.users',
      );
      const support = await suite.signInOperator('support@provider.example');
      expect((await support.put(`${V1}/quota/${tid}`, { limits })).status).toBe(403);
      ok(await support.get(`${V1}/quota/${tid}`));
    },
    ['tenant-quota'],
  ),
  named(
    'ANY',
    'pac',
    `${V1}/pac`,
    [OPS],
    async (suite) => {
      const file =
        'function FindProxyForURL(url, host) {\n  return "PROXY spec-gw.example:3128; DIRECT";\n}\n';
      const before = ok(await suite.operator.get(`${V1}/pac`));
      expectFields(before, ['pac', 'filename']);
      const saved = ok(
        await suite.operator.put(`${V1}/pac`, {
          pac: file,
          filename: 'spec.pac',
          updated_at: before.updated_at,
        }),
      );
      expect(saved).toMatchObject({ pac: file, filename: 'spec.pac' });
      expectRefused(
        await suite.operator.put(`${V1}/pac`, { pac: 'function (', filename: 'spec.pac' }),
        'pac',
      );
      const tested = ok(
        await suite.operator.post(`${V1}/pac/test`, {
          url: 'https://www.example.com/',
          client_ip: '10.0.0.1',
        }),
      );
      expect(tested.result).toBe('PROXY spec-gw.example:3128; DIRECT');
      const support = await suite.signInOperator('support@provider.example');
      expect((await support.put(`${V1}/pac`, { pac: file, filename: 'spec.pac' })).status).toBe(403);
    },
    ['provider-pac'],
  ),
];
