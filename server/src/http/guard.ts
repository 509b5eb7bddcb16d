import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { PROVIDER_XSRF_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';
import type { AccessController } from '@workbench/common/features/rbac/permissions';
import type { RoutePermission, ServerContext } from '../context';
import { safeEqual } from '../security/tokens';
import { apiError, forbiddenMessage, isApiPath, NOT_SIGNED_IN_MSG, XSRF_MSG } from './errors';
import { providerKeyOf, resolveProviderSession, resolveTenantSession } from './sessions';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The calls that start a session: nobody has an xsrf cookie yet. */
export const XSRF_EXEMPT_PATHS: readonly string[] = [
  '/api/auth/v1/auth_params',
  '/api/auth/v1/login',
  '/api/v1/login',
  '/idp/token',
  '/gdmanage/api/oauth/login',
];

const pathOf = (url: string): string => url.split('?')[0];

export function permissionAllowed(
  access: AccessController,
  permission: RoutePermission | undefined,
): boolean {
  if (permission === undefined || permission === null) return true;
  if (typeof permission === 'string') return access.can(permission);
  return access.allows(permission);
}

const describe = (permission: RoutePermission | undefined): string =>
  typeof permission === 'string'
    ? permission
    : permission?.any
      ? `any of ${permission.any.join(', ')}`
      : `all of ${permission?.all?.join(', ') ?? ''}`;

/**
 * The cross-cutting rules, each once for every route: routes under /api, /gdmanage and /idp must
 * declare their world; no-store caching; the xsrf double-submit check; session and permission.
 */
export function installGuard(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('session', null);
  app.decorateRequest('providerSession', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    const world = route.config?.world;
    if (isApiPath(url) && !world) {
      throw new Error(`Route ${String(route.method)} ${url} must declare config.world (and its permission).`);
    }
    // OpenAPI: who may call it.
    if (route.schema && (world === 'tenant' || world === 'provider')) {
      const permission = route.config?.permission;
      const who =
        permission === undefined || permission === null ? 'any signed-in user' : describe(permission);
      const schema = route.schema as Record<string, unknown>;
      schema.security =
        world === 'tenant' ? [{ tenantSession: [] }] : [{ providerKey: [] }, { providerSession: [] }];
      schema.description = [schema.description, `World: ${world}. Permission: ${who}.`]
        .filter(Boolean)
        .join(' ');
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    if (!isApiPath(path)) return;
    reply.header('Cache-Control', 'no-store, no-cache, must-revalidate');
    reply.header('Pragma', 'no-cache');
    reply.header('Expires', '0');

    // xsrf: header must equal the cookie of the request's world (bearer API clients excepted).
    if (STATE_CHANGING.has(request.method) && !XSRF_EXEMPT_PATHS.includes(path)) {
      const provider = path.startsWith('/gdmanage/');
      const bearer = provider && providerKeyOf(request)?.viaBearer === true;
      if (!bearer) {
        const cookie = request.cookies[provider ? PROVIDER_XSRF_COOKIE : XSRF_COOKIE];
        const header = request.headers[XSRF_HEADER];
        if (!cookie || typeof header !== 'string' || !safeEqual(header, cookie)) {
          return reply.code(403).send(apiError(403, XSRF_MSG));
        }
      }
    }

    const config = request.routeOptions.config;
    const world = config?.world;
    if (!world || world === 'public') return;
    if (world === 'tenant') {
      request.session = await resolveTenantSession(ctx, request);
      if (!request.session) {
        if (config.optional) return;
        return reply.code(401).send(apiError(401, NOT_SIGNED_IN_MSG));
      }
      if (!permissionAllowed(request.session.access, config.permission)) {
        return reply.code(403).send(apiError(403, forbiddenMessage(describe(config.permission))));
      }
      return;
    }
    request.providerSession = await resolveProviderSession(ctx, request);
    if (!request.providerSession) {
      if (config.optional) return;
      return reply.code(401).send(apiError(401, NOT_SIGNED_IN_MSG));
    }
    if (!permissionAllowed(request.providerSession.access, config.permission)) {
      return reply.code(403).send(apiError(403, forbiddenMessage(describe(config.permission))));
    }
  });
}

/** The tenant session of a guarded route's request; throws (500) if the route is not guarded. */
export function tenantSessionOf(request: FastifyRequest) {
  if (!request.session)
    throw new Error('tenantSessionOf: the route has no tenant session (declare config.world).');
  return request.session;
}

export function providerSessionOf(request: FastifyRequest) {
  if (!request.providerSession) {
    throw new Error('providerSessionOf: the route has no provider session (declare config.world).');
  }
  return request.providerSession;
}
