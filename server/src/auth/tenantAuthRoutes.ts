import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AUTH_PATHS,
  AuthParams,
  AuthParamsRequest,
  CHANGE_PASSWORD_MSGS,
  ChangePasswordReply,
  ChangePasswordRequest,
  CookieRefreshReply,
  LOGIN_FAILED_MSG,
  LOGIN_LOCKED_MSG,
  LoginFailure,
  LoginReply,
  LoginRequest,
  newPasswordProblem,
  PORTAL_VERSION_WRITE,
  PortalVersion,
  UserInfo,
} from '@workbench/common/api/contract/auth';
import { LOGIN_AREA_PATH, SESSION_COOKIE } from '@workbench/common/api/contract/wire';
import type { ServerContext, TenantSession } from '../context';
import { ApiHttpError, errorResponses } from '../http/errors';
import { hashPassword, verifyPassword } from '../security/passwords';
import { tenantSessionOf } from '../http/guard';
import { clearTenantCookies, SESSION_ABSOLUTE_MS, setTenantCookies, setUserIdCookie } from '../http/sessions';
import { attemptLogin } from '../security/loginAttempt';
import { signInClientOf } from '../security/signInClient';
import { auditedChange, noteAudit, writeAudit } from '../audit/auditTrail';
import { loginRateLimitConfig } from '../security/loginRateLimit';
import { digest, randomToken } from '../security/tokens';
import type { ConfigStore, UserRecord } from '../store/ConfigStore';
import { tenantMfaRoutes } from './mfaRoutes';
import { PolicyReadQuery } from '@workbench/common/api/contract/policy';
import { OPEN_WHILE_PENDING } from './pendingSteps';
import { named } from '../http/namedPlugin';

/** The client id of the portal at this server's login area. */
export const PORTAL_CLIENT_ID = 'workbench-portal';
/** How long a login-form csrf token from auth_params stays valid. */
export const LOGIN_CSRF_TTL_MS = 10 * 60 * 1000;
export const AUTH_SCOPE = 'openid profile';

/** On-prem appliance aliases (docs/sessions.md §8 Appliance authentication). */
export const APPLIANCE_AUTH_PATHS = {
  login: '/api/v1/login',
  logout: '/api/v1/logout',
  userInfo: '/api/v1/userinfo',
  cookieRefresh: '/api/v1/cookie_refresh',
  /** The code step of a sign-in with a second factor (ours: the appliance's is not shown). */
  loginMfa: '/api/v1/login/mfa',
} as const;

/** How long the challenge of a right password stays valid for its code step. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;

const withMfa = async (username: string, store: ConfigStore) => {
  const user = await store.users.findByUsername(username);
  // A disabled account signs in no more; it fails as a wrong password does (docs/administrators.md).
  return user && user.status !== 'disabled' ? { ...user, mfa: await store.mfa.get(user.uid) } : null;
};

export function loginFailure(status: 401 | 429, delay?: number, msg = LOGIN_FAILED_MSG) {
  if (status === 401) {
    return { statusCode: 401, error: 'Unauthorized', message: msg, msg };
  }
  const seconds = delay ?? 0;
  return {
    statusCode: 429,
    error: 'Too Many Requests',
    message: LOGIN_LOCKED_MSG.replace('$1', String(seconds)),
    msg: LOGIN_LOCKED_MSG,
    delay: seconds,
  };
}

export const userInfoOf = (s: TenantSession): UserInfo => ({
  uid: s.uid,
  first_name: s.user.firstName,
  last_name: s.user.lastName,
  tenant_name: s.tenant.name,
  tid: s.tid,
  capabilities: s.tenant.capabilities,
  roles: { read: [...s.user.roles.read], write: [...s.user.roles.write] },
  portal_v2: s.tenant.portalV2,
  appliance_manager_ui_v2: true,
  status_ui_v2: true,
  show_change_password: s.pendingSteps.includes('change_password'),
  uid_hash: crypto.createHash('sha256').update(s.uid).digest('hex'),
  pending_steps: [...s.pendingSteps],
});

/** A session refresh keeps the user signed in; activity, not an administrator change. */
const REFRESH_EXEMPT = { exempt: 'extends the session; activity, not a change' };

