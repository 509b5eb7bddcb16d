import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LOGIN_FAILED_MSG, LOGIN_LOCKED_MSG, LoginFailure } from '@workbench/common/api/contract/auth';
import {
  IdpTokenReply,
  IdpTokenRequest,
  MeReply,
  OauthLoginQuery,
  OauthLoginReply,
  PROVIDER_ERRORS,
  PROVIDER_PATHS,
  SessionKeyReply,
} from '@workbench/common/api/contract/provider';
import { errorResponses } from '../http/errors';
import { providerSessionOf } from '../http/guard';
import { loginRateLimitConfig } from '../security/loginRateLimit';
import {
  clearProviderCookies,
  PROVIDER_KEY_MS,
  PROVIDER_SESSION_ABSOLUTE_MS,
  setProviderCookies,
} from '../http/sessions';
import { attemptLogin } from '../security/loginAttempt';
import { signInClientOf } from '../security/signInClient';
import { PROVIDER_AUDIT_TID, writeAudit } from '../audit/auditTrail';
import { digest, randomToken } from '../security/tokens';

/** The identity provider this server ships (POST /idp/token). */
export const LOCAL_IDENTITY_PROVIDER = 'local';
export const ACCESS_TOKEN_TTL_SECONDS = 60;
export const INVALID_TOKEN_STATUS = 'Invalid token';
export const UNKNOWN_IDP_STATUS = 'Unknown identity provider';

