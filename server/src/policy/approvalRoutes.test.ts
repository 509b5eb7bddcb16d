/**
 * Two-person approval of a publish through real HTTP (docs/policy-impact.md §2): with the tenant's
 * setting on, a publish is refused and goes through a request; the requester cannot approve their
 * own; a staged change after the submission voids the request; two approvals at once publish
 * once; every step is in the audit trail; the provider's publishes are outside the approval and
 * the history says so.
 */
import { startAuditedTestServer, type AuditedTestServer } from '../testing/auditedTestServer';
import { signIn, signInWithRoles, type SignedIn, type TestServer } from '../testing/testServer';

let audited: AuditedTestServer;
let server: TestServer;
let admin: SignedIn;
let second: SignedIn;

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: string;
  updated_at: string;
}
interface Request {
  id: string;
  status: string;
  requested_by: string;
  decided_by: string | null;
  reason: string | null;
  staged_rev_id: number;
}

const FULL = { read: ['*:*'], write: ['*:*'] };

beforeEach(async () => {
  audited = await startAuditedTestServer('approval-');
  server = audited.server;
  admin = await signIn(server, 'admin@acme.example');
  second = await signInWithRoles(server, 'acme', 'second-admin@acme.example', FULL);
  const on = await server.call('/api/settings/v1/tenants/policy_approval', {
    method: 'PUT',
    jar: admin.jar,
    body: { two_person_approval: true },
  });
  expect(on.status).toBe(200);
});
afterEach(async () => {
  await audited.close();
});

const revision = async (who = admin): Promise<Rev> =>
  (await (await server.call('/api/policy/v1/rules?timestamp=1', { jar: who.jar })).json()) as Rev;

async function stageNote(note: string, who = admin): Promise<Rev> {
  const rev = await revision(who);
  server.clock.advance(1000);
  const r = await server.call(`/api/policy/v1/rules/portal_note/${rev.staged_rev_id}`, {
    method: 'PUT',
    jar: who.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data: { note } },
  });
  expect(r.status).toBe(200);
  return (await r.json()) as Rev;
}

async function submit(comment: string, who = admin): Promise<Request> {
  const rev = await revision(who);
  const r = await server.call('/api/policy/v1/approvals', {
    method: 'POST',
    jar: who.jar,
    body: { staged_rev_id: rev.staged_rev_id, updated_at: rev.updated_at, comment },
  });
  expect(r.status).toBe(200);
  return (await r.json()) as Request;
}

const approve = (id: string, who: SignedIn, reason = '') =>
  server.call(`/api/policy/v1/approvals/${id}/approve`, { method: 'POST', jar: who.jar, body: { reason } });

const history = async () =>
  (
    (await (await server.call('/api/policy/v1/revisions?limit=10', { jar: admin.jar })).json()) as {
      items: { rev_id: number; published_by: string; comment: string | null; approval?: unknown }[];
    }
  ).items;

test('a publish needs a request; the requester cannot approve it; another administrator publishes it', async () => {
  const staged = await stageNote('Block gambling');
  const direct = await server.call(`/api/policy/v1/rules/${staged.staged_rev_id}`, {
    method: 'POST',
    jar: admin.jar,
  });
  expect(direct.status).toBe(409);
  expect(((await direct.json()) as { message: string }).message).toBe(
    'Publishing needs a second administrator’s approval: submit the revision for approval.',
  );
  expect(await revision()).toMatchObject({ rev_id: 1, state: 'staged' });

  const request = await submit('Block gambling for the audit');
  expect(request).toMatchObject({ status: 'pending', requested_by: 'admin@acme.example', staged_rev_id: 2 });

  const own = await approve(request.id, admin);
  expect(own.status).toBe(403);
  expect(((await own.json()) as { message: string }).message).toBe(
    'You cannot approve your own request: another administrator must.',
  );
  expect(await revision()).toMatchObject({ rev_id: 1, state: 'staged' });

  const ok = await approve(request.id, second, 'Looks right');
  expect(ok.status).toBe(200);
  expect(await ok.json()).toMatchObject({
    status: 'approved',
    decided_by: 'second-admin@acme.example',
    reason: 'Looks right',
  });
  expect(await revision()).toMatchObject({ rev_id: 2, staged_rev_id: 2, state: 'new' });

  const items = await history();
  expect(items[0]).toMatchObject({
    rev_id: 2,
    published_by: 'admin@acme.example',
    comment: 'Block gambling for the audit',
    approval: { requested_by: 'admin@acme.example', approved_by: 'second-admin@acme.example' },
  });
  // Revision 1 was the set-up's: the provider's, outside the tenant's approval.
  expect(items.find((i) => i.rev_id === 1)).toMatchObject({ approval: 'provider' });

  // Decided: neither approved nor rejected again.
  const again = await approve(request.id, second);
  expect(again.status).toBe(409);

  // Every step is in the tenant's audit trail, in the policy approval area (and the publish).
  const trail = (await audited.auditEvents(admin.jar)).filter((e) => e.sub_event_type === 'policy_approval');
  expect(trail.map((e) => [e.userid, e.audit_action, e.details])).toEqual(
    expect.arrayContaining([
      ['admin@acme.example', 'create', 'Submitted revision 2 for approval: Block gambling for the audit'],
      [
        'second-admin@acme.example',
        'update',
        'Approved the publish of revision 2 requested by admin@acme.example: Looks right',
      ],
    ]),
  );
});

