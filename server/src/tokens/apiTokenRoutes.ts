/**
 * The token lists of the one token store (issue 33 point 3; docs/api-tokens.md): the tenant's own
 * API tokens (`GET/POST /api/settings/v1/tenants/api_tokens`, `DELETE .../api_token/{id}`), and
 * the two lists the provider keeps for a tenant (`/gdmanage/api/v1/tenants/{id}/tokens` and
 * `.../logging_auth_tokens`, GET, POST, DELETE `.../{token_id}`). The secret is in the creation's
 * answer only; the store keeps its SHA-256. Every write is audited with before or after (never
 * the secret). The tenant's calls are session-only: a token never lists or makes tokens.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  API_TOKEN_AREA_REGISTRY,
  API_TOKEN_EXPIRY_FAR,
  API_TOKEN_EXPIRY_PAST,
  API_TOKEN_KINDS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  API_TOKENS_PATHS,
  API_TOKENS_READ_PERMISSION,
  API_TOKENS_WRITE_PERMISSION,
  ApiTokenCreate,
  ApiTokenCreated,
  ApiTokenList,
  apiTokenAreaBeyondCreator,
  apiTokenScopePermissions,
  type ApiToken,
  type ApiTokenKind,
} from '@workbench/common/api/contract/apiTokens';
import {
  PolicyTokenCreate,
  TENANT_TOKEN_LISTS,
  tokenNotFound,
  type TenantTokenListName,
} from '@workbench/common/api/contract/providerTenants';
import { ApiHttpError, errorResponses } from '../http/errors';
import { providerSessionOf, tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import type { ConfigStore } from '../store/ConfigStore';
import { digest, randomToken } from '../security/tokens';
import { IdParams, tenantRouteKit } from '../provider/tenantRouteKit';
import type { ServerContext } from '../context';
import type { ApiTokenRecord } from '../store/ConfigStore';
import { checkQuota } from '../quota/tenantQuota';

const DAY_MS = 86_400_000;

/** A token as the lists answer it: never its digest. */
export const apiTokenReply = (t: ApiTokenRecord): ApiToken => ({
  id: t.id,
  name: t.name,
  access: t.access,
  areas: t.areas,
  expires_at: t.expiresAt,
  created_at: t.createdAt,
  created_by: t.createdBy,
  last4: t.last4,
  last_used_at: t.lastUsedAt,
  last_used_ip: t.lastUsedIp,
});

/** 400 naming expires_at unless it is null or a time ahead, at most API_TOKEN_MAX_DAYS away. */
function checkedExpiry(ctx: ServerContext, expiresAt: string | null | undefined): string | null {
  if (expiresAt === null || expiresAt === undefined) return null;
  const at = Date.parse(expiresAt);
  const now = ctx.now().getTime();
  if (!(at > now)) throw new ApiHttpError(400, API_TOKEN_EXPIRY_PAST, 'expires_at');
  if (at > now + API_TOKEN_MAX_DAYS * DAY_MS) throw new ApiHttpError(400, API_TOKEN_EXPIRY_FAR, 'expires_at');
  return new Date(at).toISOString();
}

/**
 * Makes a token of a list through `tx` (the transaction its audit event goes in); the secret
 * (prefix + 256 random bits) is answered once, with the record.
 */
async function createToken(
  ctx: ServerContext,
  tx: ConfigStore,
  fields: Pick<ApiTokenRecord, 'tid' | 'kind' | 'name' | 'access' | 'areas' | 'expiresAt' | 'createdBy'> & {
    createdByUid: string | null;
  },
): Promise<{ record: ApiTokenRecord; secret: string }> {
  await checkQuota(tx, fields.tid, 'api_tokens');
  const secret = `${API_TOKEN_PREFIX}${randomToken()}`;
  const record: ApiTokenRecord = {
    ...fields,
    id: crypto.randomUUID(),
    hash: digest(secret),
    last4: secret.slice(-4),
    createdAt: ctx.now().toISOString(),
    lastUsedAt: null,
    lastUsedIp: null,
  };
  await tx.apiTokens.insert(record);
  return { record, secret };
}

const TokenIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const ProviderTokenParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  token_id: Type.String({ minLength: 1, maxLength: 64 }),
});

