/**
 * `npm run bench:first-load [-- --detail]`: the first-load bytes (gzipped JavaScript) of the pages
 * of bench/support/firstLoad.ts in the built apps. With --check (the root `npm run build` runs it
 * so, and with it CI's browser branch) it exits non-zero when a page is above its ceiling, or when a
 * chunk that should start with V8's compile hint does not.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatFirstLoads, measureFirstLoads, missingCompileHints, overCeiling } from './support/firstLoad';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const loads = measureFirstLoads(repoRoot);
console.log(formatFirstLoads(loads, process.argv.includes('--detail')));
if (process.argv.includes('--check')) {
  const over = overCeiling(loads);
  for (const line of over) console.error(`First load too large: ${line}`);
  if (over.length > 0) {
    console.error('See bench/README.md (First load) for what counts and how to find what grew.');
    process.exitCode = 1;
  }
  const unhinted = missingCompileHints(repoRoot);
  for (const line of unhinted) console.error(`Compile hint missing: ${line}`);
  if (unhinted.length > 0) {
    console.error('See bench/README.md (Compile hints) and EAGER_COMPILE_CHUNKS in vite.apps.mts.');
    process.exitCode = 1;
  }
}
