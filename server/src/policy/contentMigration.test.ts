/**
 * The content migration (docs/policy.md §7 PUT /api/policy/v4/content_migration) through real
 * HTTP against the registry's content kinds: the staged v3 file-type rules (`content`, by
 * extension) become v4 content-type rules (`v4/content`), the revision switches to content
 * version 4, and every refusal (unknown extension, v4 rules already there, stale revision, no
 * permission, already migrated) is a 409 or 403 that changes nothing.
 */
import {
  CONTENT_ALREADY_MIGRATED_MSG,
  POLICY_MIGRATION_PATHS,
} from '@workbench/common/api/contract/policyReference';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import type { NewEvent } from '../events/eventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

let server: TestServer;
let audited: NewEvent[];
beforeEach(async () => {
  server = await startTestServer();
  audited = [];
  // The policy area's events only: signing in is audited too (server/src/audit). Every replica's
  // (npm run test:scaled runs two behind a proxy; either may get the request).
  for (const app of server.replicas)
    app.workbench.audit = async (events) => {
      audited.push(...events.filter((e) => e.fields.sub_event_type !== 'session'));
    };
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
type V3Rule = PolicyData<'content'>['list'][number];

const V3 = (rev: number) => `/api/policy/v3/rules/content/${rev}`;
const V4 = (rev: number) => `/api/policy/v4/rules/content/${rev}`;
const VERSION = '/api/policy/v1/content_version';
const revision = async (who: SignedIn): Promise<Rev> =>
  (await (await server.call('/api/policy/v1/rules', { jar: who.jar })).json()) as Rev;
const get = async (who: SignedIn, path: string) => (await server.call(path, { jar: who.jar })).json();
const seen = (rev: Rev) => ({ rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at });

async function put(admin: SignedIn, path: (rev: number) => string, data: unknown): Promise<Rev> {
  const rev = await revision(admin);
  server.clock.advance(1000);
  const r = await server.call(path(rev.staged_rev_id), {
    method: 'PUT',
    jar: admin.jar,
    body: { ...seen(rev), data },
  });
  expect(r.status).toBe(200);
  return (await r.json()) as Rev;
}

const migrate = (who: SignedIn, rev: Rev) => {
  server.clock.advance(1000);
  return server.call(POLICY_MIGRATION_PATHS.content, { method: 'PUT', jar: who.jar, body: seen(rev) });
};

const rule = (id: string, fields: Partial<V3Rule>): V3Rule => ({
  id,
  name: `Rule ${id}`,
  enabled: true,
  conditions: {},
  direction: 'downloads',
  file_types: ['pdf'],
  action: 'block',
  cdr: false,
  ...fields,
});

/** What every refusal must leave: the revision, the v3 and v4 documents, the version, no audit. */
async function expectUnchanged(admin: SignedIn, rev: Rev, v3: V3Rule[], v4: unknown[] = []) {
  expect(await revision(admin)).toEqual(rev);
  expect(await get(admin, V3(rev.staged_rev_id))).toEqual({ rev_id: rev.staged_rev_id, list: v3 });
  expect(await get(admin, V4(rev.staged_rev_id))).toEqual({ rev_id: rev.staged_rev_id, list: v4 });
  expect(await get(admin, VERSION)).toEqual({ version: 3 });
  expect(audited.filter((e) => String(e.fields.details).startsWith('Migrated'))).toEqual([]);
}

test('each v3 rule becomes a v4 rule: same fields, extensions grouped by v4 content type, CDR allow → safeview', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const v3: V3Rule[] = [
    rule('office', {
      name: 'Finance documents',
      conditions: { groups: ['Finance'], domain: ['*.example.com'] },
      schedule: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00', time_zone: 'Europe/Paris' },
      direction: 'uploads',
      // Word twice, split by Excel: one Word ref, in order of first mention.
      file_types: ['docx', 'xlsx', 'doc', 'pdf'],
      action: 'safeview_readonly',
      comment: 'Reviewed in March',
    }),
    rule('invites', {
      enabled: false,
      direction: 'uploadsAndDownloads',
      file_types: ['ics', 'zip', 'vcs', 'iso'],
      action: 'allow',
      cdr: true,
    }),
    rule('binaries', { direction: 'all', file_types: ['exe', 'msi', 'apk'], cdr: true }),
  ];
  await put(admin, V3, { list: v3 });
  const rev = await revision(admin);
  audited.length = 0;

  const r = await migrate(admin, rev);
  expect(r.status).toBe(200);
  const after = (await r.json()) as Rev;
  expect(after).toMatchObject({ rev_id: rev.rev_id, staged_rev_id: rev.staged_rev_id, state: 'staged' });
  expect(after.updated_at > rev.updated_at).toBe(true);

  expect(await get(admin, V4(after.staged_rev_id))).toEqual({
    rev_id: after.staged_rev_id,
    list: [
      {
        id: 'office',
        name: 'Finance documents',
        enabled: true,
        conditions: { groups: ['Finance'], domain: ['*.example.com'] },
        schedule: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00', time_zone: 'Europe/Paris' },
        direction: 'uploads',
        content_types: [
          { name: 'Microsoft Word Documents', entries: ['docx', 'doc'] },
          { name: 'Microsoft Excel Spreadsheets', entries: ['xlsx'] },
          { name: 'PDF Documents', entries: ['pdf'] },
        ],
        action: 'safeview_readonly',
        comment: 'Reviewed in March',
      },
      {
        id: 'invites',
        name: 'Rule invites',
        enabled: false,
        conditions: {},
        direction: 'uploadsAndDownloads',
        content_types: [
          { name: 'ICS Calendar Invitations', entries: ['ics', 'vcs'] },
          { name: 'Compressed Archives', entries: ['zip'] },
          { name: 'Disk Images', entries: ['iso'] },
        ],
        // v4 has no CDR: an allowed file is no longer delivered as is, but opened in isolation.
        action: 'safeview',
      },
      {
        id: 'binaries',
        name: 'Rule binaries',
        enabled: true,
        conditions: {},
        direction: 'all',
        content_types: [
          { name: 'Windows Executables', entries: ['exe', 'msi'] },
          { name: 'Mobile Apps', entries: ['apk'] },
        ],
        action: 'block',
      },
    ],
  });
  // The v3 document stays (the published revision's, and what a rollback goes back to).
  expect(await get(admin, V3(after.staged_rev_id))).toEqual({ rev_id: after.staged_rev_id, list: v3 });
  expect(await get(admin, VERSION)).toEqual({ version: 4 });
  expect(audited.map((e) => [e.fields.sub_event_type, e.fields.details])).toEqual([
    [
      'content_inspection',
      `Migrated the content types to version 4 in revision ${after.staged_rev_id}. Converted 3 file-type rules. v4 has no CDR; it was on for: invites (allow became safeview), binaries.`,
    ],
  ]);

  // The result is a document the v4 kind's own PUT accepts as it stands.
  const v4 = (await get(admin, V4(after.staged_rev_id))) as { list: unknown[] };
  await put(admin, V4, { list: v4.list });
});

test('an extension no v4 content type holds: 409 naming each rule and extension, and nothing changes', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const v3 = [
    rule('known', { file_types: ['pdf', 'docx'] }),
    rule('legacy', { file_types: ['pdf', 'swf'] }),
    rule('photos', { file_types: ['heic', 'jpg', 'avif'] }),
  ];
  const rev = await put(admin, V3, { list: v3 });
  audited.length = 0;
  const r = await migrate(admin, rev);
  expect(r.status).toBe(409);
  expect(await r.json()).toMatchObject({
    message:
      'Cannot move the content policy to v4: no v4 content type holds these extensions (rule legacy: swf; rule photos: heic, avif); remove them from the v3 rules first.',
    field: 'data.list.1.file_types.1',
  });
  await expectUnchanged(admin, rev, v3);
});

