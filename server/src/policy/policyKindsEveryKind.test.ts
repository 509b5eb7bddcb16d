/**
 * Every kind of the policy-kind registry through real HTTP (issue 12), from the examples of
 * common/src/testing/policyKindExamples.ts: a never-saved read answers the kind's defaults; the
 * example saves into the staged revision and reads back (a reported reorderingEvents is not
 * kept); each invalid example is refused with 400 naming its field and changes nothing; the
 * logs-only role may not read, the read-only auditor may read but not save. Read-only kinds have
 * no save; a view answers its part of the viewed kind's document.
 *
 * One server per describe block: each kind's test touches only its own document, so the tests
 * of a block do not depend on each other's state (views, which read another kind's document,
 * have their own server).
 */
import {
  POLICY_KINDS,
  POLICY_KIND_REGISTRY,
  isWritableKind,
  kindPathHasRev,
  policyDocPath,
  policyDocWritePath,
  type PolicyKind,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import { POLICY_KIND_EXAMPLES } from '@workbench/common/testing/policyKindExamples';
import { Compile } from 'typebox/schema';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: 'new' | 'staged';
  updated_at: string;
}

const rowOf = (kind: PolicyKind): PolicyKindDef => POLICY_KIND_REGISTRY[kind];
const WRITABLE = POLICY_KINDS.filter(isWritableKind);
const READ_ONLY = POLICY_KINDS.filter((k) => !isWritableKind(k) && !rowOf(k).view);
const VIEWS = POLICY_KINDS.filter((k) => rowOf(k).view);

/** What a save keeps: the client's reorderingEvents are audited, never stored. */
const stored = (data: unknown): unknown => {
  const { reorderingEvents: _reported, ...rest } = data as Record<string, unknown>;
  return rest;
};

/** A server with the three acme roles signed in, for one describe block. */
function serverWithRoles() {
  const ctx = {} as { server: TestServer; admin: SignedIn; auditor: SignedIn; logs: SignedIn };
  beforeAll(async () => {
    ctx.server = await startTestServer();
    ctx.admin = await signIn(ctx.server, 'admin@acme.example');
    ctx.auditor = await signIn(ctx.server, 'auditor@acme.example');
    ctx.logs = await signIn(ctx.server, 'logs@acme.example');
  });
  afterAll(async () => {
    await ctx.server.close();
  });

  const revision = async (): Promise<Rev> =>
    (await (await ctx.server.call('/api/policy/v1/rules', { jar: ctx.admin.jar })).json()) as Rev;

  /** Reads a kind as the staged revision sees it: status and body. */
  const read = async (who: SignedIn, kind: PolicyKind, rev: Rev) => {
    const r = await ctx.server.call(policyDocPath(kind, rev.staged_rev_id), { jar: who.jar });
    return { status: r.status, body: (await r.json()) as unknown };
  };

  const save = (who: SignedIn, kind: PolicyKind, rev: Rev, data: unknown) =>
    ctx.server.call(policyDocWritePath(kind, rev.staged_rev_id), {
      method: 'PUT',
      jar: who.jar,
      body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data },
    });

  return { ctx, revision, read, save };
}

test('every kind of the registry has an example, a valid one that is not its defaults', () => {
  expect(Object.keys(POLICY_KIND_EXAMPLES).sort()).toEqual([...POLICY_KINDS].sort());
  for (const kind of POLICY_KINDS) {
    const row = rowOf(kind);
    const example = POLICY_KIND_EXAMPLES[kind];
    expect([kind, Compile(row.data as Parameters<typeof Compile>[0]).Check(example.valid)]).toEqual([
      kind,
      true,
    ]);
    expect(stored(example.valid)).not.toEqual(row.defaults);
    if (isWritableKind(kind)) {
      expect([kind, row.check?.(example.valid as never, { tid: 't' }) ?? null]).toEqual([kind, null]);
      // Something to refuse, for every kind that can be saved.
      expect([kind, example.invalid.length]).not.toEqual([kind, 0]);
    } else expect(example.invalid).toEqual([]);
  }
});

describe('writable kinds', () => {
  const { ctx, revision, read, save } = serverWithRoles();

  test.each(WRITABLE)(
    '%s: reads its defaults until saved; the example saves and reads back; each invalid example is 400 naming its field and changes nothing',
    async (kind) => {
      const { admin } = ctx;
      const example = POLICY_KIND_EXAMPLES[kind];
      const before = await revision();
      expect(await read(admin, kind, before)).toEqual({
        status: 200,
        body: { rev_id: before.staged_rev_id, ...(rowOf(kind).defaults as object) },
      });

      const saved = await save(admin, kind, before, example.valid);
      expect(saved.status).toBe(200);
      const after = (await saved.json()) as Rev;
      expect(after).toMatchObject({
        state: 'staged',
        staged_rev_id: before.state === 'staged' ? before.staged_rev_id : before.rev_id + 1,
      });
      expect(after.updated_at).not.toBe(before.updated_at);
      expect(await revision()).toEqual(after);
      const savedBody = { rev_id: after.staged_rev_id, ...(stored(example.valid) as object) };
      expect(await read(admin, kind, after)).toEqual({ status: 200, body: savedBody });

      for (const invalid of example.invalid) {
        const refused = await save(admin, kind, after, invalid.data);
        expect([invalid.why, refused.status]).toEqual([invalid.why, 400]);
        expect([invalid.why, ((await refused.json()) as { field?: string }).field]).toEqual([
          invalid.why,
          invalid.field,
        ]);
        expect(await revision()).toEqual(after);
        expect((await read(admin, kind, after)).body).toEqual(savedBody);
      }
    },
  );

  test.each(WRITABLE)(
    '%s: the logs-only role may not read it (403); the auditor reads it but may not save it (403, nothing changes)',
    async (kind) => {
      const { logs, auditor } = ctx;
      const rev = await revision();
      expect((await read(logs, kind, rev)).status).toBe(403);
      const seen = await read(auditor, kind, rev);
      expect(seen.status).toBe(200);
      expect((await save(auditor, kind, rev, POLICY_KIND_EXAMPLES[kind].valid)).status).toBe(403);
      expect(await revision()).toEqual(rev);
      expect(await read(auditor, kind, rev)).toEqual(seen);
    },
  );
});

