/**
 * A tenant's administrators and roles, two-factor users and the encrypted user info over real
 * HTTP against a real server in a temp dir (issue 33 points 1, 2 and 8; docs/administrators.md,
 * docs/userinfo-v2.md): bad input 400 naming the field with nothing changed, permissions, another
 * tenant's accounts, API token scope, the last full administrator, a role in use, a demoted
 * session refused at once, and the audit's before and after.
 */
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import {
  ADMIN_MSGS,
  ADMIN_PATHS,
  RBAC_PATHS,
  ROLE_MSGS,
  type Administrator,
  type AdministratorPassword,
  type Role,
  type RoleList,
} from '@workbench/common/api/contract/administrators';
import { API_TOKEN_SESSION_ONLY_MSG, API_TOKENS_PATHS } from '@workbench/common/api/contract/apiTokens';
import { AUTH_PATHS, type UserInfo } from '@workbench/common/api/contract/auth';
import { USERINFO_V2_PATH } from '@workbench/common/api/contract/userInfoV2';
import { startAuditedTestServer, type AuditedTestServer } from '../testing/auditedTestServer';
import { snapshotConfigStore } from '../testing/storeSnapshot';
import { signIn, TEST_PASSWORD, type SignedIn, type TestServer } from '../testing/testServer';
import { totpCode } from '../auth/totp';

jest.setTimeout(120_000);

let audited: AuditedTestServer;
let server: TestServer;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;

beforeAll(async () => {
  audited = await startAuditedTestServer('admins-');
  server = audited.server;
  [admin, auditor, logs, globex] = await Promise.all(
    ['admin@acme.example', 'auditor@acme.example', 'logs@acme.example', 'admin@globex.example'].map((u) =>
      signIn(server, u),
    ),
  );
  // The demo's second full administrator (the approver of two-person publishes) goes: these tests
  // start from admin@acme.example as the only one.
  const approver = (await admins()).find((u) => u.username === 'approver@acme.example');
  if (approver) expect((await call(ADMIN_PATHS.one(approver.uid), admin, 'DELETE')).status).toBe(204);
});
afterAll(() => audited.close());

const call = (pathname: string, who: SignedIn | null, method = 'GET', body?: unknown) =>
  server.call(pathname, { method, body, ...(who ? { jar: who.jar } : {}) });
async function admins(who: SignedIn = admin): Promise<Administrator[]> {
  const r = await call(ADMIN_PATHS.list, who);
  expect(r.status).toBe(200);
  return ((await r.json()) as { users: Administrator[] }).users;
}
const byName = async (username: string) => (await admins()).find((u) => u.username === username);
async function roles(): Promise<Role[]> {
  const r = await call(RBAC_PATHS.v2, admin);
  expect(r.status).toBe(200);
  return ((await r.json()) as RoleList).roles;
}
const auditEvents = () => audited.auditEvents(admin.jar);
/** A new administrator of acme with a role, signed in with their own password (the step done). */
async function newAdministrator(username: string, role: string): Promise<SignedIn & { uid: string }> {
  const r = await call(ADMIN_PATHS.create, admin, 'POST', {
    username,
    first_name: 'New',
    last_name: 'Admin',
    role,
  });
  expect(r.status).toBe(201);
  const { user, password } = (await r.json()) as AdministratorPassword;
  const who = await signIn(server, username, password);
  const changed = await call(AUTH_PATHS.changePassword, who, 'POST', {
    current_password: password,
    new_password: 'A-new-password-2026',
  });
  expect(changed.status).toBe(200);
  return { ...who, uid: user.uid };
}
const expectNothingChanged = async (fn: () => Promise<void>) => {
  const before = await snapshotConfigStore(server.app.workbench.store, {
    exclude: ['sessions', 'rate_limits'],
  });
  await fn();
  expect(
    await snapshotConfigStore(server.app.workbench.store, { exclude: ['sessions', 'rate_limits'] }),
  ).toEqual(before);
};

