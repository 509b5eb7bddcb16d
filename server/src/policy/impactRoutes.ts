/**
 * The impact preview's routes (docs/policy-impact.md): POST starts a preview of the staged revision
 * against the published one over the last 1, 7 or 30 days and answers its job; GET answers the job
 * with its progress and, once finished, its result (the client polls it as any job). A job is a row
 * of the config store, so any replica answers it; the replica that started it runs it in the
 * background and writes its progress after every batch of events.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ImpactJob,
  ImpactJobParams,
  ImpactRequest,
  POLICY_IMPACT_PATHS,
} from '@workbench/common/api/contract/policyImpact';
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';
import type { EventStore } from '../events/eventStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { currentRevision } from './revisionStaging';
import { categoryDecisionNames, categoryVersionAt, webPolicyAt } from './webDeciders';
import { replayImpact, type ImpactSide } from './policyImpact';

/** The config store's entity of impact jobs. */
export const IMPACT_JOB_ENTITY = 'policy_impact_jobs';
export const IMPACT_JOB_NOT_FOUND_MSG = 'No such impact preview.';
const DAY_MS = 86_400_000;
/**
 * A started job whose row has not moved for this long was left by a server that stopped (killed,
 * or restarted): the server that runs a job writes its progress after every batch, far more often.
 */
export const IMPACT_JOB_STALE_MS = 120_000;
export const IMPACT_JOB_INTERRUPTED_REASON =
  'The server running this impact preview stopped before it finished: start the preview again.';

/** A job as stored: the reply and its tenant. */
type StoredImpactJob = ImpactJob & { tid: string };

const replyOf = ({ tid: _tid, ...job }: StoredImpactJob): ImpactJob => job;

/** A revision's side of the replay. */
export async function impactSideAt(store: ConfigStore, tid: string, rev: number): Promise<ImpactSide> {
  const categoryVersion = await categoryVersionAt(store, tid, rev);
  return {
    policy: await webPolicyAt(store, tid, rev),
    categoryVersion,
    names: categoryDecisionNames(categoryVersion),
  };
}

/** Runs a stored job to its end, writing its progress and its outcome to its row. */
async function runImpactJob(
  store: ConfigStore,
  events: EventStore,
  now: () => Date,
  job: StoredImpactJob,
): Promise<void> {
  let row = job;
  const write = async (next: StoredImpactJob) => {
    const record: EntityRecord = {
      entity: IMPACT_JOB_ENTITY,
      id: next.id,
      data: next as unknown as Record<string, unknown>,
      createdAt: '',
      updatedAt: now().toISOString(),
    };
    await store.entities.update(record);
    row = next;
  };
  try {
    const result = await replayImpact({
      events,
      tid: job.tid,
      start: job.start,
      end: job.end,
      published: await impactSideAt(store, job.tid, job.rev_id),
      staged: await impactSideAt(store, job.tid, job.staged_rev_id),
      onProgress: (scanned, total) => write({ ...row, progress: { scanned, total } }),
    });
    await write({ ...row, status: 'finished', result });
  } catch (error) {
    await write({
      ...row,
      status: 'failed',
      reason: `The impact preview failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

export const impactRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['policy'];
  // Jobs this server runs, by id: a close waits for them (their last write goes to an open store).
  const running = new Map<string, Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(running.values());
  });

  app.post(
    POLICY_IMPACT_PATHS.start,
    {
      config: {
        world: 'tenant',
        permission: 'web_policy:*:read',
        audit: { exempt: 'a preview of what a publish would decide; changes no setting or policy' },
      },
      schema: {
        tags,
        summary:
          "Starts replaying the last days' web events through the published and the staged web policy; answers the job",
        body: ImpactRequest,
        response: { 200: ImpactJob, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const events = ctx.events;
      if (!events) throw new ApiHttpError(404, 'This server keeps no events to replay.');
      const current = await currentRevision(ctx.store, s.tid);
      const at = ctx.now();
      const end = at.getTime();
      const job: StoredImpactJob = {
        id: crypto.randomUUID(),
        tid: s.tid,
        status: 'started',
        reason: null,
        days: request.body.days,
        rev_id: current.revId,
        staged_rev_id: current.stagedRevId,
        start: end - request.body.days * DAY_MS,
        end,
        progress: { scanned: 0, total: 0 },
        result: null,
      };
      await ctx.store.entities.insert({
        entity: IMPACT_JOB_ENTITY,
        id: job.id,
        data: job as unknown as Record<string, unknown>,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      });
      const run = runImpactJob(ctx.store, events, ctx.now, job).catch((error: unknown) =>
        app.log.error({ err: error }, 'writing an impact preview failed'),
      );
      running.set(job.id, run);
      void run.finally(() => running.delete(job.id));
      return replyOf(job);
    },
  );

  app.get(
    POLICY_IMPACT_PATHS.job(':id'),
    {
      config: { world: 'tenant', permission: 'web_policy:*:read' },
      schema: {
        tags,
        summary: 'An impact preview: its progress and, when finished, what the publish would change',
        params: ImpactJobParams,
        response: { 200: ImpactJob, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const row = await ctx.store.entities.get(IMPACT_JOB_ENTITY, request.params.id);
      const job = row?.data as unknown as StoredImpactJob | undefined;
      // Another tenant's job is as absent as one that never was.
      if (!job || job.tid !== s.tid) throw new ApiHttpError(404, IMPACT_JOB_NOT_FOUND_MSG, 'id');
      // Left started by a server that stopped: failed, with why, rather than polled for ever. (A
      // replica still running it would write its next progress or its end over this.)
      const at = ctx.now();
      if (
        job.status === 'started' &&
        !running.has(job.id) &&
        at.getTime() - Date.parse(row!.updatedAt) > IMPACT_JOB_STALE_MS
      ) {
        const failed: StoredImpactJob = { ...job, status: 'failed', reason: IMPACT_JOB_INTERRUPTED_REASON };
        await ctx.store.entities.update({
          ...row!,
          data: failed as unknown as Record<string, unknown>,
          updatedAt: at.toISOString(),
        });
        return replyOf(failed);
      }
      return replyOf(job);
    },
  );
};
