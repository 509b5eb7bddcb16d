/**
 * Sign-in settings over real HTTP against a real server (stores in a temp dir): certificates made
 * by openssl, metadata signed by xmlsec1 and a directory served by slapd, all started by the test
 * (identity/testing/). Bad input is a 400 naming the field and changes nothing; the bind password
 * is never answered nor audited; every write is in the audit trail with before and after.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  SIGN_IN_SETTINGS_PATHS as PATHS,
  type AdminAccessControlReply,
  type AuthSettings,
  type AuthSettingsV2,
  type CertificateInfo,
  type LdapSettingsWrite,
  type LdapTestReply,
  type SamlSetting,
} from '@workbench/common/api/contract/signInSettings';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import {
  signIn,
  signInOperator,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import {
  HTTP_POST,
  HTTP_REDIRECT,
  makeTestPki,
  metadataXml,
  signedMetadata,
  xmlsecTestsEnabled,
  type MetadataOptions,
  type TestPki,
} from '../identity/testing/independentPki';
import {
  SEEDED_DIRECTORY,
  slapdTestsEnabled,
  startTestSlapd,
  type TestSlapd,
} from '../identity/testing/testSlapd';

jest.setTimeout(120_000);

const enabled = xmlsecTestsEnabled() && slapdTestsEnabled();
const describeAll = enabled ? describe : describe.skip;

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let pki: TestPki;
let slapd: TestSlapd;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;

beforeAll(async () => {
  if (!enabled) return;
  // The test directory listens on loopback: a deployment names such private destinations (net/README.md).
  process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = '127.0.0.0/8,::1/128';
  pki = makeTestPki();
  slapd = await startTestSlapd();
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-in-settings-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events } });
  // The server's clock to the real now (+1 min): openssl dates the certificates by the real clock.
  server.clock.advance(Date.now() + 60_000 - server.clock.now().getTime());
  admin = await signIn(server, 'admin@acme.example');
  auditor = await signIn(server, 'auditor@acme.example');
  logs = await signIn(server, 'logs@acme.example');
  globex = await signIn(server, 'admin@globex.example');
});
afterAll(async () => {
  if (!enabled) return;
  await server.close();
  await events.close();
  await slapd.stop();
  pki.remove();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

const call = (who: SignedIn, pathname: string, method = 'GET', body?: unknown) =>
  server.call(pathname, { method, jar: who.jar, body });
const json = async <T>(r: Response, status = 200): Promise<T> => {
  const text = await r.text();
  expect({ status: r.status, text }).toMatchObject({ status });
  return JSON.parse(text) as T;
};

type AuditRow = Record<string, string | number>;
/** The newest audit event of the sign-in settings area with `object`. */
async function latestAudit(object: string): Promise<AuditRow | undefined> {
  for (let i = 0; i < 50; i += 1) {
    server.clock.advance(1000);
    const r = await call(admin, `/api/rep/v1/query/scan_audit?limit=1000`);
    const hit = ((await r.json()) as { events: AuditRow[] }).events.find((e) => e.object === object);
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}
const auditCount = async (object: string): Promise<number> => {
  server.clock.advance(1000);
  const r = await call(admin, `/api/rep/v1/query/scan_audit?limit=1000`);
  return ((await r.json()) as { events: AuditRow[] }).events.filter((e) => e.object === object).length;
};

const idpOptions = (entityId = 'https://idp.example.test/saml/metadata'): MetadataOptions => ({
  entityId,
  ssoUrls: [
    { url: 'https://idp.example.test/sso/redirect', binding: HTTP_REDIRECT },
    { url: 'https://idp.example.test/sso/post', binding: HTTP_POST },
  ],
  signingCerts: [pki.idp.pem],
});
const ldapOff: LdapSettingsWrite = {
  enabled: false,
  url: '',
  bind_dn: '',
  base_dn: '',
  user_attribute: 'uid',
  timeout_seconds: 5,
};
const ldapOn = (): LdapSettingsWrite => ({
  enabled: true,
  url: slapd.url,
  bind_dn: SEEDED_DIRECTORY.bindDn,
  bind_password: SEEDED_DIRECTORY.bindPassword,
  base_dn: SEEDED_DIRECTORY.suffix,
  user_attribute: 'uid',
  timeout_seconds: 5,
});

describeAll('decodeCert', () => {
  test('decodes an openssl certificate: the fingerprint openssl prints, an expired one flagged', async () => {
    const leaf = await json<CertificateInfo>(
      await call(admin, PATHS.decodeCert, 'POST', { cert: pki.leaf.pem }),
    );
    expect(leaf).toMatchObject({
      subject: 'CN=leaf.example.test, O=Independent PKI',
      issuer: 'CN=Workbench Test CA, O=Independent PKI',
      fingerprint_sha256: pki.leaf.fingerprint,
      key_algorithm: 'EC P-256',
      key_size: 256,
      status: 'valid',
    });
    const expired = await json<CertificateInfo>(
      await call(admin, PATHS.decodeCert, 'POST', { cert: pki.expired.pem }),
    );
    expect(expired).toMatchObject({
      status: 'expired',
      key_size: 2048,
      fingerprint_sha256: pki.expired.fingerprint,
    });
    const future = await json<CertificateInfo>(
      await call(auditor, PATHS.decodeCert, 'POST', { cert: pki.future.pem }),
    );
    expect(future.status).toBe('not_yet_valid');
  });

  test('refuses what is not a certificate with 400 naming cert; a user without settings gets 403', async () => {
    const bad = await json<{ field: string; message: string }>(
      await call(admin, PATHS.decodeCert, 'POST', { cert: 'not a certificate' }),
      400,
    );
    expect(bad).toMatchObject({ field: 'cert', message: expect.stringMatching(/Not a certificate/) });
    expect((await call(admin, PATHS.decodeCert, 'POST', { cert: 1 })).status).toBe(400);
    expect((await call(logs, PATHS.decodeCert, 'POST', { cert: pki.leaf.pem })).status).toBe(403);
  });
});

describeAll('identity provider metadata (auth v1, setting/saml)', () => {
  test('signed metadata is stored: entity id, SSO URLs, certificate; setting/saml shows it; audited with before and after', async () => {
    const saved = await json<AuthSettings>(
      await call(admin, PATHS.auth, 'PUT', {
        sso_enabled: true,
        idp_metadata: signedMetadata(pki, idpOptions(), pki.idp),
        ldap: ldapOff,
      }),
    );
    expect(saved.sso_enabled).toBe(true);
    expect(saved.idp).toMatchObject({
      entity_id: 'https://idp.example.test/saml/metadata',
      sso_urls: idpOptions().ssoUrls,
      metadata_signed_by: pki.idp.fingerprint,
      uploaded_by: 'admin@acme.example',
    });
    expect(saved.idp?.certificates.map((c) => c.fingerprint_sha256)).toEqual([pki.idp.fingerprint]);
    expect(await json<AuthSettings>(await call(auditor, PATHS.auth))).toEqual(saved);
    const saml = await json<SamlSetting>(await call(admin, PATHS.saml));
    expect(saml.idp).toEqual(saved.idp);
    const event = await latestAudit('Sign-in settings');
    expect(event).toMatchObject({
      audit_action: 'update',
      sub_event_type: 'sso',
      userid: 'admin@acme.example',
    });
    expect(JSON.parse(String(event?.after))).toMatchObject({
      sso_enabled: true,
      idps: [{ entity_id: 'https://idp.example.test/saml/metadata', certificates: [pki.idp.fingerprint] }],
    });
  });

  test('unsigned, tampered and malformed metadata: 400 naming idp_metadata with the reason, nothing changed', async () => {
    const before = await json<AuthSettings>(await call(admin, PATHS.auth));
    const events = await auditCount('Sign-in settings');
    const tampered = signedMetadata(pki, idpOptions('https://other.example.test/idp'), pki.idp).replace(
      'https://idp.example.test/sso/post',
      'https://evil.example.test/sso',
    );
    for (const [xml, reason] of [
      [metadataXml(idpOptions('https://other.example.test/idp'), false), /The metadata is not signed/],
      [tampered, /signature does not verify/],
      ['<md:EntityDescriptor>', /not well-formed XML/],
    ] as const) {
      const refused = await json<{ field: string; message: string }>(
        await call(admin, PATHS.auth, 'PUT', { sso_enabled: true, idp_metadata: xml, ldap: ldapOff }),
        400,
      );
      expect(refused.field).toBe('idp_metadata');
      expect(refused.message).toMatch(reason);
    }
    expect(await json<AuthSettings>(await call(admin, PATHS.auth))).toEqual(before);
    expect(await auditCount('Sign-in settings')).toBe(events);
  });

  test('single sign-on without an identity provider is refused naming sso_enabled', async () => {
    const r = await json<{ field: string }>(
      await call(globex, PATHS.auth, 'PUT', { sso_enabled: true, ldap: ldapOff }),
      400,
    );
    expect(r.field).toBe('sso_enabled');
  });

  test('another tenant sees none of it; the read-only auditor and logs@ cannot write', async () => {
    const theirs = await json<AuthSettings>(await call(globex, PATHS.auth));
    expect(theirs).toMatchObject({ sso_enabled: false, idp: null });
    const body = { sso_enabled: false, ldap: ldapOff };
    expect((await call(auditor, PATHS.auth, 'PUT', body)).status).toBe(403);
    expect((await call(logs, PATHS.auth)).status).toBe(403);
    expect((await call(logs, PATHS.saml)).status).toBe(403);
    expect((await json<AuthSettings>(await call(admin, PATHS.auth))).sso_enabled).toBe(true);
  });
});

describeAll('identity providers (auth v2, multiple_idp)', () => {
  test('a second IdP is added, the first kept by entity id; ?limit bounds the list; total counts all', async () => {
    const saved = await json<AuthSettingsV2>(
      await call(admin, PATHS.authV2, 'PUT', {
        sso_enabled: true,
        idps: [
          { entity_id: 'https://idp.example.test/saml/metadata' },
          { metadata: signedMetadata(pki, idpOptions('https://second.example.test/idp'), pki.idp) },
        ],
        ldap: ldapOff,
      }),
    );
    expect(saved.idps.map((i) => i.entity_id)).toEqual([
      'https://idp.example.test/saml/metadata',
      'https://second.example.test/idp',
    ]);
    const one = await json<AuthSettingsV2>(await call(admin, `${PATHS.authV2}?limit=1`));
    expect(one).toMatchObject({ total: 2, idps: [{ entity_id: 'https://idp.example.test/saml/metadata' }] });
    expect((await json<{ field: string }>(await call(admin, `${PATHS.authV2}?limit=0`), 400)).field).toBe(
      'limit',
    );
    // v1 reads the first.
    expect((await json<AuthSettings>(await call(admin, PATHS.auth))).idp?.entity_id).toBe(
      'https://idp.example.test/saml/metadata',
    );
  });

  test('an unknown kept entity id, a duplicate, and two IdPs without multiple_idp are 400 naming the entry', async () => {
    const before = await json<AuthSettingsV2>(await call(admin, PATHS.authV2));
    const put = (who: SignedIn, idps: unknown[]) =>
      call(who, PATHS.authV2, 'PUT', { sso_enabled: false, idps, ldap: ldapOff });
    expect(
      (await json<{ field: string }>(await put(admin, [{ entity_id: 'https://nobody.example.test' }]), 400))
        .field,
    ).toBe('idps.0.entity_id');
    const dup = { entity_id: 'https://idp.example.test/saml/metadata' };
    expect((await json<{ field: string }>(await put(admin, [dup, dup]), 400)).field).toBe('idps.1');
    const metadata = signedMetadata(pki, idpOptions(), pki.idp);
    const second = signedMetadata(pki, idpOptions('https://second.example.test/idp'), pki.idp);
    expect(
      (await json<{ field: string }>(await put(globex, [{ metadata }, { metadata: second }]), 400)).field,
    ).toBe('idps');
    expect(await json<AuthSettingsV2>(await call(admin, PATHS.authV2))).toEqual(before);
  });
});

describeAll('LDAP settings and Test connection (slapd)', () => {
  test('the bind password is write-only: never answered nor audited, kept when absent, cleared by ""', async () => {
    const saved = await call(admin, PATHS.auth, 'PUT', { sso_enabled: true, ldap: ldapOn() });
    const text = await saved.clone().text();
    expect(saved.status).toBe(200);
    expect(text).not.toContain(SEEDED_DIRECTORY.bindPassword);
    expect(((await saved.json()) as AuthSettings).ldap).toMatchObject({
      enabled: true,
      bind_password_set: true,
    });
    for (const p of [PATHS.auth, PATHS.authV2])
      expect(await (await call(admin, p)).text()).not.toContain(SEEDED_DIRECTORY.bindPassword);
    const event = await latestAudit('Sign-in settings');
    expect(JSON.stringify(event)).not.toContain(SEEDED_DIRECTORY.bindPassword);
    // The trail leaves out every password-named field (audit/README.md), bind_password_set too.
    expect(JSON.parse(String(event?.after))).toMatchObject({
      ldap: { enabled: true, bind_dn: SEEDED_DIRECTORY.bindDn },
    });

    // Saved without a password: the stored one is kept, and Test connection binds with it.
    const { bind_password: _p, ...withoutPassword } = ldapOn();
    await json(await call(admin, PATHS.auth, 'PUT', { sso_enabled: true, ldap: withoutPassword }));
    const test = await json<LdapTestReply>(await call(admin, PATHS.ldapTest, 'POST', { username: 'alice' }));
    expect(test).toMatchObject({ ok: true, user: { dn: SEEDED_DIRECTORY.users.alice.dn } });
    expect(test.user?.attributes.mail).toEqual([SEEDED_DIRECTORY.users.alice.mail]);

    const cleared = await json<AuthSettings>(
      await call(admin, PATHS.auth, 'PUT', { sso_enabled: true, ldap: { ...ldapOn(), bind_password: '' } }),
    );
    expect(cleared.ldap.bind_password_set).toBe(false);
    expect(
      await json<LdapTestReply>(await call(admin, PATHS.ldapTest, 'POST', { username: 'alice' })),
    ).toMatchObject({
      ok: false,
      step: 'bind',
    });
    await json(await call(admin, PATHS.auth, 'PUT', { sso_enabled: true, ldap: ldapOn() }));
  });

  test('Test connection of unsaved settings reports a refused bind, an unknown user and a closed port by step', async () => {
    const test = (ldap: Partial<LdapSettingsWrite>, username = 'alice') =>
      call(admin, PATHS.ldapTest, 'POST', { username, ldap: { ...ldapOn(), ...ldap } });
    expect(await json<LdapTestReply>(await test({ bind_password: 'wrong' }))).toMatchObject({
      ok: false,
      step: 'bind',
    });
    expect(await json<LdapTestReply>(await test({}, 'carol'))).toMatchObject({
      ok: false,
      step: 'search',
      reason: `No user with uid=carol under ${SEEDED_DIRECTORY.suffix}.`,
    });
    const closed = await json<LdapTestReply>(await test({ url: 'ldap://127.0.0.1:1' }));
    expect(closed).toMatchObject({ ok: false, step: 'connect', reason: expect.stringMatching(/refused/) });
    // The auditor may read the settings but not test them (the test uses the stored password).
    expect((await call(auditor, PATHS.ldapTest, 'POST', { username: 'alice' })).status).toBe(403);
  });

  test('bad LDAP settings are 400 naming the field and change nothing', async () => {
    const before = await json<AuthSettings>(await call(admin, PATHS.auth));
    for (const [ldap, field] of [
      [{ ...ldapOn(), url: 'http://directory' }, 'ldap.url'],
      [{ ...ldapOn(), base_dn: ' ' }, 'ldap.base_dn'],
      [{ ...ldapOn(), user_attribute: 'u id' }, 'ldap.user_attribute'],
      [{ ...ldapOn(), timeout_seconds: 0 }, 'ldap.timeout_seconds'],
    ] as const) {
      const r = await json<{ field: string }>(
        await call(admin, PATHS.auth, 'PUT', { sso_enabled: true, ldap }),
        400,
      );
      expect(r.field).toBe(field);
    }
    expect(await json<AuthSettings>(await call(admin, PATHS.auth))).toEqual(before);
  });
});

describeAll('menloSamlSigningCert', () => {
  test("downloads the tenant's signing certificate as PEM that openssl reads; the same each time, another tenant's differs", async () => {
    const r = await call(admin, PATHS.signingCert);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/x-pem-file/);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="saml-signing-acme.pem"');
    const pem = await r.text();
    const file = path.join(pki.dir, 'downloaded.pem');
    fs.writeFileSync(file, pem);
    const openssl = execFileSync('openssl', [
      'x509',
      '-in',
      file,
      '-noout',
      '-subject',
      '-fingerprint',
      '-sha256',
    ]).toString();
    expect(openssl).toMatch(/subject=CN = Workbench SAML signing \(acme\)/);
    const fingerprint = /Fingerprint=(.*)/.exec(openssl)?.[1];
    expect(
      (await json<SamlSetting>(await call(admin, PATHS.saml))).sp.signing_certificate.fingerprint_sha256,
    ).toBe(fingerprint);
    expect(await (await call(auditor, PATHS.signingCert)).text()).toBe(pem);
    expect(await (await call(globex, PATHS.signingCert)).text()).not.toBe(pem);
    expect(pem).not.toMatch(/PRIVATE KEY/);
  });
});