describe('GET list_users', () => {
  test("lists the tenant's administrators with role, status, lockout and second factor; needs settings:admins:read", async () => {
    const list = await admins();
    expect(list.map((u) => [u.username, u.role, u.status, u.locked])).toEqual([
      ['admin@acme.example', 'admin', 'active', false],
      ['auditor@acme.example', 'auditor', 'active', false],
      ['logs@acme.example', 'logs', 'active', false],
    ]);
    // The auditor reads every settings area; the logs role none; no session none; another tenant its own.
    expect((await call(ADMIN_PATHS.list, auditor)).status).toBe(200);
    expect((await call(ADMIN_PATHS.list, logs)).status).toBe(403);
    expect((await call(ADMIN_PATHS.list, null)).status).toBe(401);
    expect((await admins(globex)).map((u) => u.username)).toEqual(['admin@globex.example']);
  });

  test('an API token reads it only within its scope, and never writes administrators', async () => {
    const made = await call(API_TOKENS_PATHS.list, admin, 'POST', {
      name: 'user sync',
      access: 'write',
      areas: ['users'],
      expires_at: null,
    });
    expect(made.status).toBe(201);
    const { token } = (await made.json()) as { token: string };
    const bearer = { authorization: `Bearer ${token}` };
    expect((await server.call(ADMIN_PATHS.list, { headers: bearer })).status).toBe(403);
    const write = await server.call(ADMIN_PATHS.create, {
      method: 'POST',
      headers: bearer,
      body: { username: 'x@acme.example', first_name: 'X', last_name: 'Y', role: 'logs' },
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ message: API_TOKEN_SESSION_ONLY_MSG });
  });
});

