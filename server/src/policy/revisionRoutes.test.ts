/**
 * Revisions beyond the spec's save and publish (issue 12) through real HTTP: two administrators
 * never overwrite each other silently, publish with a comment keeps a history, discard, rollback,
 * the diff between revisions, the policy tester, and the audit events all of them leave.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PolicyDiff, Revision, RevisionsPage, TesterReply } from '@workbench/common/api/contract/policy';
import { policyDocPath, type PolicyKind } from '@workbench/common/api/contract/policyKinds';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { INITIAL_REVISION_COMMENT, SETUP_PUBLISHER } from '@workbench/common/api/contract/policy';
import { tenantRevisionsPath } from '@workbench/common/api/contract/providerTenantPaths';
import {
  signIn,
  signInConsoleAccounts,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';

let server: TestServer;
let events: EventStore;
let eventsDir: string;

beforeEach(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'revision-audit-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events } });
});
afterEach(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

const json = async <T>(r: Response): Promise<T> => (await r.json()) as T;

const revision = async (who: SignedIn): Promise<Revision> =>
  json<Revision>(await server.call('/api/policy/v1/rules', { jar: who.jar }));

const save = (who: SignedIn, kind: PolicyKind, rev: Revision, data: unknown) =>
  server.call(policyDocPath(kind, rev.staged_rev_id), {
    method: 'PUT',
    jar: who.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data },
  });

const read = async (who: SignedIn, kind: PolicyKind, rev: number) =>
  json<Record<string, unknown>>(await server.call(policyDocPath(kind, rev), { jar: who.jar }));

const publish = (who: SignedIn, rev: Revision, comment?: string) =>
  server.call(`/api/policy/v1/rules/${rev.staged_rev_id}`, {
    method: 'POST',
    jar: who.jar,
    body: { updated_at: rev.updated_at, ...(comment ? { comment } : {}) },
  });

const seen = (rev: Revision) => ({ rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at });

const BLOCK_GAMBLING = { list: [{ category_id: 23, action: 'block' }] };

/** Stages `data` for `kind` and publishes it with `comment`; returns the revision after. */
async function stageAndPublish(who: SignedIn, kind: PolicyKind, data: unknown, comment: string) {
  server.clock.advance(1000);
  expect((await save(who, kind, await revision(who), data)).status).toBe(200);
  server.clock.advance(1000);
  const r = await publish(who, await revision(who), comment);
  expect(r.status).toBe(200);
  return json<Revision>(r);
}

async function auditOf(tenant = 'acme') {
  const tid = (await server.app.workbench.store.tenants.list()).find((t) => t.name === tenant)!.tid;
  const rows = await events.query({
    logType: 'scan_audit',
    tid,
    start: 0,
    end: server.clock.now().getTime() + 1,
    filters: [],
    order: 'asc',
    limit: 100,
  });
  // The policy changes only: sign-ins are audit events too (audit trail, issue 15).
  return rows
    .filter((e) => e.fields.sub_event_type !== 'session')
    .map((e) => ({
      action: e.fields.audit_action,
      area: e.fields.sub_event_type,
      user: e.fields.userid,
    }));
}

