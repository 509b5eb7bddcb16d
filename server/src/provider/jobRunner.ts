/**
 * Node-action jobs (docs/provider-console.md §5: node actions are a diagnostics request or a state change;
 * job polling reads `finished` as success and `failed` with its reason as an error). A job is a
 * row of the config store (`jobs`), so it is there after a restart; the node it acts on keeps
 * its state and its last action's operation state (Enumerations) in `pod_nodes`.
 *
 * Progress: a job waits (pending) one step, runs (started) for its action's steps, then ends
 * finished or failed. Each job stores when its next transition is due; a tick moves every job
 * whose time has come, reading the injected clock (tests move a TestClock and call tick(); the
 * running server ticks on a short timer). A node whose name says it is faulty fails every state
 * change (the demo's deterministic failure); diagnostics on it finish and report the fault.
 *
 * Restarts: a job that was pending or started when its server stopped cannot be resumed honestly
 * (the work it stood for is gone), so the first thing a server does is end such jobs failed with
 * JOB_INTERRUPTED_REASON and put their nodes back as they were (SQLite: one server per store).
 *
 * Several servers on one store (PostgreSQL): each transition is claimed with a compare-and-set
 * on the job row's updated_at inside the transaction that writes it (the store's entities.update),
 * so of two servers ticking at once exactly one moves a job, and the other skips it. Any server
 * moves any job, so a server that restarts interrupts nothing and the sweep above is not run.
 */
import crypto from 'node:crypto';
import {
  JOB_INTERRUPTED_REASON,
  NODE_STATE_DURING,
  type Job,
  type JobStatus,
  type NodeAction,
  type NodeState,
  type NodeStatus,
  type OperationState,
} from '@workbench/common/api/contract/providerOps';
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';
import { updatedAtAfter } from '../store/repositories/entities';
import {
  advanceMoveJob,
  failMoveJob,
  getMoveJob,
  movesInFlight,
  startMoveJob,
  type StoredMoveJob,
} from './tenantMoveJobs';

export const JOB_ENTITY = 'jobs';
export const NODE_ENTITY = 'pod_nodes';
/** One step of a job: pending lasts one, each action its steps after it starts. */
export const JOB_STEP_MS = 1000;
export const ACTION_STEPS: Record<NodeAction, number> = { thaw: 2, freeze: 2, restart: 4, diagnostics: 3 };
/** The demo's way to fail: a node whose name contains this. */
export const FAULTY_NODE_MARK = 'faulty';

/** A job as stored: the reply's fields, when its next transition is due, and the node's state before. */
export interface StoredJob extends Job {
  due_at: number;
  state_before: NodeState;
}

const nodeId = (pod: string, node: string) => `${pod}/${node}`;
const IN_FLIGHT: readonly JobStatus[] = ['pending', 'started'];

export const jobReply = (job: StoredJob): Job => {
  const { due_at: _due, state_before: _before, ...reply } = job;
  return reply;
};

export function failureReasonOf(action: NodeAction, node: string): string | null {
  if (!node.includes(FAULTY_NODE_MARK) || action === 'diagnostics') return null;
  return action === 'restart'
    ? `The node ${node} did not report healthy within the restart window.`
    : `The node ${node} did not acknowledge the ${action} request.`;
}

const stateAfter = (action: NodeAction, before: NodeState): NodeState =>
  action === 'freeze' ? 'frozen' : action === 'thaw' || action === 'restart' ? 'active' : before;

export interface JobRunnerOptions {
  store: ConfigStore;
  now: () => Date;
  stepMs?: number;
  onError?: (error: unknown) => void;
}