describeAll('admin_access_control', () => {
  test('defaults, then a saved list with its audit; a bad range is 400 naming it; a list without my address is 409', async () => {
    expect(await json<AdminAccessControlReply>(await call(admin, PATHS.adminAccessControl))).toMatchObject({
      enabled: false,
      allowed_ranges: [],
      allowed_methods: ['password', 'sso', 'api_token'],
    });
    const put = (body: unknown, who = admin) => call(who, PATHS.adminAccessControl, 'PUT', body);
    const bad = await json<{ field: string; message: string }>(
      await put({
        enabled: true,
        allowed_ranges: ['127.0.0.0/8', '10.0.0.0/33'],
        allowed_methods: ['password'],
      }),
      400,
    );
    expect(bad).toMatchObject({
      field: 'allowed_ranges.1',
      message: 'The prefix of "10.0.0.0/33" must be 0 to 32.',
    });
    expect(
      (
        await json<{ field: string }>(
          await put({ enabled: true, allowed_ranges: ['nonsense'], allowed_methods: [] }),
          400,
        )
      ).field,
    ).toBe('allowed_ranges.0');
    expect(
      (
        await json<{ field: string }>(
          await put({ enabled: true, allowed_ranges: ['127.0.0.1'], allowed_methods: [] }),
          400,
        )
      ).field,
    ).toBe('allowed_methods');
    expect(
      (
        await json<{ field: string }>(
          await put({ enabled: true, allowed_ranges: ['127.0.0.1'], allowed_methods: ['telnet'] }),
          400,
        )
      ).field,
    ).toMatch(/^allowed_methods/);
    const lockout = await json<{ field: string; message: string }>(
      await put({ enabled: true, allowed_ranges: ['192.0.2.0/24'], allowed_methods: ['password'] }),
      409,
    );
    expect(lockout).toMatchObject({
      field: 'allowed_ranges',
      message: expect.stringMatching(/lock you out/),
    });
    expect((await json<AdminAccessControlReply>(await call(admin, PATHS.adminAccessControl))).enabled).toBe(
      false,
    );
    expect((await put({ enabled: false, allowed_ranges: [], allowed_methods: [] }, auditor)).status).toBe(
      403,
    );

    const saved = await json<AdminAccessControlReply>(
      await put({
        enabled: true,
        allowed_ranges: ['127.0.0.0/8', '2001:db8::/32'],
        allowed_methods: ['password', 'sso'],
      }),
    );
    expect(saved).toMatchObject({
      enabled: true,
      allowed_ranges: ['127.0.0.0/8', '2001:db8::/32'],
      updated_by: 'admin@acme.example',
    });
    expect(await json<AdminAccessControlReply>(await call(auditor, PATHS.adminAccessControl))).toEqual(saved);
    expect((await json<AdminAccessControlReply>(await call(globex, PATHS.adminAccessControl))).enabled).toBe(
      false,
    );
    const event = await latestAudit('Administration access control');
    expect(event).toMatchObject({ audit_action: 'update', sub_event_type: 'admins' });
    expect(JSON.parse(String(event?.before))).toMatchObject({ enabled: false });
    expect(JSON.parse(String(event?.after))).toMatchObject({
      enabled: true,
      allowed_ranges: ['127.0.0.0/8', '2001:db8::/32'],
    });
  });
});

