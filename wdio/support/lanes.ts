/**
 * The browser suite runs in two lanes side by side (wdio.conf.ts: one capability per lane, one
 * browser at a time in each). Each lane has its own server, data directory and demo seed, so two
 * specs never share a server's state at the same time: the rule that no spec depends on the order
 * the specs run in (README) holds in each lane as it did for the one queue.
 *
 * Why two: one queue ran the specs one after another for ~35 of the CI's minutes while the unit
 * suites, beside it, finished minutes earlier and left a core idle; most of a spec's time is the
 * browser and the server answering one step at a time, so a second lane fills the cores.
 */
import path from 'node:path';
import { BASE_URL_ENV } from './testEnv';

export type Lane = 'main' | 'side';

/**
 * The side lane's specs (file names); every other spec, and any new one, runs in the main lane.
 * Chosen so that the lanes take about as long (by the specs' times in a CI run: 2,895 s main and
 * 2,789 s side on 2026-11-30, before the sweep lost its fourth look and its second acme
 * administrator, ~600 s; two policy editors' specs, ~290 s, moved here then). A spec also costs
 * its worker's start (a node worker, a browser session, a sign-in: 10-20 s under load) that its
 * own time does not count: the main lane's ~45 specs finished ~20 min after this lane's ten in
 * that session's CI run. So the three specs that run on servers of their own (no lane state at
 * all) moved here too. When the sweep showed the non-administrators one look instead of three
 * (~500 s less), the email policy's and the provider flows' specs (~325 s in ci23) followed.
 * Each lane runs its specs in the suite's alphabetical order, so a spec runs after a subset of
 * the specs it followed in the one queue, never after a spec it used to precede.
 * Since the specs run in groups of five per worker (wdio.conf.ts SPECS_PER_WORKER), a worker's
 * start is paid per group: the lanes are balanced by the specs' own times (ci27: main 2,367 s,
 * side ~2,550 s without a failed attempt).
 */
export const SIDE_LANE_SPECS: readonly string[] = [
  'accessibility.spec.ts',
  'audit-trail.spec.ts',
  'casb-egress-policy.spec.ts',
  'content-inspection.spec.ts',
  'dlp-policy.spec.ts',
  'email-policy.spec.ts',
  'extensions-off.spec.ts',
  'management-station.spec.ts',
  'on-prem-appliance.spec.ts',
  'provider-flows.spec.ts',
  'sweep.spec.ts',
  'two-factor.spec.ts',
  'users-import.spec.ts',
  'web-controls.spec.ts',
  'web-policy.spec.ts',
];

/** The lane of a worker's spec files (a path or a file URL each). */
export function laneOf(specs: readonly string[]): Lane {
  return specs.some((spec) => SIDE_LANE_SPECS.includes(path.basename(spec))) ? 'side' : 'main';
}

/**
 * Where the launcher puts a lane's server URL for the workers. The main lane's is the variable
 * the specs read (testEnv.ts baseUrl()); a side-lane worker copies its own into it (beforeSession).
 */
export function laneUrlEnv(lane: Lane): string {
  return lane === 'main' ? BASE_URL_ENV : `${BASE_URL_ENV}_SIDE`;
}
