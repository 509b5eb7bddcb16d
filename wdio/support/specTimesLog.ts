/**
 * The spec times a browser-suite run printed (wdio.conf.ts: one `[wdio] time: <file> <seconds> s`
 * line per spec file, one `[wdio] time: worker start <seconds> s` per worker), read from its log,
 * and the module they are kept in (specTimes.ts), which support/lanes.ts plans the lanes by.
 */

export interface SpecTimes {
  /** Seconds per spec file name. */
  seconds: Record<string, number>;
  /** A worker's start (node worker and browser session), the median of the run's workers. */
  workerStartSeconds: number | undefined;
}

const SPEC_LINE = /\[wdio\] time: (\S+\.spec\.ts) (\d+(?:\.\d+)?) s/;
const WORKER_LINE = /\[wdio\] time: worker start (\d+(?:\.\d+)?) s/;

/** The times in a run's log; a spec file timed twice (run again after a failure) counts its last time. */
export function readSpecTimes(log: string): SpecTimes {
  const seconds: Record<string, number> = {};
  const starts: number[] = [];
  for (const line of log.split('\n')) {
    const spec = SPEC_LINE.exec(line);
    if (spec) seconds[spec[1]] = Number(spec[2]);
    const worker = WORKER_LINE.exec(line);
    if (worker) starts.push(Number(worker[1]));
  }
  starts.sort((a, b) => a - b);
  const workerStartSeconds = starts.length ? starts[Math.floor(starts.length / 2)] : undefined;
  return { seconds, workerStartSeconds };
}

/** A comment's text as ` * ` lines of at most 100 characters. */
function wrapComment(text: string): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= 100) lines[last] += ` ${word}`;
    else lines.push(` * ${word}`);
  }
  return lines;
}

/**
 * specTimes.ts's text: the new times over the old ones, only for the spec files there are
 * (a file the run did not time keeps its old time; a file no longer there is left out).
 */
export function specTimesModule(
  specFiles: readonly string[],
  old: { seconds: Readonly<Record<string, number>>; workerStartSeconds: number },
  run: SpecTimes,
  source: string,
): string {
  const entries = [...specFiles]
    .sort()
    .filter((name) => (run.seconds[name] ?? old.seconds[name]) !== undefined)
    .map((name) => `  '${name}': ${Math.round(run.seconds[name] ?? old.seconds[name])},`);
  const workerStart = run.workerStartSeconds ?? old.workerStartSeconds;
  return [
    '/**',
    " * The seconds each browser spec file took in its worker (its `[wdio] time:` line) and a worker's",
    ' * start: what support/lanes.ts plans the lanes by. Written by `npm run spec-times -w wdio -- <log>`',
    ' * (updateSpecTimes.ts) from a run of the whole suite; do not edit by hand.',
    ...wrapComment(`Source: ${source}.`),
    ' */',
    'export const SPEC_SECONDS: Readonly<Record<string, number>> = {',
    ...entries,
    '};',
    '',
    `export const WORKER_START_SECONDS = ${Math.round(workerStart * 10) / 10};`,
    '',
  ].join('\n');
}
