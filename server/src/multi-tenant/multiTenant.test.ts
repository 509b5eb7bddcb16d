/**
 * Multi-tenant associations over real HTTP (issue 33 point 7): the seeded parent tenant's pending
 * request to acme, its approval (audited with before and after), bad input, permissions, another
 * tenant's association, API tokens; and how a parent's publish reaches its child
 * (docs/policy.md §11): the child reads the parent's published global rules while the
 * association is active, and "nothing set" while it is pending or after it ended.
 */
import { API_TOKENS_PATHS, type ApiTokenCreated } from '@workbench/common/api/contract/apiTokens';
import { DEMO_PARENT_TENANT } from '@workbench/common/api/contract/demo';
import {
  MULTI_TENANT_MESSAGES,
  MULTI_TENANT_PATHS,
  type MultiTenantInfo,
  type PrimaryAssociation,
} from '@workbench/common/api/contract/multiTenant';
import { policyDocPath, type PolicyKind } from '@workbench/common/api/contract/policyKinds';
import type { Revision } from '@workbench/common/api/contract/policy';
import { DEMO_PARENT_GLOBAL_RULES } from '../seed/demoParentTenant';
import { startAuditedTestServer, type AuditedTestServer } from '../testing/auditedTestServer';
import { signIn, type SignedIn, type TestServer } from '../testing/testServer';

jest.setTimeout(120_000);

let audited: AuditedTestServer;
let server: TestServer;
let acme: SignedIn;
let auditor: SignedIn;
let globex: SignedIn;
let parent: SignedIn;

beforeAll(async () => {
  audited = await startAuditedTestServer('multi-tenant-');
  server = audited.server;
  acme = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
  globex = await signIn(server, 'admin@globex.example');
  parent = await signIn(server, DEMO_PARENT_TENANT.account.username);
});
afterAll(() => audited.close());

const json = async <T>(r: Response): Promise<T> => (await r.json()) as T;
const info = async (who: SignedIn) => {
  const r = await server.call(MULTI_TENANT_PATHS.info, { jar: who.jar });
  expect(r.status).toBe(200);
  return json<MultiTenantInfo>(r);
};
const patch = (who: SignedIn, id: string, body: unknown) =>
  server.call(MULTI_TENANT_PATHS.association(id), { method: 'PATCH', jar: who.jar, body });
const acmeRequest = async (): Promise<PrimaryAssociation> => {
  const [request] = (await info(acme)).primary_associations;
  return request;
};

const readDoc = async (who: SignedIn, kind: PolicyKind) => {
  const r = await server.call(policyDocPath(kind, ''), { jar: who.jar });
  expect(r.status).toBe(200);
  const { rev_id: _rev, ...doc } = await json<Record<string, unknown>>(r);
  return doc;
};
const NOTHING_SET = {
  'web/parent_global_exceptions': { pre: [], post: [] },
  parent_global_bnb: {
    pre: { list: [], unsupported_or_non_browsers: 'allow' },
    post: { list: [], unsupported_or_non_browsers: 'allow' },
  },
};
const revision = async (who: SignedIn) =>
  json<Revision>(await server.call('/api/policy/v1/rules', { jar: who.jar }));

/** The parent saves its global web exceptions and publishes (or only stages) them. */
async function parentWrites(data: unknown, publish: boolean) {
  server.clock.advance(1000);
  const rev = await revision(parent);
  const saved = await server.call(policyDocPath('web/global_exceptions', rev.staged_rev_id), {
    method: 'PUT',
    jar: parent.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data },
  });
  expect(saved.status).toBe(200);
  if (!publish) return;
  server.clock.advance(1000);
  const staged = await revision(parent);
  const published = await server.call(`/api/policy/v1/rules/${staged.staged_rev_id}`, {
    method: 'POST',
    jar: parent.jar,
    body: { updated_at: staged.updated_at },
  });
  expect(published.status).toBe(200);
}

test('each side lists its associations: acme its pending parent, the parent its children', async () => {
  expect(await info(acme)).toEqual({
    primary_associations: [
      expect.objectContaining({
        uuid: expect.any(String),
        primary_name: DEMO_PARENT_TENANT.name,
        status: 'pending',
      }),
    ],
    secondary_associations: [],
  });
  expect((await info(parent)).secondary_associations).toEqual([
    expect.objectContaining({ secondary_name: 'globex', status: 'revoked' }),
    expect.objectContaining({ secondary_name: 'acme', status: 'pending' }),
  ]);
  expect((await info(globex)).primary_associations).toEqual([
    expect.objectContaining({ primary_name: DEMO_PARENT_TENANT.name, status: 'revoked' }),
  ]);
  // The read-only auditor reads them too.
  expect((await info(auditor)).primary_associations).toHaveLength(1);
});

