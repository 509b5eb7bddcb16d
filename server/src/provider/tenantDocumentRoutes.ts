/**
 * A tenant's documents in the provider console (docs/provider-console.md §3 Tenant, issue 14): config,
 * tags, entitlements, IP restrictions, ... (GET the whole document, PUT replaces it). The token
 * lists (policy API tokens, logging auth tokens) are the token store's: tokens/apiTokenRoutes.ts.
 *
 * One of the tenant route plugins (app.ts registers each; their shared helpers are
 * tenantRouteKit.ts). Reads need `tenants:*:read` (operators and support), writes
 * `tenants:*:write` (operators only: support gets 403, a tenant session 401). Every write goes to
 * the provider's audit trail (config.audit).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  HOSTNAME_TAKEN,
  TENANT_DOCUMENT_NAMES,
  documentProblem,
  tenantDocumentDef,
  type TenantDocumentName,
} from '@workbench/common/api/contract/providerTenants';
import { ApiHttpError, errorResponses } from '../http/errors';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import type { ConfigStore } from '../store/ConfigStore';
import { IdParams, tenantRouteKit } from './tenantRouteKit';

export const tenantDocumentRoutes: FastifyPluginAsync = async (fastify) => {
  const { app, tags, read, write, item, tenantOr404, readDoc, writeDoc, docEntity } = tenantRouteKit(fastify);

  /** 409 naming the tenant when another tenant's document already lists one of the values. */
  const checkUniqueAcrossTenants = async (
    on: ConfigStore,
    tid: string,
    name: string,
    list: string,
    data: Record<string, unknown>,
  ) => {
    const wanted = new Set((data[list] as string[]).map((v) => v.toLowerCase()));
    if (wanted.size === 0) return;
    const { records } = await on.entities.list(docEntity(name), {
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
        const holder = await on.tenants.get(r.id);
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
        config: write('update', `Changed a tenant's ${def.title.toLowerCase()}.`, 'tenants', true),
        schema: {
          tags,
          summary: `Replaces the tenant's ${def.title.toLowerCase()}`,
          params: IdParams,
          body: def.schema,
          response: { 200: def.schema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const data = request.body as Record<string, unknown>;
        // The document and its audit event commit together.
        return auditedChange(request, async (tx) => {
          const t = await tenantOr404(request.params.id, tx);
          const before = await readDoc(t.tid, name, def.defaults, tx);
          const problem = documentProblem(def, data);
          if (problem) throw new ApiHttpError(400, problem.message, problem.field);
          if (def.uniqueAcrossTenants)
            await checkUniqueAcrossTenants(tx, t.tid, name, def.uniqueAcrossTenants, data);
          await writeDoc(t.tid, name, data, tx);
          noteAudit(request, {
            object: t.name,
            before,
            after: data,
            details: `Changed the ${def.title.toLowerCase()} of ${t.name}.`,
          });
          return data;
        });
      },
    );
  };
  for (const name of TENANT_DOCUMENT_NAMES) documentRoutes(name);
};