test('a change to the staged revision after the submission voids the request', async () => {
  await stageNote('First');
  const request = await submit('First change');
  await stageNote('Second', second);
  const r = await approve(request.id, second);
  expect(r.status).toBe(409);
  expect(((await r.json()) as { message: string }).message).toMatch(/the request is void/);
  expect(await revision()).toMatchObject({ rev_id: 1, state: 'staged' });
  const list = (await (await server.call('/api/policy/v1/approvals', { jar: admin.jar })).json()) as {
    required: boolean;
    requests: Request[];
  };
  expect(list.required).toBe(true);
  expect(list.requests[0]).toMatchObject({ id: request.id, status: 'void', own: true });
  const trail = (await audited.auditEvents(admin.jar)).filter((e) => e.sub_event_type === 'policy_approval');
  expect(trail.map((e) => [e.userid, e.audit_action])).toContainEqual([
    'second-admin@acme.example',
    'delete',
  ]);
});

test('two approvals at once publish the revision once', async () => {
  const third = await signInWithRoles(server, 'acme', 'third-admin@acme.example', FULL);
  await stageNote('Once');
  const request = await submit('Publish once');
  const before = (await history()).length;
  const answers = await Promise.all([approve(request.id, second), approve(request.id, third)]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  expect((await history()).length).toBe(before + 1);
  expect(await revision()).toMatchObject({ rev_id: 2, state: 'new' });
});

test('a rejection needs a reason and publishes nothing; approving needs the approval permission', async () => {
  await stageNote('Maybe');
  const request = await submit('Please check');
  const writer = await signInWithRoles(server, 'acme', 'writer@acme.example', {
    read: ['web_policy:*'],
    write: ['web_policy:*'],
  });
  expect((await approve(request.id, writer)).status).toBe(403);
  const noReason = await server.call(`/api/policy/v1/approvals/${request.id}/reject`, {
    method: 'POST',
    jar: second.jar,
    body: { reason: '' },
  });
  expect(noReason.status).toBe(400);
  const rejected = await server.call(`/api/policy/v1/approvals/${request.id}/reject`, {
    method: 'POST',
    jar: second.jar,
    body: { reason: 'Not this week' },
  });
  expect(rejected.status).toBe(200);
  expect(await rejected.json()).toMatchObject({ status: 'rejected', reason: 'Not this week' });
  expect(await revision()).toMatchObject({ rev_id: 1, state: 'staged' });
});

test('with the setting off, a publish takes effect at once', async () => {
  await server.call('/api/settings/v1/tenants/policy_approval', {
    method: 'PUT',
    jar: admin.jar,
    body: { two_person_approval: false },
  });
  const staged = await stageNote('Direct');
  const r = await server.call(`/api/policy/v1/rules/${staged.staged_rev_id}`, {
    method: 'POST',
    jar: admin.jar,
  });
  expect(r.status).toBe(200);
  expect(await revision()).toMatchObject({ rev_id: 2, state: 'new' });
});
