/**
 * The policy kinds of common's registry through real HTTP: a kind added as a row (risks) reads
 * its defaults, saves into the staged revision, carries forward past a publish, refuses stale
 * and malformed saves without changing anything, and follows its group's permissions.
 */
import { POLICY_KIND_REGISTRY } from '@workbench/common/api/contract/policyKinds';
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

const RISKS_PATH = (rev: number) => `/api/policy/v1/rules/risks/${rev}`;

const revision = async (who: SignedIn): Promise<Rev> =>
  (await (await server.call('/api/policy/v1/rules', { jar: who.jar })).json()) as Rev;

const readRisks = async (who: SignedIn, rev: number) => {
  const r = await server.call(RISKS_PATH(rev), { jar: who.jar });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

const saveRisks = (who: SignedIn, rev: Rev, data: unknown, pathRev = rev.staged_rev_id) =>
  server.call(RISKS_PATH(pathRev), {
    method: 'PUT',
    jar: who.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data },
  });

const BLOCK_MEDIUM = {
  list: [
    { risk: 'G', action: 'allow' },
    { risk: 'Y', action: 'block' },
    { risk: 'R', action: 'block' },
  ],
  flash: true,
};

test('a kind never saved reads as its defaults at the revision asked for', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const rev = await revision(admin);
  expect(await readRisks(admin, rev.staged_rev_id)).toEqual({
    status: 200,
    body: { rev_id: rev.staged_rev_id, ...POLICY_KIND_REGISTRY.risks.defaults },
  });
});

test('a save goes into the staged revision and holds after publishing, in the revisions after it', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const first = await revision(admin);
  server.clock.advance(1000);
  const saved = await saveRisks(admin, first, BLOCK_MEDIUM);
  expect(saved.status).toBe(200);
  const staged = (await saved.json()) as Rev;
  expect(staged).toMatchObject({ rev_id: 1, staged_rev_id: 2, state: 'staged' });
  expect((await readRisks(admin, 2)).body).toEqual({ rev_id: 2, ...BLOCK_MEDIUM });
  // The published revision before it still reads what it had.
  expect((await readRisks(admin, 1)).body).toEqual({ rev_id: 1, ...POLICY_KIND_REGISTRY.risks.defaults });
  expect((await server.call('/api/policy/v1/rules/2', { method: 'POST', jar: admin.jar })).status).toBe(200);
  // A policy document holds until changed: revision 3 (the next staged one) sees it.
  expect((await readRisks(admin, 3)).body).toEqual({ rev_id: 3, ...BLOCK_MEDIUM });
});

test('a stale save is refused with 409 and changes nothing', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const first = await revision(admin);
  server.clock.advance(1000);
  expect((await saveRisks(admin, first, BLOCK_MEDIUM)).status).toBe(200);
  const after = await revision(admin);
  // Saved again with the old updated_at: someone else saved in between.
  const stale = await saveRisks(admin, first, { ...BLOCK_MEDIUM, flash: false }, after.staged_rev_id);
  expect(stale.status).toBe(409);
  // The reply names who changed the revision and when (here: the same administrator, earlier).
  expect(await stale.json()).toMatchObject({
    message: `The policy revision was changed by admin@acme.example at ${after.updated_at}. Reload and try again.`,
    changed_by: 'admin@acme.example',
    changed_at: after.updated_at,
  });
  expect(await revision(admin)).toEqual(after);
  expect((await readRisks(admin, after.staged_rev_id)).body).toEqual({ rev_id: 2, ...BLOCK_MEDIUM });
});

