import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { XSRF_HEADER } from '@workbench/common/api/contract/wire';
import { createAccessController, type AccessController } from '@workbench/common/features/rbac/permissions';
import {
  deriveFeatureFlags,
  missingFeatures,
} from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import type { ProviderSession, RoutePermission, ServerContext, TenantSession } from '../context';
import { safeEqual } from '../security/tokens';
import {
  ApiHttpError,
  apiError,
  FOREIGN_ORIGIN_MSG,
  forbiddenMessage,
  isApiPath,
  missingFeatureMessage,
  NOT_SIGNED_IN_MSG,
  XSRF_MSG,
} from './errors';
import { resolveProviderSession, resolveTenantSession } from './sessions';
import { openWhilePending } from '../auth/pendingSteps';
import { bearerSecretOf } from '../tokens/bearerTokens';
import { tenantAccessRefusal } from './tenantAccess';
import {
  API_TOKEN_AREAS,
  API_TOKEN_INVALID_MSG,
  API_TOKEN_SESSION_ONLY_MSG,
  apiTokenScopePermissions,
} from '@workbench/common/api/contract/apiTokens';
import { PENDING_STEP_FIELD, pendingStepReason } from '@workbench/common/api/contract/pendingSteps';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function permissionAllowed(
  access: AccessController,
  permission: RoutePermission | undefined,
): boolean {
  if (permission === undefined || permission === null) return true;
  if (typeof permission === 'string') return access.can(permission);
  return access.allows(permission);
}

/** A route's permission in words: the permission, or "any of …" / "all of …" (403 messages). */
const describePermission = (permission: RoutePermission | undefined): string =>
  typeof permission === 'string'
    ? permission
    : permission?.any
      ? `any of ${permission.any.join(', ')}`
      : `all of ${permission?.all?.join(', ') ?? ''}`;

/** What a caller lacks of a route's permission: the parts of an all-of rule it fails, else the rule. */
function lacking(access: AccessController, permission: RoutePermission | undefined): string {
  if (permission && typeof permission === 'object' && permission.all)
    return permission.all.filter((p) => !access.can(p)).join(', ');
  return describePermission(permission);
}

/**
 * The cross-cutting rules, each once for every route: routes under /api, /gdmanage and /idp must
 * declare their world; numbers in query strings and paths are bounded; no-store caching; foreign
 * origins refused; session, the xsrf token of that session, and permission.
 */
export function installGuard(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('session', null);
  app.decorateRequest('providerSession', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    const config = route.config;
    const world = config?.world;
    if (isApiPath(url) && !world) {
      throw new Error(`Route ${String(route.method)} ${url} must declare config.world (and its permission).`);
    }
    if (!world) return;
    if (config.sessionOnly && world !== 'tenant') {
      throw new Error(
        `Route ${String(route.method)} ${url}: sessionOnly is for tenant routes (API tokens are the tenant's).`,
      );
    }
    if (config.whilePending && world !== 'tenant') {
      throw new Error(
        `Route ${String(route.method)} ${url}: whilePending is for tenant routes (pending steps are a portal account's).`,
      );
    }
    // Every route of a world carries its access in the OpenAPI document, schema or not.
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    for (const part of ['querystring', 'params'] as const) {
      const unbounded = unboundedNumbers(schema[part]);
      if (unbounded.length > 0) {
        throw new Error(
          `Route ${String(route.method)} ${url}: ${unbounded.map((n) => `${part}.${n}`).join(', ')} must declare minimum and maximum bounds.`,
        );
      }
    }
    // OpenAPI: who may call it, in words and machine-readable (the authorisation matrix reads it).
    schema['x-workbench-access'] = {
      world,
      permission: config.permission ?? null,
      ...(config.optional ? { optional: true } : {}),
      ...(config.features?.length ? { features: config.features } : {}),
      ...(config.whilePending ? { whilePending: config.whilePending } : {}),
      ...(config.sessionOnly ? { sessionOnly: true } : {}),
    };
    if (world === 'tenant' || world === 'provider') {
      const permission = config.permission;
      const who =
        permission === undefined || permission === null
          ? 'any signed-in user'
          : describePermission(permission);
      schema.security =
        world === 'tenant'
          ? tokenCallable(config) && widestTokenScopeAllows(config.permission)
            ? [{ tenantSession: [] }, { apiToken: [] }]
            : [{ tenantSession: [] }]
          : [{ providerKey: [] }, { providerSession: [] }];
      const flags = config.features?.length ? ` Feature flags: ${config.features.join(', ')}.` : '';
      const pending = config.whilePending
        ? ` Open while a step is pending: ${config.whilePending === 'any' ? 'any step' : config.whilePending.join(', ')}.`
        : '';
      schema.description = [schema.description, `World: ${world}. Permission: ${who}.${flags}${pending}`]
        .filter(Boolean)
        .join(' ');
    }
  });

  // Every rule below decides on the route the router matched (its config), never on the URL text:
  // the router decodes percent-encoding before matching, so '/%61pi/...' is the '/api/...' route.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    const world = config?.world;
    if (!world) return; // the apps' files and the 404 handler
    reply.header('Cache-Control', 'no-store, no-cache, must-revalidate');
    reply.header('Pragma', 'no-cache');
    reply.header('Expires', '0');
    const changesState = STATE_CHANGING.has(request.method);
    if (changesState && !sameOrigin(request)) return reply.code(403).send(apiError(403, FOREIGN_ORIGIN_MSG));
    if (world === 'public') return;

    const session =
      world === 'tenant'
        ? (request.session = await resolveTenantSession(ctx, request))
        : (request.providerSession = await resolveProviderSession(ctx, request));
    if (!session) {
      // A tenant route called with a bearer secret that is no (longer a) token: say so.
      if (world === 'tenant' && bearerSecretOf(request) !== null)
        return reply.code(401).send(apiError(401, API_TOKEN_INVALID_MSG));
      if (config.optional) return;
      return reply.code(401).send(apiError(401, NOT_SIGNED_IN_MSG));
    }
    // xsrf: the header must equal the token kept with the server-side session (the readable
    // cookie only hands it to the page). Bearer API clients (provider keys, API tokens) send no
    // cookie, so a page of another site cannot make their calls, and they need none.
    const bearer = session.viaBearer;
    if (changesState && !bearer && !xsrfMatches(request.headers[XSRF_HEADER], session.xsrf)) {
      return reply.code(403).send(apiError(403, XSRF_MSG));
    }
    if ('tenant' in session) {
      // An API token never reaches the routes about the person signed in, nor the session-only ones.
      if (session.viaBearer && !tokenCallable(config))
        return reply.code(403).send(apiError(403, API_TOKEN_SESSION_ONLY_MSG));
      // The provider's IP restrictions and the tenant's admin_access_control (one read for both):
      // a refused caller still reaches sign-out, the user info and the session refresh (the routes
      // every blocking page needs), so the portal can say why.
      if (config.whilePending !== 'any') {
        const refused = await tenantAccessRefusal(ctx, session, request.ip);
        if (refused !== null) return reply.code(403).send(refused);
      }
    }
    // A step the account must do first (a password someone else set, ...): nothing else opens
    // until it is done, whatever the permissions (auth/pendingSteps.ts).
    const step = 'pendingSteps' in session ? session.pendingSteps[0] : undefined;
    if (step && !openWhilePending(config.whilePending, step)) {
      return reply.code(403).send({ ...apiError(403, pendingStepReason(step)), [PENDING_STEP_FIELD]: step });
    }
    if (!permissionAllowed(session.access, config.permission)) {
      return reply
        .code(403)
        .send(apiError(403, forbiddenMessage(lacking(session.access, config.permission))));
    }
    // The tenant's feature flags limit access beyond permissions (docs/access.md §5 Feature flags),
    // derived by the rules the portal's navigation uses, reads included.
    if (config.features?.length && 'tenant' in session) {
      const missing = missingFeatures(config.features, deriveFeatureFlags(session.tenant.capabilities));
      if (missing.length > 0) return reply.code(403).send(apiError(403, missingFeatureMessage(missing)));
    }
  });
}

