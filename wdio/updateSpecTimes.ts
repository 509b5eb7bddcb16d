/**
 * Refreshes support/specTimes.ts (what the lanes are planned by, support/lanes.ts) from the log of
 * a run of the whole browser suite, e.g. a CI run's:
 *
 *   npm run spec-times -w wdio -- /path/to/ci.log ['what the run was']
 *
 * The log's `[wdio] time:` lines (wdio.conf.ts) give each spec file's seconds and the workers'
 * starts; a file the run did not time keeps its old figure.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SPEC_SECONDS, WORKER_START_SECONDS } from './support/specTimes';
import { readSpecTimes, specTimesModule } from './support/specTimesLog';

const wdioDir = path.dirname(fileURLToPath(import.meta.url));
const logFile = process.argv[2];
if (!logFile) {
  console.error("Usage: npm run spec-times -w wdio -- <log of a browser-suite run> ['what the run was']");
  process.exit(2);
}
const run = readSpecTimes(readFileSync(logFile, 'utf8'));
const timed = Object.keys(run.seconds).length;
if (timed === 0) {
  console.error(`${logFile} has no "[wdio] time:" line: not the log of a browser-suite run.`);
  process.exit(1);
}
const specFiles = readdirSync(path.join(wdioDir, 'specs')).filter((name) => name.endsWith('.spec.ts'));
const source = `${process.argv[3] ?? path.basename(logFile)}, ${new Date().toISOString().slice(0, 10)}`;
const target = path.join(wdioDir, 'support', 'specTimes.ts');
writeFileSync(
  target,
  specTimesModule(
    specFiles,
    { seconds: SPEC_SECONDS, workerStartSeconds: WORKER_START_SECONDS },
    run,
    source,
  ),
);
const untimed = specFiles.filter((name) => run.seconds[name] === undefined);
console.log(
  `${path.relative(process.cwd(), target)}: ${timed} spec files timed` +
    (untimed.length ? `; kept the old figure of ${untimed.join(', ')}` : ''),
);
