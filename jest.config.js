// One jest run for every workspace: jsdom for UI code, node for the server.
// Sources are transpiled by SWC (@swc/jest): type checking is `npm run typecheck`'s job, and SWC
// took about two thirds of ts-jest's CPU on a cold cache (CI always starts cold). One transform per
// syntax: TSX, TS (where `<T>value` is a cast, not an element) and plain ES modules.
// ECharts, zrender and jose ship ES modules, so they are transformed too. AG Grid is not in
// the list: jest's `require` condition picks its CommonJS builds (main.cjs.js, index.cjs.js), and
// transpiling the 2.4 MB grid cost each cold cache ~4 s of CPU for nothing.
// The suites' temporary directories (servers' data, uploads) on tmpfs: scripts/testTmpDir.cjs.
require('./scripts/testTmpDir.cjs').useTmpfsForTestData();

const esmPackages = [
  'typebox',
  'content-disposition',
  'cookie',
  '@fastify/cookie',
  'echarts',
  'zrender',
  'jose',
].join('|');
const swc = (parser) => [
  '@swc/jest',
  {
    jsc: {
      parser,
      target: 'es2022',
      transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
    },
    module: { type: 'commonjs' },
  },
];
const shared = {
  transform: {
    '^.+\\.tsx$': swc({ syntax: 'typescript', tsx: true }),
    '^.+\\.ts$': swc({ syntax: 'typescript' }),
    '^.+\\.(js|mjs)$': swc({ syntax: 'ecmascript' }),
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleNameMapper: {
    '^@workbench/common$': '<rootDir>/common/src/index.ts',
    '^@workbench/common/(.*)$': '<rootDir>/common/src/$1',
    '^@workbench/charts$': '<rootDir>/charts/src/index.ts',
    '^@workbench/charts/(.*)$': '<rootDir>/charts/src/$1',
    '\\.(css|less)$': '<rootDir>/jest.styleStub.js',
  },
  rootDir: __dirname,
  // StrykerJS's sandbox copies (npm run test:mutation) are not part of the tree.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/.stryker-tmp'],
};
module.exports = {
  // A last guard per test and hook, not a speed goal: CI runs on the developer's machine, where other
  // work may hold the cores, and under such load a server start or a grid render takes several
  // times longer (measured while the browser suite ran beside this one).
  testTimeout: 120000,
  // One worker per core (jest's default leaves one core to its main process, which only waits):
  // on the 2-core CI machine that halves the wall time of the UI and API suites.
  maxWorkers: '100%',
  // A worker keeps what each suite leaves in its heap (module registries held by leaked handles):
  // measured, a server worker's heap grew by ~30 MB a suite to 1.4 GB after 40 suites, and the
  // authorisation matrix took 356 s as the last suite of a whole run against 61 s after three others,
  // its worker at full CPU (garbage collection). A worker past this after a suite is replaced.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...shared,
      displayName: 'ui',
      // jsdom with a cheaper getComputedStyle (resolved properties computed when read): see the file.
      testEnvironment: '<rootDir>/scripts/jsdomTestEnvironment.cjs',
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      testMatch: ['<rootDir>/{common,charts,tenant-portal,provider-console}/src/**/*.test.{ts,tsx}'],
    },
    {
      ...shared,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/server/src/**/*.test.ts'],
      // The replica tests (real server processes on PostgreSQL, ClickHouse and HAProxy) run in
      // the scaled run only (jest.scaled.config.js), which has those servers up already.
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '<rootDir>/server/src/scaled/'],
    },
    {
      ...shared,
      // The repository's own checks: README and docs/ claims, the structure scripts.
      displayName: 'repo',
      testEnvironment: 'node',
      // The browser suite's own planning (its lanes) is tested here too: wdio/support's only tests.
      testMatch: ['<rootDir>/scripts/**/*.test.ts', '<rootDir>/wdio/support/**/*.test.ts'],
    },
  ],
};
