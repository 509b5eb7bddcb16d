/**
 * The tenant settings lists over real HTTP, with storage profiles (docs/settings.md §2): the
 * document read and saved whole, bad input per field (400 naming it, nothing changed), the
 * write-only secret, the audit event with before and after, permissions, the feature flag, another
 * tenant, a save over another's (409), and `validate` against a local stand-in endpoint.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

jest.setTimeout(120_000);

const PATH = '/api/settings/v1/tenants/storage_profiles';
type Doc = { list: Record<string, unknown>[]; updated_at: string | null; updated_by: string | null };

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let standIn: http.Server;
const knocks: string[] = [];
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;

beforeAll(async () => {
  // The stand-in cloud: no bucket or share named missing-*, every other one private (403).
  standIn = http.createServer((req, res) => {
    knocks.push(`${req.method} ${req.url}`);
    res.statusCode = /missing-/.test(req.url ?? '') ? 404 : 403;
    res.end();
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const port = (standIn.address() as AddressInfo).port;
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-lists-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events }, storageEndpoint: `http://127.0.0.1:${port}` });
  admin = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
  logs = await signIn(server, 'logs@acme.example');
  globex = await signIn(server, 'admin@globex.example');
});
afterAll(async () => {
  await server.close();
  await events.close();
  await new Promise((resolve) => standIn.close(resolve));
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

const call = (who: SignedIn, pathname: string, method = 'GET', body?: unknown) =>
  server.call(pathname, { method, jar: who.jar, body });
const json = async <T>(r: Response, status = 200): Promise<T> => {
  const text = await r.text();
  expect({ status: r.status, text }).toMatchObject({ status });
  return JSON.parse(text) as T;
};
const read = async (who: SignedIn = admin) => json<Doc>(await call(who, PATH));
const save = (body: unknown, who: SignedIn = admin) => call(who, PATH, 'POST', body);

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const aws = (over: Record<string, unknown> = {}, platform: Record<string, unknown> = {}) => ({
  name: 'Captures (US)',
  description: 'US offices',
  limit_size: { enabled: true, max_size: 20, units: 'GB' },
  access_type: 'readwrite',
  storage_platform: {
    name: 'Amazon AWS',
    s3_bucket: 'acme-captures-us',
    key_id: 'AKIAIOSFODNN7EXAMPLE',
    secret_key: SECRET,
    path: 'captures/us',
    ...platform,
  },
  ...over,
});
/** The stored list as it can be sent back (the read's items, secrets left out, so kept). */
const asWritten = (doc: Doc): Record<string, unknown>[] =>
  doc.list.map((p) => {
    const { secret_key_set: _s, ...platform } = p.storage_platform as Record<string, unknown>;
    return { ...p, storage_platform: platform };
  });

type AuditRow = Record<string, string | number>;
async function audits(): Promise<AuditRow[]> {
  server.clock.advance(1000);
  const r = await call(admin, `/api/rep/v1/query/scan_audit?limit=1000`);
  return ((await r.json()) as { events: AuditRow[] }).events.filter(
    (e) => e.sub_event_type === 'storage_profiles',
  );
}

