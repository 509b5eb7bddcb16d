/**
 * `npm run bench:first-load [-- --check] [-- --detail]`: the first-load bytes (gzipped JavaScript)
 * of the pages of bench/support/firstLoad.ts in the built apps. With --check it exits non-zero
 * when a page with a budget is over it (the root build script runs it so).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatFirstLoads, measureFirstLoads } from './support/firstLoad';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const loads = measureFirstLoads(repoRoot);
console.log(formatFirstLoads(loads, process.argv.includes('--detail')));