test("a fresh start's revision 1 is published, and everything says so: the revision, the history, the provider's revisions tab, the audit trail, rollback (issue 31)", async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const current = await revision(admin);
  expect(current).toMatchObject({ rev_id: 1, staged_rev_id: 1, state: 'new' });
  // The history lists what the header calls published: revision 1, once.
  const page = await json<RevisionsPage>(await server.call('/api/policy/v1/revisions', { jar: admin.jar }));
  const initial = {
    rev_id: 1,
    published_at: current.updated_at,
    published_by: SETUP_PUBLISHER,
    comment: INITIAL_REVISION_COMMENT,
    rolled_back_from: null,
    // The first start's publish is the setup's, outside the tenant's two-person approval.
    approval: 'provider',
  };
  expect(page).toEqual({ total: 1, items: [initial], current });
  // The provider console's Policy revisions tab reads the same record.
  const { call } = await signInConsoleAccounts(server);
  const acmeTid = (await server.app.workbench.store.tenants.list()).find((t) => t.name === 'acme')!.tid;
  const tab = await json<{ revisions: unknown[]; total: number }>(
    await call(tenantRevisionsPath('v1', acmeTid)),
  );
  expect(tab).toMatchObject({
    total: 1,
    revisions: [{ rev_id: 1, published_by: SETUP_PUBLISHER, note: INITIAL_REVISION_COMMENT }],
  });
  // The audit trail says who published it and when.
  const published = await events.query({
    logType: 'scan_audit',
    tid: acmeTid,
    start: 0,
    end: server.clock.now().getTime() + 1,
    filters: [{ field: 'audit_action', values: ['published'] }],
    limit: 10,
  });
  expect(published.map((e) => [e.time, e.fields.userid, e.fields.object])).toEqual([
    [Date.parse(current.updated_at), SETUP_PUBLISHER, 'revision 1'],
  ]);
  // A later publish can be rolled back to revision 1 like to any published one.
  const after = await stageAndPublish(admin, 'cats', BLOCK_GAMBLING, 'Block gambling');
  const rolledBack = await server.call('/api/policy/v1/revisions/1/rollback', {
    method: 'POST',
    jar: admin.jar,
    body: seen(after),
  });
  expect(rolledBack.status).toBe(200);
});

test('two sessions save from the same revision: the second gets 409 naming the first, whose change is intact', async () => {
  const first = await signIn(server, 'admin@acme.example');
  const second = await signIn(server, 'admin@acme.example');
  const loaded = await revision(first);
  expect(await revision(second)).toEqual(loaded);
  server.clock.advance(1000);
  expect((await save(first, 'cats', loaded, BLOCK_GAMBLING)).status).toBe(200);
  const after = await revision(first);
  const conflict = await save(second, 'cats', loaded, { list: [{ category_id: 23, action: 'allow' }] });
  expect(conflict.status).toBe(409);
  expect(await conflict.json()).toMatchObject({
    changed_by: 'admin@acme.example',
    changed_at: after.updated_at,
    message: `The policy revision was changed by admin@acme.example at ${after.updated_at}. Reload and try again.`,
  });
  expect(await read(first, 'cats', after.staged_rev_id)).toEqual({
    rev_id: after.staged_rev_id,
    ...BLOCK_GAMBLING,
  });
  expect(await revision(second)).toEqual(after);
});

test('publish keeps the comment, who and when; the history pages newest first', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  await stageAndPublish(admin, 'cats', BLOCK_GAMBLING, 'Block gambling');
  const second = await stageAndPublish(admin, 'cats', { list: [] }, 'Unblock again');
  const page = await json<RevisionsPage>(await server.call('/api/policy/v1/revisions', { jar: admin.jar }));
  expect(page.total).toBe(3);
  expect(page.current).toEqual(second);
  expect(page.items).toEqual([
    {
      rev_id: 3,
      published_at: second.updated_at,
      published_by: 'admin@acme.example',
      comment: 'Unblock again',
      rolled_back_from: null,
    },
    expect.objectContaining({ rev_id: 2, comment: 'Block gambling' }),
    expect.objectContaining({ rev_id: 1, published_by: SETUP_PUBLISHER, comment: INITIAL_REVISION_COMMENT }),
  ]);
  const paged = await json<RevisionsPage>(
    await server.call('/api/policy/v1/revisions?limit=1&offset=1', { jar: admin.jar }),
  );
  expect(paged.items.map((i) => i.rev_id)).toEqual([2]);
  expect((await server.call('/api/policy/v1/revisions?limit=0', { jar: admin.jar })).status).toBe(400);
});