export const apiTokenRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const noun = API_TOKEN_KINDS.api_tokens.noun;

  // The tenant's own tokens. Session-only: a token neither lists nor makes nor revokes tokens.
  const tags = ['settings'];
  app.get(
    API_TOKENS_PATHS.list,
    {
      config: { world: 'tenant', permission: API_TOKENS_READ_PERMISSION, sessionOnly: true },
      schema: {
        tags,
        summary: "The tenant's API tokens, oldest first, with their last use (never their secrets)",
        response: { 200: ApiTokenList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return { tokens: (await ctx.store.apiTokens.list(s.tid, 'api_tokens')).map(apiTokenReply) };
    },
  );

  app.post(
    API_TOKENS_PATHS.list,
    {
      config: {
        world: 'tenant',
        permission: API_TOKENS_WRITE_PERMISSION,
        sessionOnly: true,
        audit: { action: 'create', area: 'api_keys', what: 'Created an API token.', inTransaction: true },
      },
      schema: {
        tags,
        summary: `Creates an API token (name, read or write access to some areas, an expiry up to ${API_TOKEN_MAX_DAYS} days or none); its secret is in this answer only`,
        body: ApiTokenCreate,
        response: { 201: ApiTokenCreated, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const s = tenantSessionOf(request);
      const { access, areas } = request.body;
      const name = request.body.name.trim();
      const expiresAt = checkedExpiry(ctx, request.body.expires_at);
      // A token opens no more than its creator may do (and, when used, no more than they still may).
      for (const area of areas) {
        const missing = apiTokenScopePermissions(access, [area]).find((p) => !s.access.can(p));
        if (missing !== undefined)
          throw new ApiHttpError(
            403,
            apiTokenAreaBeyondCreator(API_TOKEN_AREA_REGISTRY[area].label, access),
            'areas',
          );
      }
      const { record, secret } = await auditedChange(request, async (tx) => {
        const made = await createToken(ctx, tx, {
          tid: s.tid,
          kind: 'api_tokens',
          name,
          access,
          areas,
          expiresAt,
          createdBy: s.username,
          createdByUid: s.uid,
        });
        noteAudit(request, {
          object: name,
          after: apiTokenReply(made.record),
          details: `Created the ${noun} ${name} (${access}: ${areas.join(', ')}).`,
        });
        return made;
      });
      return reply.code(201).send({ ...apiTokenReply(record), token: secret });
    },
  );

  app.delete(
    API_TOKENS_PATHS.oneRoute,
    {
      config: {
        world: 'tenant',
        permission: API_TOKENS_WRITE_PERMISSION,
        sessionOnly: true,
        audit: { action: 'delete', area: 'api_keys', what: 'Revoked an API token.', inTransaction: true },
      },
      schema: {
        tags,
        summary: 'Revokes an API token: its next call is refused',
        params: TokenIdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const s = tenantSessionOf(request);
      await revoke(request, s.tid, 'api_tokens', request.params.id, 'id', (name) => name);
      return reply.code(204).send(null);
    },
  );

  /** Deletes the token of the tenant's list (404 naming `field` when there is none) and notes the audit. */
  async function revoke(
    request: FastifyRequest,
    tid: string,
    kind: ApiTokenKind,
    id: string,
    field: string,
    object: (name: string) => string,
    ofTenant = '',
  ): Promise<void> {
    await auditedChange(request, async (tx) => {
      const before = await tx.apiTokens.get(tid, kind, id);
      if (!before || !(await tx.apiTokens.delete(tid, kind, id)))
        throw new ApiHttpError(404, tokenNotFound(API_TOKEN_KINDS[kind].noun), field);
      noteAudit(request, {
        object: object(before.name),
        before: apiTokenReply(before),
        details: `Revoked the ${API_TOKEN_KINDS[kind].noun} ${before.name}${ofTenant}.`,
      });
    });
  }

  // The provider's lists for a tenant: the list fixes the scope (API_TOKEN_KINDS).
  const kit = tenantRouteKit(fastify);
  const providerList = (list: TenantTokenListName) => {
    const { title, noun: listNoun, scope } = TENANT_TOKEN_LISTS[list];
    app.get(
      `${kit.item}/${list}`,
      {
        config: kit.read,
        schema: {
          tags: kit.tags,
          summary: `The tenant's ${title.charAt(0).toLowerCase()}${title.slice(1)} (never their secrets)`,
          params: IdParams,
          response: { 200: ApiTokenList, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const t = await kit.tenantOr404(request.params.id);
        return { tokens: (await ctx.store.apiTokens.list(t.tid, list)).map(apiTokenReply) };
      },
    );
    app.post(
      `${kit.item}/${list}`,
      {
        config: kit.write('create', `Created a ${listNoun}.`, 'api_keys', true),
        schema: {
          tags: kit.tags,
          summary: `Creates a ${listNoun} (${scope.access} access to ${scope.areas.join(', ')}); its secret is in this answer only`,
          params: IdParams,
          body: PolicyTokenCreate,
          response: { 201: ApiTokenCreated, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const name = request.body.name.trim();
        const expiresAt = checkedExpiry(ctx, request.body.expires_at);
        const { record, secret } = await auditedChange(request, async (tx) => {
          const t = await kit.tenantOr404(request.params.id, tx);
          const made = await createToken(ctx, tx, {
            tid: t.tid,
            kind: list,
            name,
            access: scope.access,
            areas: [...scope.areas],
            expiresAt,
            createdBy: providerSessionOf(request).username,
            createdByUid: null,
          });
          noteAudit(request, {
            object: `${t.name}: ${name}`,
            after: apiTokenReply(made.record),
            details: `Created the ${listNoun} ${name} of ${t.name}.`,
          });
          return made;
        });
        return reply.code(201).send({ ...apiTokenReply(record), token: secret });
      },
    );
    app.delete(
      `${kit.item}/${list}/:token_id`,
      {
        config: kit.write('delete', `Revoked a ${listNoun}.`, 'api_keys', true),
        schema: {
          tags: kit.tags,
          summary: `Revokes a ${listNoun}: its next call is refused`,
          params: ProviderTokenParams,
          response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const t = await kit.tenantOr404(request.params.id);
        await revoke(
          request,
          t.tid,
          list,
          request.params.token_id,
          'token_id',
          (n) => `${t.name}: ${n}`,
          ` of ${t.name}`,
        );
        return reply.code(204).send(null);
      },
    );
  };
  for (const list of Object.keys(TENANT_TOKEN_LISTS) as TenantTokenListName[]) providerList(list);
};
