/**
 * Tenant quota in the provider console (docs/provider-console.md §11): every tenant's limits and
 * use, one tenant's, and the replace of a tenant's limits. Reads need `tenants:*:read` (support
 * staff read them too), the replace `tenants:*:write` (operators), audited under "Quota".
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DEFAULT_QUOTA_LIMITS,
  QUOTA_LIMITS,
  QUOTA_LIMIT_KEYS,
  QUOTA_PATH,
  QUOTA_TENANT_NOT_FOUND,
  TenantQuota,
  TenantQuotaBody,
  TenantQuotaList,
} from '@workbench/common/api/contract/providerQuota';
import { ApiHttpError, errorResponses } from '../http/errors';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { TENANTS_READ, TENANTS_WRITE } from '../provider/tenantRouteKit';
import { TENANT_QUOTA_ENTITY, quotaLimitsOf, tenantQuotaOf } from './tenantQuota';

const READ = { world: 'provider' as const, permission: TENANTS_READ };
const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const quotaRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;
  const tags = ['provider tenants'];
  const tenantOr404 = async (tid: string) => {
    const t = await store.tenants.get(tid);
    if (!t) throw new ApiHttpError(404, QUOTA_TENANT_NOT_FOUND, 'id');
    return t;
  };

  app.get(
    QUOTA_PATH,
    {
      config: READ,
      schema: {
        tags,
        summary: "Every tenant's quota: limits, use counted from the stores, and the limits passed",
        response: { 200: TenantQuotaList, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const tenants = [...(await store.tenants.list())].sort((a, b) => a.name.localeCompare(b.name));
      const quota = [];
      for (const t of tenants) quota.push(await tenantQuotaOf(store, t));
      return { quota, total: quota.length, defaults: DEFAULT_QUOTA_LIMITS };
    },
  );

  app.get(
    `${QUOTA_PATH}/:id`,
    {
      config: READ,
      schema: {
        tags,
        summary: "A tenant's quota",
        params: Params,
        response: { 200: TenantQuota, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => tenantQuotaOf(store, await tenantOr404(request.params.id)),
  );

  app.put(
    `${QUOTA_PATH}/:id`,
    {
      config: {
        world: 'provider',
        permission: TENANTS_WRITE,
        audit: { action: 'update', area: 'quota', what: "Changed a tenant's quota.", inTransaction: true },
      },
      schema: {
        tags,
        summary:
          "Replaces a tenant's limits (every limit, 0 to 1,000,000); a limit below the use is kept and shown as passed",
        params: Params,
        body: TenantQuotaBody,
        response: { 200: TenantQuota, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const tenant = await tenantOr404(request.params.id);
      const { limits: before } = await quotaLimitsOf(store, tenant.tid);
      const limits = request.body.limits;
      const at = ctx.now().toISOString();
      const record = {
        entity: TENANT_QUOTA_ENTITY,
        id: tenant.tid,
        data: { limits },
        createdAt: at,
        updatedAt: at,
      };
      const changes = QUOTA_LIMIT_KEYS.filter((k) => before[k] !== limits[k]).map(
        (k) => `${QUOTA_LIMITS[k].label} ${before[k]} → ${limits[k]}`,
      );
      // The limits and their audit event commit together.
      await auditedChange(request, async (tx) => {
        if (!(await tx.entities.update(record))) await tx.entities.insert(record);
        noteAudit(request, {
          object: tenant.name,
          tenant: tenant.tid,
          // As a list of {limit, value}: the trail leaves out any key that reads like a secret,
          // and `api_tokens` does.
          before: QUOTA_LIMIT_KEYS.map((k) => ({ limit: QUOTA_LIMITS[k].label, value: before[k] })),
          after: QUOTA_LIMIT_KEYS.map((k) => ({ limit: QUOTA_LIMITS[k].label, value: limits[k] })),
          details:
            changes.length > 0
              ? `Changed the quota of ${tenant.name}: ${changes.join(', ')}.`
              : `Saved the quota of ${tenant.name} unchanged.`,
        });
      });
      return tenantQuotaOf(store, tenant);
    },
  );
};
