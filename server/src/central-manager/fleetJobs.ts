/**
 * The central manager's jobs (docs/central-manager.md §5): an action on one or many appliances
 * answers a job id at once and runs in the background, one target per appliance, a few at a time.
 * The job row (managed_fleet, kind `job`) is written after every target's change, so a poll reads
 * progress (`done` of `total`, each target's status and reason). A target that fails does not stop
 * the others; the job ends `finished` when all succeeded, else `failed` with a reason naming each
 * failed appliance and its own reason (ok false).
 *
 * A job in flight when the management station stopped cannot be resumed honestly (its requests
 * are gone with the process): the next start ends it failed, each unfinished target with
 * INTERRUPTED_REASON, so nothing stays "in progress" forever.
 */
import crypto from 'node:crypto';
import type { CmJob } from '@workbench/common/api/contract/centralManager';
import type { ConfigStore } from '../store/ConfigStore';

export const INTERRUPTED_REASON =
  'The management station stopped while this ran; check the appliance and run it again.';
/** Appliances worked on at once by one job. */
const PARALLEL = 4;

export interface JobTargetWork {
  id: string;
  name: string;
  /** Resolves when the appliance did it; throws with the reason otherwise. `progress` (0-100) is saved on the target. */
  run: (progress: (percent: number) => Promise<void>) => Promise<void>;
}

export const failedReasonOf = (job: Pick<CmJob, 'targets' | 'total'>): string | null => {
  const failed = job.targets.filter((t) => t.status === 'failed');
  if (failed.length === 0) return null;
  return `${failed.length} of ${job.total} failed: ${failed.map((t) => `${t.name}: ${t.reason}`).join('; ')}`;
};

export class FleetJobs {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly store: ConfigStore,
    private readonly now: () => Date,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Ends every job a previous process left in flight (call once at start). */
  async failInterrupted(): Promise<void> {
    for (const record of await this.store.managedFleet.list('job')) {
      const job = record.data as unknown as CmJob;
      if (job.status !== 'pending' && job.status !== 'started') continue;
      for (const t of job.targets)
        if (t.status === 'pending' || t.status === 'started') {
          t.status = 'failed';
          t.reason = INTERRUPTED_REASON;
        }
      job.done = job.targets.filter((t) => t.status === 'completed' || t.status === 'failed').length;
      job.status = 'failed';
      job.ok = false;
      job.reason = failedReasonOf(job);
      job.updated_at = this.now().toISOString();
      await this.store.managedFleet.put('job', job.id, { ...job }, null, job.updated_at, true);
    }
  }

  async get(id: string): Promise<CmJob | null> {
    return ((await this.store.managedFleet.get('job', id))?.data as unknown as CmJob | undefined) ?? null;
  }

  /** Stores a new job over `targets` and starts it; answers its id at once. */
  async start(kind: string, targets: readonly JobTargetWork[], cert: string | null = null): Promise<string> {
    const at = this.now().toISOString();
    const job: CmJob = {
      id: crypto.randomUUID(),
      kind,
      status: 'pending',
      reason: null,
      ok: null,
      cert,
      done: 0,
      total: targets.length,
      targets: targets.map((t) => ({ id: t.id, name: t.name, status: 'pending', reason: null })),
      created_at: at,
      updated_at: at,
    };
    await this.store.managedFleet.put('job', job.id, { ...job }, null, at);
    const run = this.run(job, targets).catch(this.onError);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return job.id;
  }

  /** Waits for the jobs running now (the server's close). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async run(job: CmJob, targets: readonly JobTargetWork[]): Promise<void> {
    // Writes one after another: each writes the whole job as it is then.
    let writes = Promise.resolve();
    const save = () => {
      job.updated_at = this.now().toISOString();
      const snapshot = structuredClone(job);
      writes = writes.then(async () => {
        await this.store.managedFleet.put(
          'job',
          snapshot.id,
          { ...snapshot },
          null,
          snapshot.updated_at,
          true,
        );
      });
      return writes;
    };
    job.status = 'started';
    await save();
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const index = next++;
        const target = job.targets[index];
        target.status = 'started';
        await save();
        try {
          await targets[index].run(async (percent) => {
            if (target.progress === percent) return;
            target.progress = percent;
            await save();
          });
          target.status = 'completed';
          if (target.progress !== undefined) target.progress = 100;
        } catch (error) {
          target.status = 'failed';
          target.reason = error instanceof Error ? error.message : String(error);
        }
        job.done += 1;
        await save();
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, targets.length) }, worker));
    job.reason = failedReasonOf(job);
    job.ok = job.reason === null;
    job.status = job.ok ? 'finished' : 'failed';
    await save();
  }
}
