/**
 * What the tenant route plugins share (tenantRoutes.ts, tenantAccountRoutes.ts,
 * tenantEntitlementRoutes.ts, tenantDocumentRoutes.ts, tenantPolicyRoutes.ts, tenantUserRoutes.ts):
 * the permissions, path parameters, the tenant's reply, its documents and its first administrator.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEMO_TENANT_ROLES } from '@workbench/common/api/contract/demo';
import {
  TENANTS_PATH,
  TENANT_NOT_FOUND,
  type TenantAdminBody,
  type CapabilityChange,
} from '@workbench/common/api/contract/providerTenants';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import { checkedName } from '../http/bodyRules';
import { ApiHttpError } from '../http/errors';

import { TENANTS_READ } from '@workbench/common/api/contract/providerRoles';

export { TENANTS_READ };
export const TENANTS_WRITE = 'tenants:*:write';
/** The provider entity that keeps a tenant's document `name` (one row per tenant, id = tid). */
export const docEntity = (name: string): string => `tenant_${name}`;

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const UserParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  uid: Type.String({ minLength: 1, maxLength: 100 }),
});

export async function tenantReply(store: ConfigStore, t: TenantRecord) {
  return {
    tid: t.tid,
    name: t.name,
    status: t.status,
    created_at: t.createdAt,
    user_count: await store.users.count(t.tid),
    capabilities: t.capabilities,
  };
}

/** The changes from `before` to `after`, one per capability that differs, by name. */
export function capabilityChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): CapabilityChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const value = (v: unknown) => (v === undefined ? null : (v as CapabilityChange['before']));
  return names
    .filter((n) => JSON.stringify(before[n]) !== JSON.stringify(after[n]))
    .map((n) => ({ capability: n, before: value(before[n]), after: value(after[n]) }));
}

/**
 * A new administrator of the tenant (an account of the tenant portal with the full-admin role)
 * with a one-time password, changed at the first sign-in; inside the caller's transaction.
 */
export async function insertAdmin(
  tx: Pick<ConfigStore, 'users'>,
  tid: string,
  body: TenantAdminBody,
  passwordHash: string,
): Promise<void> {
  const admin = DEMO_TENANT_ROLES.admin;
  await tx.users.insert({
    uid: crypto.randomUUID(),
    tid,
    username: body.admin_username.trim().toLowerCase(),
    firstName: checkedName('admin_first_name', body.admin_first_name ?? ''),
    lastName: checkedName('admin_last_name', body.admin_last_name ?? ''),
    roles: { read: [...admin.read], write: [...admin.write] },
    passwordHash,
    showChangePassword: true,
  });
}

/** The administrator's user name, normalised, or 409 at admin_username when an account has it. */
export async function freeAdminUsername(store: ConfigStore, body: TenantAdminBody): Promise<string> {
  const username = body.admin_username.trim().toLowerCase();
  if (await store.users.findByUsername(username))
    throw new ApiHttpError(409, `The user name ${username} is taken.`, 'admin_username');
  return username;
}

/**
 * What every tenant route plugin works with: the typed app, the server's context and store, the
 * routes' tags, access and paths, the tenant (404 when unknown), and the tenant's documents (kept
 * as provider entities named `tenant_<document>` with the tenant id as their id).
 */
export function tenantRouteKit(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;
  const item = `${TENANTS_PATH}/:id`;
  const nowIso = () => ctx.now().toISOString();
  return {
    app,
    ctx,
    store,
    tags: ['provider tenants'],
    read: { world: 'provider' as const, permission: TENANTS_READ },
    /** A write's access and audit event; `inTransaction`: its handler writes the event in its transaction. */
    write: (action: string, what: string, area = 'tenants', inTransaction?: true) => ({
      world: 'provider' as const,
      permission: TENANTS_WRITE,
      audit: { action, area, what, ...(inTransaction ? { inTransaction } : {}) },
    }),
    item,
    /** The tenant's users: the user database the portal manages (its end users). */
    users: `${item}/tenantusers`,
    nowIso,
    /** The tenant, or 404; `on`: the transaction to read it in (the config store by default). */
    tenantOr404: async (tid: string, on: ConfigStore = store): Promise<TenantRecord> => {
      const t = await on.tenants.get(tid);
      if (!t) throw new ApiHttpError(404, TENANT_NOT_FOUND);
      return t;
    },
    readDoc: async <T>(tid: string, name: string, defaults: T, on: ConfigStore = store): Promise<T> =>
      ((await on.entities.get(docEntity(name), tid))?.data as T | undefined) ?? defaults,
    writeDoc: async (
      tid: string,
      name: string,
      data: Record<string, unknown>,
      on: ConfigStore = store,
    ): Promise<void> => {
      const at = nowIso();
      const entity = docEntity(name);
      const existing = await on.entities.get(entity, tid);
      if (existing) await on.entities.update({ ...existing, data, updatedAt: at });
      else await on.entities.insert({ entity, id: tid, data, createdAt: at, updatedAt: at });
    },
    /** The entity holding every tenant's document `name`. */
    docEntity,
  };
}
