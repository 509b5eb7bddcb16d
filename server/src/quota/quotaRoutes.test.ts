/**
 * Tenant quota over real HTTP (docs/provider-console.md §11): every tenant's use equals what the
 * tenant's own lists hold; an operator replaces the limits (bad values 400 naming the field and
 * nothing changed; support 403; audited); a limit below the use shows as passed; and the creates
 * the server counts are refused with 409 at the limit (administrators, users, API tokens, custom
 * roles, scheduled reports), the bulk user import taking rows while there is room.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_QUOTA_LIMITS,
  QUOTA_PATH,
  quotaReachedMessage,
  tenantQuotaPath,
  type QuotaLimits,
  type TenantQuota,
  type TenantQuotaList,
} from '@workbench/common/api/contract/providerQuota';
import { ADMIN_PATHS } from '@workbench/common/api/contract/administrators';
import { API_TOKENS_PATHS } from '@workbench/common/api/contract/apiTokens';
import { UDB_PATHS } from '@workbench/common/api/contract/udb';
import { REPORT_FILE_PATHS } from '@workbench/common/api/contract/reportFiles';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import { snapshotConfigStore } from '../testing/storeSnapshot';
import type { EventStore } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { PROVIDER_AUDIT_PATH, type ProviderAuditList } from '@workbench/common/api/contract/providerAudit';

let server: TestServer;
let operator: OperatorSignedIn;
let support: OperatorSignedIn;
let admin: SignedIn;
let acme: TenantQuota;
let events: EventStore;
let eventsDir: string;

const call = (path: string, jar: SignedIn['jar'] | undefined, method = 'GET', body?: unknown) =>
  server.call(path, { method, jar, body });
const json = async <T>(r: Response) => (await r.json()) as T;
const quotaOf = async (tid: string) => json<TenantQuota>(await call(tenantQuotaPath(tid), operator.jar));
const setLimits = (tid: string, limits: Partial<QuotaLimits>, who = operator) =>
  call(tenantQuotaPath(tid), who.jar, 'PUT', { limits: { ...DEFAULT_QUOTA_LIMITS, ...limits } });

beforeAll(async () => {
  // With an event store: the scheduled reports and the audit trail need one.
  eventsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quota-'));
  events = await openTestEventStore(eventsDir);
  server = await startTestServer({
    events: { store: events, reportFiles: { timer: false } },
    jobTimer: false,
  });
  operator = await signInOperator(server, 'operator@provider.example');
  support = await signInOperator(server, 'support@provider.example');
  admin = await signIn(server, 'admin@acme.example');
  const list = await json<TenantQuotaList>(await call(QUOTA_PATH, support.jar));
  acme = list.quota.find((q) => q.name === 'acme') as TenantQuota;
});
afterAll(async () => {
  await server.close();
  await events.close();
  fs.rmSync(eventsDir, { recursive: true, force: true });
});

/** What the tenant's own lists hold, read through the tenant's and the provider's calls. */
async function countedByTheLists(tid: string): Promise<QuotaLimits> {
  const admins = await json<{ users: unknown[] }>(await call(ADMIN_PATHS.list, admin.jar));
  const users = await json<{ total: number }>(await call(`${UDB_PATHS.users}?limit=1`, admin.jar));
  const own = await json<{ tokens: unknown[] }>(await call(API_TOKENS_PATHS.list, admin.jar));
  let tokens = own.tokens.length;
  for (const list of ['tokens', 'logging_auth_tokens'])
    tokens += (
      await json<{ tokens: unknown[] }>(await call(`/gdmanage/api/v1/tenants/${tid}/${list}`, operator.jar))
    ).tokens.length;
  const roles = await json<{ roles: Array<{ builtin: boolean }> }>(
    await call('/api/policy/v2/rbac', admin.jar),
  );
  const reports = await json<{ scheduled_reports: unknown[] }>(
    await call(REPORT_FILE_PATHS.scheduled, admin.jar),
  );
  return {
    administrators: admins.users.length,
    users: users.total,
    api_tokens: tokens,
    roles: roles.roles.filter((r) => !r.builtin).length,
    scheduled_reports: reports.scheduled_reports.length,
  };
}