/**
 * The signed-in user's own password change: its declaration (any signed-in user, for their own
 * account; it checks a password, so the sign-in calls' per-address limit applies and no one guesses
 * the current password through it) and its handler. The central manager serves the same change as
 * its own `password` (central-manager/managerOwnRoutes.ts).
 */
export const ownPasswordRoute = (ctx: ServerContext, tags: string[]) => ({
  config: {
    world: 'tenant' as const,
    permission: null,
    rateLimit: loginRateLimitConfig(ctx),
    audit: {
      action: 'change_pwd',
      area: 'admins',
      what: 'Changed their own password.',
      inTransaction: true as const,
    },
    // The first pending step's own call (a password someone else set).
    whilePending: ['change_password' as const],
  },
  schema: {
    tags,
    summary:
      "Changes the signed-in user's password (to a new one of their own, the pending step of a password someone else set); their other sessions end",
    body: ChangePasswordRequest,
    response: { 200: ChangePasswordReply, ...errorResponses(400, 401, 403, 429) },
  },
});

export async function changeOwnPassword(request: FastifyRequest): Promise<ChangePasswordReply> {
  const s = tenantSessionOf(request);
  const { current_password, new_password } = request.body as ChangePasswordRequest;
  if (!(await verifyPassword(current_password, s.user.passwordHash)))
    throw new ApiHttpError(400, CHANGE_PASSWORD_MSGS.wrongCurrent, 'current_password');
  const problem = newPasswordProblem(current_password, new_password);
  if (problem !== null) throw new ApiHttpError(400, problem, 'new_password');
  const passwordHash = await hashPassword(new_password);
  await auditedChange(request, async (tx) => {
    await tx.users.changePassword(s.uid, passwordHash, s.sidHash);
    noteAudit(request, {
      object: s.username,
      ...(s.pendingSteps.includes('change_password')
        ? { details: 'Replaced the one-time password someone else set with their own.' }
        : {}),
    });
  });
  return { status: 'ok' as const };
}