export const providerRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['provider'];

  /**
   * A failed operator sign-in of an existing operator goes to the provider's trail (no password
   * in it). Not awaited, so the reply's timing says nothing about whether the operator exists.
   */
  const auditFailedSignIn = (
    request: FastifyRequest,
    username: string,
    outcome: { kind: 'failed' } | { kind: 'locked'; delay: number },
  ) => {
    void (async () => {
      const operator = await ctx.store.operators.get(username);
      if (!operator) return;
      // The attempt's own record (its counter is the lockout's, keyed apart): a transaction of one.
      await ctx.store.transaction((tx) =>
        writeAudit(tx, ctx, request, [
          {
            tid: PROVIDER_AUDIT_TID,
            userid: operator.username,
            action: 'login_failed',
            area: 'session',
            details:
              outcome.kind === 'locked'
                ? `Sign-in refused: too many failed attempts, locked for ${outcome.delay} s.`
                : 'Sign-in failed: wrong user name or password.',
          },
        ]),
      );
      ctx.outbox?.nudge();
    })().catch((error: unknown) => request.log.error({ err: error }, 'auditing a failed sign-in failed'));
  };

  app.post(
    PROVIDER_PATHS.idpToken,
    {
      config: {
        world: 'public',
        rateLimit: loginRateLimitConfig(ctx),
        audit: {
          byHandler: "login and login_failed go to the provider's trail from the handler: no session yet",
        },
      },
      schema: {
        tags: ['identity provider'],
        summary: 'Local identity provider: user name and password to a single-use access token (60 s)',
        body: IdpTokenRequest,
        response: { 200: IdpTokenReply, 401: LoginFailure, 429: LoginFailure, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const now = ctx.now().getTime();
      const outcome = await attemptLogin(
        ctx.store,
        {
          world: 'provider',
          username: request.body.username,
          password: request.body.password,
          client: signInClientOf(request),
          now,
        },
        (u, store) => store.operators.get(u),
        ctx.loginFailureCap,
      );
      if (outcome.kind !== 'ok') auditFailedSignIn(request, request.body.username, outcome);
      if (outcome.kind === 'failed') {
        return reply
          .code(401)
          .send({ statusCode: 401, error: 'Unauthorized', message: LOGIN_FAILED_MSG, msg: LOGIN_FAILED_MSG });
      }
      if (outcome.kind === 'locked') {
        return reply.code(429).send({
          statusCode: 429,
          error: 'Too Many Requests',
          message: LOGIN_LOCKED_MSG.replace('$1', String(outcome.delay)),
          msg: LOGIN_LOCKED_MSG,
          delay: outcome.delay,
        });
      }
      const token = randomToken();
      // The token and its login event commit together.
      await ctx.store.transaction(async (tx) => {
        await tx.oneTimeTokens.insert({
          kind: 'idp_access',
          tokenHash: digest(token),
          subject: outcome.account.username,
          expiresAt: now + ACCESS_TOKEN_TTL_SECONDS * 1000,
        });
        await writeAudit(tx, ctx, request, [
          {
            tid: PROVIDER_AUDIT_TID,
            userid: outcome.account.username,
            action: 'login',
            area: 'session',
            details: 'Signed in (access token issued).',
          },
        ]);
      });
      return { access_token: token, token_type: 'Bearer' as const, expires_in: ACCESS_TOKEN_TTL_SECONDS };
    },
  );

  app.get(
    PROVIDER_PATHS.oauthLogin,
    {
      config: { world: 'public' },
      schema: {
        tags,
        summary: 'Exchanges an identity-provider access token for a session key (status Success)',
        querystring: OauthLoginQuery,
        response: { 200: OauthLoginReply, 401: OauthLoginReply, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      if (request.query.identity_provider !== LOCAL_IDENTITY_PROVIDER) {
        return reply.code(401).send({ status: UNKNOWN_IDP_STATUS });
      }
      const now = ctx.now().getTime();
      const token = await ctx.store.oneTimeTokens.consume('idp_access', digest(request.query.access_token));
      const operator = token && token.expiresAt > now ? await ctx.store.operators.get(token.subject) : null;
      if (!operator) return reply.code(401).send({ status: INVALID_TOKEN_STATUS });
      const key = randomToken();
      const keyId = randomToken(9);
      const expiresAt = now + PROVIDER_KEY_MS;
      await ctx.store.providerSessions.insert({
        keyHash: digest(key),
        keyId,
        username: operator.username,
        xsrf: null,
        createdAt: now,
        expiresAt,
      });
      return {
        status: 'Success',
        username: operator.username,
        key_id: keyId,
        expires: new Date(expiresAt).toISOString(),
        Authorization: `Bearer ${key}`,
      };
    },
  );

  app.get(
    PROVIDER_PATHS.sessionCookie,
    {
      config: { world: 'provider', permission: null, optional: true },
      schema: {
        tags,
        summary: 'Turns the Authorization session key into the gd_sid (httpOnly) and gd_xsrf cookies',
        response: { 200: SessionKeyReply, 401: MeReply },
      },
    },
    async (request, reply) => {
      const s = request.providerSession;
      if (!s) return reply.code(401).send({ status: PROVIDER_ERRORS.sessionCookie });
      const xsrf = randomToken();
      await ctx.store.providerSessions.update(s.keyHash, { xsrf });
      setProviderCookies(ctx, reply, s.key, xsrf);
      return { status: 'ok', expires: new Date(s.expiresAt).toISOString() };
    },
  );

  app.get(
    PROVIDER_PATHS.me,
    {
      config: { world: 'provider', permission: null, optional: true },
      schema: {
        tags,
        summary: 'The signed-in operator (status authenticated), else 401 unauthenticated',
        response: { 200: MeReply, 401: MeReply },
      },
    },
    async (request, reply) => {
      const s = request.providerSession;
      if (!s) return reply.code(401).send({ status: 'unauthenticated' });
      return {
        status: 'authenticated',
        user: { username: s.username, display_name: s.operator.displayName, role: s.operator.role },
      };
    },
  );

  app.post(
    PROVIDER_PATHS.extendKey,
    {
      config: {
        world: 'provider',
        permission: null,
        audit: { exempt: 'extends the session key; activity, not a change' },
      },
      schema: {
        tags,
        summary: 'Extends the session key by one hour (never beyond 12 h after sign-in)',
        response: { 200: SessionKeyReply, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const s = providerSessionOf(request);
      const expiresAt = Math.min(
        ctx.now().getTime() + PROVIDER_KEY_MS,
        s.createdAt + PROVIDER_SESSION_ABSOLUTE_MS,
      );
      await ctx.store.providerSessions.update(s.keyHash, { expiresAt });
      return { status: 'ok', expires: new Date(expiresAt).toISOString() };
    },
  );

  app.get(
    PROVIDER_PATHS.logout,
    {
      config: { world: 'provider', permission: null, optional: true },
      schema: {
        tags,
        summary: 'Ends the operator session and clears its cookies',
        response: { 200: MeReply },
      },
    },
    async (request, reply) => {
      const s = request.providerSession;
      if (s) {
        // A GET (the console's sign-out link), so the trail's hook does not see it: written here,
        // in the transaction that ends the session.
        await ctx.store.transaction(async (tx) => {
          await tx.providerSessions.delete(s.keyHash);
          await writeAudit(tx, ctx, request, [
            {
              tid: PROVIDER_AUDIT_TID,
              userid: s.username,
              action: 'logout',
              area: 'session',
              details: 'Signed out.',
            },
          ]);
        });
      }
      clearProviderCookies(ctx, reply);
      return { status: 'ok' };
    },
  );
};
