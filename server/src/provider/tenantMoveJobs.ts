/**
 * Bulk moves of tenants to a deployment as jobs (docs/provider-console.md §15): the POST checks the
 * request (400s) and stores a job; the job runner (jobRunner.ts) moves it on: pending for one step,
 * then started, moving up to MOVE_TENANTS_PER_STEP tenants a step and adding each one's result,
 * then finished (all moved) or failed (any not: a tenant deleted, or the deployment deleted, while
 * the job waited). A job in flight when its server stopped ends failed with the interrupted
 * reason; the tenants it had moved stay moved (its results say which).
 *
 * The jobs are rows of their own entity, beside the node-action jobs (one poll path answers both,
 * podRoutes.ts), and each transition is a compare-and-set on the row's updated_at, as a node job's.
 */
import crypto from 'node:crypto';
import {
  JOB_INTERRUPTED_REASON,
  TENANT_MOVE_ACTION,
  tenantsNotMovedReason,
  unknownDeploymentMessage,
  unknownTenantsMessage,
  type TenantMoveJob,
  type TenantMoveResult,
} from '@workbench/common/api/contract/providerOps';
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';
import { updatedAtAfter } from '../store/repositories/entities';
import { TENANT_DEPLOYMENT_ENTITY, tenantDeploymentsOf } from './entityChecks';

export const MOVE_JOB_ENTITY = 'tenant_move_jobs';
/** How many tenants one step of a move job moves. */
export const MOVE_TENANTS_PER_STEP = 10;

export interface StoredMoveJob extends TenantMoveJob {
  due_at: number;
}

export const moveJobReply = (job: StoredMoveJob): TenantMoveJob => {
  const { due_at: _due, ...reply } = job;
  return reply;
};

async function putMoveJob(
  store: ConfigStore,
  job: StoredMoveJob,
  now: Date,
  options: { insert?: boolean; expectedUpdatedAt?: string } = {},
): Promise<boolean> {
  const record: EntityRecord = {
    entity: MOVE_JOB_ENTITY,
    id: job.id,
    data: job as unknown as Record<string, unknown>,
    createdAt: job.created_at,
    updatedAt: updatedAtAfter(now, options.expectedUpdatedAt),
  };
  if (options.insert) return store.entities.insert(record);
  return store.entities.update(record, options.expectedUpdatedAt);
}

export async function getMoveJob(store: ConfigStore, id: string): Promise<StoredMoveJob | null> {
  const r = await store.entities.get(MOVE_JOB_ENTITY, id);
  return r ? (r.data as unknown as StoredMoveJob) : null;
}

export async function startMoveJob(
  store: ConfigStore,
  now: Date,
  stepMs: number,
  move: { tids: string[]; deployment: string; requestedBy: string },
): Promise<StoredMoveJob> {
  const job: StoredMoveJob = {
    id: crypto.randomUUID(),
    status: 'pending',
    action: TENANT_MOVE_ACTION,
    deployment: move.deployment,
    // Each tenant once, in the order given.
    tids: [...new Set(move.tids)],
    results: [],
    requested_by: move.requestedBy,
    created_at: now.toISOString(),
    due_at: now.getTime() + stepMs,
  };
  await putMoveJob(store, job, now, { insert: true });
  return job;
}

/** Move jobs pending or started, each with its row's updated_at (the token of its next claim). */
export async function movesInFlight(
  store: ConfigStore,
): Promise<{ job: StoredMoveJob; updatedAt: string }[]> {
  const page = await store.entities.list(MOVE_JOB_ENTITY, {
    limit: 10_000,
    offset: 0,
    sort: 'created_at',
    order: 'asc',
    searchFields: [],
  });
  return page.records
    .filter((r) => r.data.status === 'pending' || r.data.status === 'started')
    .map((r) => ({ job: r.data as unknown as StoredMoveJob, updatedAt: r.updatedAt }));
}

/** One transition of a move job in `tx`; false when another server moved it first. */
export async function advanceMoveJob(
  tx: ConfigStore,
  job: StoredMoveJob,
  updatedAt: string,
  at: Date,
  stepMs: number,
): Promise<boolean> {
  const iso = at.toISOString();
  if (job.status === 'pending') {
    const next: StoredMoveJob = { ...job, status: 'started', started_at: iso, due_at: at.getTime() + stepMs };
    return putMoveJob(tx, next, at, { expectedUpdatedAt: updatedAt });
  }
  const todo = job.tids.slice(job.results.length, job.results.length + MOVE_TENANTS_PER_STEP);
  const before = await tenantDeploymentsOf(tx);
  const names = new Map((await tx.tenants.list()).map((t) => [t.tid, t.name]));
  const deploymentThere = (await tx.entities.get('deployments', job.deployment)) !== null;
  const results: TenantMoveResult[] = [];
  for (const tid of todo) {
    const from = before.get(tid) ?? '';
    const name = names.get(tid) ?? tid;
    if (!names.has(tid)) {
      results.push({ tid, name, from, status: 'failed', reason: unknownTenantsMessage([tid]) });
      continue;
    }
    if (!deploymentThere) {
      results.push({ tid, name, from, status: 'failed', reason: unknownDeploymentMessage(job.deployment) });
      continue;
    }
    const record: EntityRecord = {
      entity: TENANT_DEPLOYMENT_ENTITY,
      id: tid,
      data: { tid, deployment: job.deployment },
      createdAt: iso,
      updatedAt: iso,
    };
    if (!(await tx.entities.update(record))) await tx.entities.insert(record);
    results.push({ tid, name, from, status: 'moved' });
  }
  const all = [...job.results, ...results];
  const failed = all.filter((r) => r.status === 'failed').length;
  const done = all.length >= job.tids.length;
  const next: StoredMoveJob = done
    ? {
        ...job,
        results: all,
        status: failed > 0 ? 'failed' : 'finished',
        ...(failed > 0 ? { reason: tenantsNotMovedReason(failed, job.tids.length) } : {}),
        ended_at: iso,
      }
    : { ...job, results: all, due_at: at.getTime() + stepMs };
  return putMoveJob(tx, next, at, { expectedUpdatedAt: updatedAt });
}

/** Ends failed a move job a previous server left in flight (its moved tenants stay moved). */
export async function failMoveJob(
  tx: ConfigStore,
  job: StoredMoveJob,
  updatedAt: string,
  at: Date,
): Promise<boolean> {
  const ended: StoredMoveJob = {
    ...job,
    status: 'failed',
    reason: JOB_INTERRUPTED_REASON,
    ended_at: at.toISOString(),
  };
  return putMoveJob(tx, ended, at, { expectedUpdatedAt: updatedAt });
}