export const tenantAuthRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['tenant auth'];

  app.post(
    AUTH_PATHS.authParams,
    {
      config: {
        world: 'public',
        rateLimit: loginRateLimitConfig(ctx),
        audit: { exempt: 'starts a sign-in (a one-time form token); the sign-in itself is audited' },
      },
      schema: {
        tags,
        summary: 'Parameters of the hidden login form (login_url, single-use csrf_token, ...)',
        body: AuthParamsRequest,
        response: { 200: AuthParams, ...errorResponses(400) },
      },
    },
    async () => {
      const csrf = randomToken();
      await ctx.store.oneTimeTokens.insert({
        kind: 'login_csrf',
        tokenHash: digest(csrf),
        subject: '',
        expiresAt: ctx.now().getTime() + LOGIN_CSRF_TTL_MS,
      });
      return {
        login_url: LOGIN_AREA_PATH,
        redirect_uri: '/',
        client_id: PORTAL_CLIENT_ID,
        csrf_token: csrf,
        scope: AUTH_SCOPE,
      };
    },
  );

  const loginSchema = {
    tags,
    summary: 'Sign in with user name and password; sets wb_sid, wb_uid and wb_xsrf',
    body: LoginRequest,
    response: { 200: LoginReply, 401: LoginFailure, 429: LoginFailure, ...errorResponses(400) },
  };
  const signInConfig = {
    world: 'public' as const,
    rateLimit: loginRateLimitConfig(ctx),
    audit: { byHandler: 'login and login_failed are written by the handler: no session exists yet' },
  };
  /**
   * A failed sign-in of an existing account goes to that account's tenant (no password in it).
   * Not awaited: the reply and its timing must not say whether the account exists (see
   * security/loginAttempt.ts); an unknown name has no tenant to write to.
   */
  const auditFailedSignIn = (request: FastifyRequest, username: string, details: string) => {
    void (async () => {
      const user = await ctx.store.users.findByUsername(username);
      if (!user) return;
      // The attempt's own record (its counter is the lockout's, keyed apart): a transaction of one.
      await ctx.store.transaction((tx) =>
        writeAudit(tx, ctx, request, [
          { tid: user.tid, userid: user.username, action: 'login_failed', area: 'session', details },
        ]),
      );
      ctx.outbox?.nudge();
    })().catch((error: unknown) => request.log.error({ err: error }, 'auditing a failed sign-in failed'));
  };
  /** Makes the session of a completed sign-in: cookies, and the login event. */
  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRecord,
    now: number,
  ) => {
    const sid = randomToken();
    const xsrf = randomToken();
    await ctx.store.sessions.deleteExpired(now);
    // A sign-in replaces the browser's previous session rather than leaving it valid; the new
    // session and its login event commit together.
    const previous = request.cookies[SESSION_COOKIE];
    await ctx.store.transaction(async (tx) => {
      if (previous) await tx.sessions.delete(digest(previous));
      await tx.sessions.insert({
        sidHash: digest(sid),
        uid: user.uid,
        tid: user.tid,
        xsrf,
        createdAt: now,
        idleExpiresAt: now + ctx.idleTimeoutMs,
        absoluteExpiresAt: now + SESSION_ABSOLUTE_MS,
      });
      await writeAudit(tx, ctx, request, [
        { tid: user.tid, userid: user.username, action: 'login', area: 'session', details: 'Signed in.' },
      ]);
    });
    setTenantCookies(ctx, reply, { sid, uid: user.uid, xsrf });
  };
  for (const url of [AUTH_PATHS.login, APPLIANCE_AUTH_PATHS.login]) {
    app.post(url, { config: signInConfig, schema: loginSchema }, async (request, reply) => {
      const now = ctx.now().getTime();
      const outcome = await attemptLogin(
        ctx.store,
        {
          world: 'tenant',
          username: request.body.username,
          password: request.body.password,
          client: signInClientOf(request),
          now,
        },
        withMfa,
        ctx.loginFailureCap,
        { clearOnSuccess: (account) => !account.mfa?.secret },
      );
      if (outcome.kind === 'failed') {
        auditFailedSignIn(request, request.body.username, 'Sign-in failed: wrong user name or password.');
        return reply.code(401).send(loginFailure(401));
      }
      if (outcome.kind === 'locked') {
        auditFailedSignIn(
          request,
          request.body.username,
          `Sign-in refused: too many failed attempts, locked for ${outcome.delay} s.`,
        );
        return reply.code(429).send(loginFailure(429, outcome.delay));
      }
      const user = outcome.account;
      const tenant = await ctx.store.tenants.get(user.tid);
      if (!tenant || tenant.status !== 'active') {
        auditFailedSignIn(request, user.username, 'Sign-in refused: the tenant is not active.');
        return reply.code(401).send(loginFailure(401));
      }
      if (user.mfa?.secret) {
        // Half a sign-in: a short-lived challenge for the code step, no session yet.
        const challenge = randomToken();
        await ctx.store.oneTimeTokens.insert({
          kind: 'mfa_challenge',
          tokenHash: digest(challenge),
          subject: user.uid,
          expiresAt: now + MFA_CHALLENGE_TTL_MS,
        });
        return { status: 'mfa_required' as const, challenge, expires_in: MFA_CHALLENGE_TTL_MS / 1000 };
      }
      await startSession(request, reply, user, now);
      return { status: 'ok' as const, uid: user.uid };
    });
  }
  await app.register(named(tenantMfaRoutes), {
    startSession,
    auditFailedSignIn,
    signInConfig,
    loginFailure,
    loginMfaPaths: [AUTH_PATHS.loginMfa, APPLIANCE_AUTH_PATHS.loginMfa],
  });

  const logoutHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const s = request.session;
    if (s) {
      // Logout is a GET (docs/sessions.md §8), so the trail's hook does not see it: written here,
      // in the transaction that ends the session.
      await ctx.store.transaction(async (tx) => {
        await tx.sessions.delete(s.sidHash);
        await writeAudit(tx, ctx, request, [
          { tid: s.tid, userid: s.username, action: 'logout', area: 'session', details: 'Signed out.' },
        ]);
      });
    }
    clearTenantCookies(ctx, reply);
    return reply.type('text/plain; charset=utf-8').send('OK');
  };
  for (const url of [AUTH_PATHS.logout, APPLIANCE_AUTH_PATHS.logout]) {
    app.get(
      url,
      {
        config: { world: 'tenant', permission: null, optional: true, whilePending: OPEN_WHILE_PENDING },
        schema: {
          tags,
          summary: 'Sign out: ends the session and clears the cookies (200 even without a session)',
          response: { 200: Type.String() },
        },
      },
      logoutHandler,
    );
  }

  const refreshSchema = {
    tags,
    summary: 'Extends the session idle expiry and the wb_uid cookie; wb_xsrf is kept',
    response: { 200: CookieRefreshReply, ...errorResponses(401, 403) },
  };
  const refresh = async (request: FastifyRequest, reply: FastifyReply) => {
    const s = tenantSessionOf(request);
    const idle = Math.min(ctx.now().getTime() + ctx.idleTimeoutMs, s.absoluteExpiresAt);
    await ctx.store.sessions.touch(s.sidHash, idle);
    setUserIdCookie(ctx, reply, s.uid);
    return { expires: new Date(idle).toISOString() };
  };
  app.post(
    AUTH_PATHS.cookieRefresh,
    {
      config: { world: 'tenant', permission: null, audit: REFRESH_EXEMPT, whilePending: OPEN_WHILE_PENDING },
      schema: refreshSchema,
    },
    refresh,
  );
  // The appliance alias: GET in docs/sessions.md §8; POST too, as the shared client refreshes with POST.
  app.route({
    method: ['GET', 'POST'],
    url: APPLIANCE_AUTH_PATHS.cookieRefresh,
    config: { world: 'tenant', permission: null, audit: REFRESH_EXEMPT, whilePending: OPEN_WHILE_PENDING },
    schema: refreshSchema,
    handler: refresh,
  });

  for (const url of [AUTH_PATHS.userInfo, APPLIANCE_AUTH_PATHS.userInfo]) {
    app.get(
      url,
      {
        config: { world: 'tenant', permission: null, whilePending: OPEN_WHILE_PENDING },
        schema: {
          tags,
          summary: 'The signed-in user, tenant, capabilities and roles, and the steps still due',
          response: { 200: UserInfo, ...errorResponses(401) },
        },
      },
      async (request) => userInfoOf(tenantSessionOf(request)),
    );
  }

  app.post(AUTH_PATHS.changePassword, ownPasswordRoute(ctx, tags), changeOwnPassword);

  app.get(
    AUTH_PATHS.portalVersion,
    {
      config: { world: 'tenant', permission: null },
      schema: {
        tags: ['policy'],
        summary: "The tenant's portal version",
        querystring: PolicyReadQuery,
        response: { 200: PortalVersion, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ portal_v2: tenantSessionOf(request).tenant.portalV2 }),
  );
  app.put(
    AUTH_PATHS.portalVersion,
    {
      config: {
        world: 'tenant',
        permission: PORTAL_VERSION_WRITE,
        audit: {
          action: 'update',
          area: 'portal_settings',
          what: 'Changed the portal version.',
          inTransaction: true,
        },
      },
      schema: {
        tags: ['policy'],
        summary: `Sets the tenant's portal version (needs ${PORTAL_VERSION_WRITE})`,
        body: PortalVersion,
        response: { 200: PortalVersion, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      await auditedChange(request, async (tx) => {
        await tx.tenants.setPortalVersion(s.tid, request.body.portal_v2);
        noteAudit(request, {
          object: 'portal version',
          before: { portal_v2: s.tenant.portalV2 },
          after: { portal_v2: request.body.portal_v2 },
          details: `Set the portal version to ${request.body.portal_v2 ? 'v2' : 'v1'}.`,
        });
      });
      return { portal_v2: request.body.portal_v2 };
    },
  );
};