/**
 * What a token of every area with write access may do: the API description lists bearer tokens
 * only on the routes some token scope can open (a settings route is a session's alone).
 */
const WIDEST_TOKEN_SCOPE = createAccessController(apiTokenScopePermissions('write', API_TOKEN_AREAS), true);
/** Per permission, once per process: every test server registers the same ~800 routes. */
const tokenScopeAnswers = new Map<string, boolean>();
function widestTokenScopeAllows(permission: RoutePermission | undefined): boolean {
  const key = JSON.stringify(permission ?? null);
  let allowed = tokenScopeAnswers.get(key);
  if (allowed === undefined) {
    allowed = permissionAllowed(WIDEST_TOKEN_SCOPE, permission);
    tokenScopeAnswers.set(key, allowed);
  }
  return allowed;
}

/** Whether an API token may call a tenant route at all (its scope then decides): docs/api-tokens.md. */
const tokenCallable = (config: { permission?: RoutePermission; sessionOnly?: boolean }): boolean =>
  !config.sessionOnly && config.permission !== null && config.permission !== undefined;

interface JsonSchemaLike {
  type?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  exclusiveMinimum?: unknown;
  exclusiveMaximum?: unknown;
  properties?: Record<string, JsonSchemaLike>;
  anyOf?: JsonSchemaLike[];
}

/**
 * Names of the numeric properties of a query-string or path schema without a lower and an upper
 * bound: an unbounded number reaches the store (offset=1e20 once made SQLite answer 500).
 */
export function unboundedNumbers(schema: unknown): string[] {
  const properties = (schema as JsonSchemaLike | undefined)?.properties ?? {};
  const numeric = (s: JsonSchemaLike): boolean =>
    s.type === 'integer' || s.type === 'number' || (s.anyOf ?? []).some(numeric);
  const bounded = (s: JsonSchemaLike): boolean =>
    s.anyOf
      ? s.anyOf.every((a) => !numeric(a) || bounded(a))
      : (s.minimum !== undefined || s.exclusiveMinimum !== undefined) &&
        (s.maximum !== undefined || s.exclusiveMaximum !== undefined);
  return Object.entries(properties)
    .filter(([, s]) => numeric(s) && !bounded(s))
    .map(([name]) => name);
}

const xsrfMatches = (header: string | string[] | undefined, token: string | null): boolean =>
  typeof header === 'string' && typeof token === 'string' && token !== '' && safeEqual(header, token);

/**
 * A state-changing request sent by a page of another site is refused, the login calls included
 * (login CSRF). Browsers say where a request comes from in Sec-Fetch-Site, which decides when
 * present (a same-origin form post may carry `Origin: null`); otherwise a foreign Origin refuses.
 * Clients that send neither (curl, API clients) are not browsers acting for someone else.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** The tenant session of a guarded route's request; 401 when there is none (never a 500). */
export function tenantSessionOf(request: FastifyRequest): TenantSession {
  if (!request.session) throw new ApiHttpError(401, NOT_SIGNED_IN_MSG);
  return request.session;
}

/** The operator session of a guarded provider route's request; 401 when there is none. */
export function providerSessionOf(request: FastifyRequest): ProviderSession {
  if (!request.providerSession) throw new ApiHttpError(401, NOT_SIGNED_IN_MSG);
  return request.providerSession;
}
