/**
 * Issue 38 point 10, on the embedded store and on PostgreSQL: the TOTP seeds and the other
 * secrets the server must use in clear (store/secretFields.ts) are sealed in the config store;
 * values a server before sealing stored clear are sealed at the next start; sign-in with a TOTP
 * code works after a restart, after a key rotation (new key first, old key after) and once the
 * old key is gone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AUTH_PATHS, type MfaEnrolment } from '@workbench/common/api/contract/auth';
import { totpCode } from '../auth/totp';
import type { ConfigStore } from '../store/ConfigStore';
import { SECRET_ENTITY_FIELDS } from '../store/secretFields';
import { openPostgresConfigStore, openSqliteConfigStore } from '../store/sqlConfigStore';
import { testPostgresOfFile } from '../testing/testPostgres';
import { CookieJar, signIn, startTestServer, TEST_PASSWORD, type TestServer } from '../testing/testServer';
import { newSecretKeyText, parseSecretKey, SECRET_KEY_FILE, type SecretBox } from './secretBox';

const testPg = testPostgresOfFile();
const engines: [string, boolean][] = [
  ['the embedded store', false],
  ...(testPg.enabled ? [['PostgreSQL', true] as [string, boolean]] : []),
];

/** What a server before sealing did: every value stored as it is. */
const CLEAR: SecretBox = { seal: (v) => v, open: (v) => v, needsSealing: () => false };
const STORAGE = 'settings_storage_profiles';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(engines)('on %s', (_engine, postgres) => {
  test('secrets are sealed at rest; clear ones are sealed at start; TOTP sign-in survives a restart and a key rotation', async () => {
    const configUrl = postgres ? await testPg.server().freshUrl() : undefined;
    const first = parseSecretKey(newSecretKeyText(), 'test');
    server = await startTestServer(configUrl ? { configUrl, secretKeys: [first] } : {});
    const keyOfServer = (): Buffer =>
      postgres
        ? first
        : parseSecretKey(fs.readFileSync(path.join(server!.dataDir, SECRET_KEY_FILE), 'utf8'), 'file');
    if (!postgres)
      // The embedded default: a key file in the data directory, readable by the server's user only.
      expect(fs.statSync(path.join(server.dataDir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);

    // acme's administrator enrols an authenticator app.
    const admin = await signIn(server, 'admin@acme.example');
    const post = (p: string, body: unknown) => server!.call(p, { method: 'POST', body, jar: admin.jar });
    const { secret } = (await (await post(AUTH_PATHS.mfaEnrol, {})).json()) as MfaEnrolment;
    const now = () => server!.clock.now().getTime();
    expect((await post(AUTH_PATHS.mfaConfirm, { code: totpCode(secret, now()) })).status).toBe(200);

    const store = () => server!.app.workbench.store;
    const tid = (await store().users.get(admin.uid))!.tid;
    /** The clear secrets the store holds (through the store, which opens them). */
    const clearSecrets = async (s: ConfigStore) => {
      const profiles = (await s.entities.get(STORAGE, tid))?.data.list as {
        storage_platform: { secret_key: string };
      }[];
      return [(await s.mfa.get(admin.uid))!.secret!, ...profiles.map((p) => p.storage_platform.secret_key)];
    };
    const expectSealed = async () => {
      const secrets = await clearSecrets(store());
      expect(secrets).toContain(secret);
      expect(secrets.length).toBe(3);
      const dump = JSON.stringify(await store().readAllTables());
      for (const s of secrets) expect(dump).not.toContain(s);
      expect(dump).toContain('wbsec:v1:');
    };
    await expectSealed();
    // The registry derived from common's write-only fields, and the sign-in settings' secrets.
    expect(SECRET_ENTITY_FIELDS).toEqual({
      [STORAGE]: ['list[].storage_platform.secret_key'],
      service_settings_smtp: ['password'],
      tenant_sign_in: ['ldap.bind_password'],
      tenant_saml_signing: ['privateKeyPem'],
    });

    /** The password step and a code: the session's user id. */
    const signInWithCode = async () => {
      server!.clock.advance(30_000);
      const jar = new CookieJar();
      const password = await server!.call(AUTH_PATHS.login, {
        method: 'POST',
        body: { username: 'admin@acme.example', password: TEST_PASSWORD },
        jar,
      });
      const { challenge } = (await password.json()) as { challenge: string };
      const code = await server!.call(AUTH_PATHS.loginMfa, {
        method: 'POST',
        body: { challenge, code: totpCode(secret, now()) },
        jar,
      });
      expect(code.status).toBe(200);
    };
    await signInWithCode();

    // A store written before sealing: the same secrets clear (as the old server wrote them).
    const clearValues = await clearSecrets(store());
    await server.close();
    const old = postgres
      ? await openPostgresConfigStore(configUrl!, { secrets: CLEAR })
      : await openSqliteConfigStore(server.dataDir, { secrets: CLEAR });
    try {
      const mfa = (await old.mfa.get(admin.uid))!;
      await old.mfa.put({ ...mfa, secret });
      const record = (await old.entities.get(STORAGE, tid))!;
      const list = (record.data.list as { storage_platform: Record<string, unknown> }[]).map((p, i) => ({
        ...p,
        storage_platform: { ...p.storage_platform, secret_key: clearValues[i + 1] },
      }));
      await old.entities.update({ ...record, data: { ...record.data, list } });
      expect(JSON.stringify(await old.readAllTables())).toContain(secret);
    } finally {
      await old.close();
    }
    server = await startTestServer(configUrl ? { configUrl, secretKeys: [first] } : {}, {
      dataDir: server.dataDir,
      clock: server.clock,
    });
    await expectSealed();
    await signInWithCode();

    // Rotation: the new key first, the old one after; a start seals everything with the new key.
    const oldKey = keyOfServer();
    const newKey = parseSecretKey(newSecretKeyText(), 'test');
    server = await server.restart({ secretKeys: [newKey, oldKey] });
    await expectSealed();
    await signInWithCode();
    // Then the old key goes: everything opens with the new one alone.
    server = await server.restart({ secretKeys: [newKey] });
    await expectSealed();
    expect(await clearSecrets(store())).toEqual(clearValues);
    await signInWithCode();
  });
});