test('a publish whose reviewed updated_at is stale is refused and publishes nothing', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  server.clock.advance(1000);
  expect((await save(admin, 'cats', await revision(admin), BLOCK_GAMBLING)).status).toBe(200);
  const reviewed = await revision(admin);
  server.clock.advance(1000);
  expect((await save(admin, 'cats', reviewed, { list: [] })).status).toBe(200);
  const r = await publish(admin, reviewed);
  expect(r.status).toBe(409);
  expect((await revision(admin)).state).toBe('staged');
});

test('discard drops the staged changes and the published policy reads again', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const published = await stageAndPublish(admin, 'cats', BLOCK_GAMBLING, 'Block gambling');
  server.clock.advance(1000);
  expect((await save(admin, 'cats', published, { list: [] })).status).toBe(200);
  const staged = await revision(admin);
  // Stale: refused, nothing discarded.
  const stale = await server.call(`/api/policy/v1/rules/${staged.staged_rev_id}/discard`, {
    method: 'POST',
    jar: admin.jar,
    body: seen(published),
  });
  expect(stale.status).toBe(409);
  expect(await read(admin, 'cats', staged.staged_rev_id)).toEqual({ rev_id: 3, list: [] });

  const r = await server.call(`/api/policy/v1/rules/${staged.staged_rev_id}/discard`, {
    method: 'POST',
    jar: admin.jar,
    body: seen(staged),
  });
  expect(r.status).toBe(200);
  const after = await json<Revision>(r);
  expect(after).toMatchObject({ rev_id: 2, staged_rev_id: 2, state: 'new' });
  expect(await read(admin, 'cats', 3)).toEqual({ rev_id: 3, ...BLOCK_GAMBLING });
  // Nothing staged: discard changes nothing.
  const again = await server.call(`/api/policy/v1/rules/2/discard`, {
    method: 'POST',
    jar: admin.jar,
    body: seen(after),
  });
  expect(await json<Revision>(again)).toEqual(after);
});

test('rollback stages a copy of a published revision; publishing it records where it came from', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  await stageAndPublish(admin, 'cats', BLOCK_GAMBLING, 'Block gambling');
  const two = await stageAndPublish(
    admin,
    'risks',
    { list: [{ risk: 'R', action: 'block' }], flash: true },
    'Risks',
  );
  expect(two.rev_id).toBe(3);

  const missing = await server.call('/api/policy/v1/revisions/7/rollback', {
    method: 'POST',
    jar: admin.jar,
    body: seen(two),
  });
  expect(missing.status).toBe(404);

  server.clock.advance(1000);
  const r = await server.call('/api/policy/v1/revisions/1/rollback', {
    method: 'POST',
    jar: admin.jar,
    body: seen(two),
  });
  expect(r.status).toBe(200);
  const staged = await json<Revision>(r);
  expect(staged).toMatchObject({ rev_id: 3, staged_rev_id: 4, state: 'staged' });
  expect(await read(admin, 'cats', 4)).toEqual({ rev_id: 4, list: [] });
  expect((await read(admin, 'risks', 4)).flash).toBe(false);

  const diff = await json<PolicyDiff>(
    await server.call('/api/policy/v1/revisions/diff?from=3&to=4', { jar: admin.jar }),
  );
  expect(diff.kinds.map((k) => k.kind).sort()).toEqual(['cats', 'risks']);
  expect(diff.kinds.find((k) => k.kind === 'cats')!.changes).toEqual([
    { op: 'removed', path: 'list', key: '23', index: 0, item: { category_id: 23, action: 'block' } },
  ]);

  server.clock.advance(1000);
  expect((await publish(admin, staged, 'Back to the start')).status).toBe(200);
  const page = await json<RevisionsPage>(await server.call('/api/policy/v1/revisions', { jar: admin.jar }));
  expect(page.items[0]).toMatchObject({ rev_id: 4, rolled_back_from: 1, comment: 'Back to the start' });
  expect(await auditOf()).toEqual(
    expect.arrayContaining([
      { action: 'update', area: 'web_policy', user: 'admin@acme.example' },
      { action: 'published', area: 'web_policy', user: 'admin@acme.example' },
      { action: 'rollback', area: 'web_policy', user: 'admin@acme.example' },
    ]),
  );
});

