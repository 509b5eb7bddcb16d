/**
 * The policy reference data through real HTTP: every row of common's registry answers its reply
 * schema with the seeded content, under its read permission (401 without a session, 403 without
 * the permission); the extension categories save like any policy kind; the category and content
 * migrations refuse a stale revision (409, nothing changes), stage their rewrite, switch the
 * version and are audited.
 */
import { Compile } from 'typebox/schema';
import {
  CATEGORIES_ALREADY_MIGRATED_MSG,
  CONTENT_ALREADY_MIGRATED_MSG,
  POLICY_MIGRATION_PATHS,
  POLICY_REFERENCE_NAMES,
  POLICY_REFERENCE_REGISTRY,
  policyReferencePath,
  type PolicyReferenceName,
  type PolicyReferenceReply,
} from '@workbench/common/api/contract/policyReference';
import { COUNTRIES } from '@workbench/common/vocabularies/countries';
import { POLICY_KIND_REGISTRY } from '@workbench/common/api/contract/policyKinds';
import type { NewEvent } from '../events/eventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import { loadOperations } from '../security-tests/operations';
import { CATEGORY_MIGRATION_PERMISSION } from './migrationRoutes';
import { CATEGORY_VERSION_DOC, contentKinds, readVersion, restoreVersions } from './policyMigrations';

let server: TestServer;
let audited: NewEvent[];
async function start() {
  server = await startTestServer();
  audited = [];
  // The policy area's events only: signing in is audited too (server/src/audit).
  server.app.workbench.audit = async (events) => {
    audited.push(...events.filter((e) => e.fields.sub_event_type !== 'session'));
  };
}
const stop = () => server.close();
/** The reads change nothing: one server for them all. Each write test gets its own. */
const freshServerEach = () => {
  beforeEach(start);
  afterEach(stop);
};

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: 'new' | 'staged';
  updated_at: string;
}

const revision = async (who: SignedIn): Promise<Rev> =>
  (await (await server.call('/api/policy/v1/rules', { jar: who.jar })).json()) as Rev;

async function read<N extends PolicyReferenceName>(
  who: SignedIn | null,
  name: N,
  rev = 1,
): Promise<{ status: number; body: PolicyReferenceReply<N> }> {
  const r = await server.call(policyReferencePath(name, { rev }), who ? { jar: who.jar } : {});
  return { status: r.status, body: (await r.json()) as PolicyReferenceReply<N> };
}

const doc = async (who: SignedIn, path: string) =>
  (await (await server.call(path, { jar: who.jar })).json()) as Record<string, unknown>;

const save = (who: SignedIn, rev: Rev, path: string, data: unknown) =>
  server.call(path, {
    method: 'PUT',
    jar: who.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data },
  });

const migrateCall = (who: SignedIn, path: string, rev: Rev) =>
  server.call(path, {
    method: 'PUT',
    jar: who.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at },
  });

