/**
 * Report regions (docs/provider-console.md §14). A tenant's report region is the region whose
 * servers make its scheduled reports (reports/reportFilesPlugin.ts: a server started with a region
 * runs only the schedules of the tenants of its region). The regions are the deployments'; a
 * tenant without its own has its deployment's region. Support reads; operators change it, first
 * as a dry run (what would move, nothing written, no audit event), then for real (audited).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  REPORT_REGIONS_PATH,
  REPORT_REGIONS_READ,
  REPORT_REGIONS_WRITE,
  ReportRegionChange,
  ReportRegionChangeBody,
  ReportRegionList,
  TenantReportRegion,
  tenantReportRegionRoute,
  unknownRegionMessage,
} from '@workbench/common/api/contract/providerReportRegions';
import { ApiHttpError, errorResponses } from '../http/errors';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import type { ConfigStore } from '../store/ConfigStore';
import { defaultDeploymentOf, tenantDeploymentsOf } from './entityChecks';

/** The store's entity of the report regions set per tenant (id: the tenant's id). */
export const TENANT_REPORT_REGION_ENTITY = 'tenant_report_regions';

const ALL = { limit: 10_000, offset: 0, order: 'asc' as const, searchFields: [] };

/** Each deployment's region, by deployment id. */
async function deploymentRegions(store: ConfigStore): Promise<Map<string, string>> {
  const { records } = await store.entities.list('deployments', { ...ALL, sort: 'deployment_id' });
  return new Map(records.map((r) => [r.id, String(r.data.region)]));
}

/**
 * Every tenant's report region and where it comes from. A tenant whose deployment is gone has the
 * default deployment's region; with no deployment stored at all, the region is '' (made only by
 * servers without a region).
 */
export async function reportRegionsOf(store: ConfigStore): Promise<TenantReportRegion[]> {
  const regions = await deploymentRegions(store);
  const deployments = await tenantDeploymentsOf(store);
  const defaultRegion = regions.get(await defaultDeploymentOf(store)) ?? '';
  const { records } = await store.entities.list(TENANT_REPORT_REGION_ENTITY, { ...ALL, sort: 'tid' });
  const set = new Map(records.map((r) => [r.id, String(r.data.report_region)]));
  return (await store.tenants.list()).map((t) => {
    const deployment = deployments.get(t.tid) ?? '';
    const own = set.get(t.tid);
    const ofDeployment = regions.get(deployment);
    return {
      tid: t.tid,
      name: t.name,
      deployment,
      ...(own !== undefined
        ? { report_region: own, source: 'tenant' as const }
        : ofDeployment !== undefined
          ? { report_region: ofDeployment, source: 'deployment' as const }
          : { report_region: defaultRegion, source: 'default' as const }),
    };
  });
}

/** One tenant's report region, or null when there is no such tenant. */
export async function reportRegionOf(store: ConfigStore, tid: string): Promise<TenantReportRegion | null> {
  return (await reportRegionsOf(store)).find((t) => t.tid === tid) ?? null;
}

const TenantParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const reportRegionRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['provider'];

  app.get(
    REPORT_REGIONS_PATH,
    {
      config: { world: 'provider', permission: REPORT_REGIONS_READ },
      schema: {
        tags,
        summary: "The regions (the deployments') and every tenant's report region",
        response: { 200: ReportRegionList, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const byRegion = new Map<string, string[]>();
      for (const [deployment, region] of await deploymentRegions(ctx.store))
        byRegion.set(region, [...(byRegion.get(region) ?? []), deployment]);
      return {
        regions: [...byRegion]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([region, deployments]) => ({ region, deployments })),
        tenants: await reportRegionsOf(ctx.store),
      };
    },
  );

  app.get(
    tenantReportRegionRoute,
    {
      config: { world: 'provider', permission: REPORT_REGIONS_READ },
      schema: {
        tags,
        summary: "A tenant's report region and where it comes from",
        params: TenantParams,
        response: { 200: TenantReportRegion, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const found = await reportRegionOf(ctx.store, request.params.id);
      if (!found) throw new ApiHttpError(404, `No tenant ${request.params.id}.`, 'id');
      return found;
    },
  );

  app.put(
    tenantReportRegionRoute,
    {
      config: {
        world: 'provider',
        permission: REPORT_REGIONS_WRITE,
        audit: {
          action: 'update',
          area: 'report_regions',
          what: "Changed a tenant's report region.",
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          "Sets a tenant's report region (one of the deployments' regions); dry_run answers what would move and writes nothing",
        params: TenantParams,
        body: ReportRegionChangeBody,
        response: { 200: ReportRegionChange, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { report_region: to, dry_run: dryRun = false } = request.body;
      const current = await reportRegionOf(ctx.store, id);
      if (!current) throw new ApiHttpError(404, `No tenant ${id}.`, 'id');
      const regions = [...new Set((await deploymentRegions(ctx.store)).values())].sort();
      if (!regions.includes(to))
        throw new ApiHttpError(400, unknownRegionMessage(to, regions), 'report_region');
      const from = current.report_region;
      const changed = from !== to;
      const schedules = await ctx.store.scheduledReports.list(id);
      const change = {
        tid: id,
        dry_run: dryRun,
        from,
        to,
        changed,
        scheduled_reports: changed
          ? schedules.map((s) => ({
              id: s.id,
              name: s.name,
              enabled: s.enabled,
              next_run_at: s.nextRunAt === null ? null : new Date(s.nextRunAt).toISOString(),
            }))
          : [],
        past_reports: (await ctx.store.pastReports.list(id)).length,
      };
      // Set for the tenant even when it equals the deployment's region: a later move of the
      // tenant's deployment then leaves its reports where the operator put them.
      const writes = !dryRun && (changed || current.source !== 'tenant');
      // The region and its audit event commit together (a dry run writes neither).
      await auditedChange(request, async (tx) => {
        if (writes) {
          const at = ctx.now().toISOString();
          const record = {
            entity: TENANT_REPORT_REGION_ENTITY,
            id,
            data: { tid: id, report_region: to },
            createdAt: at,
            updatedAt: at,
          };
          if (!(await tx.entities.update(record))) await tx.entities.insert(record);
        }
        noteAudit(request, {
          skip: !writes,
          object: current.name,
          tenant: id,
          before: { report_region: from, source: current.source },
          after: { report_region: to, source: 'tenant' },
          details: `Moved the reports of ${current.name} from the region ${from || '(none)'} to ${to} (${change.scheduled_reports.length} scheduled report${change.scheduled_reports.length === 1 ? '' : 's'}).`,
        });
      });
      return change;
    },
  );
};
