import { PROVIDER_ROLES } from '@workbench/common/api/contract/providerRoles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PROVIDER_SESSION_COOKIE,
  PROVIDER_XSRF_COOKIE,
  SESSION_COOKIE,
  USER_ID_COOKIE,
  XSRF_COOKIE,
} from '@workbench/common/api/contract/wire';
import {
  createAccessController,
  isRbacEnforced,
  rolesToPermissions,
} from '@workbench/common/features/rbac/permissions';
import type { ProviderSession, ServerContext, TenantSession } from '../context';
import { digest } from '../security/tokens';
import { tenantInEffect } from '../provider/capabilityStateRoutes';
import { pendingStepsOf } from '../auth/pendingSteps';
import { bearerSecretOf, resolveTokenSession } from '../tokens/bearerTokens';

/** Absolute lifetime of a tenant session, whatever its activity. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Lifetime of a provider session key, and what extendkey adds. */
export const PROVIDER_KEY_MS = 60 * 60 * 1000;
/** No provider session outlives this, however often it is extended. */
export const PROVIDER_SESSION_ABSOLUTE_MS = SESSION_ABSOLUTE_MS;

/** Provider roles as read/write lists: one table, shared with the console (what it shows). */
export { PROVIDER_ROLES };

export async function resolveTenantSession(
  ctx: ServerContext,
  request: FastifyRequest,
): Promise<TenantSession | null> {
  // An API token's call: the bearer credential decides, whatever cookies come along.
  const bearer = bearerSecretOf(request);
  if (bearer !== null) return resolveTokenSession(ctx, request, bearer);
  const sid = request.cookies[SESSION_COOKIE];
  if (!sid) return null;
  const sidHash = digest(sid);
  const record = await ctx.store.sessions.get(sidHash);
  if (!record) return null;
  const now = ctx.now().getTime();
  if (record.idleExpiresAt <= now || record.absoluteExpiresAt <= now) {
    await ctx.store.sessions.delete(sidHash);
    return null;
  }
  const [user, stored] = await Promise.all([
    ctx.store.users.get(record.uid),
    ctx.store.tenants.get(record.tid),
  ]);
  // A disabled account keeps no session (docs/administrators.md).
  if (!user || user.status === 'disabled' || !stored || stored.status !== 'active') return null;
  // Only the capabilities in effect: none past its validity day, none obsolete (issue 14).
  const tenant = await tenantInEffect(ctx.store, stored, ctx.now());
  const permissions = rolesToPermissions(user.roles);
  const enforced = isRbacEnforced(ctx.deployment, ctx.mode, tenant.capabilities);
  return {
    tid: tenant.tid,
    uid: user.uid,
    username: user.username,
    sidHash,
    xsrf: record.xsrf,
    idleExpiresAt: record.idleExpiresAt,
    absoluteExpiresAt: record.absoluteExpiresAt,
    user,
    tenant,
    permissions,
    access: createAccessController(permissions, enforced),
    pendingSteps: await pendingStepsOf(ctx, { user, tenant }),
    viaBearer: false,
    apiToken: null,
  };
}

/** The provider key from `Authorization: Bearer <key>`, else from the gd_sid cookie. */
export function providerKeyOf(request: FastifyRequest): { key: string; viaBearer: boolean } | null {
  const bearer = bearerSecretOf(request);
  if (bearer !== null) return { key: bearer, viaBearer: true };
  const cookie = request.cookies[PROVIDER_SESSION_COOKIE];
  return cookie ? { key: cookie, viaBearer: false } : null;
}

export async function resolveProviderSession(
  ctx: ServerContext,
  request: FastifyRequest,
): Promise<ProviderSession | null> {
  const found = providerKeyOf(request);
  if (!found) return null;
  const keyHash = digest(found.key);
  const record = await ctx.store.providerSessions.get(keyHash);
  if (!record) return null;
  if (record.expiresAt <= ctx.now().getTime()) {
    await ctx.store.providerSessions.delete(keyHash);
    return null;
  }
  const operator = await ctx.store.operators.get(record.username);
  if (!operator) return null;
  const permissions = rolesToPermissions(PROVIDER_ROLES[operator.role]);
  return {
    key: found.key,
    keyHash,
    keyId: record.keyId,
    xsrf: record.xsrf,
    username: operator.username,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    operator,
    permissions,
    access: createAccessController(permissions, true),
    viaBearer: found.viaBearer,
  };
}

const baseCookie = (ctx: ServerContext) => ({
  path: '/',
  sameSite: 'strict' as const,
  secure: ctx.secureCookies,
});

export function setTenantCookies(
  ctx: ServerContext,
  reply: FastifyReply,
  values: { sid: string; uid: string; xsrf: string },
): void {
  const absoluteSeconds = Math.round(SESSION_ABSOLUTE_MS / 1000);
  reply.setCookie(SESSION_COOKIE, values.sid, {
    ...baseCookie(ctx),
    httpOnly: true,
    maxAge: absoluteSeconds,
  });
  setUserIdCookie(ctx, reply, values.uid);
  reply.setCookie(XSRF_COOKIE, values.xsrf, { ...baseCookie(ctx), httpOnly: false, maxAge: absoluteSeconds });
}

/** wb_uid lives as long as the idle timeout: the client sees it vanish when the session would. */
export function setUserIdCookie(ctx: ServerContext, reply: FastifyReply, uid: string): void {
  reply.setCookie(USER_ID_COOKIE, uid, {
    ...baseCookie(ctx),
    httpOnly: false,
    maxAge: Math.max(1, Math.round(ctx.idleTimeoutMs / 1000)),
  });
}

export function clearTenantCookies(ctx: ServerContext, reply: FastifyReply): void {
  for (const name of [SESSION_COOKIE, USER_ID_COOKIE, XSRF_COOKIE]) reply.clearCookie(name, baseCookie(ctx));
}

export function setProviderCookies(ctx: ServerContext, reply: FastifyReply, key: string, xsrf: string): void {
  reply.setCookie(PROVIDER_SESSION_COOKIE, key, { ...baseCookie(ctx), httpOnly: true });
  reply.setCookie(PROVIDER_XSRF_COOKIE, xsrf, { ...baseCookie(ctx), httpOnly: false });
}

export function clearProviderCookies(ctx: ServerContext, reply: FastifyReply): void {
  for (const name of [PROVIDER_SESSION_COOKIE, PROVIDER_XSRF_COOKIE])
    reply.clearCookie(name, baseCookie(ctx));
}
