/**
 * The scheduler of scheduled reports. The rule: **a run happens once.** The store holds each
 * enabled schedule's next run (epoch ms). A tick lists the schedules due at the clock's now and,
 * for each, first claims the run with a compare-and-set UPDATE (`next_run_at` from the value it
 * read to the following run, croner's next time of the cron in the schedule's time zone after
 * now); only the claimer whose UPDATE changed the row builds the file. Two overlapping ticks, two
 * timers, or two server replicas on one config store therefore cannot both run it.
 *
 * Restarts: the next run is persisted, so a run that fell due while the server was down is due
 * at the first tick, which runs at start; it runs once (the following run is counted from now,
 * not from the missed time, so a week down gives one catch-up file, not seven).
 *
 * Time: ticks read the injected clock (tests move a TestClock and call tick()); in a running
 * server a croner job wakes every minute (schedules have minute precision), with `protect` so
 * ticks never overlap in one process. Closing stops the job and waits for a run under way.
 */
import { Cron } from 'croner';
import { cronOf, nextRunAfter } from '@workbench/common/api/contract/reportFiles';
import type { ScheduledReportRecord } from '../store/ConfigStore';
import type { ConfigStore } from '../store/ConfigStore';

/**
 * What a scheduler runs: rows of the config store with a next run (epoch ms), listed when due and
 * claimed by the store's compare-and-set (scheduled reports; alert rules, alerts/alertEvaluator.ts).
 */
export interface DueRows<T extends { id: string; nextRunAt: number | null }> {
  listDue(now: number): Promise<T[]>;
  claimRun(id: string, expected: number, next: number | null, lastRunAt: string): Promise<boolean>;
}

export interface DueSchedulerOptions<T extends { id: string; nextRunAt: number | null }> {
  rows: DueRows<T>;
  now: () => Date;
  /** The run after this one (null: none), counted from `at`. */
  nextOf: (row: T, at: Date) => number | null;
  /** Whether this server makes the row's runs; a row it does not make is left due. Absent: all. */
  makes?: (row: T) => Promise<boolean>;
  /** Does a claimed run. */
  run: (row: T) => Promise<unknown>;
  onError?: (error: unknown, row: T | null) => void;
  /** Each claim tried: won (this server runs it) or lost (another did): /metrics counts them. */
  onClaim?: (won: boolean) => void;
}

export interface ReportSchedulerOptions {
  store: ConfigStore;
  now: () => Date;
  /**
   * Whether this server makes the schedule's runs (its tenant's report region is this server's);
   * a schedule it does not make is left due, for a server of its region to claim. Absent: all.
   */
  makes?: (schedule: ScheduledReportRecord) => Promise<boolean>;
  /** Builds the file of a claimed run. */
  run: (schedule: ScheduledReportRecord) => Promise<unknown>;
  onError?: (error: unknown, schedule: ScheduledReportRecord | null) => void;
  onClaim?: (won: boolean) => void;
}

/** The next run of a schedule after `after` (epoch ms), or null when disabled or never. */
export function nextRunOf(
  schedule: Pick<ScheduledReportRecord, 'enabled' | 'spec'>,
  after: Date,
): number | null {
  if (!schedule.enabled) return null;
  const { timezone } = schedule.spec.schedule;
  return nextRunAfter(cronOf(schedule.spec.schedule), timezone, after)?.getTime() ?? null;
}

/** The claimed-once ticking of any DueRows (see the top of this file). */
export class DueScheduler<T extends { id: string; nextRunAt: number | null }> {
  private job: Cron | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: DueSchedulerOptions<T>) {}

  /**
   * Runs every schedule due now, each claimed first; answers the ids this tick ran. Failures of
   * one run are reported and do not stop the others (the run stays claimed: no retry storm).
   */
  async tick(): Promise<string[]> {
    const { rows, now, run } = this.options;
    if (this.stopped) return [];
    const at = now();
    const ran: string[] = [];
    for (const schedule of await rows.listDue(at.getTime())) {
      if (this.stopped || schedule.nextRunAt === null) break;
      if (this.options.makes && !(await this.options.makes(schedule))) continue;
      let next: number | null;
      try {
        next = this.options.nextOf(schedule, at);
      } catch (error) {
        next = null; // a cron this runtime no longer reads: stop it rather than fail every minute
        this.options.onError?.(error, schedule);
      }
      const won = await rows.claimRun(schedule.id, schedule.nextRunAt, next, at.toISOString());
      this.options.onClaim?.(won);
      if (!won) continue;
      try {
        await run(schedule);
        ran.push(schedule.id);
      } catch (error) {
        this.options.onError?.(error, schedule);
      }
    }
    return ran;
  }

  /** A tick in the background, after the one under way (what the timer and the start do). */
  private kick(): Promise<unknown> {
    this.running = this.running
      .then(() => this.tick())
      .catch((error: unknown) => this.options.onError?.(error, null));
    return this.running;
  }

  /** Catches up at once (missed runs), then, with `timer`, ticks at every minute. */
  start(timer: boolean): void {
    this.stopped = false;
    void this.kick();
    if (timer)
      this.job = new Cron('* * * * *', { protect: true, unref: true, catch: true }, async () => {
        await this.kick();
      });
  }

  /** Resolves when the ticks started so far are over. */
  idle(): Promise<unknown> {
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.job?.stop();
    this.job = null;
    await this.running;
  }
}

/** The scheduler of scheduled reports: DueScheduler on the store's scheduled reports. */
export class ReportScheduler extends DueScheduler<ScheduledReportRecord> {
  constructor({ store, ...options }: ReportSchedulerOptions) {
    super({ ...options, rows: store.scheduledReports, nextOf: nextRunOf });
  }
}