describe('reference reads', () => {
  beforeAll(start);
  afterAll(stop);
  let loaded: ReturnType<typeof loadOperations> | undefined;
  const operations = () => (loaded ??= loadOperations(server));

  test.each(POLICY_REFERENCE_NAMES)(
    '%s: its GET is in the OpenAPI document with its read permission; it names its spec section',
    async (name) => {
      const row = POLICY_REFERENCE_REGISTRY[name];
      expect(row.path).toMatch(/^\/api\/policy\/v[134]\//);
      expect(row.spec).toMatch(/§\d/);
      const op = (await operations()).find((o) => o.method === 'GET' && o.template === row.path);
      expect(op?.access).toEqual({ world: 'tenant', permission: row.read, optional: false });
    },
  );

  test('the migrations are in the OpenAPI document with their write permissions', async () => {
    const ops = await operations();
    const access = (path: string) => ops.find((o) => o.method === 'PUT' && o.template === path)?.access;
    expect(access(POLICY_MIGRATION_PATHS.category)?.permission).toEqual(CATEGORY_MIGRATION_PERMISSION);
    // The content policy's group once its kinds are in the registry; content inspection until then.
    const kinds = contentKinds();
    const group = kinds ? POLICY_KIND_REGISTRY[kinds.v4].group : 'content_inspection';
    expect(access(POLICY_MIGRATION_PATHS.content)?.permission).toBe(`${group}:*:write`);
  });

  test.each(POLICY_REFERENCE_NAMES)('%s answers its reply schema for the administrator', async (name) => {
    const admin = await signIn(server, 'admin@acme.example');
    const r = await read(admin, name);
    expect(r.status).toBe(200);
    const reply = POLICY_REFERENCE_REGISTRY[name].reply;
    expect(Compile(reply as unknown as Parameters<typeof Compile>[0]).Check(r.body)).toBe(true);
  });

  test.each(POLICY_REFERENCE_NAMES)(
    '%s: 401 without a session; the read-only auditor may read it',
    async (name) => {
      expect((await read(null, name)).status).toBe(401);
      const auditor = await signIn(server, 'auditor@acme.example');
      expect((await read(auditor, name)).status).toBe(200);
    },
  );

  test('the logs-only role reads the category names its events show, and no policy data (403)', async () => {
    const logs = await signIn(server, 'logs@acme.example');
    for (const name of ['cats', 'cats_v2', 'category_version'] as const)
      expect((await read(logs, name)).status).toBe(200);
    for (const name of [
      'risks',
      'risks/Vulnerable Service',
      'cats/extension/map',
      'country_codes',
      'v4/content_types',
      'predefined_ccls',
      'dlp/file_password',
      'ra_threats',
      'smtp_users',
      'ad/group_users',
      'time_zones',
    ] as const)
      expect([name, (await read(logs, name)).status]).toEqual([name, 403]);
  });

  test('the category tree: about 80 categories with unique ids in 10 groups, 85–88 the extension ones', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const { body } = await read(admin, 'cats');
    expect(body.groups).toHaveLength(10);
    expect(body.categories.length).toBeGreaterThanOrEqual(75);
    const ids = body.categories.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const groupKeys = new Set(body.groups.map((g) => g.key));
    for (const c of body.categories) expect(groupKeys.has(c.group)).toBe(true);
    expect(body.categories.filter((c) => c.extension).map((c) => c.id)).toEqual([85, 86, 87, 88]);
    expect(body.categories.find((c) => c.id === 56)).toEqual({
      id: 56,
      name: 'Malware Sites',
      group: 'security',
    });

    const map = (await read(admin, 'cats/extension/map')).body.map;
    expect(map.map((m) => m.category_id)).toEqual([85, 86, 87, 88]);
    for (const m of map) for (const id of m.previous_category_ids) expect(ids).toContain(id);
  });

  test('cats_v2 is larger, and maps every v1 category to v2 categories it has', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const v1 = (await read(admin, 'cats')).body;
    const v2 = (await read(admin, 'cats_v2')).body;
    expect(v2.categories.length).toBeGreaterThan(v1.categories.length);
    const v2Ids = new Set(v2.categories.map((c) => c.id));
    expect(v2.mapping.map((m) => m.v1_id)).toEqual(v1.categories.map((c) => c.id));
    for (const m of v2.mapping) for (const id of m.v2_ids) expect(v2Ids.has(id)).toBe(true);
    // No v2 id is also a v1 id: a document's ids show its version.
    for (const c of v1.categories) expect(v2Ids.has(c.id)).toBe(false);
  });

  test('country codes are the vocabulary, time zones start with UTC, content types carry the calendar', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const countries = (await read(admin, 'country_codes')).body.country_codes;
    expect(countries).toHaveLength(COUNTRIES.length);
    expect(countries).toContainEqual({ code: 'FR', name: 'France' });
    const zones = (await read(admin, 'time_zones')).body.time_zones;
    expect(zones[0]).toBe('UTC');
    expect(zones).toEqual(expect.arrayContaining(['Europe/Paris', 'America/New_York', 'Asia/Tokyo']));
    const v3 = (await read(admin, 'v3/content_types')).body.contentTypes.files;
    const v4 = (await read(admin, 'v4/content_types')).body.contentTypes.files;
    expect(v3.find((f) => f.name === 'Calendar')?.list.map((t) => t.extensions)).toEqual([
      ['ics', 'ical'],
      ['vcs'],
    ]);
    expect(v4.map((f) => f.name)).toContain('ICS Calendar Invitations');
    expect((await read(admin, 'predefined_ccls')).body.ccls.map((c) => c.id)).toEqual(
      expect.arrayContaining(['credit_card_numbers', 'us_ssn', 'iban']),
    );
  });

  test('dlp/file_password suggests a fresh strong password at each read, not cached', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const first = (await read(admin, 'dlp/file_password')).body.password;
    const second = (await read(admin, 'dlp/file_password')).body.password;
    expect(first).toMatch(/^[A-HJ-NP-Za-km-z2-9\-_.!]{24}$/);
    expect(second).not.toBe(first);
  });

  test("mail users and groups are the tenant's own active users", async () => {
    const acme = await signIn(server, 'admin@acme.example');
    const globex = await signIn(server, 'admin@globex.example');
    const acmeUsers = (await read(acme, 'smtp_users')).body.users;
    const globexUsers = (await read(globex, 'smtp_users')).body.users;
    expect(acmeUsers.length).toBeGreaterThan(20);
    expect(acmeUsers.every((u) => u.email.includes('acme.example'))).toBe(true);
    expect(globexUsers.every((u) => u.email.includes('globex.example'))).toBe(true);
    const groups = (await read(acme, 'smtp_groups')).body.groups;
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['engineering', 'finance']));
    const members = (await read(acme, 'ad/group_users', 1)).body;
    expect(members.rev_id).toBe(1);
    for (const g of groups)
      expect(members.groups.find((m) => m.group === g.name)?.users).toHaveLength(g.member_count);
  });

  test('group users of a revision the tenant does not have: 404', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    expect((await read(admin, 'ad/group_users', 99)).status).toBe(404);
  });
});