describe('use and limits', () => {
  test("every tenant is listed with the default limits; acme's use equals what its lists hold", async () => {
    const list = await json<TenantQuotaList>(await call(QUOTA_PATH, support.jar));
    expect(list.total).toBe(list.quota.length);
    expect(list.defaults).toEqual(DEFAULT_QUOTA_LIMITS);
    const names = list.quota.map((q) => q.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(acme.use).toEqual(await countedByTheLists(acme.tid));
    expect(acme.use.administrators).toBeGreaterThanOrEqual(3);
    expect(acme.use.users).toBeGreaterThan(0);
  });

  test('the use follows a create: one more user and one more token are counted', async () => {
    const before = await quotaOf(acme.tid);
    expect(
      (
        await call(`${UDB_PATHS.users}?limit=1`, admin.jar, 'POST', {
          username: 'quota.count@acme.example',
          password: 'Secret-pass1',
        })
      ).status,
    ).toBe(200);
    const token = { name: 'quota count', access: 'read', areas: ['logs'], expires_at: null };
    expect((await call(API_TOKENS_PATHS.list, admin.jar, 'POST', token)).status).toBe(201);
    const after = await quotaOf(acme.tid);
    expect(after.use).toEqual({
      ...before.use,
      users: before.use.users + 1,
      api_tokens: before.use.api_tokens + 1,
    });
    expect(after.use).toEqual(await countedByTheLists(acme.tid));
  });
});

describe('PUT limits', () => {
  test('an operator replaces the limits; a limit below the use is kept and shown as passed', async () => {
    const r = await setLimits(acme.tid, { administrators: 1, roles: 7 });
    expect(r.status).toBe(200);
    const saved = await json<TenantQuota>(r);
    expect(saved).toMatchObject({
      custom: true,
      limits: { ...DEFAULT_QUOTA_LIMITS, administrators: 1, roles: 7 },
    });
    expect(saved.over).toEqual(['administrators']);
    const listed = (await json<TenantQuotaList>(await call(QUOTA_PATH, support.jar))).quota.find(
      (q) => q.tid === acme.tid,
    );
    expect(listed).toEqual(saved);
    expect((await setLimits(acme.tid, {})).status).toBe(200);
    const trail = await json<ProviderAuditList>(
      await call(`${PROVIDER_AUDIT_PATH}?tenant=${acme.tid}`, operator.jar),
    );
    const event = trail.events.find((e) => e.area === 'quota' && e.details.includes('Administrators 25 → 1'));
    expect(event).toMatchObject({ actor: 'operator@provider.example', action: 'update', object: 'acme' });
    expect(JSON.parse(String(event?.after))).toContainEqual({ limit: 'API tokens', value: 20 });
  });

  test('bad limits are 400 naming the field and change nothing', async () => {
    const before = await snapshotConfigStore(server.app.workbench.store);
    const bad: [unknown, string][] = [
      [{ limits: { ...DEFAULT_QUOTA_LIMITS, users: -1 } }, 'limits/users'],
      [{ limits: { ...DEFAULT_QUOTA_LIMITS, api_tokens: 2.5 } }, 'limits/api_tokens'],
      [{ limits: { ...DEFAULT_QUOTA_LIMITS, roles: '5' } }, 'limits/roles'],
      [{ limits: { ...DEFAULT_QUOTA_LIMITS, scheduled_reports: 1_000_001 } }, 'limits/scheduled_reports'],
      [{ limits: { ...DEFAULT_QUOTA_LIMITS, events: 5 } }, 'limits/events'],
      [{ limits: { users: 5 } }, 'limits'],
      [{}, 'limits'],
    ];
    for (const [body, field] of bad) {
      const r = await call(tenantQuotaPath(acme.tid), operator.jar, 'PUT', body);
      expect({ field, status: r.status }).toEqual({ field, status: 400 });
      expect(String((await json<{ field?: string }>(r)).field)).toContain(field.split('/').pop());
    }
    expect(await snapshotConfigStore(server.app.workbench.store)).toEqual(before);
  });

  test('support reads but cannot write; a tenant session is 401; an unknown tenant 404', async () => {
    expect((await call(tenantQuotaPath(acme.tid), support.jar)).status).toBe(200);
    expect((await setLimits(acme.tid, { users: 1 }, support)).status).toBe(403);
    expect((await quotaOf(acme.tid)).limits.users).toBe(DEFAULT_QUOTA_LIMITS.users);
    expect((await call(QUOTA_PATH, admin.jar)).status).toBe(401);
    expect((await call(tenantQuotaPath('no-such-tenant'), operator.jar)).status).toBe(404);
    expect((await setLimits('no-such-tenant', {})).status).toBe(404);
  });
});

describe('creates at the limit are refused with 409', () => {
  afterEach(async () => {
    expect((await setLimits(acme.tid, {})).status).toBe(200);
  });

  const refused = async (r: Response, limit: keyof QuotaLimits, max: number) => {
    expect(r.status).toBe(409);
    expect((await json<{ message: string }>(r)).message).toBe(quotaReachedMessage(limit, max));
  };

  test('API tokens: the tenant’s own and the provider’s policy tokens', async () => {
    const { use } = await quotaOf(acme.tid);
    await setLimits(acme.tid, { api_tokens: use.api_tokens });
    const token = { name: 'one too many', access: 'read', areas: ['logs'], expires_at: null };
    await refused(await call(API_TOKENS_PATHS.list, admin.jar, 'POST', token), 'api_tokens', use.api_tokens);
    await refused(
      await call(`/gdmanage/api/v1/tenants/${acme.tid}/tokens`, operator.jar, 'POST', { name: 'policy' }),
      'api_tokens',
      use.api_tokens,
    );
    expect((await quotaOf(acme.tid)).use.api_tokens).toBe(use.api_tokens);
  });

  test('users: one by one, and the bulk import takes rows while there is room', async () => {
    const { use } = await quotaOf(acme.tid);
    await setLimits(acme.tid, { users: use.users + 1 });
    const bulk = await call(UDB_PATHS.bulkCreate, admin.jar, 'POST', {
      user_list: [{ username: 'room.one@acme.example' }, { username: 'room.two@acme.example' }],
    });
    expect(bulk.status).toBe(200);
    const reply = await json<{ created: number; errors: unknown[] }>(bulk);
    expect(reply.created).toBe(1);
    expect(reply.errors).toEqual([
      {
        index: 1,
        field: 'username',
        username: 'room.two@acme.example',
        reason: quotaReachedMessage('users', use.users + 1),
      },
    ]);
    await refused(
      await call(`${UDB_PATHS.users}?limit=1`, admin.jar, 'POST', {
        username: 'over@acme.example',
        password: 'Secret-pass1',
      }),
      'users',
      use.users + 1,
    );
    expect((await quotaOf(acme.tid)).use.users).toBe(use.users + 1);
  });

  test('administrators: added by the tenant or by the provider', async () => {
    const { use } = await quotaOf(acme.tid);
    await setLimits(acme.tid, { administrators: use.administrators });
    await refused(
      await call(ADMIN_PATHS.create, admin.jar, 'POST', {
        username: 'quota.admin@acme.example',
        first_name: 'Quota',
        last_name: 'Admin',
        role: 'admin',
      }),
      'administrators',
      use.administrators,
    );
    await refused(
      await call(`/gdmanage/api/v1/tenants/${acme.tid}/admins`, operator.jar, 'POST', {
        admin_username: 'quota.admin2@acme.example',
      }),
      'administrators',
      use.administrators,
    );
  });

  test('custom roles and scheduled reports', async () => {
    const { use } = await quotaOf(acme.tid);
    await setLimits(acme.tid, { roles: use.roles, scheduled_reports: use.scheduled_reports });
    await refused(
      await call('/api/policy/v2/rbac', admin.jar, 'POST', {
        name: 'Quota role',
        description: '',
        read: [],
        write: [],
        create: true,
      }),
      'roles',
      use.roles,
    );
    const save = {
      name: 'Weekly web',
      source: { dashboard: 'web' },
      interval: '7d',
      schedule: { preset: 'daily', timezone: 'Europe/Berlin' },
      format: 'pdf',
      recipients: ['secops@acme.example'],
      enabled: true,
    };
    // Room for one: it is saved; the next is refused.
    await setLimits(acme.tid, { roles: use.roles, scheduled_reports: use.scheduled_reports + 1 });
    const first = await call(REPORT_FILE_PATHS.scheduled, admin.jar, 'PUT', save);
    expect(first.status).toBe(200);
    const { id } = await json<{ id: string }>(first);
    await refused(
      await call(REPORT_FILE_PATHS.scheduled, admin.jar, 'PUT', { ...save, name: 'One too many' }),
      'scheduled_reports',
      use.scheduled_reports + 1,
    );
    // A replace of one it has is no new report: the quota does not refuse it.
    expect(
      (await call(REPORT_FILE_PATHS.scheduled, admin.jar, 'PUT', { ...save, id, name: 'Renamed' })).status,
    ).toBe(200);
  });
});
