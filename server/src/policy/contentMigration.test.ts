/**
 * The content migration against the content kinds' interface, through real HTTP: the v3 and v4
 * content policy kinds (api-client-layer §7 rules/content/{rev}) are another change's rows, so
 * this suite adds stand-in rows at those spec paths to the registry before the server starts.
 * The migration finds them by path, renames the v3 document's content types into the v4 kind,
 * refuses (409) a result the v4 schema does not accept, and changes nothing then.
 */
import { Type, type TSchema } from 'typebox';
import {
  POLICY_KINDS,
  POLICY_KIND_REGISTRY,
  type PolicyKind,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import { POLICY_MIGRATION_PATHS } from '@workbench/common/api/contract/policyReference';
import type { NewEvent } from '../events/eventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import { CONTENT_KIND_PATHS } from './policyMigrations';
import { CONTENT_TYPES_V4 } from './reference/contentTypes';

const rulesOf = (contentType: TSchema) =>
  Type.Object(
    {
      rules: Type.Array(
        Type.Object(
          {
            id: Type.String(),
            content_types: Type.Array(contentType),
            action: Type.String(),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  );

const standIn = (path: string, data: ReturnType<typeof rulesOf>): PolicyKindDef => ({
  path,
  group: 'content_inspection',
  title: 'Content policy (stand-in)',
  data,
  defaults: { rules: [] },
  scope: 'policy',
  spec: 'api-client-layer §7 (rules/content/{rev})',
});

const registry = POLICY_KIND_REGISTRY as unknown as Record<string, PolicyKindDef>;
const added = ['test/content_v3', 'test/content_v4'];

let server: TestServer;
let audited: NewEvent[];
beforeAll(() => {
  registry[added[0]] = standIn(CONTENT_KIND_PATHS.v3, rulesOf(Type.String({ minLength: 1 })));
  // v4 names only: a v3 document that keeps a name v4 does not know cannot move.
  registry[added[1]] = standIn(
    CONTENT_KIND_PATHS.v4,
    rulesOf(Type.Unsafe<string>({ type: 'string', enum: CONTENT_TYPES_V4.map((f) => f.name) })),
  );
  POLICY_KINDS.push(...(added as PolicyKind[]));
});
afterAll(() => {
  for (const kind of added) delete registry[kind];
  POLICY_KINDS.splice(POLICY_KINDS.length - added.length, added.length);
});
beforeEach(async () => {
  server = await startTestServer();
  audited = [];
  server.app.workbench.audit = async (events) => {
    audited.push(...events);
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
const V3 = (rev: number) => `/api/policy/v3/rules/content/${rev}`;
const V4 = (rev: number) => `/api/policy/v4/rules/content/${rev}`;
const revision = async (who: SignedIn): Promise<Rev> =>
  (await (await server.call('/api/policy/v1/rules', { jar: who.jar })).json()) as Rev;
const get = async (who: SignedIn, path: string) => (await server.call(path, { jar: who.jar })).json();
const seen = (rev: Rev) => ({ rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at });

async function stageV3(admin: SignedIn, contentTypes: string[]): Promise<Rev> {
  const rev = await revision(admin);
  server.clock.advance(1000);
  const r = await server.call(V3(rev.staged_rev_id), {
    method: 'PUT',
    jar: admin.jar,
    body: { ...seen(rev), data: { rules: [{ id: 'docs', content_types: contentTypes, action: 'block' }] } },
  });
  expect(r.status).toBe(200);
  return (await r.json()) as Rev;
}

const migrate = (who: SignedIn, rev: Rev) =>
  server.call(POLICY_MIGRATION_PATHS.content, { method: 'PUT', jar: who.jar, body: seen(rev) });

test('the v4 content policy is the v3 one with its content types renamed; Flash is removed and audited', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const rev = await stageV3(admin, ['Microsoft Office Documents', 'Calendar', 'Flash']);
  audited.length = 0;
  server.clock.advance(1000);
  const r = await migrate(admin, rev);
  expect(r.status).toBe(200);
  const after = (await r.json()) as Rev;
  expect(await get(admin, V4(after.staged_rev_id))).toEqual({
    rev_id: after.staged_rev_id,
    rules: [
      {
        id: 'docs',
        content_types: [
          'Microsoft Word Documents',
          'Microsoft Excel Spreadsheets',
          'Microsoft PowerPoint Presentations',
          'ICS Calendar Invitations',
        ],
        action: 'block',
      },
    ],
  });
  // The v3 document stays as it was (what the published revision used).
  expect(((await get(admin, V3(after.staged_rev_id))) as { rules: unknown[] }).rules).toHaveLength(1);
  expect(await get(admin, '/api/policy/v1/content_version')).toEqual({ version: 4 });
  expect(audited.map((e) => [e.fields.sub_event_type, e.fields.details])).toEqual([
    [
      'content_inspection',
      `Migrated the content types to version 4 in revision ${after.staged_rev_id}. Removed what has no successor: Flash.`,
    ],
  ]);
});

test('a v3 document the v4 kind would refuse is not moved: 409 naming why, and nothing changes', async () => {
  const admin = await signIn(server, 'admin@acme.example');
  const rev = await stageV3(admin, ['Archives', 'Our Own Type']);
  const r = await migrate(admin, rev);
  expect(r.status).toBe(409);
  expect(((await r.json()) as { message: string }).message).toMatch(/^Cannot move the content policy to v4/);
  expect(await revision(admin)).toEqual(rev);
  expect(await get(admin, V4(rev.staged_rev_id))).toEqual({ rev_id: rev.staged_rev_id, rules: [] });
  expect(await get(admin, '/api/policy/v1/content_version')).toEqual({ version: 3 });
  expect(audited.filter((e) => String(e.fields.details).startsWith('Migrated'))).toEqual([]);
});