describe('administrators', () => {
  test('bad input is 400 naming the field and changes nothing; a taken name 409; an unknown role 400', async () => {
    await expectNothingChanged(async () => {
      const bad = async (body: unknown, field: string, status = 400) => {
        const r = await call(ADMIN_PATHS.create, admin, 'POST', body);
        expect(r.status).toBe(status);
        expect(JSON.stringify(await r.json())).toContain(field);
      };
      const ok = { username: 'ok@acme.example', first_name: 'O', last_name: 'K', role: 'logs' };
      await bad({ ...ok, username: 'not an address' }, 'username');
      await bad({ ...ok, first_name: '' }, 'first_name');
      await bad({ ...ok, role: undefined }, 'role');
      await bad({ ...ok, extra: 1 }, 'extra');
      await bad({ ...ok, role: 'nobody' }, 'role');
      await bad({ ...ok, username: 'Auditor@acme.example' }, 'username', 409);
      const status = await call(ADMIN_PATHS.status('x'), admin, 'PUT', { status: 'gone' });
      expect(status.status).toBe(400);
      expect(JSON.stringify(await status.json())).toContain('status');
    });
  });

  test('create answers a one-time password once: it signs in, and the password change comes first; audited with after', async () => {
    const r = await call(ADMIN_PATHS.create, admin, 'POST', {
      username: 'New.Person@acme.example',
      first_name: 'New',
      last_name: 'Person',
      role: 'auditor',
    });
    expect(r.status).toBe(201);
    const { user, password } = (await r.json()) as AdministratorPassword;
    expect(user).toMatchObject({
      username: 'new.person@acme.example',
      role: 'auditor',
      status: 'active',
      show_change_password: true,
    });
    expect(JSON.stringify(await admins())).not.toContain(password);
    const who = await signIn(server, 'new.person@acme.example', password);
    const blocked = await call(ADMIN_PATHS.list, who);
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ pending_step: 'change_password' });
    const added = (await auditEvents()).find(
      (e) => e.audit_action === 'add_user' && e.object === user.username,
    );
    expect(added).toMatchObject({ sub_event_type: 'admins' });
    expect(JSON.stringify(added)).toContain('auditor');
    expect(JSON.stringify(added)).not.toContain(password);
  });

  test('reset gives a new one-time password and ends the sessions; status disables and activates; unlock ends a lockout', async () => {
    const who = await newAdministrator('reset.me@acme.example', 'logs');
    const reset = await call(ADMIN_PATHS.resetPassword(who.uid), admin, 'POST');
    expect(reset.status).toBe(200);
    const { password } = (await reset.json()) as AdministratorPassword;
    expect((await call(AUTH_PATHS.userInfo, who)).status).toBe(401);
    const again = await signIn(server, 'reset.me@acme.example', password);
    expect(((await (await call(AUTH_PATHS.userInfo, again)).json()) as UserInfo).show_change_password).toBe(
      true,
    );

    const disabled = await call(ADMIN_PATHS.status(who.uid), admin, 'PUT', { status: 'disabled' });
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toMatchObject({ status: 'disabled' });
    expect((await call(AUTH_PATHS.userInfo, again)).status).toBe(401);
    await expect(signIn(server, 'reset.me@acme.example', password)).rejects.toThrow('401');
    expect((await call(ADMIN_PATHS.status(who.uid), admin, 'PUT', { status: 'active' })).status).toBe(200);
    await signIn(server, 'reset.me@acme.example', password);

    for (let i = 0; i < 4; i += 1)
      await server.call(AUTH_PATHS.login, {
        method: 'POST',
        body: { username: 'reset.me@acme.example', password: 'wrong one' },
      });
    expect((await byName('reset.me@acme.example'))?.locked).toBe(true);
    const unlocked = await call(ADMIN_PATHS.unlock(who.uid), admin, 'POST');
    expect(unlocked.status).toBe(200);
    expect(await unlocked.json()).toMatchObject({ locked: false });
    await signIn(server, 'reset.me@acme.example', password);
    expect((await call(ADMIN_PATHS.unlock(who.uid), admin, 'POST')).status).toBe(409);

    const actions = (await auditEvents())
      .filter((e) => e.object === 'reset.me@acme.example')
      .map((e) => e.audit_action);
    expect(actions).toEqual(expect.arrayContaining(['change_pwd', 'deactivated', 'activated', 'unlocked']));
  });

  test("another tenant's administrator is none of ours (404), and the auditor may not write (403)", async () => {
    const acmeLogs = (await byName('logs@acme.example'))!;
    await expectNothingChanged(async () => {
      expect(
        (await call(ADMIN_PATHS.status(acmeLogs.uid), globex, 'PUT', { status: 'disabled' })).status,
      ).toBe(404);
      expect((await call(ADMIN_PATHS.one(acmeLogs.uid), globex, 'DELETE')).status).toBe(404);
      expect((await call(ADMIN_PATHS.resetPassword(acmeLogs.uid), globex, 'POST')).status).toBe(404);
      expect((await call(RBAC_PATHS.v1, globex, 'POST', { uid: acmeLogs.uid, role: 'admin' })).status).toBe(
        404,
      );
      expect((await call(ADMIN_PATHS.one(acmeLogs.uid), auditor, 'DELETE')).status).toBe(403);
    });
  });

  test('the last full administrator cannot be demoted, disabled or deleted (409 with the reason); with a second one it can', async () => {
    const me = (await byName('admin@acme.example'))!;
    await expectNothingChanged(async () => {
      const demote = await call(RBAC_PATHS.v1, admin, 'POST', { uid: me.uid, role: 'auditor' });
      expect(demote.status).toBe(409);
      expect(await demote.json()).toMatchObject({ message: ADMIN_MSGS.lastFullAdmin });
      // Deleting or disabling oneself is refused first, whoever else there is; one's own reset too.
      expect((await call(ADMIN_PATHS.one(me.uid), admin, 'DELETE')).status).toBe(409);
      expect((await call(ADMIN_PATHS.status(me.uid), admin, 'PUT', { status: 'disabled' })).status).toBe(409);
      const ownReset = await call(ADMIN_PATHS.resetPassword(me.uid), admin, 'POST');
      expect(await ownReset.json()).toMatchObject({ statusCode: 409, message: ADMIN_MSGS.selfReset });
    });
    const second = await newAdministrator('second.admin@acme.example', 'admin');
    const disable = await call(ADMIN_PATHS.status(me.uid), second, 'PUT', { status: 'disabled' });
    expect(disable.status).toBe(200);
    // With the first disabled, `second` is the last active full administrator: it cannot demote itself.
    const last = await call(RBAC_PATHS.v1, second, 'POST', { uid: second.uid, role: 'logs' });
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ message: ADMIN_MSGS.lastFullAdmin });
    expect((await call(ADMIN_PATHS.status(me.uid), second, 'PUT', { status: 'active' })).status).toBe(200);
    admin = await signIn(server, 'admin@acme.example');
    expect((await call(ADMIN_PATHS.one(second.uid), admin, 'DELETE')).status).toBe(204);
    expect(await byName('second.admin@acme.example')).toBeUndefined();
    const removed = (await auditEvents()).find((e) => e.audit_action === 'remove_user');
    expect(removed).toMatchObject({ object: 'second.admin@acme.example', sub_event_type: 'admins' });
  });
});