test('bad input is 400 naming the field; unknown and foreign ids 404; a read-only role and API tokens 403; nothing changes', async () => {
  const request = await acmeRequest();
  for (const bad of [{}, { status: 'approved' }, { status: 1 }, { status: 'active', extra: true }, []]) {
    const r = await patch(acme, request.uuid, bad);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ field: expect.stringMatching(/status|extra|body|^$/) });
  }
  const misnamed = await json<{ field: string }>(await patch(acme, request.uuid, { status: 'approved' }));
  expect(misnamed.field).toBe('status');

  const unknown = await patch(acme, 'no-such-association', { status: 'active' });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({
    message: MULTI_TENANT_MESSAGES.notFound('no-such-association'),
  });
  // globex's association is not acme's to see or change, and acme's is not globex's.
  const [globexOwn] = (await info(globex)).primary_associations;
  expect((await patch(acme, globexOwn.uuid, { status: 'active' })).status).toBe(404);
  expect((await patch(globex, request.uuid, { status: 'active' })).status).toBe(404);

  expect((await patch(auditor, request.uuid, { status: 'active' })).status).toBe(403);

  // An API token reaches no settings, whatever its scope.
  const made = await server.call(API_TOKENS_PATHS.list, {
    method: 'POST',
    jar: acme.jar,
    body: {
      name: 'everything',
      access: 'write',
      areas: ['logs', 'reports', 'policy', 'users'],
      expires_at: null,
    },
  });
  expect(made.status).toBe(201);
  const { token } = await json<ApiTokenCreated>(made);
  const bearer = { authorization: `Bearer ${token}` };
  expect((await server.call(MULTI_TENANT_PATHS.info, { headers: bearer })).status).toBe(403);
  expect(
    (
      await server.call(MULTI_TENANT_PATHS.association(request.uuid), {
        method: 'PATCH',
        headers: bearer,
        body: { status: 'active' },
      })
    ).status,
  ).toBe(403);

  // A parent cannot approve for its child.
  const byParent = await patch(parent, request.uuid, { status: 'active' });
  expect(byParent.status).toBe(409);
  expect(await byParent.json()).toMatchObject({
    field: 'status',
    message: MULTI_TENANT_MESSAGES.transition('pending', 'active'),
  });
  expect(await acmeRequest()).toMatchObject({ status: 'pending' });
});

test('a tenant without the multi-tenant feature is refused (403)', async () => {
  const store = server.app.workbench.store;
  const tenant = (await store.tenants.list()).find((t) => t.name === 'globex')!;
  const [own] = (await info(globex)).primary_associations;
  await store.tenants.update(tenant.tid, { capabilities: { ...tenant.capabilities, multiTenant: false } });
  try {
    expect((await server.call(MULTI_TENANT_PATHS.info, { jar: globex.jar })).status).toBe(403);
    expect((await patch(globex, own.uuid, { status: 'revoked' })).status).toBe(403);
  } finally {
    await store.tenants.update(tenant.tid, { capabilities: tenant.capabilities });
  }
});

test("the parent's published global rules reach the child while the association is active, not before, not after", async () => {
  // Pending: the child reads nothing set by a parent.
  expect(await readDoc(acme, 'web/parent_global_exceptions')).toEqual(
    NOTHING_SET['web/parent_global_exceptions'],
  );
  expect(await readDoc(acme, 'parent_global_bnb')).toEqual(NOTHING_SET.parent_global_bnb);

  // Approved, audited with before and after: the parent's rules as it published them.
  server.clock.advance(1000);
  const request = await acmeRequest();
  const approved = await patch(acme, request.uuid, { status: 'active' });
  expect(approved.status).toBe(200);
  expect(await approved.json()).toMatchObject({
    uuid: request.uuid,
    primary_name: DEMO_PARENT_TENANT.name,
    status: 'active',
  });
  expect(await audited.auditEvents(acme.jar)).toContainEqual(
    expect.objectContaining({
      userid: 'admin@acme.example',
      sub_event_type: 'tenants',
      before: JSON.stringify({ status: 'pending' }),
      after: JSON.stringify({ status: 'active' }),
    }),
  );
  expect(await readDoc(acme, 'web/parent_global_exceptions')).toEqual(
    DEMO_PARENT_GLOBAL_RULES['web/global_exceptions'],
  );
  expect(await readDoc(acme, 'parent_global_bnb')).toEqual(DEMO_PARENT_GLOBAL_RULES.global_bnb);
  // The child cannot change them: there is no save route.
  const refused = await server.call(policyDocPath('web/parent_global_exceptions', ''), {
    method: 'PUT',
    jar: acme.jar,
    body: {},
  });
  expect([404, 405]).toContain(refused.status);

  // The parent stages a change: its children see it only once published.
  const changed = {
    pre: [
      ...DEMO_PARENT_GLOBAL_RULES['web/global_exceptions'].pre,
      {
        id: 'northwind-block-paste',
        name: 'Block paste sites',
        enabled: true,
        action: 'block',
        conditions: { domain: ['pastebin.com'] },
      },
    ],
    post: [],
  };
  await parentWrites(changed, false);
  expect(await readDoc(acme, 'web/parent_global_exceptions')).toEqual(
    DEMO_PARENT_GLOBAL_RULES['web/global_exceptions'],
  );
  await parentWrites(changed, true);
  expect(await readDoc(acme, 'web/parent_global_exceptions')).toEqual(changed);

  // Ended by the parent: the child reads nothing set again.
  expect((await patch(parent, request.uuid, { status: 'revoked' })).status).toBe(200);
  expect(await readDoc(acme, 'web/parent_global_exceptions')).toEqual(
    NOTHING_SET['web/parent_global_exceptions'],
  );
  expect(await readDoc(acme, 'parent_global_bnb')).toEqual(NOTHING_SET.parent_global_bnb);
  // An ended association is not approved again (the parent asks anew).
  expect((await patch(acme, request.uuid, { status: 'active' })).status).toBe(409);
});
