/**
 * The service settings documents over real HTTP (docs/settings.md §9): each of the six read and
 * saved (in effect at once, audited with before and after), bad input per field (400 naming it,
 * with the validator's error key, nothing changed), certificates decoded, the write-only SMTP
 * password, a stale save (409), permissions (`setting:*`), the feature flag and another tenant.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  SETTINGS_DOCUMENTS as SERVICE_SETTINGS_REGISTRY,
  settingsDocumentsOf,
  type SettingsDocumentKey as ServiceSettingsName,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import { makeSelfSignedCertificate } from '../identity/certificates';

jest.setTimeout(120_000);

const SERVICE_SETTINGS = [...settingsDocumentsOf('web'), ...settingsDocumentsOf('safemail')];

type Doc = Record<string, unknown> & { updated_at: string | null; updated_by: string | null };

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-settings-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events } });
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

const pathOf = (name: ServiceSettingsName) => SERVICE_SETTINGS_REGISTRY[name].path;
const call = (who: SignedIn, pathname: string, method = 'GET', body?: unknown) =>
  server.call(pathname, { method, jar: who.jar, body });
const json = async <T>(r: Response, status = 200): Promise<T> => {
  const text = await r.text();
  expect({ status: r.status, text }).toMatchObject({ status });
  return JSON.parse(text) as T;
};
const read = async (name: ServiceSettingsName, who: SignedIn = admin) =>
  json<Doc>(await call(who, pathOf(name)));
const save = (name: ServiceSettingsName, body: unknown, who: SignedIn = admin) =>
  call(who, pathOf(name), 'PUT', body);
/** The document as a save sends it back: the bookkeeping and the write-only flags out. */
const asWritten = (doc: Doc): Record<string, unknown> => {
  const { updated_at: _a, updated_by: _b, password_set: _p, ...fields } = doc;
  return fields;
};

type AuditRow = Record<string, string | number>;
async function audits(area: string): Promise<AuditRow[]> {
  server.clock.advance(1000);
  const r = await call(admin, `/api/rep/v1/query/scan_audit?limit=1000`);
  return ((await r.json()) as { events: AuditRow[] }).events.filter((e) => e.sub_event_type === area);
}
/** The newest audit event of the area (the log answers newest first). */
const latestAudit = async (area: string) => (await audits(area))[0];

describe('service settings: each document', () => {
  it.each(SERVICE_SETTINGS)(
    '%s: reads the demo values, saves a change that reads back, audited',
    async (name) => {
      const def = SERVICE_SETTINGS_REGISTRY[name];
      const doc = await read(name);
      expect(doc.updated_by).toEqual(expect.any(String));
      for (const f of def.form) if (!def.writeOnly?.includes(f.field)) expect(doc).toHaveProperty(f.field);
      // A checkbox flipped, or a number moved by one, is the change.
      const f = def.form.find((x) => x.kind === 'checkbox') ?? def.form.find((x) => x.kind === 'number');
      const changed = f!.kind === 'checkbox' ? !doc[f!.field] : Number(doc[f!.field]) + 1;
      const saved = await json<Doc>(
        await save(name, { ...asWritten(doc), [f!.field]: changed, updated_at: doc.updated_at }),
      );
      expect(saved[f!.field]).toBe(changed);
      expect(saved.updated_by).toBe('admin@acme.example');
      expect((await read(name))[f!.field]).toBe(changed);
      const event = await latestAudit(def.auditArea);
      expect(event).toMatchObject({ audit_action: 'update', object: def.title });
      expect(JSON.parse(String(event?.before))).toMatchObject({ [f!.field]: doc[f!.field] });
      expect(JSON.parse(String(event?.after))).toMatchObject({ [f!.field]: changed });
    },
  );
});

