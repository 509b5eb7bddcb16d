/**
 * Node state and node actions of pods, and the jobs the actions run (docs/provider-console.md §5 pod
 * configuration, nodes per pod, node state; docs/http-client.md §7 node actions and job polling; Enumerations node
 * action, operation state). Reads need `pods:*:read` (operators and support), actions
 * `pods:*:write` (operators only). Jobs progress in the background (jobRunner.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  JOBS_PATH,
  Job,
  JobList,
  JobListQuery,
  NO_SUCH_JOB_MSG,
  NodeActionBody,
  PodNodes,
  TenantMoveJob,
  nodeActionAllowed,
  nodeActionRefusedMessage,
  nodeBusyMessage,
  noSuchNodeMessage,
} from '@workbench/common/api/contract/providerOps';
import {
  entityNotFoundMessage,
  PROVIDER_ENTITY_REGISTRY,
} from '@workbench/common/api/contract/providerEntities';
import { ApiHttpError, errorResponses } from '../http/errors';
import { providerSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { JOB_ENTITY, jobReply, type JobRunner, type StoredJob } from './jobRunner';
import { moveJobReply } from './tenantMoveJobs';

const READ = { world: 'provider' as const, permission: 'pods:*:read' };
const PODS = PROVIDER_ENTITY_REGISTRY.pods.path;
const PodParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const NodeParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  node: Type.String({ minLength: 1, maxLength: 64 }),
});
const JobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export function podRoutes(jobs: JobRunner): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const tags = ['provider entities'];
    const podNodes = async (id: string): Promise<string[]> => {
      const pod = await ctx.store.entities.get('pods', id);
      if (!pod) throw new ApiHttpError(404, entityNotFoundMessage(PROVIDER_ENTITY_REGISTRY.pods));
      return pod.data.nodes as string[];
    };

    app.get(
      `${PODS}/:id/nodes`,
      {
        config: READ,
        schema: {
          tags,
          summary: "A pod's nodes with their state and the operation state of their last action",
          params: PodParams,
          response: { 200: PodNodes, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const nodes = await podNodes(request.params.id);
        return {
          pod_id: request.params.id,
          nodes: await Promise.all(nodes.map((n) => jobs.nodeStatus(request.params.id, n))),
        };
      },
    );

    app.post(
      `${PODS}/:id/nodes/:node/actions`,
      {
        config: {
          world: 'provider',
          permission: 'pods:*:write',
          audit: { action: 'update', area: 'pods', what: 'Started a node action.', inTransaction: true },
        },
        schema: {
          tags,
          summary:
            'Starts a node action (thaw, freeze, restart, diagnostics) as a job; 409 while one runs or when the node state does not take it',
          params: NodeParams,
          body: NodeActionBody,
          response: { 202: Job, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { id, node } = request.params;
        if (!(await podNodes(id)).includes(node)) throw new ApiHttpError(404, noSuchNodeMessage(id, node));
        const busy = await jobs.busyJob(id, node);
        if (busy) throw new ApiHttpError(409, nodeBusyMessage(node, busy));
        // The one table of node state × action (providerOps NODE_STATE_ACTIONS) decides, as in the console.
        const { state } = await jobs.nodeStatus(id, node);
        if (!nodeActionAllowed(state, request.body.action))
          throw new ApiHttpError(409, nodeActionRefusedMessage(node, state, request.body.action), 'action');
        const job = await auditedChange(request, async (tx) => {
          const started = await jobs.start(
            request.body.action,
            id,
            node,
            providerSessionOf(request).username,
            tx,
          );
          noteAudit(request, {
            object: `${id}/${node}`,
            after: jobReply(started),
            details: `Started ${request.body.action} of the node ${node} in the pod ${id} (job ${started.id}).`,
          });
          return started;
        });
        return reply.code(202).send(jobReply(job));
      },
    );

    app.get(
      JOBS_PATH,
      {
        config: READ,
        schema: {
          tags,
          summary:
            'Node-action jobs, newest first (limit, offset; pod_id narrows to one pod, node to one of its nodes)',
          querystring: JobListQuery,
          response: { 200: JobList, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { limit = 25, offset = 0, pod_id, node } = request.query;
        if (node !== undefined && !pod_id)
          throw new ApiHttpError(400, 'A node is named with its pod: give pod_id too.', 'pod_id');
        const page = await ctx.store.entities.list(JOB_ENTITY, {
          limit: pod_id ? 10_000 : limit,
          offset: pod_id ? 0 : offset,
          sort: 'created_at',
          order: 'desc',
          q: pod_id,
          searchFields: ['pod_id'],
        });
        if (!pod_id)
          return {
            jobs: page.records.map((r) => jobReply(r.data as unknown as StoredJob)),
            total: page.total,
          };
        // The search is a substring match: keep the pod's own jobs only, then page.
        const own = page.records.filter(
          (r) => r.data.pod_id === pod_id && (node === undefined || r.data.node === node),
        );
        return {
          jobs: own.slice(offset, offset + limit).map((r) => jobReply(r.data as unknown as StoredJob)),
          total: own.length,
        };
      },
    );

    app.get(
      `${JOBS_PATH}/:id`,
      {
        config: READ,
        schema: {
          tags,
          summary:
            'One job (a node action, or a bulk move of tenants): status pending, started, finished (success) or failed (with its reason)',
          params: JobParams,
          response: { 200: Type.Union([Job, TenantMoveJob]), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const job = await jobs.getJob(request.params.id);
        if (job) return jobReply(job);
        const move = await jobs.getMove(request.params.id);
        if (!move) throw new ApiHttpError(404, NO_SUCH_JOB_MSG);
        return moveJobReply(move);
      },
    );
  };
}
