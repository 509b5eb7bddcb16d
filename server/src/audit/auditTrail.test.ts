/**
 * The audit trail over real HTTP (issue 15, "A real audit trail"), with the stores in a temp dir:
 * every state-changing route declares its audit; sign-in, failed sign-in, logout, user and saved
 * search changes and the portal version are audit events of the tenant, read back through the
 * logs API as the Audit Logs page reads them; provider operators' changes go to the provider's
 * trail, which no tenant sees.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAVED_SEARCH_PATHS } from '@workbench/common/api/contract/savedSearches';
import { UDB_PATHS } from '@workbench/common/api/contract/udb';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { STATE_CHANGING_METHODS } from '../security-tests/operations';
import {
  signIn,
  signInOperator,
  startTestServer,
  TEST_PASSWORD,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import type { FastifyRequest } from 'fastify';
import { AuditOutsideTransactionError, PROVIDER_AUDIT_TID, writeAudit } from './auditTrail';

jest.setTimeout(120_000);

let server: TestServer;
let events: EventStore;
let eventsDir: string;
let admin: SignedIn;

beforeAll(async () => {
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-trail-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({ events: { store: events } });
  admin = await signIn(server, 'admin@acme.example');
});
afterAll(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

type AuditRow = Record<string, string | number>;

/** The tenant's audit events through the logs API (newest first), as the Audit Logs page reads them. */
async function auditLog(who: SignedIn = admin, query = ''): Promise<AuditRow[]> {
  // The range ends at "now", exclusive: the test clock stands still, so step past the events.
  server.clock.advance(1000);
  const r = await server.call(`/api/rep/v1/query/scan_audit?limit=1000${query}`, { jar: who.jar });
  expect(r.status).toBe(200);
  return ((await r.json()) as { events: AuditRow[] }).events;
}