describe('roles', () => {
  test('built-in roles first; a custom role is created (409 twice), edited, copied; bad input 400 naming the field', async () => {
    expect((await roles()).slice(0, 3).map((r) => [r.name, r.builtin])).toEqual([
      ['admin', true],
      ['auditor', true],
      ['logs', true],
    ]);
    await expectNothingChanged(async () => {
      const bad = async (body: unknown, field: string) => {
        const r = await call(RBAC_PATHS.v2, admin, 'POST', body);
        expect(r.status).toBe(400);
        expect(JSON.stringify(await r.json())).toContain(field);
      };
      const ok = { name: 'x', description: '', read: [], write: [], create: true };
      await bad({ ...ok, name: '' }, 'name');
      await bad({ ...ok, read: ['bad entry!'] }, 'read');
      await bad({ ...ok, write: 'logs' }, 'write');
      await bad({ ...ok, create: undefined }, 'create');
      const builtin = await call(RBAC_PATHS.v2, admin, 'POST', { ...ok, name: 'admin', create: false });
      expect(builtin.status).toBe(409);
      expect(await builtin.json()).toMatchObject({ message: ROLE_MSGS.builtin('admin') });
      expect(
        (await call(RBAC_PATHS.v2, admin, 'POST', { ...ok, name: 'none yet', create: false })).status,
      ).toBe(404);
    });
    const role = {
      name: 'Web logs reader',
      description: 'Reads the web logs.',
      read: ['logs:web'],
      write: [],
    };
    const made = await call(RBAC_PATHS.v2, admin, 'POST', { ...role, create: true });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ ...role, builtin: false, holders: [] });
    const twice = await call(RBAC_PATHS.v2, admin, 'POST', { ...role, create: true });
    expect(twice.status).toBe(409);
    const copy = await call(RBAC_PATHS.v2, admin, 'POST', {
      ...role,
      name: 'Copy of Web logs reader',
      create: true,
    });
    expect(copy.status).toBe(201);
    const edited = await call(RBAC_PATHS.v2, admin, 'POST', {
      ...role,
      read: ['logs:web', 'dashboard:*'],
      create: false,
    });
    expect(edited.status).toBe(200);
    expect((await roles()).find((r) => r.name === 'Web logs reader')?.read).toEqual([
      'logs:web',
      'dashboard:*',
    ]);
    const events = (await auditEvents()).filter(
      (e) => e.object === 'Web logs reader' && e.sub_event_type === 'roles',
    );
    expect(events.map((e) => e.audit_action)).toEqual(expect.arrayContaining(['create', 'update']));
    expect(JSON.stringify(events.find((e) => e.audit_action === 'update'))).toContain('dashboard:*');
  });

  test('a role change holds from the next request: a demoted session is refused at once, an edited role too', async () => {
    const holder = await newAdministrator('holder@acme.example', 'auditor');
    expect((await call(ADMIN_PATHS.list, holder)).status).toBe(200);
    // Demoted to a custom role without settings: the very next call is refused.
    await call(RBAC_PATHS.v2, admin, 'POST', {
      name: 'Dashboard only',
      description: '',
      read: ['dashboard:*', 'settings:admins'],
      write: [],
      create: true,
    });
    const demote = await call(RBAC_PATHS.v1, admin, 'POST', { uid: holder.uid, role: 'Dashboard only' });
    expect(demote.status).toBe(200);
    expect((await call(RBAC_PATHS.v2, holder)).status).toBe(403);
    expect((await call(ADMIN_PATHS.list, holder)).status).toBe(200);
    // The role's edit reaches its holder's next call as well.
    await call(RBAC_PATHS.v2, admin, 'POST', {
      name: 'Dashboard only',
      description: '',
      read: ['dashboard:*'],
      write: [],
      create: false,
    });
    expect((await call(ADMIN_PATHS.list, holder)).status).toBe(403);
    const info = (await (await call(AUTH_PATHS.userInfo, holder)).json()) as UserInfo;
    expect(info.roles).toEqual({ read: ['dashboard:*'], write: [] });
    expect((await byName('holder@acme.example'))?.role).toBe('Dashboard only');
  });

  test('deleting a role in use is 409 naming who holds it; once nobody does it goes; built-in roles stay', async () => {
    await call(RBAC_PATHS.v2, admin, 'POST', {
      name: 'Temp',
      description: '',
      read: ['logs:*'],
      write: [],
      create: true,
    });
    const user = await newAdministrator('temp.holder@acme.example', 'Temp');
    await expectNothingChanged(async () => {
      const inUse = await call(RBAC_PATHS.one('Temp'), admin, 'DELETE');
      expect(inUse.status).toBe(409);
      expect(await inUse.json()).toMatchObject({
        message: ROLE_MSGS.inUse('Temp', ['temp.holder@acme.example']),
      });
      expect((await call(RBAC_PATHS.one('admin'), admin, 'DELETE')).status).toBe(409);
      expect((await call(RBAC_PATHS.one('Nope'), admin, 'DELETE')).status).toBe(404);
      expect((await call(RBAC_PATHS.one('Temp'), globex, 'DELETE')).status).toBe(404);
    });
    expect((await call(RBAC_PATHS.v1, admin, 'POST', { uid: user.uid, role: 'logs' })).status).toBe(200);
    expect((await call(RBAC_PATHS.one('Temp'), admin, 'DELETE')).status).toBe(204);
    expect((await roles()).map((r) => r.name)).not.toContain('Temp');
  });

  test('nobody gives more than they hold: a role manager cannot make or hand out a role beyond their own (403 naming the field)', async () => {
    await call(RBAC_PATHS.v2, admin, 'POST', {
      name: 'Role manager',
      description: '',
      read: ['settings:*', 'logs:web'],
      write: ['settings:roles', 'settings:admins'],
      create: true,
    });
    const manager = await newAdministrator('manager@acme.example', 'Role manager');
    await expectNothingChanged(async () => {
      const wider = await call(RBAC_PATHS.v2, manager, 'POST', {
        name: 'Everything',
        description: '',
        read: ['*:*'],
        write: ['*:*'],
        create: true,
      });
      expect(wider.status).toBe(403);
      expect(await wider.json()).toMatchObject({ message: expect.stringContaining('*:*:read') });
      const promote = await call(RBAC_PATHS.v1, manager, 'POST', { uid: manager.uid, role: 'admin' });
      expect(promote.status).toBe(403);
      const full = (await byName('admin@acme.example'))!;
      expect((await call(ADMIN_PATHS.resetPassword(full.uid), manager, 'POST')).status).toBe(403);
    });
    const within = await call(RBAC_PATHS.v2, manager, 'POST', {
      name: 'Web logs only',
      description: '',
      read: ['logs:web'],
      write: [],
      create: true,
    });
    expect(within.status).toBe(201);
  });
});