describe('storage profiles: the document', () => {
  it('answers the demo profiles with list, updated_at and updated_by, and never a secret', async () => {
    const doc = await read();
    expect(doc.list.map((p) => p.name)).toEqual(['Forensics archive (EU)', 'Legal hold']);
    expect(doc.updated_at).toEqual(expect.any(String));
    expect(doc.list[0]).toMatchObject({
      validated: false,
      storage_platform: { name: 'Amazon AWS', secret_key_set: true },
    });
    expect(JSON.stringify(doc)).not.toMatch(/"secret_key"/);
  });

  it('adds a profile (the server gives its uuid), keeps a left-out secret, and audits before and after', async () => {
    const before = await read();
    const saved = await json<Doc>(
      await save({ list: [...asWritten(before), aws()], updated_at: before.updated_at }),
    );
    expect(saved.list).toHaveLength(3);
    expect(saved.list[2].uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.updated_by).toBe('admin@acme.example');
    expect(saved.list[0].storage_platform).toMatchObject({ secret_key_set: true });
    expect(JSON.stringify(saved)).not.toContain(SECRET);
    expect(await read()).toEqual(saved);
    const event = (await audits()).at(-1);
    expect(event).toMatchObject({ audit_action: 'update', object: 'Storage Profiles' });
    expect(JSON.parse(String(event?.before))).toHaveLength(2);
    expect(JSON.parse(String(event?.after))).toHaveLength(3);
    expect(`${event?.before}${event?.after}`).not.toContain(SECRET);
  });

  it('refuses a save made from an older read (409) and keeps the newer one', async () => {
    const now = await read();
    const r = await save({ list: asWritten(now).slice(0, 1), updated_at: '2020-01-01T00:00:00.000Z' });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { field: string }).field).toBe('updated_at');
    expect(await read()).toEqual(now);
  });

  it('asks again for the secret when a profile changes platform', async () => {
    const now = await read();
    const list = asWritten(now);
    const azure = {
      ...list[0],
      storage_platform: {
        name: 'Microsoft Azure',
        account: 'acmeeu',
        share: 'bf',
        storage_mode: 'blob',
        path: 'eu',
      },
    };
    const r = await save({ list: [azure, ...list.slice(1)] });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { field: string }).field).toBe('list.0.storage_platform.secret_key');
    expect(await read()).toEqual(now);
  });
});

describe('storage profiles: bad input names the field and changes nothing', () => {
  const long = 'x'.repeat(251);
  const cases: [string, unknown, string][] = [
    ['name empty', { list: [aws({ name: '' })] }, 'list.0.name'],
    ['name of 251 characters', { list: [aws({ name: long })] }, 'list.0.name'],
    ['description empty', { list: [aws({ description: '' })] }, 'list.0.description'],
    ['description of 251 characters', { list: [aws({ description: long })] }, 'list.0.description'],
    [
      'units not GB, MB or KB',
      { list: [aws({ limit_size: { enabled: true, max_size: 1, units: 'TB' } })] },
      'list.0.limit_size.units',
    ],
    [
      'max_size 0',
      { list: [aws({ limit_size: { enabled: true, max_size: 0, units: 'GB' } })] },
      'list.0.limit_size.max_size',
    ],
    ['access_type not read or readwrite', { list: [aws({ access_type: 'write' })] }, 'list.0.access_type'],
    ['an unknown platform', { list: [aws({}, { name: 'Google Cloud' })] }, 'list.0.storage_platform.name'],
    ['s3_bucket missing', { list: [aws({}, { s3_bucket: undefined })] }, 'list.0.storage_platform.s3_bucket'],
    ['key_id of 251 characters', { list: [aws({}, { key_id: long })] }, 'list.0.storage_platform.key_id'],
    [
      'secret_key missing on a new profile',
      { list: [aws({}, { secret_key: undefined })] },
      'list.0.storage_platform.secret_key',
    ],
    ['path empty', { list: [aws({}, { path: '' })] }, 'list.0.storage_platform.path'],
    ['an Azure field on AWS', { list: [aws({}, { account: 'acme' })] }, 'list.0.storage_platform.account'],
    [
      'Azure without storage_mode',
      {
        list: [
          aws(
            {},
            {
              name: 'Microsoft Azure',
              s3_bucket: undefined,
              key_id: undefined,
              account: 'acme',
              share: 'bf',
            },
          ),
        ],
      },
      'list.0.storage_platform.storage_mode',
    ],
    [
      'storage_mode not file or blob',
      {
        list: [
          aws(
            {},
            {
              name: 'Microsoft Azure',
              s3_bucket: undefined,
              key_id: undefined,
              account: 'acme',
              share: 'bf',
              storage_mode: 'disk',
            },
          ),
        ],
      },
      'list.0.storage_platform.storage_mode',
    ],
    [
      'assume_role without iam_role_name',
      { list: [aws({}, { assume_role: { external_aws_ac_id: '123456789012', external_id: 'x1' } })] },
      'list.0.storage_platform.assume_role.iam_role_name',
    ],
    ['no profiles (1 to 50)', { list: [] }, 'list'],
    ['51 profiles', { list: Array.from({ length: 51 }, (_, i) => aws({ name: `P${i}` })) }, 'list'],
    ['an unknown uuid', { list: [aws({ uuid: '00000000-0000-4000-8000-000000000000' })] }, 'list.0.uuid'],
    ['two profiles of one name', { list: [aws(), aws({ name: 'captures (us)' })] }, 'list.1.name'],
    ['an unknown field', { list: [aws({ colour: 'red' })] }, 'list.0.colour'],
  ];
  it.each(cases)('%s', async (_what, body, field) => {
    const before = await read();
    const r = await save(body);
    const answer = (await r.json()) as { field?: string; message?: string };
    expect({ status: r.status, field: answer.field }).toEqual({ status: 400, field });
    expect(answer.message).toContain(field.split('.').pop());
    expect(await read()).toEqual(before);
  });
});

