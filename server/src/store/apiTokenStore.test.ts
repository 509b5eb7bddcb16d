/**
 * The token store (repositories/apiTokens.ts, migration 13) on both engines: the provider's token
 * lists kept as documents before it move into it, nothing lost; a token is found by its digest
 * only; a use is written at most once per interval; revoking is scoped to the tenant and list;
 * deleting the tenant deletes its tokens; the creator's roles (which a token follows) are replaced in place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiTokenRecord, ConfigStore, TenantRecord } from './ConfigStore';
import { CONFIG_MIGRATIONS, type Migration } from './migrations';
import { openPostgresConfigStore, openSqliteConfigStore } from './sqlConfigStore';
import { testPostgresOfFile } from '../testing/testPostgres';

const testPg = testPostgresOfFile();

/** Opens a store on one place again and again (the same file or database), with some migrations. */
type Opener = () => Promise<(migrations?: readonly Migration[]) => Promise<ConfigStore>>;
const engines: [string, Opener][] = [
  [
    'SQLite',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-tokens-'));
      return (migrations) => openSqliteConfigStore(dir, migrations ? { migrations } : {});
    },
  ],
];
if (testPg.enabled)
  engines.push([
    'PostgreSQL',
    async () => {
      const url = await testPg.server().freshUrl();
      return (migrations) => openPostgresConfigStore(url, migrations ? { migrations } : {});
    },
  ]);

const tenant = (tid: string): TenantRecord => ({
  tid,
  name: tid,
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  capabilities: {},
  portalV2: false,
});
const token = (id: string, over: Partial<ApiTokenRecord> = {}): ApiTokenRecord => ({
  id,
  tid: 't1',
  kind: 'api_tokens',
  name: `token ${id}`,
  hash: `hash-${id}`,
  last4: 'abcd',
  access: 'read',
  areas: ['logs'],
  expiresAt: null,
  createdAt: '2026-11-02T00:00:00.000Z',
  createdBy: 'admin@t1.example',
  createdByUid: 'u1',
  lastUsedAt: null,
  lastUsedIp: null,
  ...over,
});

describe.each(engines)('%s token store', (_engine, opener) => {
  test("migration 13 moves the provider's token lists into the store with their list's scope, nothing lost", async () => {
    const open = await opener();
    const old = await open(CONFIG_MIGRATIONS.filter((m) => m.version < 13));
    await old.tenants.insert(tenant('t1'));
    const at = '2026-10-01T00:00:00.000Z';
    const stored = (id: string, name: string) => ({
      id,
      name,
      created_at: at,
      created_by: 'operator@provider.example',
      last4: 'wxyz',
      hash: `digest-${id}`,
    });
    for (const [entity, tokens] of [
      ['tenant_tokens', [stored('p1', 'CI'), stored('p2', 'Deploy')]],
      ['tenant_logging_auth_tokens', [stored('l1', 'SIEM')]],
    ] as const)
      await old.entities.insert({ entity, id: 't1', data: { tokens }, createdAt: at, updatedAt: at });
    // A document of a tenant deleted before (no foreign row to keep) is dropped, not moved.
    await old.entities.insert({
      entity: 'tenant_tokens',
      id: 'gone',
      data: { tokens: [stored('x1', 'Orphan')] },
      createdAt: at,
      updatedAt: at,
    });
    await old.close();

    const store = await open();
    try {
      const scope = (t: ApiTokenRecord) => [
        t.id,
        t.name,
        t.access,
        t.areas,
        t.hash,
        t.createdBy,
        t.createdAt,
      ];
      expect((await store.apiTokens.list('t1', 'tokens')).map(scope)).toEqual([
        ['p1', 'CI', 'write', ['policy'], 'digest-p1', 'operator@provider.example', at],
        ['p2', 'Deploy', 'write', ['policy'], 'digest-p2', 'operator@provider.example', at],
      ]);
      expect((await store.apiTokens.list('t1', 'logging_auth_tokens')).map(scope)).toEqual([
        ['l1', 'SIEM', 'read', ['logs'], 'digest-l1', 'operator@provider.example', at],
      ]);
      expect((await store.apiTokens.findByHash('digest-l1'))?.kind).toBe('logging_auth_tokens');
      expect(await store.entities.get('tenant_tokens', 't1')).toBeNull();
      expect(await store.entities.get('tenant_logging_auth_tokens', 't1')).toBeNull();
      expect(await store.apiTokens.findByHash('digest-x1')).toBeNull();
    } finally {
      await store.close();
    }
  });

  test('found by digest; a use written once per interval; revoking scoped to tenant and list; gone with the tenant; roles replaced', async () => {
    const store = await (await opener())();
    try {
      await store.tenants.insert(tenant('t1'));
      await store.tenants.insert(tenant('t2'));
      await store.apiTokens.insert(token('a'));
      await store.apiTokens.insert(
        token('b', { tid: 't2', areas: ['logs', 'users'], expiresAt: '2027-01-01T00:00:00.000Z' }),
      );
      expect(await store.apiTokens.findByHash('hash-b')).toEqual(
        token('b', { tid: 't2', areas: ['logs', 'users'], expiresAt: '2027-01-01T00:00:00.000Z' }),
      );
      expect(await store.apiTokens.findByHash('b')).toBeNull();

      await store.apiTokens.markUsed('a', '2026-11-03T10:00:00.000Z', '10.0.0.1', '2026-11-03T09:59:00.000Z');
      // Within the interval: the first use stands.
      await store.apiTokens.markUsed('a', '2026-11-03T10:00:30.000Z', '10.0.0.2', '2026-11-03T09:59:30.000Z');
      expect(await store.apiTokens.get('t1', 'api_tokens', 'a')).toMatchObject({
        lastUsedAt: '2026-11-03T10:00:00.000Z',
        lastUsedIp: '10.0.0.1',
      });
      await store.apiTokens.markUsed('a', '2026-11-03T10:02:00.000Z', '10.0.0.3', '2026-11-03T10:01:00.000Z');
      expect((await store.apiTokens.get('t1', 'api_tokens', 'a'))?.lastUsedIp).toBe('10.0.0.3');

      expect(await store.apiTokens.delete('t2', 'api_tokens', 'a')).toBe(false);
      expect(await store.apiTokens.delete('t1', 'tokens', 'a')).toBe(false);
      expect(await store.apiTokens.list('t1', 'api_tokens')).toHaveLength(1);
      expect(await store.apiTokens.delete('t1', 'api_tokens', 'a')).toBe(true);
      expect(await store.apiTokens.findByHash('hash-a')).toBeNull();

      expect(await store.tenants.delete('t2')).toBe(true);
      expect(await store.apiTokens.findByHash('hash-b')).toBeNull();

      // The creator's roles, which a token's reach follows: replaced in place.
      await store.users.insert({
        uid: 'u1',
        tid: 't1',
        username: 'admin@t1.example',
        firstName: 'A',
        lastName: 'B',
        roles: { read: ['*:*'], write: ['*:*'] },
        passwordHash: 'hash',
        showChangePassword: false,
      });
      expect(await store.users.setRoles('u1', { read: ['logs:*'], write: [] })).toBe(true);
      expect((await store.users.get('u1'))?.roles).toEqual({ read: ['logs:*'], write: [] });
      expect(await store.users.setRoles('nobody', { read: [], write: [] })).toBe(false);
    } finally {
      await store.close();
    }
  });
});