const EXTENSION = (rev: number) => `/api/policy/v1/cats/extension/${rev}`;

describe('extension categories', () => {
  freshServerEach();

  test('the extension categories are off until saved on; the auditor may not save them', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const auditor = await signIn(server, 'auditor@acme.example');
    const rev = await revision(admin);
    expect(await doc(admin, EXTENSION(rev.staged_rev_id))).toEqual({
      rev_id: rev.staged_rev_id,
      categories_85_to_88: { enable: false },
    });
    expect(
      (await save(auditor, rev, EXTENSION(rev.staged_rev_id), { categories_85_to_88: { enable: true } }))
        .status,
    ).toBe(403);
    server.clock.advance(1000);
    const saved = await save(admin, rev, EXTENSION(rev.staged_rev_id), {
      categories_85_to_88: { enable: true },
    });
    expect(saved.status).toBe(200);
    const staged = (await saved.json()) as Rev;
    expect(await doc(admin, EXTENSION(staged.staged_rev_id))).toEqual({
      rev_id: staged.staged_rev_id,
      categories_85_to_88: { enable: true },
    });
  });
});

describe('category migration', () => {
  freshServerEach();
  const CATS = (rev: number) => `/api/policy/v1/rules/cats/${rev}`;
  const EXCEPTIONS = (rev: number) => `/api/policy/v3/rules/web/exceptions/${rev}`;
  const BYPASS = (rev: number) => `/api/policy/v3/rules/sslbump_bypass/${rev}`;
  const rule = (id: string, categories: number[]) => ({
    id,
    name: id,
    enabled: true,
    action: 'block',
    conditions: { categories },
  });

  /** A v1 policy staged by the administrator: category actions, exception rules and bypass entries. */
  async function stageV1Policy(admin: SignedIn): Promise<Rev> {
    let rev = await revision(admin);
    const steps: Array<[string, unknown]> = [
      [
        CATS(rev.staged_rev_id),
        {
          list: [
            { category_id: 25, action: 'block' },
            { category_id: 60, action: 'allow' },
            { category_id: 14, action: 'safeview' },
            { category_id: 70, action: 'block' },
          ],
        },
      ],
      [
        EXCEPTIONS(rev.staged_rev_id),
        { list: [rule('gambling', [27, 56]), rule('retired', [70])], bypass: [] },
      ],
      [
        BYPASS(rev.staged_rev_id),
        {
          list: [
            { id: 'storage', category_id: 47 },
            { id: 'bank', domain: 'bank.example' },
          ],
          integrations_list: [],
          sslbump_v3: true,
        },
      ],
    ];
    for (const [path, data] of steps) {
      server.clock.advance(1000);
      const r = await save(admin, rev, path.replace(/\/\d+$/, `/${rev.staged_rev_id}`), data);
      expect(r.status).toBe(200);
      rev = (await r.json()) as Rev;
    }
    return rev;
  }

  test('rewrites the staged documents to v2 ids, switches the version and is audited', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const rev = await stageV1Policy(admin);
    audited.length = 0;
    server.clock.advance(1000);
    const r = await migrateCall(admin, POLICY_MIGRATION_PATHS.category, rev);
    expect(r.status).toBe(200);
    const after = (await r.json()) as Rev;
    expect(after).toMatchObject({ rev_id: rev.rev_id, staged_rev_id: rev.staged_rev_id, state: 'staged' });
    expect(after.updated_at > rev.updated_at).toBe(true);

    // Streaming Media split into video (501) and audio (502); Music merged into audio, which keeps
    // the stricter block; Social Networking split in two; the retired 70 has nowhere to go.
    expect((await doc(admin, CATS(after.staged_rev_id))).list).toEqual([
      { category_id: 501, action: 'block' },
      { category_id: 502, action: 'block' },
      { category_id: 401, action: 'safeview' },
      { category_id: 402, action: 'safeview' },
    ]);
    const rules = (await doc(admin, EXCEPTIONS(after.staged_rev_id))).list as Array<Record<string, unknown>>;
    expect(rules[0]).toMatchObject({ id: 'gambling', enabled: true, conditions: { categories: [304, 101] } });
    // Left without categories, a rule would match every site: it is disabled instead.
    expect(rules[1]).toMatchObject({ id: 'retired', enabled: false, conditions: { categories: [70] } });
    expect((await doc(admin, BYPASS(after.staged_rev_id))).list).toEqual([
      { id: 'storage', category_id: 505 },
      { id: 'storage-506', category_id: 506 },
      { id: 'bank', domain: 'bank.example' },
    ]);
    expect((await read(admin, 'category_version')).body).toEqual({ version: 2 });
    // The published revision keeps its v1 documents.
    expect((await doc(admin, CATS(rev.rev_id))).list).toEqual([]);

    expect(audited).toHaveLength(1);
    expect(audited[0].fields).toMatchObject({
      userid: 'admin@acme.example',
      audit_action: 'update',
      sub_event_type: 'web_policy',
    });
    expect(String(audited[0].fields.details)).toContain('Migrated the categories to version 2');
    expect(String(audited[0].fields.details)).toContain('70');

    // Once on v2, a second migration is refused.
    const again = await migrateCall(admin, POLICY_MIGRATION_PATHS.category, after);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(CATEGORIES_ALREADY_MIGRATED_MSG);
    expect(await revision(admin)).toEqual(after);
  });

  test('published, then rolled back across the migration: restoreVersions gives the rollback version 1 again', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const rev = await stageV1Policy(admin);
    server.clock.advance(1000);
    const migrated = (await (await migrateCall(admin, POLICY_MIGRATION_PATHS.category, rev)).json()) as Rev;
    const publish = await server.call(`/api/policy/v1/rules/${migrated.staged_rev_id}`, {
      method: 'POST',
      jar: admin.jar,
    });
    expect(publish.status).toBe(200);
    const store = server.app.workbench.store;
    const tid = (await store.tenants.list()).find((t) => t.name === 'acme')?.tid ?? '';
    const published = migrated.staged_rev_id;
    const staged = published + 1;
    // The revision after it carries version 2 forward until a rollback restores revision 1's.
    expect(await readVersion(store, tid, CATEGORY_VERSION_DOC, staged)).toBe(2);
    await store.transaction((tx) => restoreVersions(tx, tid, { target: 1, published, staged }));
    expect(await readVersion(store, tid, CATEGORY_VERSION_DOC, staged)).toBe(1);
    expect(await readVersion(store, tid, CATEGORY_VERSION_DOC, published)).toBe(2);
  });

  test('a stale revision is refused with 409 and nothing changes', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const before = await revision(admin);
    const now = await stageV1Policy(admin);
    const stale = await server.call(POLICY_MIGRATION_PATHS.category, {
      method: 'PUT',
      jar: admin.jar,
      body: {
        rev_id: before.rev_id,
        state: before.state,
        updated_at: before.updated_at,
        staged_rev_id: now.staged_rev_id,
      },
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      changed_by: 'admin@acme.example',
      changed_at: now.updated_at,
    });
    expect(await revision(admin)).toEqual(now);
    expect((await doc(admin, CATS(now.staged_rev_id))).list).toContainEqual({
      category_id: 25,
      action: 'block',
    });
    expect((await read(admin, 'category_version')).body).toEqual({ version: 1 });
    expect(audited.filter((e) => String(e.fields.details).includes('Migrated'))).toEqual([]);
  });

  test('refused without a session (401), for the auditor (403), and for a body with extra fields (400)', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const auditor = await signIn(server, 'auditor@acme.example');
    const rev = await revision(admin);
    expect((await server.call(POLICY_MIGRATION_PATHS.category, { method: 'PUT', body: rev })).status).toBe(
      401,
    );
    expect((await migrateCall(auditor, POLICY_MIGRATION_PATHS.category, rev)).status).toBe(403);
    const extra = await server.call(POLICY_MIGRATION_PATHS.category, {
      method: 'PUT',
      jar: admin.jar,
      body: { ...rev, version: 2 },
    });
    expect(extra.status).toBe(400);
    expect(await revision(admin)).toEqual(rev);
  });
});