export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private readonly stepMs: number;

  constructor(private readonly options: JobRunnerOptions) {
    this.stepMs = options.stepMs ?? JOB_STEP_MS;
  }

  private get store() {
    return this.options.store;
  }

  async nodeStatus(pod: string, node: string, store: ConfigStore = this.store): Promise<NodeStatus> {
    const r = await store.entities.get(NODE_ENTITY, nodeId(pod, node));
    return r ? (r.data as unknown as NodeStatus) : { node, state: 'active' };
  }

  private async putNode(pod: string, status: NodeStatus, store: ConfigStore = this.store): Promise<void> {
    const at = this.options.now().toISOString();
    const record: EntityRecord = {
      entity: NODE_ENTITY,
      id: nodeId(pod, status.node),
      data: { ...status, updated_at: at },
      createdAt: at,
      updatedAt: at,
    };
    if (!(await store.entities.update(record))) await store.entities.insert(record);
  }

  /**
   * Writes the job; answers false (and writes nothing) when `expectedUpdatedAt` is given and the
   * row changed since (another server moved the job first).
   */
  private async putJob(
    job: StoredJob,
    options: { insert?: boolean; expectedUpdatedAt?: string; store?: ConfigStore } = {},
  ): Promise<boolean> {
    const store = options.store ?? this.store;
    // The claim token must change with every write, even when the clock has not moved.
    const at = updatedAtAfter(this.options.now(), options.expectedUpdatedAt);
    const record: EntityRecord = {
      entity: JOB_ENTITY,
      id: job.id,
      data: job as unknown as Record<string, unknown>,
      createdAt: job.created_at,
      updatedAt: at,
    };
    if (options.insert) return store.entities.insert(record);
    return store.entities.update(record, options.expectedUpdatedAt);
  }

  async getJob(id: string): Promise<StoredJob | null> {
    const r = await this.store.entities.get(JOB_ENTITY, id);
    return r ? (r.data as unknown as StoredJob) : null;
  }

  /** The job in flight on a node, if any (one action at a time per node). */
  async busyJob(pod: string, node: string): Promise<string | null> {
    const status = await this.nodeStatus(pod, node);
    if (!status.job_id) return null;
    const job = await this.getJob(status.job_id);
    return job && IN_FLIGHT.includes(job.status) ? job.id : null;
  }

  /** Records a new job (pending) and the node's operation state. */
  /** Records a pending job and its node's state, in `store`'s transaction when it is one. */
  async start(
    action: NodeAction,
    pod: string,
    node: string,
    requestedBy: string,
    store: ConfigStore = this.store,
  ): Promise<StoredJob> {
    const now = this.options.now();
    const before = await this.nodeStatus(pod, node, store);
    const job: StoredJob = {
      id: crypto.randomUUID(),
      status: 'pending',
      action,
      pod_id: pod,
      node,
      requested_by: requestedBy,
      created_at: now.toISOString(),
      due_at: now.getTime() + this.stepMs,
      state_before: before.state,
    };
    await store.transaction(async (tx) => {
      await this.putJob(job, { insert: true, store: tx });
      // The node shows the change it is going through from the moment the job is accepted.
      await this.putNode(
        pod,
        {
          ...before,
          state: NODE_STATE_DURING[action] ?? before.state,
          last_action: action,
          operation_state: 'pending',
          job_id: job.id,
        },
        tx,
      );
    });
    return job;
  }

  /** Writes a job as given (the demo's history), with its node's state. */
  async record(job: StoredJob, nodeState: NodeState): Promise<void> {
    await this.putJob(job, { insert: true });
    await this.putNode(job.pod_id, {
      node: job.node,
      state: nodeState,
      last_action: job.action,
      operation_state: operationStateOf(job.status),
      job_id: job.id,
    });
  }

  /** Jobs pending or started, each with its row's updated_at (the token of its next claim). */
  private async inFlight(): Promise<{ job: StoredJob; updatedAt: string }[]> {
    const jobs: { job: StoredJob; updatedAt: string }[] = [];
    for (const status of IN_FLIGHT) {
      const page = await this.store.entities.list(JOB_ENTITY, {
        limit: 10_000,
        offset: 0,
        sort: 'created_at',
        order: 'asc',
        q: status,
        searchFields: ['status'],
      });
      for (const r of page.records)
        if (r.data.status === status)
          jobs.push({ job: r.data as unknown as StoredJob, updatedAt: r.updatedAt });
    }
    return jobs;
  }

  /**
   * Moves a job one transition on and its node with it, in the store `tx` (a transaction); false
   * when the job's row is no longer as read (updated_at), i.e. another server moved it.
   */
  private async advance(tx: ConfigStore, job: StoredJob, updatedAt: string, at: Date): Promise<boolean> {
    const iso = at.toISOString();
    const node = await this.nodeStatus(job.pod_id, job.node, tx);
    if (job.status === 'pending') {
      const next: StoredJob = {
        ...job,
        status: 'started',
        started_at: iso,
        due_at: at.getTime() + ACTION_STEPS[job.action] * this.stepMs,
      };
      if (!(await this.putJob(next, { expectedUpdatedAt: updatedAt, store: tx }))) return false;
      await this.putNode(
        job.pod_id,
        { ...node, state: NODE_STATE_DURING[job.action] ?? job.state_before, operation_state: 'started' },
        tx,
      );
      return true;
    }
    const reason = failureReasonOf(job.action, job.node);
    const ended: StoredJob = reason
      ? { ...job, status: 'failed', reason, ended_at: iso }
      : {
          ...job,
          status: 'finished',
          ended_at: iso,
          ...(job.action === 'diagnostics' ? { result: diagnosticsOf(job.node) } : {}),
        };
    if (!(await this.putJob(ended, { expectedUpdatedAt: updatedAt, store: tx }))) return false;
    await this.putNode(
      job.pod_id,
      {
        ...node,
        state: reason ? job.state_before : stateAfter(job.action, job.state_before),
        operation_state: reason ? 'failed' : 'completed',
      },
      tx,
    );
    return true;
  }

  /** A bulk move of tenants to a deployment, as a job (tenantMoveJobs.ts). */
  startMove(
    move: { tids: string[]; deployment: string; requestedBy: string },
    store: ConfigStore = this.store,
  ): Promise<StoredMoveJob> {
    return startMoveJob(store, this.options.now(), this.stepMs, move);
  }

  getMove(id: string): Promise<StoredMoveJob | null> {
    return getMoveJob(this.store, id);
  }

  /** Moves every job whose next transition is due (node actions and tenant moves); answers how many moved. */
  async tick(): Promise<number> {
    const at = this.options.now();
    let moved = 0;
    for (const { job, updatedAt } of await this.inFlight()) {
      if (job.due_at > at.getTime()) continue;
      if (await this.store.transaction((tx) => this.advance(tx, job, updatedAt, at))) moved += 1;
    }
    for (const { job, updatedAt } of await movesInFlight(this.store)) {
      if (job.due_at > at.getTime()) continue;
      if (await this.store.transaction((tx) => advanceMoveJob(tx, job, updatedAt, at, this.stepMs)))
        moved += 1;
    }
    return moved;
  }

  /** Ends failed every job a previous server left in flight; answers their ids. */
  async failInterrupted(): Promise<string[]> {
    const iso = this.options.now().toISOString();
    const ids: string[] = [];
    for (const { job, updatedAt } of await this.inFlight()) {
      const failed = await this.store.transaction(async (tx) => {
        const ended: StoredJob = { ...job, status: 'failed', reason: JOB_INTERRUPTED_REASON, ended_at: iso };
        if (!(await this.putJob(ended, { expectedUpdatedAt: updatedAt, store: tx }))) return false;
        const node = await this.nodeStatus(job.pod_id, job.node, tx);
        await this.putNode(job.pod_id, { ...node, state: job.state_before, operation_state: 'failed' }, tx);
        return true;
      });
      if (failed) ids.push(job.id);
    }
    for (const { job, updatedAt } of await movesInFlight(this.store))
      if (await this.store.transaction((tx) => failMoveJob(tx, job, updatedAt, this.options.now())))
        ids.push(job.id);
    return ids;
  }

  private kick(): void {
    this.running = this.running
      .then(() => this.tick())
      .catch((error: unknown) => this.options.onError?.(error));
  }

  /** With `timer`, ticks every quarter step (so a job moves within that of its due time). */
  startTimer(): void {
    this.timer = setInterval(() => this.kick(), Math.max(50, Math.round(this.stepMs / 4)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

export const operationStateOf = (status: JobStatus): OperationState =>
  status === 'finished' ? 'completed' : status;

/** What diagnostics report: a short health summary (a faulty node's names its fault). */
export function diagnosticsOf(node: string): string {
  return node.includes(FAULTY_NODE_MARK)
    ? `Health check of ${node}: FAILED (service watchdog restarts in a loop; disk 97% full).`
    : `Health check of ${node}: OK (services up, disk 41% used, 0 errors in the last hour).`;
}