describe('service settings: bad input (400 naming the field, nothing changed)', () => {
  const cases: [ServiceSettingsName, Record<string, unknown>, string, string][] = [
    ['web', { service_hostname: 'not a host' }, 'service_hostname', 'invalidHostname'],
    ['web', { admin_contact_email: 'help@' }, 'admin_contact_email', 'invalidEmail'],
    ['web', { https_port: 3128 }, 'proxy_port', 'samePort'],
    ['web', { proxy_port: 70000 }, 'proxy_port', ''],
    ['web', { colour: 'red' }, 'colour', ''],
    ['ssl_bump', { inspect_ports: ['443', '9000-8000'] }, 'inspect_ports.1', 'invalidPortOrPortRange'],
    ['ssl_bump', { inspect_ports: [] }, 'inspect_ports', 'required'],
    ['ssl_bump', { bypass_hosts: ['ok.example', 'bad host'] }, 'bypass_hosts.1', 'invalidHostname'],
    ['ssl_bump', { trusted_ca_certificates: 'hello' }, 'trusted_ca_certificates', 'invalidCert'],
    ['ssl_bump', { invalid_certificate_action: 'shrug' }, 'invalid_certificate_action', ''],
    ['safemail', { mail_domains: ['acme.example', 'ACME.example'] }, 'mail_domains.1', 'duplicate'],
    ['safemail', { next_hop_host: 'mx..acme' }, 'next_hop_host', 'invalidHostnameOrIp'],
    ['safemail', { postmaster_email: '' }, 'postmaster_email', 'required'],
    ['attachments', { blocked_extensions: ['.exe'] }, 'blocked_extensions.0', 'invalidExtension'],
    ['attachments', { archive_depth: 11 }, 'archive_depth', ''],
    ['smtp', { username: 'bad user' }, 'username', 'invalidUserName'],
    ['smtp', { from_address: 'me' }, 'from_address', 'invalidEmail'],
    ['emails', { admin_emails: ['ok@acme.example', 'nope'] }, 'admin_emails.1', 'invalidEmail'],
  ];
  it.each(cases)('%s %j → 400 %s', async (name, change, field, key) => {
    const before = await read(name);
    const r = await save(name, { ...asWritten(before), ...change });
    const answer = await json<{ field: string; message: string }>(r, 400);
    expect(answer.field).toBe(field);
    if (key) expect(answer.message).toContain(`(${key})`);
    expect(await read(name)).toEqual(before);
  });

  it('decodes a certificate: a PEM block that is no certificate, or an expired one, is refused by name', async () => {
    const before = await read('ssl_bump');
    const garbage = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
    const r1 = await json<{ field: string; message: string }>(
      await save('ssl_bump', { ...asWritten(before), trusted_ca_certificates: garbage }),
      400,
    );
    expect(r1).toMatchObject({ field: 'trusted_ca_certificates' });
    expect(r1.message).toMatch(/Not a valid X\.509 certificate/);
    const old = await makeSelfSignedCertificate('Old Root', new Date('2001-01-01T00:00:00Z'), 30);
    const r2 = await json<{ field: string; message: string }>(
      await save('ssl_bump', { ...asWritten(before), trusted_ca_certificates: old.certificatePem }),
      400,
    );
    expect(r2.message).toMatch(/CN=Old Root expired/);
    expect(await read('ssl_bump')).toEqual(before);
    // A valid one (two in a chain) is kept as sent.
    const a = await makeSelfSignedCertificate('Root A', server.clock.now(), 365);
    const b = await makeSelfSignedCertificate('Root B', server.clock.now(), 365);
    const chain = `${a.certificatePem}${b.certificatePem}`;
    const saved = await json<Doc>(
      await save('ssl_bump', { ...asWritten(before), trusted_ca_certificates: chain }),
    );
    expect(saved.trusted_ca_certificates).toBe(chain);
  });
});

describe('service settings: the write-only SMTP password', () => {
  it('is never answered nor audited; left out it is kept, given it replaces, empty it clears', async () => {
    const doc = await read('smtp');
    expect(doc).toMatchObject({ password_set: true });
    expect(doc).not.toHaveProperty('password');
    const kept = await json<Doc>(await save('smtp', { ...asWritten(doc), port: 465, security: 'tls' }));
    expect(kept).toMatchObject({ password_set: true, port: 465 });
    await json<Doc>(await save('smtp', { ...asWritten(doc), password: 'n3w-Secret-Value' }));
    const event = await latestAudit('safemail_settings');
    expect(JSON.stringify(event)).not.toContain('n3w-Secret-Value');
    const stored = await server.app.workbench.store.entities.get(
      'service_settings_smtp',
      (await server.app.workbench.store.tenants.list()).find((t) => t.name === 'acme')!.tid,
    );
    expect(stored?.data.password).toBe('n3w-Secret-Value');
    const cleared = await json<Doc>(await save('smtp', { ...asWritten(doc), password: '' }));
    expect(cleared).toMatchObject({ password_set: false });
  });
});

describe('service settings: a save over a newer one', () => {
  it('refuses a stale updated_at (409) and keeps the newer save', async () => {
    const doc = await read('emails');
    const first = await json<Doc>(
      await save('emails', {
        ...asWritten(doc),
        alert_emails: ['first@acme.example'],
        updated_at: doc.updated_at,
      }),
    );
    server.clock.advance(1000);
    const r = await save('emails', {
      ...asWritten(doc),
      alert_emails: ['second@acme.example'],
      updated_at: doc.updated_at,
    });
    expect(await json<{ field: string }>(r, 409)).toMatchObject({ field: 'updated_at' });
    expect((await read('emails')).alert_emails).toEqual(first.alert_emails);
  });
});

describe('service settings: who may', () => {
  it('lets the auditor (setting:*) read and refuses their save; refuses the logs role both', async () => {
    for (const name of SERVICE_SETTINGS) {
      const doc = await read(name, auditor);
      expect((await save(name, asWritten(doc), auditor)).status).toBe(403);
      expect((await call(logs, pathOf(name))).status).toBe(403);
    }
    expect((await server.call(pathOf('web'))).status).toBe(401);
  });

  it('refuses a tenant without the feature (globex has no e-mail isolation)', async () => {
    const r = await call(globex, pathOf('safemail'));
    expect(r.status).toBe(403);
    expect(((await r.json()) as { message: string }).message).toContain('menlo_email');
    expect((await call(globex, pathOf('attachments'))).status).toBe(403);
  });

  it("shows another tenant its own settings only, and its save leaves acme's alone", async () => {
    const acme = await read('web');
    const theirs = await read('web', globex);
    expect(theirs.service_hostname).toBe('isolation.globex.example');
    const smtp = await read('smtp', globex);
    // Never saved there: the registry's defaults, no password.
    expect(smtp).toMatchObject({ host: '', password_set: false, updated_at: null });
    await json<Doc>(await save('web', { ...asWritten(theirs), idle_timeout_minutes: 90 }, globex));
    expect(await read('web')).toEqual(acme);
  });
});