describe('storage profiles: who may', () => {
  it('lets the auditor read and refuses their save; refuses the logs role both', async () => {
    const doc = await read(auditor);
    expect(doc.list.length).toBeGreaterThan(0);
    expect((await save({ list: asWritten(doc) }, auditor)).status).toBe(403);
    expect((await call(logs, PATH)).status).toBe(403);
    expect((await call(logs, `${PATH}/capabilities`)).status).toBe(403);
  });

  it('refuses a tenant without browsing forensics (the feature), and refuses without a session', async () => {
    const r = await call(globex, PATH);
    expect(r.status).toBe(403);
    expect(((await r.json()) as { message: string }).message).toContain('browsing_forensics');
    expect((await server.call(PATH)).status).toBe(401);
  });

  it("shows another tenant its own list only, never acme's", async () => {
    const store = server.app.workbench.store;
    const tid = (await store.tenants.list()).find((t) => t.name === 'globex')?.tid ?? '';
    const tenant = await store.tenants.get(tid);
    await store.tenants.update(tid, { capabilities: { ...tenant?.capabilities, browsing_forensics: true } });
    globex = await signIn(server, 'admin@globex.example');
    const acme = await read();
    const theirs = await read(globex);
    expect(theirs).toEqual({ list: [], updated_at: null, updated_by: null });
    // acme's uuid means nothing in globex: a save naming it is refused, not a copy of acme's profile.
    const r = await save({ list: [aws({ uuid: acme.list[0].uuid, name: 'Mine' })] }, globex);
    expect(((await r.json()) as { field: string }).field).toBe('list.0.uuid');
    await json<Doc>(await save({ list: [aws({ name: 'Globex captures' })] }, globex));
    expect((await read()).list).toEqual(acme.list);
  });
});