/** The newest event of an action (and object), waiting briefly for one written after the reply. */
async function latest(action: string, object?: string, who: SignedIn = admin): Promise<AuditRow> {
  for (let i = 0; i < 50; i += 1) {
    const hit = (await auditLog(who)).find(
      (e) => e.audit_action === action && (object === undefined || e.object === object),
    );
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${action} audit event${object ? ` for ${object}` : ''}`);
}

const parsed = (text: string | number | undefined) => JSON.parse(String(text)) as Record<string, unknown>;

test('every state-changing route declares its audit event, or why it writes its own or none', async () => {
  const doc = (await (await server.call('/openapi.json')).json()) as {
    paths: Record<string, Record<string, { 'x-workbench-audit'?: Record<string, string> }>>;
  };
  const undeclared: string[] = [];
  const declared: string[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!STATE_CHANGING_METHODS.has(method.toUpperCase())) continue;
      const audit = op['x-workbench-audit'];
      if (!audit) undeclared.push(`${method.toUpperCase()} ${template}`);
      else declared.push(`${method.toUpperCase()} ${template}`);
    }
  }
  expect(undeclared).toEqual([]);
  // The walk saw the routes it is about (not an empty document).
  expect(declared).toEqual(
    expect.arrayContaining([
      `POST ${UDB_PATHS.users}`,
      `POST ${SAVED_SEARCH_PATHS.list}`,
      'PUT /api/policy/v1/portal_version',
      'POST /api/auth/v1/login',
      'POST /gdmanage/api/v1/skus',
    ]),
  );
});

test('every declared audit event is written in its change’s transaction', async () => {
  const doc = (await (await server.call('/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<string, { 'x-workbench-audit'?: { action?: string; inTransaction?: boolean } }>
    >;
  };
  const afterChange: string[] = [];
  const inTransaction: string[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const audit = op['x-workbench-audit'];
      if (!audit?.action) continue;
      const key = `${method.toUpperCase()} ${template}`;
      (audit.inTransaction === true ? inTransaction : afterChange).push(key);
    }
  }
  // A route that declares an event writes it with its change (auditedChange or
  // auditInTransaction): none is left to the hook's write after the change.
  expect(afterChange).toEqual([]);
  expect(inTransaction).toEqual(
    expect.arrayContaining([
      `POST ${SAVED_SEARCH_PATHS.list}`,
      `POST ${UDB_PATHS.users}`,
      'POST /gdmanage/api/v1/tenants',
      'POST /gdmanage/api/v1/ops/rollouts/{id}/rollback',
      'POST /gdmanage/api/v1/pods/{id}/nodes/{node}/actions',
    ]),
  );
});

test('writeAudit refuses a store outside a transaction: the record must share its change’s fate', async () => {
  const ctx = server.app.workbench;
  const request = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
  const entry = { tid: PROVIDER_AUDIT_TID, userid: 'x', action: 'update', area: 'skus', details: 'x' };
  const before = await ctx.store.eventOutbox.count();
  await expect(writeAudit(ctx.store, ctx, request, [entry])).rejects.toBeInstanceOf(
    AuditOutsideTransactionError,
  );
  expect(await ctx.store.eventOutbox.count()).toBe(before);
  // In a transaction that then fails, the event goes with the change.
  await expect(
    ctx.store.transaction(async (tx) => {
      await writeAudit(tx, ctx, request, [entry]);
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');
  expect(await ctx.store.eventOutbox.count()).toBe(before);
});

test('sign-in, a failed sign-in (no password in it) and logout are audit events of the tenant', async () => {
  const who = await signIn(server, 'admin@acme.example');
  const login = await latest('login');
  expect(login).toMatchObject({ userid: 'admin@acme.example', sub_event_type: 'session' });

  const wrong = 'not-the-password-4711';
  const failed = await server.call('/api/auth/v1/login', {
    method: 'POST',
    body: { username: 'admin@acme.example', password: wrong },
  });
  expect(failed.status).toBe(401);
  const failure = await latest('login_failed');
  expect(failure).toMatchObject({ userid: 'admin@acme.example', sub_event_type: 'session' });
  expect(JSON.stringify(await auditLog())).not.toContain(wrong);
  expect(JSON.stringify(await auditLog())).not.toContain(TEST_PASSWORD);

  const before = (await auditLog()).filter((e) => e.audit_action === 'logout').length;
  expect((await server.call('/api/auth/v1/logout', { jar: who.jar })).status).toBe(200);
  expect((await auditLog()).filter((e) => e.audit_action === 'logout')).toHaveLength(before + 1);
  // Another tenant sees none of it.
  const globex = await signIn(server, 'admin@globex.example');
  expect((await auditLog(globex)).some((e) => e.userid === 'admin@acme.example')).toBe(false);
});

test('an audit event appears for a user created in the same test, then modified (before and after), reset and deleted', async () => {
  const username = `audit.${Date.now()}@acme.example`;
  const secret = 'CreatedPa55word7';
  const created = await server.call(`${UDB_PATHS.users}?limit=1`, {
    method: 'POST',
    jar: admin.jar,
    body: { username, password: secret, first_name: 'Ada', groups: ['sales'] },
  });
  expect(created.status).toBe(200);
  const { uid } = (await created.json()) as { uid: string };
  const add = await latest('add_user', username);
  expect(add).toMatchObject({
    userid: 'admin@acme.example',
    sub_event_type: 'users',
    details: `Created the user ${username}.`,
  });
  expect(parsed(add.after)).toMatchObject({ username, first_name: 'Ada' });
  // The search box finds it by its object, as the explorer's search does.
  expect((await auditLog(admin, `&search=${encodeURIComponent(username)}`)).length).toBeGreaterThan(0);

  const changed = await server.call(UDB_PATHS.user(uid), {
    method: 'PATCH',
    jar: admin.jar,
    body: { first_name: 'Grace', password: 'ChangedPa55word7' },
  });
  expect(changed.status).toBe(200);
  const update = await latest('update', username);
  expect(parsed(update.before)).toMatchObject({ first_name: 'Ada' });
  expect(parsed(update.after)).toMatchObject({ first_name: 'Grace' });
  expect(update.details).toBe(`Modified the user ${username} (password changed).`);

  const reset = await server.call(UDB_PATHS.resetPassword, {
    method: 'POST',
    jar: admin.jar,
    body: { username },
  });
  expect(reset.status).toBe(200);
  const generated = ((await reset.json()) as { password: string }).password;
  expect(await latest('change_pwd', username)).toMatchObject({ sub_event_type: 'users' });

  expect((await server.call(UDB_PATHS.user(uid), { method: 'DELETE', jar: admin.jar })).status).toBe(200);
  expect(parsed((await latest('remove_user', username)).before)).toMatchObject({ username });

  // No password and no hash in any event.
  const all = JSON.stringify(await auditLog());
  for (const s of [secret, 'ChangedPa55word7', generated, 'scrypt', 'password_hash', 'passwordHash'])
    expect(all).not.toContain(s);
});

test('a user import is one event naming the users; a dry run and a refused write are none', async () => {
  const names = [`imp1.${Date.now()}@acme.example`, `imp2.${Date.now()}@acme.example`];
  const count = async () => (await auditLog()).filter((e) => e.audit_action === 'add_user').length;
  const start = await count();
  const dry = await server.call(`${UDB_PATHS.bulkCreate}?dry_run=true`, {
    method: 'POST',
    jar: admin.jar,
    body: { user_list: names.map((username) => ({ username })) },
  });
  expect(dry.status).toBe(200);
  const refused = await server.call(`${UDB_PATHS.users}?limit=1`, {
    method: 'POST',
    jar: admin.jar,
    body: { username: '', password: 'x' },
  });
  expect(refused.status).toBe(400);
  expect(await count()).toBe(start);

  const real = await server.call(UDB_PATHS.bulkCreate, {
    method: 'POST',
    jar: admin.jar,
    body: { user_list: names.map((username) => ({ username })) },
  });
  expect(real.status).toBe(200);
  expect(await count()).toBe(start + 1);
  expect(await latest('add_user', names.join(', '))).toMatchObject({ details: 'Imported 2 users.' });
});

test('saved searches and the portal version are audited with their object and change', async () => {
  const saved = await server.call(SAVED_SEARCH_PATHS.list, {
    method: 'POST',
    jar: admin.jar,
    body: { name: 'Blocked in France', route: 'web', query: 'country=FR' },
  });
  expect(saved.status).toBe(200);
  const { id } = (await saved.json()) as { id: string };
  expect(await latest('create', 'Blocked in France')).toMatchObject({ sub_event_type: 'saved_searches' });
  expect(
    (await server.call(`${SAVED_SEARCH_PATHS.list}/${id}`, { method: 'DELETE', jar: admin.jar })).status,
  ).toBe(200);
  expect(await latest('delete', 'Blocked in France')).toMatchObject({ sub_event_type: 'saved_searches' });

  const version = await server.call('/api/policy/v1/portal_version', {
    method: 'PUT',
    jar: admin.jar,
    body: { portal_v2: false },
  });
  expect(version.status).toBe(200);
  const event = await latest('update', 'portal version');
  expect(event.sub_event_type).toBe('portal_settings');
  expect(parsed(event.after)).toEqual({ portal_v2: false });
  expect(parsed(event.before)).toHaveProperty('portal_v2');
});

test("provider operators' sign-in and changes go to the provider's trail, which no tenant sees", async () => {
  const operator = await signInOperator(server, 'operator@provider.example');
  const created = await server.call('/gdmanage/api/v1/skus', {
    method: 'POST',
    jar: operator.jar,
    body: { sku_id: 'AUDIT-SKU', name: 'Audited', description: '', features: ['web_isolation'] },
  });
  expect(created.status).toBe(201);
  const trail = await events.query({
    logType: 'scan_audit',
    tid: PROVIDER_AUDIT_TID,
    start: 0,
    end: server.clock.now().getTime() + 1,
    filters: [],
    limit: 100,
  });
  const rows = trail.map((e) => e.fields);
  expect(rows).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ userid: 'operator@provider.example', audit_action: 'login' }),
      expect.objectContaining({
        userid: 'operator@provider.example',
        audit_action: 'create',
        sub_event_type: 'skus',
        object: 'AUDIT-SKU',
      }),
    ]),
  );
  expect((await auditLog()).some((e) => e.object === 'AUDIT-SKU')).toBe(false);
});