describe('two-factor users', () => {
  test("an administrator resets another account's second factor; 409 without one; gated by the tfa feature", async () => {
    const who = await newAdministrator('phone.lost@acme.example', 'logs');
    const start = await call(AUTH_PATHS.mfaEnrol, who, 'POST', {});
    const { secret } = (await start.json()) as { secret: string };
    expect(
      (
        await call(AUTH_PATHS.mfaConfirm, who, 'POST', {
          code: totpCode(secret, server.clock.now().getTime()),
        })
      ).status,
    ).toBe(200);
    const list = (await (await call(AUTH_PATHS.mfaUsers, admin)).json()) as {
      users: { username: string; mfa_enrolled_since: string | null }[];
    };
    expect(list.users.find((u) => u.username === 'phone.lost@acme.example')?.mfa_enrolled_since).toEqual(
      expect.any(String),
    );
    expect((await call(ADMIN_PATHS.mfaReset(who.uid), auditor, 'POST')).status).toBe(403);
    expect((await call(ADMIN_PATHS.mfaReset(who.uid), globex, 'POST')).status).toBe(403);
    const reset = await call(ADMIN_PATHS.mfaReset(who.uid), admin, 'POST');
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({
      username: 'phone.lost@acme.example',
      mfa_enrolled_since: null,
    });
    expect((await call(ADMIN_PATHS.mfaReset(who.uid), admin, 'POST')).status).toBe(409);
    // globex has no tfa feature: neither the list nor the reset, whatever the role.
    const refused = await call(AUTH_PATHS.mfaUsers, globex);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining('tfa') });
    const event = (await auditEvents()).find(
      (e) => e.audit_action === 'tfa_reset' && e.object === 'phone.lost@acme.example',
    );
    expect(event).toMatchObject({ sub_event_type: 'tfa' });
  });
});

