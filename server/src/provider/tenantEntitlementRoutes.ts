/**
 * What a tenant may use, in the provider console (docs/provider-console.md §3 Tenant, issue 14): its
 * capabilities (PATCH sets, DELETE removes, DryRun answers the changes only) and its SKUs.
 *
 * One of the tenant route plugins (app.ts registers each; their shared helpers are
 * tenantRouteKit.ts). Reads need `tenants:*:read` (operators and support), writes
 * `tenants:*:write` (operators only: support gets 403, a tenant session 401). Every write goes to
 * the provider's audit trail (config.audit).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  CapabilitiesDelete,
  CapabilitiesPatch,
  CapabilitiesReply,
  DryRunFlag,
  TenantSkus,
  UNKNOWN_SKU,
} from '@workbench/common/api/contract/providerTenants';
import { ApiHttpError, errorResponses } from '../http/errors';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { checkSkuCompatibility } from './entityChecks';
import { capabilityValidity } from './capabilityStateRoutes';
import {
  expiredCapabilities,
  firstObsolete,
  firstUnknown,
  UNKNOWN_CAPABILITY,
  obsoleteCapabilityMessage,
} from '@workbench/common/api/contract/providerCapabilityStates';
import { IdParams, capabilityChanges, tenantRouteKit } from './tenantRouteKit';

const SKUS_ENTITY = 'skus';

export const tenantEntitlementRoutes: FastifyPluginAsync = async (fastify) => {
  const { app, ctx, store, tags, read, write, item, tenantOr404, readDoc, writeDoc } =
    tenantRouteKit(fastify);

  // Capabilities: PATCH sets, DELETE removes; with DryRun both answer the changes and keep them.
  app.get(
    `${item}/capabilities`,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's capabilities",
        params: IdParams,
        response: { 200: CapabilitiesReply, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const expired = expiredCapabilities(await capabilityValidity(store, t.tid), ctx.now());
      return {
        capabilities: t.capabilities,
        changes: [],
        dry_run: false,
        expired: expired.filter((c) => Object.hasOwn(t.capabilities, c)),
      };
    },
  );
  const capabilityWrite = async (
    tid: string,
    dryRun: boolean,
    next: (current: Record<string, unknown>) => Record<string, unknown>,
    request: Parameters<typeof noteAudit>[0],
  ) =>
    // The capabilities and their audit event commit together (a dry run or no change writes none).
    auditedChange(request, async (tx) => {
      const t = await tenantOr404(tid, tx);
      const after = next(t.capabilities);
      const changes = capabilityChanges(t.capabilities, after);
      if (!dryRun && changes.length > 0) await tx.tenants.update(t.tid, { capabilities: after });
      noteAudit(request, {
        skip: dryRun || changes.length === 0,
        object: t.name,
        before: t.capabilities,
        after,
        details: `Changed capabilities of ${t.name}: ${changes.map((c) => c.capability).join(', ')}.`,
      });
      return { capabilities: dryRun ? t.capabilities : after, changes, dry_run: dryRun };
    });
  app.patch(
    `${item}/capabilities`,
    {
      config: write('update', "Changed a tenant's capabilities.", 'tenants', true),
      schema: {
        tags,
        summary:
          'Sets capabilities (merged with the others); ?DryRun=true answers the changes and makes none',
        params: IdParams,
        querystring: DryRunFlag,
        body: CapabilitiesPatch,
        response: { 200: CapabilitiesReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // A name the service does not know is refused, dry run or not: it would take no effect.
      const unknown = firstUnknown(Object.keys(request.body.capabilities));
      if (unknown) throw new ApiHttpError(400, UNKNOWN_CAPABILITY(unknown), `capabilities.${unknown}`);
      // Schema state obsolete: setting it is refused, dry run or not (providerCapabilityStates.ts).
      const obsolete = firstObsolete(Object.keys(request.body.capabilities));
      if (obsolete)
        throw new ApiHttpError(400, obsoleteCapabilityMessage(obsolete), `capabilities.${obsolete}`);
      return capabilityWrite(
        request.params.id,
        request.query.DryRun === true,
        (c) => ({ ...c, ...request.body.capabilities }),
        request,
      );
    },
  );
  app.delete(
    `${item}/capabilities`,
    {
      config: write('delete', "Removed a tenant's capabilities.", 'tenants', true),
      schema: {
        tags,
        summary: 'Removes capabilities; ?DryRun=true answers what would change and changes nothing',
        params: IdParams,
        querystring: DryRunFlag,
        body: CapabilitiesDelete,
        response: { 200: CapabilitiesReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      capabilityWrite(
        request.params.id,
        request.query.DryRun === true,
        (c) => Object.fromEntries(Object.entries(c).filter(([k]) => !request.body.capabilities.includes(k))),
        request,
      ),
  );

  // SKUs: each must exist; two incompatible SKUs are refused with 409 naming both.
  app.get(
    `${item}/skus`,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's SKUs",
        params: IdParams,
        response: { 200: TenantSkus, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await tenantOr404(request.params.id);
      return readDoc(request.params.id, 'skus', { sku_ids: [] as string[] });
    },
  );
  app.put(
    `${item}/skus`,
    {
      config: write('update', "Changed a tenant's SKUs.", 'skus', true),
      schema: {
        tags,
        summary: "Sets the tenant's SKUs (400 for an unknown SKU, 409 naming two incompatible ones)",
        params: IdParams,
        body: TenantSkus,
        response: { 200: TenantSkus, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const ids = request.body.sku_ids;
      return auditedChange(request, async (tx) => {
        const t = await tenantOr404(request.params.id, tx);
        for (const id of ids)
          if (!(await tx.entities.get(SKUS_ENTITY, id)))
            throw new ApiHttpError(400, UNKNOWN_SKU(id), 'sku_ids');
        await checkSkuCompatibility(tx, ids, 'sku_ids');
        const before = await readDoc(t.tid, 'skus', { sku_ids: [] as string[] }, tx);
        await writeDoc(t.tid, 'skus', { sku_ids: ids }, tx);
        noteAudit(request, {
          object: t.name,
          before,
          after: { sku_ids: ids },
          details: `Set the SKUs of ${t.name}: ${ids.join(', ') || 'none'}.`,
        });
        return { sku_ids: ids };
      });
    },
  );
};
