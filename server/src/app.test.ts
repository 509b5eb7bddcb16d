import { POLICY_BY_OPTION_ROUTES } from '@workbench/common/api/contract/policyOptions';
import { APPROVAL_PATHS } from '@workbench/common/api/contract/publishApproval';
import { ALERT_PATHS } from '@workbench/common/api/contract/alerts';
import { BOARD_PATHS } from '@workbench/common/api/contract/customDashboards';
import { STREAMING_PATHS } from '@workbench/common/api/contract/streaming';
import { TS_CLIENT_PROFILE_PATH } from '@workbench/common/api/contract/tsClientProfile';
import { TERMS_PATH } from '@workbench/common/api/contract/terms';
import {
  TENANT_SETTINGS_REGISTRY,
  type SettingsListDef,
} from '@workbench/common/api/contract/tenantSettings';
import { PAC_PATHS } from '@workbench/common/api/contract/pacSettings';
import { ADMIN_PATHS, RBAC_PATHS } from '@workbench/common/api/contract/administrators';
import { USERINFO_V2_PATH } from '@workbench/common/api/contract/userInfoV2';
import { EXTENSIONS_PATHS } from '@workbench/common/api/contract/extensions';
import { SAFEMAIL_WHITELIST_PATHS } from '@workbench/common/api/contract/safemailWhitelist';
import { CASB_EGRESS_PATHS } from '@workbench/common/api/contract/casbEgress';
import {
  POLICY_KINDS,
  POLICY_KIND_REGISTRY,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import {
  POLICY_MIGRATION_PATHS,
  POLICY_REFERENCE_NAMES,
  POLICY_REFERENCE_REGISTRY,
} from '@workbench/common/api/contract/policyReference';
import { POLICY_PATHS } from '@workbench/common/api/contract/policy';
import {
  PROVIDER_ENTITIES,
  PROVIDER_ENTITY_REGISTRY,
  type ProviderEntityDef,
} from '@workbench/common/api/contract/providerEntities';
import {
  TENANT_DOCUMENT_NAMES,
  TENANT_TOKEN_LIST_NAMES,
  TENANTS_PATH,
} from '@workbench/common/api/contract/providerTenants';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { INJECTED_ENV_MARKER } from '@workbench/common/api/contract/wire';
import { SIGN_IN_SETTINGS_PATHS } from '@workbench/common/api/contract/signInSettings';
import { API_TOKENS_PATHS } from '@workbench/common/api/contract/apiTokens';
import { MULTI_TENANT_PATHS } from '@workbench/common/api/contract/multiTenant';
import { DEMO_PASSWORD_NOTICE } from './seed/demoSeed';
import { tenantSessionOf } from './http/guard';
import { signIn, startTestServer, type TestServer } from './testing/testServer';
import { compilePendingSchemas } from './app';
import { envScript } from './static/staticApps';
import {
  SETTINGS_DOCUMENTS,
  SETTINGS_UTILITY_PATHS,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import { FORENSICS_PATHS } from '@workbench/common/api/contract/settings-lists/forensicsProfiles';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

test('GET /healthz answers 200 {status: ok} with the config store checked', async () => {
  server = await startTestServer();
  const r = await server.call('/healthz');
  expect(r.status).toBe(200);
  expect(await r.json()).toMatchObject({ status: 'ok', checks: [{ store: 'config', status: 'ok' }] });
});

test('an unknown /api or /gdmanage path is a 404 ApiError in JSON', async () => {
  server = await startTestServer();
  const admin = await signIn(server, 'admin@acme.example');
  for (const [method, url] of [
    ['GET', '/api/nothing/here'],
    ['POST', '/api/nothing/here'],
    ['GET', '/gdmanage/api/v9/nothing'],
  ]) {
    const r = await server.call(url, { method, jar: admin.jar, body: method === 'POST' ? {} : undefined });
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(await r.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  }
});

test('API replies carry no-store cache headers', async () => {
  server = await startTestServer();
  const r = await server.call('/api/userinfo');
  expect(r.headers.get('cache-control')).toMatch(/no-store/);
});

test('malformed JSON is a 400 ApiError', async () => {
  server = await startTestServer();
  const r = await fetch(`${server.url}/api/auth/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"username":',
  });
  expect(r.status).toBe(400);
  expect(await r.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'body' });
});

test('/openapi.json lists every API route with tags and a summary', async () => {
  server = await startTestServer();
  const spec = (await (await server.call('/openapi.json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
  };
  const expected = [
    ['post', '/api/auth/v1/auth_params'],
    ['post', '/api/auth/v1/login'],
    ['get', '/api/auth/v1/logout'],
    ['post', '/api/auth/v1/cookie_refresh'],
    ['post', '/api/auth/v1/change_password'],
    ['post', '/api/auth/v1/login/mfa'],
    ['get', '/api/auth/v1/mfa'],
    ['post', '/api/auth/v1/mfa/enrol'],
    ['post', '/api/auth/v1/mfa/confirm'],
    ['post', '/api/auth/v1/mfa/disable'],
    ['get', '/api/auth/v1/mfa/users'],
    ['post', '/api/v1/login/mfa'],
    ['get', '/api/userinfo'],
    ['post', '/api/v1/login'],
    ['get', '/api/v1/logout'],
    ['get', '/api/v1/userinfo'],
    ['get', '/api/v1/cookie_refresh'],
    ['get', '/api/policy/v1/portal_version'],
    ['put', '/api/policy/v1/portal_version'],
    ['get', '/api/policy/v1/rules'],
    ['post', '/api/policy/v1/rules/{rev}'],
    ['get', '/api/policy/v1/rules/portal_note/{rev}'],
    ['put', '/api/policy/v1/rules/portal_note/{rev}'],
    ['get', '/api/policy/v1/rules/risks/{rev}'],
    ['put', '/api/policy/v1/rules/risks/{rev}'],
    // The DLP editor's reads of other areas' lists, and the SSL bypass lists (docs/policy.md §6, §8).
    ['get', '/api/policy/v1/rules/dlp/mpa/application_list/{rev}'],
    ['get', '/api/policy/v1/rules/dlp/casb/app_rules/{rev}'],
    ['get', '/api/policy/v1/rules/dlp/casb/profiles/{rev}'],
    ['get', '/api/policy/v2/rules/sslbump_lists/{rev}'],
    // Policy by option (docs/policy.md §5).
    ['get', '/api/policy/v1/rules/categories/{rev}'],
    ['put', '/api/policy/v3/rules/exceptions/{rev}'],
    ['post', '/login/'],
    ['post', '/idp/token'],
    ['get', '/gdmanage/api/oauth/login'],
    ['get', '/gdmanage/api/v1/session_cookie'],
    ['get', '/gdmanage/api/me'],
    ['post', '/gdmanage/api/v1/session/extendkey'],
    ['get', '/gdmanage/api/v1/session/logout'],
    ['get', '/gdmanage/api/v1/tenants'],
    ['get', '/gdmanage/api/v1/skus'],
    ['post', '/gdmanage/api/v1/skus'],
    ['get', '/gdmanage/api/v1/skus/{id}'],
    ['put', '/gdmanage/api/v1/skus/{id}'],
    ['delete', '/gdmanage/api/v1/skus/{id}'],
    ['get', '/healthz'],
    ['get', '/api/udb-rest/v1/domains'],
    ['get', '/api/udb-rest/v1/domains/{full}'],
    ['get', '/api/udb-rest/v1/usernames'],
    ['get', '/api/udb-rest/v2/users'],
    ['post', '/api/udb-rest/v2/users'],
    ['get', '/api/udb-rest/v2/users/{id}'],
    ['patch', '/api/udb-rest/v2/users/{id}'],
    ['delete', '/api/udb-rest/v2/users/{id}'],
    ['post', '/api/udb-rest/v2/tenants/bulkusercreate'],
    ['put', '/api/udb-rest/v2/tenants/bulkusermodify'],
    ['post', '/api/udb-rest/v2/tenants/bulkuserdelete'],
    ['post', '/api/udb-rest/v2/reset_password'],
    ['get', '/api/udb-rest/v2/tenants'],
    ['get', '/api/rep/v1/saved_searches'],
    ['post', '/api/rep/v1/saved_searches'],
    ['delete', '/api/rep/v1/saved_searches/{id}'],
    // Contact Us (issue 34 points 7, 8; docs/contact.md): the message, its list and status in the
    // console, the connectivity test's calls and test sites.
    ['post', '/api/policy/contact_form'],
    ['get', '/gdmanage/api/v1/contact_messages'],
    ['put', '/gdmanage/api/v1/contact_messages/{id}/status'],
    ['get', '/connectivity/manager/sites'],
    ['get', '/connectivity/manager/results'],
    ['post', '/connectivity/manager/results'],
    ['post', '/safeview-auth-server/login'],
    ['get', '/connectivity/site/{id}/status'],
    // Report regions (docs/provider-console.md §14): the regions, a tenant's, and its change.
    ['get', '/gdmanage/api/v1/ops/report_regions'],
    ['get', '/gdmanage/api/v1/tenants/{id}/report_region'],
    ['put', '/gdmanage/api/v1/tenants/{id}/report_region'],
    // The Browser Posture Manager (docs/browser-posture.md).
    ...[
      ['get', 'configPolicies'],
      ['post', 'configPolicies'],
      ['patch', 'configPolicies'],
      ['delete', 'configPolicies'],
      ['post', 'configPolicies/batchDelete'],
      ['get', 'configPolicies/export'],
      ['post', 'configPolicies/inputPolicy'],
      ['post', 'configPolicies/assess'],
      ['post', 'configPolicies/assess/{id}'],
      ['post', 'configPolicies/reassess/{id}'],
      ['get', 'configPolicies/assessments'],
      ['get', 'configPolicies/assessments/{id}'],
      ['put', 'configPolicies/assessments/{id}/reviewStatus'],
      ['get', 'configSettingDefinitions'],
      ['get', 'benchmarkPolicies'],
    ].map(([method, path]) => [method, `/api/brw-posture-mgmt/v1/${path}`]),
    // Which extensions this server serves, per world (docs/api.md).
    ['get', EXTENSIONS_PATHS.tenant],
    ['get', EXTENSIONS_PATHS.provider],
  ];
  for (const [method, url] of expected) {
    const op = spec.paths[url]?.[method];
    expect({ url, method, tags: op?.tags?.length ?? 0, summary: Boolean(op?.summary) }).toEqual({
      url,
      method,
      tags: 1,
      summary: true,
    });
  }
  const put = spec.paths['/api/policy/v1/portal_version'].put as {
    description?: string;
    security?: unknown[];
  };
  expect(put.description).toContain('Permission: settings:portal:write.');
  // A settings route is a session's alone (no token scope opens it); the user database is open to
  // a token of the users area, a session-only route to no token (docs/api-tokens.md).
  expect(put.security).toEqual([{ tenantSession: [] }]);
  const securityOf = (url: string, method: string) =>
    (spec.paths[url]?.[method] as { security?: unknown[] } | undefined)?.security;
  expect(securityOf('/api/udb-rest/v2/users', 'get')).toEqual([{ tenantSession: [] }, { apiToken: [] }]);
  expect(securityOf('/api/auth/v1/change_password', 'post')).toEqual([{ tenantSession: [] }]);
  // Beside the routes above: the rows of the policy registries (each row's own tests in
  // registries.test.ts and server/src/policy/) and the revision routes built beside them.
  const generated = [
    ...POLICY_KINDS.flatMap((k) => {
      const def: PolicyKindDef = POLICY_KIND_REGISTRY[k];
      return [def.path, ...(def.writePath ? [def.writePath] : [])];
    }),
    ...POLICY_REFERENCE_NAMES.map((n) => POLICY_REFERENCE_REGISTRY[n].path),
    // Policy by option: the options' kinds at their option paths (policyByOption.test.ts).
    ...POLICY_BY_OPTION_ROUTES.map((r) => r.path),
    ...Object.values(POLICY_MIGRATION_PATHS),
    POLICY_PATHS.revisions,
    POLICY_PATHS.diff,
    POLICY_PATHS.tester,
    POLICY_PATHS.discard('{rev}'),
    POLICY_PATHS.rollback('{rev}'),
    // The policy pages' calls beside the kinds (issue 13).
    ...Object.values(SAFEMAIL_WHITELIST_PATHS),
    // (the discovered apps and their insights are the events plugin's, as the logs routes are)
    CASB_EGRESS_PATHS.validateDdlDomains,
    CASB_EGRESS_PATHS.egressControl,
    CASB_EGRESS_PATHS.headerBlocklist,
    // The provider console (issue 14; each checked by its own table-driven tests and the
    // authorisation matrix): the entity registry's rows with their sub-resources, the tenant's
    // documents and token lists, and the routes beside them.
    ...PROVIDER_ENTITIES.flatMap((e) => {
      const def: ProviderEntityDef = PROVIDER_ENTITY_REGISTRY[e];
      return [
        def.path,
        `${def.path}/{id}`,
        ...(def.subResources ?? []).map((r) => `${def.path}/{id}/${r.name}`),
      ];
    }),
    ...TENANT_DOCUMENT_NAMES.map((n) => `${TENANTS_PATH}/{id}/${n}`),
    ...TENANT_TOKEN_LIST_NAMES.flatMap((n) => [
      `${TENANTS_PATH}/{id}/${n}`,
      `${TENANTS_PATH}/{id}/${n}/{token_id}`,
    ]),
    ...['v1', 'v2', 'v3'].map((v) => `/gdmanage/api/${v}/tenants/{id}/revisions`),
    // Beside the registries: deployments, pods and jobs, the tenant's commands, administrators, capabilities, SKUs,
    // policy, users and RBAC list, and the staged rollouts (rollouts.test.ts).
    '/gdmanage/api/v1/default_deployment',
    '/gdmanage/api/v1/jobs',
    '/gdmanage/api/v1/jobs/{id}',
    '/gdmanage/api/v1/pods/{id}/nodes',
    '/gdmanage/api/v1/pods/{id}/nodes/{node}/actions',
    '/gdmanage/api/v1/tenant_deployments',
    '/gdmanage/api/v1/tenants/{id}',
    '/gdmanage/api/v1/tenants/{id}/admins',
    '/gdmanage/api/v1/tenants/{id}/capabilities',
    '/gdmanage/api/v1/tenants/{id}/disabletenant',
    '/gdmanage/api/v1/tenants/{id}/policy',
    '/gdmanage/api/v1/tenants/{id}/reenable',
    '/gdmanage/api/v1/tenants/{id}/renametenant',
    '/gdmanage/api/v1/tenants/{id}/skus',
    '/gdmanage/api/v1/tenants/{id}/tenantusers',
    '/gdmanage/api/v1/tenants/{id}/tenantusers/bulk',
    '/gdmanage/api/v1/tenants/{id}/tenantusers/{uid}',
    '/gdmanage/api/v1/tenants/{id}/tenantusers/{uid}/disablemfa',
    '/gdmanage/api/v1/tenants/{id}/tenantusers/{uid}/resetpassword',
    '/gdmanage/api/v1/tenants/{id}/mfa/users',
    // What changed between two of a tenant's revisions (the console's revision opened from a change marker).
    '/gdmanage/api/v1/tenants/{id}/revisions/diff',
    '/gdmanage/api/v1/tenants/{id}/rbac',
    '/gdmanage/api/v1/tenants/{id}/rolloutinit',
    '/gdmanage/api/v1/tenants/{id}/tenantpolicyinit',
    '/gdmanage/api/v1/ops/rollouts',
    '/gdmanage/api/v1/ops/rollouts/preview',
    '/gdmanage/api/v1/ops/rollouts/{id}',
    '/gdmanage/api/v1/ops/rollouts/{id}/preview',
    '/gdmanage/api/v1/ops/rollouts/{id}/start',
    '/gdmanage/api/v1/ops/rollouts/{id}/stop',
    '/gdmanage/api/v1/ops/rollouts/{id}/resume',
    '/gdmanage/api/v1/ops/rollouts/{id}/rollback',
    '/gdmanage/api/v1/ops/rollout/deployments',
    '/gdmanage/api/v1/ops/rollout/tenants',
    '/gdmanage/api/v1/schema_states',
    '/gdmanage/api/v1/capability_states',
    '/gdmanage/api/v1/capability_states/{capability}',
    // Tenant quota (issue 37, docs/provider-console.md §11).
    '/gdmanage/api/v1/quota',
    '/gdmanage/api/v1/quota/{id}',
    // The provider's default PAC file (issue 37, docs/provider-console.md §12).
    '/gdmanage/api/v1/pac',
    '/gdmanage/api/v1/pac/test',
    // Settings I (issue 33): the sign-in settings and the tenant's API tokens.
    ...Object.values(SIGN_IN_SETTINGS_PATHS),
    API_TOKENS_PATHS.list,
    API_TOKENS_PATHS.oneRoute.replace(':id', '{id}'),
    TERMS_PATH,
    // Settings II (issue 34): the settings lists, each row's path and its validate and capabilities.
    ...Object.values(TENANT_SETTINGS_REGISTRY).flatMap((def: SettingsListDef) => [
      def.path,
      ...(def.validate ? [`${def.path}/validate`] : []),
      ...(def.capabilities ? [`${def.path}/capabilities`] : []),
      ...(def.export ? [def.export.path] : []),
    ]),
    TS_CLIENT_PROFILE_PATH,
    // The forensics profiles' status and viewer beside their list (docs/settings.md §3).
    ...Object.values(FORENSICS_PATHS),
    // Settings II (issue 34 point 2): PAC files (the served file is outside /api).
    ...Object.values(PAC_PATHS),
    // Settings II (issue 34): the settings documents (Network and General; Web and Safemail)
    // and the utility reads beside them.
    ...Object.values(SETTINGS_DOCUMENTS).map((def) => def.path),
    SETTINGS_UTILITY_PATHS.userIp,
    SETTINGS_UTILITY_PATHS.publicIps,
    ...[SETTINGS_UTILITY_PATHS.settingRoute, SETTINGS_UTILITY_PATHS.capabilityRoute].map((p) =>
      p.replace(/:(\w+)/g, '{$1}'),
    ),
    // Settings I (issue 33): administrators, roles, the two-factor reset, the encrypted user info.
    ...[...Object.values(ADMIN_PATHS), ...Object.values(RBAC_PATHS), USERINFO_V2_PATH]
      .filter((p): p is string => typeof p === 'string')
      .map((p) => p.replace(/:(\w+)/g, '{$1}')),
    // Settings I (issue 33 point 7): the multi-tenant associations.
    MULTI_TENANT_PATHS.info,
    MULTI_TENANT_PATHS.associationRoute.replace(':id', '{id}'),
    // Two-person approval of publishes (issue 41, docs/policy-impact.md).
    APPROVAL_PATHS.list,
    APPROVAL_PATHS.approve('{id}'),
    APPROVAL_PATHS.reject('{id}'),
    // Alerts and notifications (issue 40, docs/alerts.md): the patterns of ALERT_PATHS.
    ...(Object.values(ALERT_PATHS) as unknown[])
      .filter((p): p is string => typeof p === 'string')
      .map((p) => p.replace(/:(\w+)/g, '{$1}')),
    // Log streaming to a SIEM (issue 40 point 3, docs/streaming.md): the patterns of STREAMING_PATHS.
    ...(Object.values(STREAMING_PATHS) as unknown[])
      .filter((p): p is string => typeof p === 'string')
      .map((p) => p.replace(/:(\w+)/g, '{$1}')),
    // Dashboards people build (issue 41 points 4, 5, docs/dashboards.md).
    BOARD_PATHS.list,
    `${BOARD_PATHS.list}/{id}`,
    BOARD_PATHS.startBoard,
  ];
  const apiPaths = Object.keys(spec.paths).filter((p) => /^\/(api|gdmanage|idp)\//.test(p));
  expect(apiPaths.sort()).toEqual(
    [
      ...new Set(
        [...expected.map(([, p]) => p), ...generated].filter((p) => /^\/(api|gdmanage|idp)\//.test(p)),
      ),
    ].sort(),
  );
});

test('the API documentation page is served at /docs/api from the package (no network)', async () => {
  server = await startTestServer();
  const r = await fetch(`${server.url}/docs/api/`, { redirect: 'follow' });
  expect(r.status).toBe(200);
  expect(await r.text()).toMatch(/swagger/i);
});

test('data survives a restart: the session and a staged note are still there', async () => {
  server = await startTestServer();
  const admin = await signIn(server, 'admin@acme.example');
  const rev = (await (await server.call('/api/policy/v1/rules', { jar: admin.jar })).json()) as Record<
    string,
    unknown
  >;
  const saved = await server.call('/api/policy/v1/rules/portal_note/1', {
    method: 'PUT',
    jar: admin.jar,
    body: { ...rev, data: { note: 'kept across restarts' } },
  });
  expect(saved.status).toBe(200);
  server = await server.restart();
  expect((await server.call('/api/userinfo', { jar: admin.jar })).status).toBe(200);
  const note = await server.call('/api/policy/v1/rules/portal_note/2', { jar: admin.jar });
  expect(await note.json()).toEqual({ rev_id: 2, note: 'kept across restarts' });
  expect(await (await server.call('/api/policy/v1/rules', { jar: admin.jar })).json()).toMatchObject({
    state: 'staged',
  });
});

test('without a demo password one is generated, printed once, and works; a second start prints nothing', async () => {
  const lines: string[] = [];
  server = await startTestServer({ demoPassword: undefined, print: (l) => lines.push(l) });
  expect(lines).toHaveLength(1);
  expect(lines[0].startsWith(DEMO_PASSWORD_NOTICE)).toBe(true);
  const password = lines[0].slice(DEMO_PASSWORD_NOTICE.length);
  expect(password.length).toBeGreaterThanOrEqual(16);
  await signIn(server, 'logs@acme.example', password);
  server = await server.restart({ print: (l) => lines.push(l) });
  expect(lines).toHaveLength(1);
  await signIn(server, 'admin@globex.example', password);
});

test('plugins given to buildServer add routes guarded by one route option', async () => {
  const extra: FastifyPluginAsync = async (app) => {
    app.get(
      '/api/extra/v1/whoami',
      { config: { world: 'tenant', permission: 'logs:dlp:read' } },
      async (request) => ({ tid: tenantSessionOf(request).tid }),
    );
  };
  server = await startTestServer({ plugins: [extra] });
  const admin = await signIn(server, 'admin@acme.example');
  const auditor = await signIn(server, 'auditor@acme.example');
  expect((await server.call('/api/extra/v1/whoami')).status).toBe(401);
  expect((await server.call('/api/extra/v1/whoami', { jar: auditor.jar })).status).toBe(403);
  const r = await server.call('/api/extra/v1/whoami', { jar: admin.jar });
  expect(r.status).toBe(200);
});

test('a server error is a 500 JSON reply with a message and no stack', async () => {
  const failing: FastifyPluginAsync = async (app) => {
    app.get('/api/failing', { config: { world: 'public' } }, async () => {
      throw new Error('secret internals at /srv/x.ts:12');
    });
  };
  server = await startTestServer({ plugins: [failing] });
  const r = await server.call('/api/failing');
  expect(r.status).toBe(500);
  const text = await r.text();
  expect(JSON.parse(text)).toEqual({
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'Internal server error.',
  });
  expect(text).not.toContain('secret');
});

test('an API route that does not declare its world is refused at start', async () => {
  const undeclared: FastifyPluginAsync = async (app) => {
    app.get('/api/undeclared', async () => ({}));
  };
  await expect(startTestServer({ plugins: [undeclared] })).rejects.toThrow(/must declare config.world/);
});

test('every route schema compiles (they compile on first use; this is what a start checked before)', async () => {
  server = await startTestServer();
  // Hundreds of validators and serializers were handed out uncompiled; none fails to compile.
  expect(compilePendingSchemas()).toBeGreaterThan(300);
  expect(compilePendingSchemas()).toBe(0);
});

test('a schema that does not compile is named with its route by compilePendingSchemas', async () => {
  const broken: FastifyPluginAsync = async (app) => {
    app.post(
      '/api/broken-schema',
      {
        config: { world: 'public' },
        schema: { body: { type: 'object', properties: { n: { type: 'nonsense' } } } },
      },
      async () => ({}),
    );
  };
  compilePendingSchemas();
  server = await startTestServer({ plugins: [broken] });
  expect(() => compilePendingSchemas()).toThrow(
    /The schema of POST \/api\/broken-schema body does not compile/,
  );
});

test('a deferred validator answers its first and later calls as a compiled one: errors, coercion, bounds', async () => {
  const echo: FastifyPluginAsync = async (app) => {
    app.post(
      '/api/echo/:n',
      {
        config: { world: 'public' },
        schema: {
          params: {
            type: 'object',
            properties: { n: { type: 'integer', minimum: 1, maximum: 1000 } },
            required: ['n'],
          },
          body: {
            type: 'object',
            properties: { flag: { type: 'boolean' } },
            required: ['flag'],
            additionalProperties: false,
          },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (request) => ({ n: (request.params as { n: number }).n, hidden: 'not serialized' }),
    );
  };
  server = await startTestServer({ plugins: [echo] });
  for (let i = 0; i < 2; i++) {
    const bad = await server.call('/api/echo/2', { method: 'POST', body: { flag: 'true' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.stringMatching(/flag/) });
    expect((await server.call('/api/echo/0', { method: 'POST', body: { flag: true } })).status).toBe(400);
    expect((await server.call('/api/echo/Infinity', { method: 'POST', body: { flag: true } })).status).toBe(
      400,
    );
    const good = await server.call('/api/echo/3', { method: 'POST', body: { flag: true } });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ n: 3 });
  }
});

test('the env script escapes < so no value can close the script tag', () => {
  const env = {
    deployment: 'ec2',
    mode: null,
    inactivityTimeoutDays: 0.042,
    apiTimeoutMs: 1,
    extra: '</script><script>alert(1)',
  };
  const script = envScript(env as never);
  expect(script.match(/<\//g)).toHaveLength(1);
  expect(script).toContain('\\u003c/script>');
});

describe('static apps', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-static-'));
  });

  test('index.html gets the environment injected (with < escaped) and no-cache; hashed assets a long cache', async () => {
    write(
      'tenant-portal/dist/index.html',
      `<html><head>${INJECTED_ENV_MARKER}</head><body>portal</body></html>`,
    );
    write(
      'tenant-portal/dist/login/index.html',
      `<html><head>${INJECTED_ENV_MARKER}</head><body>login</body></html>`,
    );
    write('tenant-portal/dist/assets/app-abc123.js', 'console.log(1)');
    fs.writeFileSync(
      path.join(root, 'tenant-portal/dist/assets/app-abc123.js.gz'),
      gzipSync('console.log(1)'),
    );
    fs.writeFileSync(
      path.join(root, 'tenant-portal/dist/assets/app-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    write(
      'provider-console/dist/index.html',
      `<html><head>${INJECTED_ENV_MARKER}</head><body>console</body></html>`,
    );
    server = await startTestServer({
      staticRoot: root,
      deployment: 'on_prem',
      mode: 'management_station',
      inactivityTimeoutDays: 0.5,
    });
    const index = await server.call('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    expect(html).toContain(
      '<script>window.__WORKBENCH_ENV__={"deployment":"on_prem","mode":"management_station","inactivityTimeoutDays":0.5,"apiTimeoutMs":30000,"insightsUrl":null}</script>',
    );
    expect(html).not.toContain(INJECTED_ENV_MARKER);
    expect(await (await server.call('/login/')).text()).toContain('login');
    expect(await (await server.call('/provider/')).text()).toContain('console');
    const asset = await server.call('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000/);
    // The build's compressed copy when the browser takes it (fetch unpacks it), the file otherwise.
    const packed = await server.call('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect([packed.headers.get('content-encoding'), packed.headers.get('vary')?.toLowerCase()]).toEqual([
      'gzip',
      'accept-encoding',
    ]);
    expect(await packed.text()).toBe('console.log(1)');
    // Brotli first when the browser takes it (Chromium sends this header).
    const br = await server.call('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect([br.headers.get('content-encoding'), await br.text()]).toEqual(['br', 'console.log(1)']);
    const plain = await server.call('/assets/app-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect([plain.headers.get('content-encoding'), await plain.text()]).toEqual([null, 'console.log(1)']);
    expect((await server.call('/assets/missing.js')).status).toBe(404);
    expect((await server.call('/..%2f..%2fetc/passwd')).status).toBe(404);
  });

  test('a missing build answers 503 telling to run npm run build', async () => {
    write('tenant-portal/dist/index.html', `<html>${INJECTED_ENV_MARKER}</html>`);
    server = await startTestServer({ staticRoot: root });
    const r = await server.call('/provider/');
    expect(r.status).toBe(503);
    expect(await r.text()).toContain('npm run build');
    expect((await server.call('/')).status).toBe(200);
  });
});