describe('GET /api/userinfo/v2', () => {
  test('answers the v1 user info as a JWE that only the holder of the private key reads', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ECDH-ES', { crv: 'P-256' });
    const key = Buffer.from(JSON.stringify(await exportJWK(publicKey))).toString('base64url');
    const r = await call(`${USERINFO_V2_PATH}?key=${key}`, auditor);
    expect(r.status).toBe(200);
    const { jwe } = (await r.json()) as { jwe: string };
    expect(jwe).not.toContain('auditor');
    const { plaintext, protectedHeader } = await compactDecrypt(jwe, privateKey);
    expect(protectedHeader).toMatchObject({ alg: 'ECDH-ES', enc: 'A256GCM' });
    const v1 = await (await call(AUTH_PATHS.userInfo, auditor)).json();
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual(v1);
    const other = await generateKeyPair('ECDH-ES', { crv: 'P-256' });
    await expect(compactDecrypt(jwe, other.privateKey)).rejects.toThrow();
  });

  test('a missing or bad key is 400 naming it; no session 401', async () => {
    const { privateKey } = await generateKeyPair('ECDH-ES', { crv: 'P-256', extractable: true });
    const withPrivate = Buffer.from(JSON.stringify(await exportJWK(privateKey))).toString('base64url');
    const notJson = Buffer.from('not a key at all').toString('base64url');
    for (const q of ['', '?key=', `?key=${notJson}`, `?key=${withPrivate}`]) {
      const r = await call(`${USERINFO_V2_PATH}${q}`, admin);
      expect(r.status).toBe(400);
      expect(JSON.stringify(await r.json())).toContain('key');
    }
    expect((await call(`${USERINFO_V2_PATH}?key=${notJson}`, null)).status).toBe(401);
  });
});

test('the demo password still signs everyone in (no test above left a demo account changed)', async () => {
  for (const u of ['admin@acme.example', 'auditor@acme.example', 'logs@acme.example'])
    await signIn(server, u, TEST_PASSWORD);
});