describe('storage profiles: validate and capabilities', () => {
  it('says which field fails and why, and does not knock at the endpoint then', async () => {
    knocks.length = 0;
    const r = await json<{ validated: boolean; checks: { field: string; ok: boolean; message: string }[] }>(
      await call(
        admin,
        `${PATH}/validate`,
        'POST',
        aws({}, { s3_bucket: 'Acme_Bucket', key_id: 'not-a-key' }),
      ),
    );
    expect(r.validated).toBe(false);
    const failed = r.checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.field)).toEqual([
      'storage_platform.s3_bucket',
      'storage_platform.key_id',
      'storage_platform.s3_bucket',
    ]);
    expect(failed[0].message).toContain('S3 bucket name');
    expect(failed[1].message).toContain('access key ID');
    expect(knocks).toEqual([]);
  });

  it('knocks at the endpoint: a missing bucket fails on s3_bucket; a found one marks the stored profile validated', async () => {
    const missing = await json<{
      validated: boolean;
      checks: { field: string; ok: boolean; message: string }[];
    }>(await call(admin, `${PATH}/validate`, 'POST', aws({}, { s3_bucket: 'missing-bucket' })));
    expect(missing.validated).toBe(false);
    expect(missing.checks.at(-1)).toMatchObject({ field: 'storage_platform.s3_bucket', ok: false });
    expect(missing.checks.at(-1)?.message).toContain('404');
    expect(knocks.at(-1)).toBe('HEAD /missing-bucket.s3.amazonaws.com/');

    // The stored US profile (its secret kept by the server, not sent again).
    const doc = await read();
    const stored = asWritten(doc).find((p) => p.name === 'Captures (US)') as Record<string, unknown>;
    const platform = { ...(stored.storage_platform as Record<string, unknown>) };
    delete platform.secret_key;
    const ok = await json<{ validated: boolean }>(
      await call(admin, `${PATH}/validate`, 'POST', { ...stored, storage_platform: platform }),
    );
    expect(ok.validated).toBe(true);
    expect((await read()).list.find((p) => p.name === 'Captures (US)')?.validated).toBe(true);
    // Any edit of the profile clears it: what was validated is no longer what is stored.
    const edited = asWritten(await read()).map((p) =>
      p.name === 'Captures (US)' ? { ...p, description: 'US and Canada' } : p,
    );
    const saved = await json<Doc>(await save({ list: edited }));
    expect(saved.list.find((p) => p.name === 'Captures (US)')?.validated).toBe(false);
  });

  it('refuses validate to the auditor (it uses the stored secret)', async () => {
    expect((await call(auditor, `${PATH}/validate`, 'POST', aws())).status).toBe(403);
  });

  it('answers the capabilities: the platforms and the limits', async () => {
    expect(await json(await call(auditor, `${PATH}/capabilities`))).toMatchObject({
      platforms: ['Amazon AWS', 'Microsoft Azure'],
      max_profiles: 50,
      text_max: 250,
      units: ['GB', 'MB', 'KB'],
      storage_modes: ['file', 'blob'],
    });
  });
});

describe('forensics profiles: the second row, naming a storage profile', () => {
  const BF = '/api/settings/v1/tenants/bf_profiles';
  const bf = (over: Record<string, unknown> = {}) => ({
    name: 'Spec capture',
    description: '',
    capture_params: {
      retain_bf_file: 'always',
      screenshot: { enabled: true, frequency: 10 },
      user_input: { keystrokes: false, clipboard: false, form_fields: false },
      files: { enabled: true, max_file_size_mb: 100 },
      network: { enabled: true, max_payload_kb: 10, max_post_kb: 100 },
    },
    capture_indicator: { enabled: true },
    storage_default: true,
    ...over,
  });
  const readBf = async () => json<Doc>(await call(admin, BF));

  it('answers the demo profiles, one of them in the EU storage profile', async () => {
    const doc = await readBf();
    expect(doc.list.map((p) => p.name)).toEqual(['Standard capture', 'Investigations (EU)']);
    const eu = (await read()).list.find((p) => p.name === 'Forensics archive (EU)');
    expect(doc.list[1]).toMatchObject({ storage_default: false, storage_profile_id: eu?.uuid });
  });

  it('refuses a storage_profile_id no storage profile has, and one left out with storage_default off', async () => {
    const before = await readBf();
    const unknown = await call(admin, BF, 'POST', {
      list: [bf({ storage_default: false, storage_profile_id: '00000000-0000-4000-8000-000000000000' })],
    });
    expect(await unknown.json()).toMatchObject({ statusCode: 400, field: 'list.0.storage_profile_id' });
    const missing = await call(admin, BF, 'POST', { list: [bf({ storage_default: false })] });
    expect(await missing.json()).toMatchObject({ statusCode: 400, field: 'list.0.storage_profile_id' });
    expect(await readBf()).toEqual(before);
  });

  it('keeps a storage profile a forensics profile uses: deleting it is refused (409) naming who uses it', async () => {
    const before = await read();
    const r = await save({ list: asWritten(before).filter((p) => p.name !== 'Forensics archive (EU)') });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { message: string }).message).toContain('Investigations (EU)');
    expect(await read()).toEqual(before);
  });
});
