import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: 'new' | 'staged';
  updated_at: string;
}

const getRevision = async (who: SignedIn): Promise<Rev> => {
  const r = await server.call('/api/policy/v1/rules?timestamp=1', { jar: who.jar });
  expect(r.status).toBe(200);
  return (await r.json()) as Rev;
};

const saveNote = (who: SignedIn, rev: Rev, note: string, pathRev = rev.staged_rev_id) =>
  server.call(`/api/policy/v1/rules/portal_note/${pathRev}`, {
    method: 'PUT',
    jar: who.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data: { note } },
  });

const publish = (who: SignedIn, rev: number) =>
  server.call(`/api/policy/v1/rules/${rev}`, { method: 'POST', jar: who.jar });

test('a tenant starts at revision 1 in state new', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  expect(await getRevision(admin)).toMatchObject({ rev_id: 1, staged_rev_id: 1, state: 'new' });
});

test('Publishing posts only when the state is staged; otherwise it does nothing and returns an empty result', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const before = await getRevision(admin);
  const r = await publish(admin, before.staged_rev_id);
  expect(r.status).toBe(200);
  expect(await r.json()).toEqual({});
  expect(await getRevision(admin)).toEqual(before);
});

test('Changes are saved into a staged revision and then published by revision', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const first = await getRevision(admin);
  server.clock.advance(1000);
  const saved = await saveNote(admin, first, 'Blocked gambling for the audit');
  expect(saved.status).toBe(200);
  const staged = (await saved.json()) as Rev;
  expect(staged).toMatchObject({ rev_id: 1, staged_rev_id: 2, state: 'staged' });
  expect(await getRevision(admin)).toEqual(staged);
  const note = await server.call('/api/policy/v1/rules/portal_note/2', { jar: admin.jar });
  expect(await note.json()).toEqual({ rev_id: 2, note: 'Blocked gambling for the audit' });

  server.clock.advance(1000);
  const published = await publish(admin, staged.staged_rev_id);
  expect(published.status).toBe(200);
  const after = (await published.json()) as Rev;
  expect(after).toMatchObject({ rev_id: 2, staged_rev_id: 2, state: 'new' });
  expect(after.updated_at).toBe(server.clock.now().toISOString());
  expect(await getRevision(admin)).toEqual(after);
});

test('a publish of a stale revision is 409 and changes nothing', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const staged = (await (await saveNote(admin, await getRevision(admin), 'n')).json()) as Rev;
  const r = await publish(admin, 1);
  expect(r.status).toBe(409);
  expect(await r.json()).toMatchObject({ message: expect.stringMatching(/Reload and try again\.$/) });
  expect(await getRevision(admin)).toEqual(staged);
});

test('a save with a stale updated_at is 409 and keeps the saved note', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const first = await getRevision(admin);
  expect((await saveNote(admin, first, 'first')).status).toBe(200);
  const second = await getRevision(admin);
  const stale = await saveNote(admin, { ...second, updated_at: first.updated_at }, 'second');
  expect(stale.status).toBe(409);
  expect(await (await server.call('/api/policy/v1/rules/portal_note/2', { jar: admin.jar })).json()).toEqual({
    rev_id: 2,
    note: 'first',
  });
});

test('a note longer than 500 characters is a 400 naming data.note and changes nothing', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const before = await getRevision(admin);
  const r = await saveNote(admin, before, 'x'.repeat(501));
  expect(r.status).toBe(400);
  expect(await r.json()).toMatchObject({ field: 'data.note' });
  expect(await getRevision(admin)).toEqual(before);
});

test('the auditor may read the revision but not save or publish (403), and nothing changes', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const auditor = await signIn(server, 'auditor@acme.example');
  const staged = (await (await saveNote(admin, await getRevision(admin), 'by admin')).json()) as Rev;
  expect(await getRevision(auditor)).toEqual(staged);
  expect((await saveNote(auditor, staged, 'by auditor')).status).toBe(403);
  expect((await publish(auditor, staged.staged_rev_id)).status).toBe(403);
  expect(await getRevision(admin)).toEqual(staged);
});

test('the logs-only account reads the revision through its dashboard permission but not the note', async () => {
  const logs = await signIn(server, 'logs@acme.example');
  expect((await server.call('/api/policy/v1/rules', { jar: logs.jar })).status).toBe(200);
  expect((await server.call('/api/policy/v1/rules/portal_note/1', { jar: logs.jar })).status).toBe(403);
});

test("globex's revision is its own: acme's staged note is neither visible nor publishable from globex", async () => {
  const acme = await signIn(server, 'admin@acme.example');
  const globex = await signIn(server, 'admin@globex.example');
  await saveNote(acme, await getRevision(acme), 'acme only');
  expect(await getRevision(globex)).toMatchObject({ rev_id: 1, staged_rev_id: 1, state: 'new' });
  expect(await (await server.call('/api/policy/v1/rules/portal_note/2', { jar: globex.jar })).json()).toEqual(
    { rev_id: 2, note: '' },
  );
  expect((await publish(globex, 2)).status).toBe(409);
  expect(await getRevision(acme)).toMatchObject({ staged_rev_id: 2, state: 'staged' });
});

test('RBAC is not enforced for globex (no rbac capability), so any role passes the check', async () => {
  const globex = await signIn(server, 'admin@globex.example');
  const r = await saveNote(globex, await getRevision(globex), 'globex note');
  expect(r.status).toBe(200);
});

test('a publish without the xsrf header is 403 and nothing is published', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const staged = (await (await saveNote(admin, await getRevision(admin), 'n')).json()) as Rev;
  const r = await server.call(`/api/policy/v1/rules/${staged.staged_rev_id}`, {
    method: 'POST',
    jar: admin.jar,
    xsrf: false,
  });
  expect(r.status).toBe(403);
  expect(await getRevision(admin)).toEqual(staged);
});

test('a non-numeric revision in the path is a 400 naming rev', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const r = await publish(admin, 'abc' as unknown as number);
  expect(r.status).toBe(400);
  expect(await r.json()).toMatchObject({ field: 'rev' });
});
