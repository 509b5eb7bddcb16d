/**
 * API tokens as bearer credentials (issue 33 point 3; docs/api-tokens.md): a tenant route called
 * with `Authorization: Bearer <secret>` is called as the token. The caller is the token's tenant,
 * its access is the token's scope (always enforced, whether or not the tenant enforces RBAC), and
 * for a token an administrator made, also no more than that administrator may do now (a demoted or
 * deleted creator narrows or ends the token at once). The guard refuses a token the routes about
 * the person signed in (http/guard.ts). A bearer call sends no cookie, so no xsrf token applies.
 */
import type { FastifyRequest } from 'fastify';
import { API_TOKEN_KINDS, apiTokenScopePermissions } from '@workbench/common/api/contract/apiTokens';
import {
  createAccessController,
  isRbacEnforced,
  rolesToPermissions,
  type AccessController,
} from '@workbench/common/features/rbac/permissions';
import type { ServerContext, TenantSession } from '../context';
import type { ApiTokenRecord, UserRecord } from '../store/ConfigStore';
import { digest } from '../security/tokens';
import { tenantInEffect } from '../provider/capabilityStateRoutes';

/** A use is recorded at most once a minute per token: a busy script does not write on every call. */
const LAST_USE_RESOLUTION_MS = 60_000;

/** The secret of `Authorization: Bearer <secret>`, or null. */
export function bearerSecretOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}

/** Both controllers must allow: the token's scope and, where it has one, its creator's role. */
function bothAllow(scope: AccessController, creator: AccessController | null): AccessController {
  if (!creator) return scope;
  const can = (p: string) => scope.can(p) && creator.can(p);
  return {
    enforced: true,
    permissions: scope.permissions,
    can,
    allows(rule) {
      if (rule === undefined) return true;
      const list = rule.any ?? rule.all ?? [];
      if (list.length === 0) return true;
      return rule.any ? list.some(can) : list.every(can);
    },
  };
}

/** The provider's tokens act for the tenant, not for a portal account: a user record in its name. */
const tokenActor = (token: ApiTokenRecord, permissions: string[]): UserRecord => ({
  uid: `token:${token.id}`,
  tid: token.tid,
  username: `${API_TOKEN_KINDS[token.kind].noun}: ${token.name}`,
  firstName: token.name,
  lastName: '',
  roles: {
    read: permissions.filter((p) => p.endsWith(':read')).map((p) => p.slice(0, -':read'.length)),
    write: permissions.filter((p) => p.endsWith(':write')).map((p) => p.slice(0, -':write'.length)),
  },
  passwordHash: '',
  showChangePassword: false,
});

/**
 * The session a bearer secret stands for, or null (unknown, revoked, expired, its tenant disabled
 * or deleted, its creator deleted). Records the use.
 */
export async function resolveTokenSession(
  ctx: ServerContext,
  request: FastifyRequest,
  secret: string,
): Promise<TenantSession | null> {
  const token = await ctx.store.apiTokens.findByHash(digest(secret));
  if (!token) return null;
  const now = ctx.now();
  const expiresAt = token.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(token.expiresAt);
  if (expiresAt <= now.getTime()) return null;
  const stored = await ctx.store.tenants.get(token.tid);
  if (!stored || stored.status !== 'active') return null;
  const creator = token.createdByUid ? await ctx.store.users.get(token.createdByUid) : null;
  if (token.createdByUid && (!creator || creator.tid !== token.tid || creator.status === 'disabled'))
    return null;
  const tenant = await tenantInEffect(ctx.store, stored, now);
  const permissions = apiTokenScopePermissions(token.access, token.areas);
  const creatorAccess = creator
    ? createAccessController(
        rolesToPermissions(creator.roles),
        isRbacEnforced(ctx.deployment, ctx.mode, tenant.capabilities),
      )
    : null;
  await ctx.store.apiTokens.markUsed(
    token.id,
    now.toISOString(),
    request.ip,
    new Date(now.getTime() - LAST_USE_RESOLUTION_MS).toISOString(),
  );
  const user = creator ?? tokenActor(token, permissions);
  return {
    tid: tenant.tid,
    uid: user.uid,
    username: user.username,
    sidHash: '',
    xsrf: '',
    idleExpiresAt: expiresAt,
    absoluteExpiresAt: expiresAt,
    user,
    tenant,
    permissions,
    access: bothAllow(createAccessController(permissions, true), creatorAccess),
    // Steps are the person's (a password to change, terms to accept), not a script's.
    pendingSteps: [],
    viaBearer: true,
    apiToken: { id: token.id, kind: token.kind, name: token.name },
  };
}