test('the diff names revisions that exist and shows only kinds the caller may read', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  await stageAndPublish(admin, 'fwaas/feeds', { list: [] }, 'same as defaults');
  expect((await server.call('/api/policy/v1/revisions/diff?from=1&to=9', { jar: admin.jar })).status).toBe(
    404,
  );
  const logs = await signIn(server, 'logs@acme.example');
  expect((await server.call('/api/policy/v1/revisions/diff?from=1&to=2', { jar: logs.jar })).status).toBe(
    403,
  );
  const auditor = await signIn(server, 'auditor@acme.example');
  expect((await server.call('/api/policy/v1/revisions/diff?from=1&to=2', { jar: auditor.jar })).status).toBe(
    200,
  );
});

test('a reorder of an ordered list is audited as Rule Order Changed', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const rule = (id: string) => ({
    id,
    name: `Rule ${id}`,
    enabled: true,
    action: 'block',
    conditions: { domain: [`${id}.example`] },
  });
  server.clock.advance(1000);
  expect(
    (await save(admin, 'web/exceptions', await revision(admin), { list: [rule('a'), rule('b')], bypass: [] }))
      .status,
  ).toBe(200);
  server.clock.advance(1000);
  expect(
    (await save(admin, 'web/exceptions', await revision(admin), { list: [rule('b'), rule('a')], bypass: [] }))
      .status,
  ).toBe(200);
  const actions = (await auditOf()).map((e) => e.action);
  // The first start's publish of revision 1 (the initial policy), then the changes.
  expect(actions).toEqual(['published', 'update', 'update', 'reorder']);
});

test('the policy tester decides with the staged and the published web policy and names the rule', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  server.clock.advance(1000);
  const rule = {
    id: 'casino',
    name: 'Block casinos',
    enabled: true,
    action: 'block',
    conditions: { domain: ['casino.example'] },
  };
  expect(
    (await save(admin, 'web/exceptions', await revision(admin), { list: [rule], bypass: [] })).status,
  ).toBe(200);
  const test = await server.call('/api/policy/v1/tester', {
    method: 'POST',
    jar: admin.jar,
    body: { url: 'https://www.casino.example/poker', user: 'ella@acme.example' },
  });
  expect(test.status).toBe(200);
  expect(await json<TesterReply>(test)).toEqual({
    staged: {
      rev_id: 2,
      category: { id: 84, name: 'Unknown', source: 'lookup', domain: null },
      action: 'block',
      rule: { kind: 'web/exceptions', key: 'casino', index: 0, name: 'Block casinos' },
      reason: 'Rule 1 “Block casinos” matched.',
    },
    published: {
      rev_id: 1,
      category: { id: 84, name: 'Unknown', source: 'lookup', domain: null },
      action: 'allow',
      rule: null,
      reason: 'No rule matched; the default allows.',
    },
  });
  const bad = await server.call('/api/policy/v1/tester', {
    method: 'POST',
    jar: admin.jar,
    body: { url: 'ftp://x' },
  });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ field: 'url' });
  const logs = await signIn(server, 'logs@acme.example');
  expect(
    (
      await server.call('/api/policy/v1/tester', {
        method: 'POST',
        jar: logs.jar,
        body: { url: 'https://a.example' },
      })
    ).status,
  ).toBe(403);
});

