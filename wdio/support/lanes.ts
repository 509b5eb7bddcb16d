/**
 * The browser suite runs in lanes side by side (wdio.conf.ts: one capability per lane, one browser
 * at a time in each). Each lane has its own server, data directory and demo seed, so two specs
 * never share a server's state at the same time: the rule that no spec depends on the order the
 * specs run in (README) holds in each lane as it did for one queue.
 *
 * How many: one lane per core (os.availableParallelism()), or WDIO_LANES. A lane keeps about one
 * and a half cores busy (its browser's renderer, its server, the browser process and the wdio
 * worker answering one step at a time: 1.43 cores measured on 2026-12-02), so on 2 cores two lanes
 * fill the machine, and on more cores more lanes shorten the suite: the unit and scaled suites
 * already use every core (jest's maxWorkers 100%).
 *
 * Which spec runs where: the longest first, each into the lane with the least time so far (by the
 * seconds each spec file took in a CI run, specTimes.ts, plus its share of a worker's start), then
 * each lane runs its specs in the suite's alphabetical order. A spec file not yet timed counts as
 * the median timed one. The plan depends only on the spec files, the lane count and the times, so
 * the launcher and every worker (which re-read wdio.conf.ts) compute the same one.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { BASE_URL_ENV } from './testEnv';
import { SPEC_SECONDS, WORKER_START_SECONDS } from './specTimes';

/** A lane: its index in the plan (0 is the first lane). */
export type Lane = number;

/** The environment variable that sets the number of lanes (a whole number from 1). */
export const LANES_ENV = 'WDIO_LANES';

/**
 * Spec files run in groups, each group in one worker: one node process, one browser session and
 * one queue slot for several files instead of one each. A worker's start cost 31 s a file under
 * CI's load (ci27: the main lane's 42 files took 3,700 s, of which their tests 2,367 s), more than
 * half of a typical file's own time. A group of five keeps a retried group short.
 */
export const SPECS_PER_WORKER = 5;

/** The number of lanes: WDIO_LANES, else one per core. */
export function laneCount(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  const asked = env[LANES_ENV];
  if (asked === undefined || asked === '') return Math.max(1, cores);
  const lanes = Number(asked);
  if (!Number.isInteger(lanes) || lanes < 1) {
    throw new Error(`${LANES_ENV} must be a whole number from 1, not "${asked}".`);
  }
  return lanes;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A lane's spec files (names, alphabetical) and the seconds they are expected to take. */
export interface LanePlan {
  files: string[];
  seconds: number;
}

/**
 * The lanes' spec files: the longest first into the lane with the least seconds so far (the first
 * such lane on a tie), then each lane in alphabetical order. A lane left with no spec file (more
 * lanes than files) is left out.
 */
export function planLanes(
  specFiles: readonly string[],
  lanes: number,
  seconds: Readonly<Record<string, number>> = SPEC_SECONDS,
  workerStartSeconds: number = WORKER_START_SECONDS,
): LanePlan[] {
  const untimed = median(
    specFiles.filter((name) => seconds[name] !== undefined).map((name) => seconds[name]),
  );
  const perFile = workerStartSeconds / SPECS_PER_WORKER;
  const weight = (name: string) => (seconds[name] ?? untimed) + perFile;
  const plan: LanePlan[] = Array.from({ length: lanes }, () => ({ files: [], seconds: 0 }));
  const longestFirst = [...specFiles].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const name of longestFirst) {
    const least = plan.reduce((best, lane) => (lane.seconds < best.seconds ? lane : best));
    least.files.push(name);
    least.seconds += weight(name);
  }
  return plan
    .filter((lane) => lane.files.length > 0)
    .map((lane) => ({ files: lane.files.sort(), seconds: Math.round(lane.seconds) }));
}

/** The lane of a worker's spec files (paths or file URLs; all of one lane). */
export function laneOf(plan: readonly LanePlan[], specs: readonly string[]): Lane {
  const names = specs.map((spec) => path.basename(spec));
  const lane = plan.findIndex(({ files }) => names.some((name) => files.includes(name)));
  if (lane < 0) throw new Error(`No lane runs ${names.join(', ')}.`);
  return lane;
}

/** A lane's name in the log. */
export const laneName = (lane: Lane): string => `lane ${lane + 1}`;

/**
 * Where the launcher puts a lane's server URL for the workers. The first lane's is the variable
 * the specs read (testEnv.ts baseUrl()); a worker of another lane copies its own into it
 * (wdio.conf.ts beforeSession).
 */
export function laneUrlEnv(lane: Lane): string {
  return lane === 0 ? BASE_URL_ENV : `${BASE_URL_ENV}_LANE${lane + 1}`;
}
