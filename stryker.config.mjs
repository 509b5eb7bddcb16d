// Mutation testing (issue 18), run through scripts/mutation.mjs (`npm run test:mutation`), which
// picks the jest project (jsdom or node) by the module's workspace. StrykerJS stays on 9.x:
// version 10 refuses Node 20. Not part of CI: a full run takes many minutes on two cores.
const project = process.env.MUTATION_PROJECT === 'server' ? 'server' : 'ui';

/** The modules whose tests are held to the score (issue 18), by jest project. */
export const MUTATION_TARGETS = {
  ui: [
    'common/src/api/http.ts',
    'common/src/validators/*.ts',
    'common/src/features/rbac/*.ts',
    'tenant-portal/src/routes/routeRules.ts',
  ],
  server: ['server/src/events/logQuery.ts', 'server/src/events/logPaging.ts'],
};

/** Never mutated, whatever the globs say: tests, benchmarks and re-export indexes. */
export const MUTATION_EXCLUDED = ['!**/*.test.ts', '!**/*.test.tsx', '!**/*.bench.ts', '!**/index.ts'];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'jest.mutation.config.js', enableFindRelatedTests: true },
  coverageAnalysis: 'perTest',
  // No TypeScript checker: it type-checks every mutant and made a run several times slower on two
  // cores (and lost track of modules not named in its tsconfig). Mutants are judged by the tests
  // alone (SWC transpiles without checking), so a mutant that would not compile counts like
  // any other.
  mutate: [...MUTATION_TARGETS[project], ...MUTATION_EXCLUDED],
  // The sandbox copy leaves out what no unit test reads.
  ignorePatterns: ['/.stryker-tmp*', '**/dist', '/data', '/coverage', '/reports', '/wdio', '/bench', '*.log'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${project}.html` },
  jsonReporter: { fileName: `reports/mutation/${project}.json` },
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  // One folder per project, so the ui and server runs can go at the same time.
  tempDirName: `.stryker-tmp-${project}`,
  cleanTempDir: 'always',
};