test.each([
  ['a number where the flag is', { ...BLOCK_MEDIUM, flash: 1 }, 'flash'],
  ['an unknown risk level', { ...BLOCK_MEDIUM, list: [{ risk: 'X', action: 'allow' }] }, 'risk'],
  ['an unknown action', { ...BLOCK_MEDIUM, list: [{ risk: 'G', action: 'explode' }] }, 'action'],
  ['an extra field', { ...BLOCK_MEDIUM, colour: 'red' }, 'colour'],
  ['a missing list', { flash: true }, 'list'],
  [
    'a risk level listed twice',
    {
      ...BLOCK_MEDIUM,
      list: [
        { risk: 'G', action: 'allow' },
        { risk: 'G', action: 'block' },
      ],
    },
    'data.list.1.risk',
  ],
])('%s is refused with 400 naming the field, and nothing changes', async (_case, data, field) => {
  const admin = await signIn(server, 'admin@acme.example');
  const before = await revision(admin);
  const r = await saveRisks(admin, before, data);
  expect(r.status).toBe(400);
  expect(JSON.stringify(await r.json())).toContain(field);
  expect(await revision(admin)).toEqual(before);
  expect((await readRisks(admin, before.staged_rev_id)).body).toEqual({
    rev_id: before.staged_rev_id,
    ...POLICY_KIND_REGISTRY.risks.defaults,
  });
});

test("reads need the group's read permission, saves its write; no session is 401", async () => {
  const auditor = await signIn(server, 'auditor@acme.example');
  const logs = await signIn(server, 'logs@acme.example');
  const rev = await revision(auditor);
  expect((await readRisks(auditor, rev.staged_rev_id)).status).toBe(200);
  expect((await saveRisks(auditor, rev, BLOCK_MEDIUM)).status).toBe(403);
  expect((await readRisks(logs, rev.staged_rev_id)).status).toBe(403);
  expect((await server.call(RISKS_PATH(1))).status).toBe(401);
});

test("a tenant's document is its own", async () => {
  const acme = await signIn(server, 'admin@acme.example');
  const globex = await signIn(server, 'admin@globex.example');
  server.clock.advance(1000);
  expect((await saveRisks(acme, await revision(acme), BLOCK_MEDIUM)).status).toBe(200);
  expect((await readRisks(globex, 2)).body).toEqual({ rev_id: 2, ...POLICY_KIND_REGISTRY.risks.defaults });
});

test("a tenant without a kind's feature flags neither reads nor saves it; one with them does", async () => {
  // globex (server demoSeed) has no safemailPolicy (so no menlo_email) and no watermarking.
  const globex = await signIn(server, 'admin@globex.example');
  const rev = await revision(globex);
  const watermark = `/api/policy/v1/rules/watermark/${rev.staged_rev_id}`;
  const read = await server.call(watermark, { jar: globex.jar });
  expect(read.status).toBe(403);
  expect(((await read.json()) as { message: string }).message).toBe(
    'The tenant does not have the feature watermarking.',
  );
  const save = await server.call(watermark, {
    method: 'PUT',
    jar: globex.jar,
    body: {
      rev_id: rev.rev_id,
      state: rev.state,
      updated_at: rev.updated_at,
      data: POLICY_KIND_REGISTRY.watermark.defaults,
    },
  });
  expect(save.status).toBe(403);
  expect(await revision(globex)).toEqual(rev);
  // A family's flag comes from its policy group (email_policy: menlo_email), derived by docs/access.md §5.
  const email = await server.call(`/api/policy/v1/rules/safemail/config/${rev.staged_rev_id}`, {
    jar: globex.jar,
  });
  expect(email.status).toBe(403);
  expect(((await email.json()) as { message: string }).message).toBe(
    'The tenant does not have the feature menlo_email.',
  );
  // Kinds without a flag read as before; acme has the flags.
  expect((await readRisks(globex, rev.staged_rev_id)).status).toBe(200);
  const acme = await signIn(server, 'admin@acme.example');
  const acmeRev = await revision(acme);
  expect(
    (await server.call(`/api/policy/v1/rules/watermark/${acmeRev.staged_rev_id}`, { jar: acme.jar })).status,
  ).toBe(200);
});