describe('read-only kinds', () => {
  const { ctx, revision, read } = serverWithRoles();

  test.each(READ_ONLY)(
    '%s: answers its defaults at the staged revision; it has no save; the logs-only role may not read it',
    async (kind) => {
      const rev = await revision();
      expect(kindPathHasRev(rowOf(kind).path)).toBe(false);
      expect(await read(ctx.auditor, kind, rev)).toEqual({
        status: 200,
        body: { rev_id: rev.staged_rev_id, ...(rowOf(kind).defaults as object) },
      });
      const put = await ctx.server.call(rowOf(kind).path, {
        method: 'PUT',
        jar: ctx.admin.jar,
        body: {
          rev_id: rev.rev_id,
          state: rev.state,
          updated_at: rev.updated_at,
          data: POLICY_KIND_EXAMPLES[kind].valid,
        },
      });
      expect(put.status).toBe(404);
      expect(await revision()).toEqual(rev);
      expect((await read(ctx.logs, kind, rev)).status).toBe(403);
    },
  );
});

describe('views', () => {
  const { ctx, revision, read, save } = serverWithRoles();

  test.each(VIEWS)(
    '%s: answers its part of the viewed kind as the staged revision sees it; it has no save; the logs-only role may not read it',
    async (kind) => {
      const of = rowOf(kind).view?.of as PolicyKind;
      const before = await revision();
      // Its view of the viewed kind as it stands (its defaults, or what another view's test saved).
      const { rev_id: _rev, ...source } = (await read(ctx.admin, of, before)).body as Record<string, unknown>;
      expect((await read(ctx.auditor, kind, before)).body).toEqual({
        rev_id: before.staged_rev_id,
        ...(rowOf(kind).view?.select(source as never) as object),
      });
      const saved = await save(ctx.admin, of, before, POLICY_KIND_EXAMPLES[of].valid);
      expect(saved.status).toBe(200);
      const after = (await saved.json()) as Rev;
      expect(await read(ctx.auditor, kind, after)).toEqual({
        status: 200,
        body: { rev_id: after.staged_rev_id, ...(POLICY_KIND_EXAMPLES[kind].valid as object) },
      });
      // Its path takes no save.
      const put = await ctx.server.call(rowOf(kind).path, {
        method: 'PUT',
        jar: ctx.admin.jar,
        body: {
          rev_id: after.rev_id,
          state: after.state,
          updated_at: after.updated_at,
          data: POLICY_KIND_EXAMPLES[kind].valid,
        },
      });
      expect(put.status).toBe(404);
      expect((await read(ctx.logs, kind, after)).status).toBe(403);
    },
  );
});

describe('kinds whose paths name no revision (private access)', () => {
  const { ctx, revision, read, save } = serverWithRoles();
  const kind: PolicyKind = 'mpa/app_catalogs';

  test('a save goes into the staged revision: after a publish, the next one; a stale updated_at is 409 and changes nothing', async () => {
    const example = POLICY_KIND_EXAMPLES[kind].valid;
    const first = await revision();
    const saved = await save(ctx.admin, kind, first, example);
    expect(saved.status).toBe(200);
    const staged = (await saved.json()) as Rev;
    const published = await ctx.server.call(`/api/policy/v1/rules/${staged.staged_rev_id}`, {
      method: 'POST',
      jar: ctx.admin.jar,
    });
    expect(published.status).toBe(200);
    const next = await revision();
    expect(next).toMatchObject({ rev_id: staged.staged_rev_id, state: 'new' });
    // Read after the publish: the published document, at the revision the next save makes.
    expect((await read(ctx.admin, kind, next)).body).toEqual({ rev_id: next.staged_rev_id, ...example });

    const changed = { list: [{ ...example.list[0], name: 'Renamed' }] };
    const resaved = await save(ctx.admin, kind, next, changed);
    expect(resaved.status).toBe(200);
    const after = (await resaved.json()) as Rev;
    expect(after).toMatchObject({ rev_id: next.rev_id, staged_rev_id: next.rev_id + 1, state: 'staged' });
    expect((await read(ctx.admin, kind, after)).body).toEqual({ rev_id: after.staged_rev_id, ...changed });

    // Saved with what the caller saw before someone else's save.
    const stale = await save(ctx.admin, kind, next, example);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { field?: string }).field).toBe('updated_at');
    expect(await revision()).toEqual(after);
    expect((await read(ctx.admin, kind, after)).body).toEqual({ rev_id: after.staged_rev_id, ...changed });
  });
});
