/**
 * Private-access certificates (`mpa_certificates`, docs/settings.md "Private-access certificates")
 * over real HTTP: GET and the spec's PUT; a PEM decoded by the server (subject, issuer, validity,
 * fingerprint) and refused when it does not parse or has expired (400 naming the field, nothing
 * changed); a stored certificate that expires stays listed, flagged; permissions, the feature, the
 * audit event with before and after, and another tenant.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore } from '../events/eventStore';
import { makeSelfSignedCertificate } from '../identity/certificates';
import { openTestEventStore } from '../testing/testEventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

jest.setTimeout(120_000);

const PATH = '/api/settings/v1/tenants/mpa_certificates';
type Cert = Record<string, unknown> & { certificate: Record<string, unknown> };
type Doc = { list: Cert[]; updated_at: string | null; updated_by: string | null };

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;
let current: string;
let expired: string;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-certs-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events } });
  const now = server.clock.now();
  current = (await makeSelfSignedCertificate('Branch CA', now, 365)).certificatePem;
  expired = (await makeSelfSignedCertificate('Old CA', new Date(now.getTime() - 400 * 86_400_000), 30))
    .certificatePem;
  admin = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
  logs = await signIn(server, 'logs@acme.example');
  globex = await signIn(server, 'admin@globex.example');
});
afterAll(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

const call = (who: SignedIn, method = 'GET', body?: unknown) =>
  server.call(PATH, { method, jar: who.jar, body });
const json = async <T>(r: Response, status = 200): Promise<T> => {
  const text = await r.text();
  expect({ status: r.status, text }).toMatchObject({ status });
  return JSON.parse(text) as T;
};
const read = async (who: SignedIn = admin) => json<Doc>(await call(who));

describe('private-access certificates', () => {
  it("answers acme's demo CA decoded: subject, issuer, validity, fingerprint", async () => {
    const doc = await read();
    expect(doc.list).toHaveLength(1);
    expect(doc.list[0]).toMatchObject({
      name: 'Acme Private Access CA',
      certificate: {
        subject: 'CN=Acme Private Access CA',
        issuer: 'CN=Acme Private Access CA',
        status: 'valid',
        key_algorithm: 'EC P-256',
        fingerprint_sha256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      },
    });
  });

  it('adds a certificate with PUT: decoded by the server, audited with before and after', async () => {
    const before = await read();
    const saved = await json<Doc>(
      await call(admin, 'PUT', {
        list: [...before.list, { name: 'Branch CA', pem: current }],
        updated_at: before.updated_at,
      }),
    );
    expect(saved.list).toHaveLength(2);
    expect(saved.list[1]).toMatchObject({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      certificate: { subject: 'CN=Branch CA', status: 'valid', not_after: expect.any(String) },
    });
    expect(await read()).toEqual(saved);
    server.clock.advance(1000);
    const r = await server.call('/api/rep/v1/query/scan_audit?limit=1000', { jar: admin.jar });
    const audit = ((await r.json()) as { events: Record<string, string>[] }).events.filter(
      (e) => e.sub_event_type === 'private_access' && e.object === 'Private Access Certificates',
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).toContain('Branch CA');
  });

  it.each([
    ['a text that is not a certificate', 'hello', /Not a certificate/],
    [
      'a private key',
      '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----',
      /private key, not a certificate/,
    ],
    [
      'base64 that is not X.509',
      '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      /Not a valid X.509/,
    ],
  ])('refuses %s (400 naming list.<i>.pem) and changes nothing', async (_why, pem, message) => {
    const before = await read();
    const r = await json<{ field: string; message: string }>(
      await call(admin, 'PUT', { list: [...before.list, { name: 'Bad', pem }] }),
      400,
    );
    expect(r.field).toBe(`list.${before.list.length}.pem`);
    expect(r.message).toMatch(message);
    expect(await read()).toEqual(before);
  });

  it('refuses an expired certificate with the date it expired', async () => {
    const before = await read();
    const r = await json<{ field: string; message: string }>(
      await call(admin, 'PUT', { list: [{ name: 'Old', pem: expired }] }),
      400,
    );
    expect(r).toMatchObject({ field: 'list.0.pem' });
    expect(r.message).toMatch(
      /^list\.0\.pem: the certificate expired on \d{4}-\d{2}-\d{2}: upload a current one\.$/,
    );
    expect(await read()).toEqual(before);
  });

  it('refuses the schema: no name, an unknown field, and POST (the spec says PUT)', async () => {
    const before = await read();
    expect(
      (await json<{ field: string }>(await call(admin, 'PUT', { list: [{ pem: current }] }), 400)).field,
    ).toBe('list.0.name');
    expect((await call(admin, 'PUT', { list: [{ name: 'X', pem: current, trusted: true }] })).status).toBe(
      400,
    );
    expect((await call(admin, 'POST', { list: [] })).status).toBe(404);
    expect(await read()).toEqual(before);
  });

  it('keeps a stored certificate that has since expired (flagged), so the rest of the list can still be saved', async () => {
    const before = await read();
    server.clock.advance(400 * 86_400_000);
    // A year on, the sessions have ended too.
    admin = await signIn(server, 'admin@acme.example');
    auditor = await signIn(server, 'auditor@acme.example');
    logs = await signIn(server, 'logs@acme.example');
    globex = await signIn(server, 'admin@globex.example');
    const later = await read();
    expect(later.list[1].certificate.status).toBe('expired');
    const saved = await json<Doc>(
      await call(admin, 'PUT', { list: later.list, updated_at: later.updated_at }),
    );
    expect(saved.list.map((c) => c.name)).toEqual(before.list.map((c) => c.name));
  });

  it('is read with settings:mpa_certificates:read, saved with :write; needs private_access and a session', async () => {
    const doc = await read(auditor);
    expect((await call(auditor, 'PUT', { list: doc.list })).status).toBe(403);
    expect((await call(logs)).status).toBe(403);
    expect((await server.call(PATH)).status).toBe(401);
    const r = await call(globex);
    expect(r.status).toBe(403);
    expect(((await r.json()) as { message: string }).message).toContain('private_access');
  });
});
