// `npm run test:scaled`: the server's API suites on the scaled topology of issue 16
// (WORKBENCH_TEST_TOPOLOGY=scaled: per test server a fresh PostgreSQL schema and two replicas behind
// HAProxy; server/src/testing/testServer.ts). One PostgreSQL and two ClickHouse shards serve the
// whole run (globalSetup; server/src/testing/scaledTestStores.ts).
const base = require('./jest.config.js');

/**
 * Suites that test an embedded engine itself, not the API: they stay out of the scaled run.
 * The one place where a suite declares itself embedded-only, with the reason. A single test of a
 * suite that otherwise runs scaled uses testEmbeddedOnly(name, reason, fn) instead
 * (server/src/testing/embeddedOnly.ts): skipped here, its reason in its name.
 */
const EMBEDDED_ONLY = {
  // SQLite's own file, migrations, statement cache and crash behaviour.
  'server/src/store/sqliteConfigStore.test.ts': 'SQLite config store internals',
  'server/src/crash/': 'kills a server writing its SQLite and DuckDB files and reopens the files',
  // DuckDB's file layout, conversions and JSON writer; the ClickHouse store has its own suites.
  'server/src/events/duckdbEventStore.test.ts':
    'DuckDB file layout and conversions (runs on both engines itself)',
  'server/src/events/eventJsonCache.test.ts': 'DuckDB JSON cache',
  // Start their own PostgreSQL, ClickHouse or replicas already.
  'server/src/store/': 'the config-store suites run on both engines themselves',
  'server/src/scaled/': 'starts its own scaled topology',
  'server/src/events/clickhouse': 'starts its own ClickHouse shards',
};

const server = base.projects.find((p) => p.displayName === 'server');
module.exports = {
  testTimeout: base.testTimeout,
  maxWorkers: base.maxWorkers,
  projects: [
    {
      ...server,
      displayName: 'server-scaled',
      globalSetup: '<rootDir>/server/src/testing/scaledGlobalSetup.ts',
      globalTeardown: '<rootDir>/server/src/testing/scaledGlobalTeardown.ts',
      testPathIgnorePatterns: [
        ...server.testPathIgnorePatterns,
        ...Object.keys(EMBEDDED_ONLY).map((p) => `<rootDir>/${p}`),
      ],
    },
  ],
};
