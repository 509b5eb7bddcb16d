import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { safeReturnPath } from '@workbench/common/api/contract/returnUrl';
import { LOGIN_AREA_PATH } from '@workbench/common/api/contract/wire';
import fastifyFormbody from '@fastify/formbody';
import { loginRateLimitConfig } from '../security/loginRateLimit';
import { digest } from '../security/tokens';
import { PORTAL_CLIENT_ID } from './tenantAuthRoutes';

/** What the hidden login form of the cloud flow posts to login_url (the AuthParams fields). */
export const LoginFormBody = Type.Object({
  csrf_token: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  redirect_uri: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
  id_token_hint: Type.Optional(Type.String()),
  force_udb: Type.Optional(Type.String()),
});
type LoginFormBody = Static<typeof LoginFormBody>;

/**
 * The redirect target as a same-origin path (with its query and #hash), or null when it points
 * anywhere else (open-redirect protection): a path starting with a single '/', or an absolute URL
 * on this server's own origin.
 */
export function sameOriginPath(redirectUri: string, origin: string): string | null {
  // No backslash or whitespace anywhere: the target is written into a Location header.
  if (/[\\\s]/.test(redirectUri)) return null;
  if (redirectUri.startsWith('/')) return safeReturnPath(redirectUri);
  try {
    const url = new URL(redirectUri);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

const reject = (reply: FastifyReply, field: string, why: string) =>
  reply.code(400).type('text/plain; charset=utf-8').send(`Sign-in request rejected: ${field} ${why}.`);

export const loginAreaRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.workbench;
  // The one target that takes a form (the hidden form of the cloud sign-in flow); the rest of
  // the API takes JSON only. Registered in this plugin's scope, so it applies here alone.
  await app.register(fastifyFormbody);
  app.post(
    LOGIN_AREA_PATH,
    {
      config: {
        world: 'public',
        rateLimit: loginRateLimitConfig(ctx),
        audit: { exempt: "checks the hidden form's one-time token and redirects to the login page" },
      },
      attachValidation: true,
      schema: {
        tags: ['tenant auth'],
        summary:
          'Target of the hidden login form: checks csrf_token, client_id, redirect_uri; 303 to the login page',
        consumes: ['application/x-www-form-urlencoded'],
        body: LoginFormBody,
      },
    },
    async (request: FastifyRequest<{ Body: LoginFormBody }>, reply) => {
      if (request.validationError) return reject(reply, 'the form', 'is malformed');
      const body = request.body ?? {};
      const token = body.csrf_token;
      if (!token) return reject(reply, 'csrf_token', 'is missing');
      const stored = await ctx.store.oneTimeTokens.consume('login_csrf', digest(token));
      if (!stored || stored.expiresAt <= ctx.now().getTime()) {
        return reject(reply, 'csrf_token', 'is unknown, expired or already used');
      }
      if (body.client_id !== PORTAL_CLIENT_ID) return reject(reply, 'client_id', 'is not this portal');
      const origin = `${request.protocol}://${request.host}`;
      const target = body.redirect_uri === undefined ? null : sameOriginPath(body.redirect_uri, origin);
      if (target === null) return reject(reply, 'redirect_uri', 'must be a path on this server');
      const force = body.force_udb === 'true' ? '&force_udb=true' : '';
      return reply.redirect(`${LOGIN_AREA_PATH}#/?returnUrl=${encodeURIComponent(target)}${force}`, 303);
    },
  );
};