test("the policy tester looks up a URL's category when none is picked, and says which it used (issue 31)", async () => {
  const admin = await signIn(server, 'admin@acme.example');
  server.clock.advance(1000);
  const streamingBlocked = { list: [{ category_id: 25, action: 'block' }] };
  expect((await save(admin, 'cats', await revision(admin), streamingBlocked)).status).toBe(200);
  const tester = async (body: object) =>
    json<TesterReply>(await server.call('/api/policy/v1/tester', { method: 'POST', jar: admin.jar, body }));

  // netflix.com, no category picked: the category database says Streaming Media, whose block applies.
  const netflix = await tester({ url: 'https://www.netflix.com/browse' });
  expect(netflix.staged).toEqual({
    rev_id: 2,
    category: { id: 25, name: 'Streaming Media', source: 'lookup', domain: 'netflix.com' },
    action: 'block',
    rule: { kind: 'cats', key: '25', name: 'Streaming Media' },
    reason: 'The action for the category Streaming Media applies.',
  });
  expect(netflix.published.category).toEqual(netflix.staged.category);
  expect(netflix.published.rule).toBeNull();

  // The nearest listed parent decides: drive.google.com is Personal Storage, google.com a search engine.
  expect((await tester({ url: 'https://drive.google.com/x' })).staged.category).toMatchObject({
    id: 47,
    domain: 'drive.google.com',
  });
  expect((await tester({ url: 'https://news.google.com/' })).staged.category).toMatchObject({
    id: 50,
    domain: 'google.com',
  });
  // A site the database does not list is Unknown, as the service would call it.
  expect((await tester({ url: 'https://intranet.acme.example/' })).staged.category).toEqual({
    id: 84,
    name: 'Unknown',
    source: 'lookup',
    domain: null,
  });
  // A category the request gives is used as given, and said to be.
  const picked = await tester({ url: 'https://www.netflix.com/', category_id: 27 });
  expect(picked.staged.category).toEqual({ id: 27, name: 'Gambling', source: 'request', domain: null });
  expect(picked.staged.action).toBe('allow');
});

test('a web-policy edit permission is needed to save its part; the auditor saves nothing', async () => {
  const auditor = await signIn(server, 'auditor@acme.example');
  const rev = await revision(auditor);
  expect((await save(auditor, 'cats', rev, BLOCK_GAMBLING)).status).toBe(403);
  expect(
    (
      await server.call('/api/policy/v1/revisions/1/rollback', {
        method: 'POST',
        jar: auditor.jar,
        body: seen(rev),
      })
    ).status,
  ).toBe(403);
  expect(
    (
      await server.call(`/api/policy/v1/rules/${rev.staged_rev_id}/discard`, {
        method: 'POST',
        jar: auditor.jar,
        body: seen(rev),
      })
    ).status,
  ).toBe(403);
});

test('the policy tester honours the rule condition keys: destination addresses (dest_ip), browsers and user database entities', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  server.clock.advance(1000);
  const rule = (id: string, conditions: object) => ({
    id,
    name: id,
    enabled: true,
    action: 'block',
    conditions,
  });
  const list = [
    rule('lab', { dest_ips: ['203.0.113.0/24'] }),
    rule('firefox', { browser: ['firefox'] }),
    rule('globex', { entities: ['globex.example'] }),
  ];
  expect((await save(admin, 'web/exceptions', await revision(admin), { list, bypass: [] })).status).toBe(200);
  const decided = async (body: object) =>
    (
      await json<TesterReply>(
        await server.call('/api/policy/v1/tester', {
          method: 'POST',
          jar: admin.jar,
          body: { url: 'https://intranet.acme.example/', ...body },
        }),
      )
    ).staged.rule?.key ?? null;
  expect(await decided({ dest_ip: '203.0.113.7' })).toBe('lab');
  expect(await decided({ url: 'https://203.0.113.8/' })).toBe('lab');
  expect(await decided({ user_agent: 'Mozilla/5.0 (X11; rv:120.0) Gecko/20100101 Firefox/120.0' })).toBe(
    'firefox',
  );
  expect(await decided({ user: 'dave@globex.example' })).toBe('globex');
  expect(await decided({ user: 'dave@acme.example', dest_ip: '198.51.100.1' })).toBeNull();
});
