/**
 * A tenant's documents in the provider console (docs/provider-console.md §3 Tenant, issue 14): config,
 * tags, entitlements, IP restrictions, ... (GET the whole document, PUT replaces it), and the token
 * lists (policy API tokens, logging auth tokens), whose secrets are answered once.
 *
 * One of the tenant route plugins (app.ts registers each; their shared helpers are
 * tenantRouteKit.ts). Reads need `tenants:*:read` (operators and support), writes
 * `tenants:*:write` (operators only: support gets 403, a tenant session 401). Every write goes to
 * the provider's audit trail (config.audit).
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import {
  PolicyTokenCreate,
  PolicyTokenCreated,
  PolicyTokenList,
  HOSTNAME_TAKEN,
  TENANT_DOCUMENT_NAMES,
  TENANT_TOKEN_LISTS,
  TENANT_TOKEN_LIST_NAMES,
  TOKEN_NOT_FOUND,
  documentProblem,
  tenantDocumentDef,
  tokenNotFound,
  type PolicyToken,
  type TenantDocumentName,
  type TenantTokenListName,
} from '@workbench/common/api/contract/providerTenants';
import { ApiHttpError, errorResponses } from '../http/errors';
import { providerSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import { digest, randomToken } from '../security/tokens';
import { IdParams, tenantRouteKit } from './tenantRouteKit';

const TokenParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  token_id: Type.String({ minLength: 1, maxLength: 64 }),
});

interface StoredToken extends PolicyToken {
  hash: string;
}

export const tenantDocumentRoutes: FastifyPluginAsync = async (fastify) => {
  const { app, store, tags, read, write, item, nowIso, tenantOr404, readDoc, writeDoc, docEntity } =
    tenantRouteKit(fastify);

  /** 409 naming the tenant when another tenant's document already lists one of the values. */
  const checkUniqueAcrossTenants = async (
    tid: string,
    name: string,
    list: string,
    data: Record<string, unknown>,
  ) => {
    const wanted = new Set((data[list] as string[]).map((v) => v.toLowerCase()));
    if (wanted.size === 0) return;
    const { records } = await store.entities.list(docEntity(name), {
      limit: 10_000,
      offset: 0,
      sort: 'id',
      order: 'asc',
      searchFields: [],
    });
    for (const r of records) {
      if (r.id === tid) continue;
      const clash = ((r.data[list] as string[] | undefined) ?? []).find((v) => wanted.has(v.toLowerCase()));
      if (clash !== undefined) {
        const holder = await store.tenants.get(r.id);
        throw new ApiHttpError(409, HOSTNAME_TAKEN(clash, holder?.name ?? r.id), list);
      }
    }
  };

  // The documents: GET the whole document (defaults before the first write), PUT replaces it.
  const documentRoutes = (name: TenantDocumentName) => {
    const def = tenantDocumentDef(name);
    app.get(
      `${item}/${name}`,
      {
        config: read,
        schema: {
          tags,
          summary: `The tenant's ${def.title.toLowerCase()}`,
          params: IdParams,
          response: { 200: def.schema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await tenantOr404(request.params.id);
        return readDoc(request.params.id, name, def.defaults);
      },
    );
    app.put(
      `${item}/${name}`,
      {
        config: write('update', `Changed a tenant's ${def.title.toLowerCase()}.`),
        schema: {
          tags,
          summary: `Replaces the tenant's ${def.title.toLowerCase()}`,
          params: IdParams,
          body: def.schema,
          response: { 200: def.schema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const t = await tenantOr404(request.params.id);
        const before = await readDoc(t.tid, name, def.defaults);
        const data = request.body as Record<string, unknown>;
        const problem = documentProblem(def, data);
        if (problem) throw new ApiHttpError(400, problem.message, problem.field);
        if (def.uniqueAcrossTenants)
          await checkUniqueAcrossTenants(t.tid, name, def.uniqueAcrossTenants, data);
        await writeDoc(t.tid, name, data);
        noteAudit(request, {
          object: t.name,
          before,
          after: data,
          details: `Changed the ${def.title.toLowerCase()} of ${t.name}.`,
        });
        return data;
      },
    );
  };
  for (const name of TENANT_DOCUMENT_NAMES) documentRoutes(name);

  // Token lists (policy API tokens, logging auth tokens): the secret is answered once; only its
  // digest is kept.
  const tokenRoutes = (list: TenantTokenListName) => {
    const { title, noun } = TENANT_TOKEN_LISTS[list];
    const readTokens = async (tid: string) =>
      (await readDoc(tid, list, { tokens: [] as StoredToken[] })).tokens;
    const publicToken = ({ hash: _hash, ...t }: StoredToken): PolicyToken => t;
    app.get(
      `${item}/${list}`,
      {
        config: read,
        schema: {
          tags,
          summary: `The tenant's ${title.charAt(0).toLowerCase()}${title.slice(1)} (never their secrets)`,
          params: IdParams,
          response: { 200: PolicyTokenList, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await tenantOr404(request.params.id);
        return { tokens: (await readTokens(request.params.id)).map(publicToken) };
      },
    );
    app.post(
      `${item}/${list}`,
      {
        config: write('create', `Created a ${noun}.`, 'api_keys'),
        schema: {
          tags,
          summary: `Creates a ${noun}; its secret is in this answer only`,
          params: IdParams,
          body: PolicyTokenCreate,
          response: { 201: PolicyTokenCreated, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const t = await tenantOr404(request.params.id);
        const secret = randomToken();
        const token: StoredToken = {
          id: randomToken(9),
          name: request.body.name.trim(),
          created_at: nowIso(),
          created_by: providerSessionOf(request).username,
          last4: secret.slice(-4),
          hash: digest(secret),
        };
        await writeDoc(t.tid, list, { tokens: [...(await readTokens(t.tid)), token] });
        noteAudit(request, {
          object: `${t.name}: ${token.name}`,
          after: publicToken(token),
          details: `Created the ${noun} ${token.name} of ${t.name}.`,
        });
        return reply.code(201).send({ ...publicToken(token), token: secret });
      },
    );
    app.delete(
      `${item}/${list}/:token_id`,
      {
        config: write('delete', `Revoked a ${noun}.`, 'api_keys'),
        schema: {
          tags,
          summary: `Revokes a ${noun}`,
          params: TokenParams,
          response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const t = await tenantOr404(request.params.id);
        const tokens = await readTokens(t.tid);
        const gone = tokens.find((k) => k.id === request.params.token_id);
        if (!gone) throw new ApiHttpError(404, list === 'tokens' ? TOKEN_NOT_FOUND : tokenNotFound(noun));
        await writeDoc(t.tid, list, { tokens: tokens.filter((k) => k !== gone) });
        noteAudit(request, {
          object: `${t.name}: ${gone.name}`,
          before: publicToken(gone),
          details: `Revoked the ${noun} ${gone.name} of ${t.name}.`,
        });
        return reply.code(204).send(null);
      },
    );
  };
  for (const list of TENANT_TOKEN_LIST_NAMES) tokenRoutes(list);
};
