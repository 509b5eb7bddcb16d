#!/usr/bin/env node
// `npm run test:mutation [-- file ...]`: StrykerJS over the given modules (default: the targets
// of stryker.config.mjs), one run per jest project (server files in node, the rest in jsdom),
// each mutant against its module's own tests (name.test.ts(x)); then each file's mutation score over
// valid mutants: (killed + timed out) / (killed + timed out + survived + no coverage). Mutants
// the runner could not run (runtime or compile errors) are not counted.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MUTATION_EXCLUDED, MUTATION_TARGETS } from '../stryker.config.mjs';

const given = process.argv.slice(2).map((f) => path.normalize(f));
const projectOf = (file) => (file.startsWith(`server${path.sep}`) ? 'server' : 'ui');
const runs = Object.entries(MUTATION_TARGETS)
  .map(([project, targets]) => {
    const mine = given.filter((f) => projectOf(f) === project);
    const mutate = given.length ? mine : targets;
    // A module's own tests: name.ts → name.test.ts(x); a glob of a folder → the folder's tests.
    const tests = mutate.map((m) => m.replace(/\.tsx?$/, '.test.ts?(x)'));
    return { project, mutate: given.length ? mine : [], tests };
  })
  .filter(({ mutate }) => given.length === 0 || mutate.length > 0);

let failed = false;
for (const { project, mutate, tests } of runs) {
  const args = [
    'stryker',
    'run',
    ...(mutate.length ? ['--mutate', [...mutate, ...MUTATION_EXCLUDED].join(',')] : []),
  ];
  console.log(`\n== ${project}: npx ${args.join(' ')} (tests: ${tests.join(' ')})`);
  const result = spawnSync('npx', args, {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_PROJECT: project, MUTATION_TESTS: tests.join(',') },
  });
  if (result.status !== 0) failed = true;
}

const VALID = ['Killed', 'Timeout', 'Survived', 'NoCoverage'];
console.log('\nMutation score per file (valid mutants):');
for (const { project } of runs) {
  const report = `reports/mutation/${project}.json`;
  if (!existsSync(report)) continue;
  for (const [file, { mutants }] of Object.entries(JSON.parse(readFileSync(report, 'utf8')).files)) {
    const count = (status) => mutants.filter((m) => m.status === status).length;
    const valid = VALID.reduce((sum, s) => sum + count(s), 0);
    const detected = count('Killed') + count('Timeout');
    const score = valid ? ((100 * detected) / valid).toFixed(1) : 'n/a';
    console.log(
      `  ${score.padStart(5)}%  ${detected}/${valid}  survived ${count('Survived')}, no coverage ${count('NoCoverage')}  ${file}`,
    );
  }
}
process.exit(failed ? 1 : 0);
