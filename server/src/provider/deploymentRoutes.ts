/**
 * The default deployment and the tenants' deployments (docs/provider-console.md §5: default deployment
 * `default_deployment`; tenant deployment bulk move `tids` and `deployment`). A tenant is on the
 * deployment it was last moved to, else on the default one. Reads need `deployments:*:read`,
 * writes `deployments:*:write` (operators only). A bulk move runs as a job (tenantMoveJobs.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DEFAULT_DEPLOYMENT_PATH,
  DefaultDeployment,
  TENANT_DEPLOYMENTS_PATH,
  TenantDeploymentList,
  TenantDeploymentMove,
  TenantMoveJob,
  unknownDeploymentMessage,
  unknownTenantsMessage,
} from '@workbench/common/api/contract/providerOps';
import { ApiHttpError, errorResponses } from '../http/errors';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { providerSessionOf } from '../http/guard';
import { moveJobReply } from './tenantMoveJobs';
import {
  DEFAULT_DEPLOYMENT_ID,
  PROVIDER_SETTINGS_ENTITY,
  defaultDeploymentOf,
  tenantDeploymentsOf,
} from './entityChecks';

const READ = { world: 'provider' as const, permission: 'deployments:*:read' };
/**
 * Which deployment each tenant is on is the tenant's own data (its summary shows it): support,
 * which reads tenants but not the deployments, reads it too (common's providerRoles.ts).
 */
export const TENANT_DEPLOYMENTS_READ = 'tenants:deployments:read';
const WRITE = 'deployments:*:write';

export const deploymentRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['provider entities'];
  const mustExist = async (deployment: string, field: string) => {
    if (!(await ctx.store.entities.get('deployments', deployment)))
      throw new ApiHttpError(400, unknownDeploymentMessage(deployment), field);
  };

  app.get(
    DEFAULT_DEPLOYMENT_PATH,
    {
      config: READ,
      schema: {
        tags,
        summary: 'The deployment new tenants are placed on',
        response: { 200: DefaultDeployment, ...errorResponses(401, 403) },
      },
    },
    async () => ({ default_deployment: await defaultDeploymentOf(ctx.store) }),
  );

  app.put(
    DEFAULT_DEPLOYMENT_PATH,
    {
      config: {
        world: 'provider',
        permission: WRITE,
        audit: {
          action: 'update',
          area: 'deployments',
          what: 'Changed the default deployment.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary: 'Sets the default deployment (an existing one)',
        body: DefaultDeployment,
        response: { 200: DefaultDeployment, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const next = request.body.default_deployment;
      await mustExist(next, 'default_deployment');
      const before = await defaultDeploymentOf(ctx.store);
      const at = ctx.now().toISOString();
      const record = {
        entity: PROVIDER_SETTINGS_ENTITY,
        id: DEFAULT_DEPLOYMENT_ID,
        data: { default_deployment: next },
        createdAt: at,
        updatedAt: at,
      };
      // The setting and its audit event commit together.
      await auditedChange(request, async (tx) => {
        if (!(await tx.entities.update(record))) await tx.entities.insert(record);
        noteAudit(request, {
          object: next,
          before: { default_deployment: before },
          after: { default_deployment: next },
          details: `Made ${next} the default deployment.`,
        });
      });
      return { default_deployment: next };
    },
  );

  app.get(
    TENANT_DEPLOYMENTS_PATH,
    {
      config: { world: 'provider', permission: TENANT_DEPLOYMENTS_READ },
      schema: {
        tags,
        summary: "Every tenant's deployment (the default deployment unless it was moved)",
        response: { 200: TenantDeploymentList, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const byTid = await tenantDeploymentsOf(ctx.store);
      const tenants = await ctx.store.tenants.list();
      return {
        tenant_deployments: tenants.map((t) => ({
          tid: t.tid,
          name: t.name,
          deployment: byTid.get(t.tid) ?? '',
        })),
        default_deployment: await defaultDeploymentOf(ctx.store),
      };
    },
  );

  app.post(
    TENANT_DEPLOYMENTS_PATH,
    {
      config: {
        world: 'provider',
        permission: WRITE,
        audit: {
          action: 'update',
          area: 'deployments',
          what: 'Moved tenants to a deployment.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          "Moves tenants (tids) to a deployment as a job (202: the job, polled at the jobs path; each tenant's result as it is moved)",
        body: TenantDeploymentMove,
        response: { 202: TenantMoveJob, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { tids, deployment } = request.body;
      await mustExist(deployment, 'deployment');
      const before = await tenantDeploymentsOf(ctx.store);
      const unknown = tids.filter((tid) => !before.has(tid));
      if (unknown.length > 0) throw new ApiHttpError(400, unknownTenantsMessage(unknown), 'tids');
      if (!ctx.jobs) throw new Error('The job runner is not started.');
      const jobs = ctx.jobs;
      const job = await auditedChange(request, async (tx) => {
        const started = await jobs.startMove(
          { tids, deployment, requestedBy: providerSessionOf(request).username },
          tx,
        );
        noteAudit(request, {
          object: deployment,
          before: Object.fromEntries(started.tids.map((tid) => [tid, before.get(tid)])),
          after: Object.fromEntries(started.tids.map((tid) => [tid, deployment])),
          details: `Started moving ${started.tids.length} tenant${started.tids.length === 1 ? '' : 's'} to the deployment ${deployment} (job ${started.id}).`,
        });
        return started;
      });
      return reply.code(202).send(moveJobReply(job));
    },
  );
};
