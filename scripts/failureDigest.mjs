#!/usr/bin/env node
// The failures of `npm test`, gathered from its whole output and printed last: a CI log is often
// read from its end only, where the timings table alone says which command failed and not which
// suite or spec. A passing run can have failures too: a browser spec's failed attempt that its
// retry passed (wdio.conf.ts), listed so that a flaky spec is seen and fixed (.ci/run calls this
// after every `npm test`; it prints nothing when nothing failed).
//
// Usage: node scripts/failureDigest.mjs LOG
import { readFileSync } from 'node:fs';

const MAX_LINES = 140;
const FOLLOW = 6; // lines kept after each failure's heading (its message)

// Two lines per run, each one command's prefix: "[unit] ", "[e2e] [chrome 1 linux #0-3] "
const stripPrefixes = (line) => line.replace(/^(\[[^\]]+\] )+/, '');
const commandOf = (line) => /^\[([^\]]+)\]/.exec(line)?.[1] ?? '';

/** A line that opens a failure: a failed jest suite or test, a failed spec file or test. */
const opensFailure = (text) =>
  /^FAIL /.test(text) || // jest: the suite
  (/^● /.test(text) && text !== '● Console') || // jest: a failed test (not a console block)
  /✖ /.test(text) || // wdio spec reporter: a failed test
  /^\d+\) /.test(text) || // wdio spec reporter: a failure's heading, its message follows
  /FAILED in /.test(text) || // wdio: the spec file
  /RETRYING in /.test(text) || // wdio: a spec file's failed attempt, run again (wdio.conf.ts)
  /exited with code [1-9]/.test(text) ||
  /npm test was stopped after/.test(text) || // .ci/run: the CI's time ran out
  /^(Test Suites|Tests|Spec Files):.*failed/.test(text);

export function digest(lines) {
  const out = [];
  const seen = new Set(); // jest repeats each failure in its closing summary
  let follow = 0;
  let followed = ''; // the command whose failure message is being kept (outputs interleave)
  for (const line of lines) {
    const text = stripPrefixes(line).trim();
    if (opensFailure(text)) {
      const heading = `${commandOf(line)}: ${text}`;
      follow = 0;
      if (seen.has(heading)) continue;
      seen.add(heading);
      out.push(heading);
      follow = /^(● |\d+\) )/.test(text) ? FOLLOW : 0;
      followed = commandOf(line);
    } else if (follow > 0 && text !== '' && commandOf(line) === followed) {
      out.push(`    ${text}`);
      follow -= 1;
    }
  }
  return out;
}

const file = process.argv[2];
if (file) {
  const lines = digest(readFileSync(file, 'utf8').split('\n'));
  if (lines.length === 0) process.exit(0);
  const shown =
    lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `… ${lines.length - MAX_LINES} more`] : lines;
  console.log('\n--> Failures (scripts/failureDigest.mjs, from the whole output above):');
  for (const line of shown) console.log(`--> ${line}`);
}