describe('content migration', () => {
  freshServerEach();
  test('switches the staged revision to the v4 content types, audited; a second time is refused', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const rev = await revision(admin);
    expect((await read(admin, 'content_version')).body).toEqual({ version: 3 });
    server.clock.advance(1000);
    const r = await migrateCall(admin, POLICY_MIGRATION_PATHS.content, rev);
    expect(r.status).toBe(200);
    const after = (await r.json()) as Rev;
    expect(after).toMatchObject({ state: 'staged', rev_id: rev.rev_id });
    expect((await read(admin, 'content_version')).body).toEqual({ version: 4 });
    expect(audited.map((e) => e.fields.details)).toEqual([
      `Migrated the content types to version 4 in revision ${after.staged_rev_id}.`,
    ]);
    const again = await migrateCall(admin, POLICY_MIGRATION_PATHS.content, after);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(CONTENT_ALREADY_MIGRATED_MSG);
  });

  test('a stale revision is refused with 409; the auditor gets 403; nothing changes', async () => {
    const admin = await signIn(server, 'admin@acme.example');
    const auditor = await signIn(server, 'auditor@acme.example');
    const rev = await revision(admin);
    expect((await migrateCall(auditor, POLICY_MIGRATION_PATHS.content, rev)).status).toBe(403);
    const stale = await migrateCall(admin, POLICY_MIGRATION_PATHS.content, {
      ...rev,
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.status).toBe(409);
    expect(await revision(admin)).toEqual(rev);
    expect((await read(admin, 'content_version')).body).toEqual({ version: 3 });
    expect(audited).toEqual([]);
  });
});