describeAll('without the sso feature (docs/access.md §5 Feature flags)', () => {
  test('setting/saml and the signing certificate answer 403; metadata and single sign-on are refused naming the field', async () => {
    // Last: it takes acme's sso and multiple_idp away through the provider console.
    const { tid } = (await (await call(admin, '/api/userinfo')).json()) as { tid: string };
    const operator = await signInOperator(server, 'operator@provider.example');
    const patched = await server.call(`/gdmanage/api/v1/tenants/${tid}/capabilities`, {
      method: 'PATCH',
      jar: operator.jar,
      body: { capabilities: { sso: false, multiple_idp: false } },
    });
    expect(patched.status).toBe(200);
    expect((await call(admin, PATHS.saml)).status).toBe(403);
    expect((await call(admin, PATHS.signingCert)).status).toBe(403);
    const before = await json<AuthSettings>(await call(admin, PATHS.auth));
    const metadata = signedMetadata(pki, idpOptions(), pki.idp);
    expect(
      (
        await json<{ field: string }>(
          await call(admin, PATHS.auth, 'PUT', { sso_enabled: false, idp_metadata: metadata, ldap: ldapOff }),
          400,
        )
      ).field,
    ).toBe('idp_metadata');
    expect(
      (
        await json<{ field: string }>(
          await call(admin, PATHS.auth, 'PUT', { sso_enabled: true, ldap: ldapOff }),
          400,
        )
      ).field,
    ).toBe('sso_enabled');
    expect(await json<AuthSettings>(await call(admin, PATHS.auth))).toEqual(before);
  });
});