test('rules already in the v4 policy are not overwritten: 409 naming them, and nothing changes', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const v3 = [rule('docs', {})];
  await put(admin, V3, { list: v3 });
  const v4 = [
    {
      id: 'hand-made',
      name: 'Hand made',
      enabled: true,
      conditions: {},
      direction: 'downloads',
      content_types: [{ name: 'Images', entries: [] }],
      action: 'block',
    },
  ];
  const rev = await put(admin, V4, { list: v4 });
  audited.length = 0;
  const r = await migrate(admin, rev);
  expect(r.status).toBe(409);
  expect(((await r.json()) as { message: string }).message).toBe(
    'Cannot move the content policy to v4: the v4 content policy already has rules (hand-made); remove them first.',
  );
  await expectUnchanged(admin, rev, v3, v4);
});

test('a stale revision (409) and a read-only role (403) change nothing', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const v3 = [rule('docs', { file_types: ['pdf'] })];
  const old = await revision(admin);
  const rev = await put(admin, V3, { list: v3 });
  audited.length = 0;

  const stale = await migrate(admin, old);
  expect(stale.status).toBe(409);
  expect(((await stale.json()) as { message: string }).message).not.toMatch(/content policy to v4/);
  await expectUnchanged(admin, rev, v3);

  const auditor = await signIn(server, 'auditor@acme.example');
  expect((await migrate(auditor, rev)).status).toBe(403);
  await expectUnchanged(admin, rev, v3);
});

test('a second migration is refused (409) and leaves the first one as it was', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  await put(admin, V3, { list: [rule('docs', { file_types: ['pdf', 'eml'] })] });
  const first = await migrate(admin, await revision(admin));
  expect(first.status).toBe(200);
  const after = (await first.json()) as Rev;
  const v4 = await get(admin, V4(after.staged_rev_id));
  expect((v4 as { list: Array<{ content_types: unknown }> }).list[0].content_types).toEqual([
    { name: 'PDF Documents', entries: ['pdf'] },
    { name: 'E-mail Messages', entries: ['eml'] },
  ]);
  audited.length = 0;

  const second = await migrate(admin, after);
  expect(second.status).toBe(409);
  expect(((await second.json()) as { message: string }).message).toBe(CONTENT_ALREADY_MIGRATED_MSG);
  expect(await revision(admin)).toEqual(after);
  expect(await get(admin, V4(after.staged_rev_id))).toEqual(v4);
  expect(await get(admin, VERSION)).toEqual({ version: 4 });
  expect(audited).toEqual([]);
});

test('an empty v3 policy migrates to an empty v4 one and switches the version', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const rev = await revision(admin);
  const r = await migrate(admin, rev);
  expect(r.status).toBe(200);
  const after = (await r.json()) as Rev;
  expect(after.state).toBe('staged');
  expect(await get(admin, V4(after.staged_rev_id))).toEqual({ rev_id: after.staged_rev_id, list: [] });
  expect(await get(admin, VERSION)).toEqual({ version: 4 });
  expect(audited.map((e) => e.fields.details)).toEqual([
    `Migrated the content types to version 4 in revision ${after.staged_rev_id}.`,
  ]);
});
