// `npm run test:scaled`: the server's API suites on the scaled topology of issue 16
// (WORKBENCH_TEST_TOPOLOGY=scaled: per test server a fresh PostgreSQL schema and two replicas behind
// HAProxy; server/src/testing/testServer.ts). One PostgreSQL and two ClickHouse shards serve the
// whole run (globalSetup; server/src/testing/scaledTestStores.ts). `npm test` and CI run it after
// the embedded run.
const fs = require('node:fs');
const path = require('node:path');
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
  // Start their own PostgreSQL or ClickHouse already.
  'server/src/store/': 'the config-store suites run on both engines themselves',
  'server/src/events/clickhouse': 'starts its own ClickHouse shards',
};

/**
 * The suites of this run: the API suites (those that start a test server: startTestServer, the
 * security tests' startWorkbenchUnderTest, or startGeneratedEventsServer over generated events,
 * server/src/testing/generatedEventsServer.ts) of the parts where the topology can change an
 * answer:
 * - the event store's (logs, summaries, report queries, drill-downs, report files): ClickHouse's
 *   SQL is its own, and the two shards split every answer;
 * - the conformance suite (conformance/: the spec's API as a client sends it, on both topologies);
 * - the replicas' cross-server rules (scaled/, here only: they need these same servers);
 * - the request fuzzer, whose malformed bodies reach the stores where they are not refused first;
 * - the policy impact preview, which replays the tenant's web events from the event store.
 * The config store's answers are one SQL layer for SQLite and PostgreSQL (store/README.md): what
 * the engines do differently is store/dialect.ts and connections.ts, which the store's own suites
 * run on both engines. So the other API suites (auth, policy, provider, user database, the
 * authorisation matrix, whose rules the guard decides before any store) run the
 * same code here as in the embedded run: running them twice cost CI ~25 minutes and found nothing.
 * A new API suite under these folders joins by itself.
 */
const STARTS_A_SERVER = /\bstart(TestServer|WorkbenchUnderTest|GeneratedEventsServer)\(/;
const TOPOLOGY_SENSITIVE = [
  'server/src/events/',
  'server/src/reports/',
  'server/src/conformance/',
  // The fuzzer once more on PostgreSQL: what a value does in the store is the engine's (a NUL in a
  // body answered 500 there and was stored by SQLite); its bodies reach the stores (~1 minute).
  'server/src/security-tests/requestFuzzer.test.ts',
  // The impact preview replays the tenant's web events from the event store (issue 41: on both).
  'server/src/policy/impactRoutes.test.ts',
];
/** The replica tests (real server processes) run here only: they need these same servers. */
const SCALED_ONLY = ['server/src/scaled/'];

function serverSuites(dir) {
  return fs.readdirSync(path.join(__dirname, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return serverSuites(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}
const suites = serverSuites('server/src').filter(
  (file) =>
    SCALED_ONLY.some((prefix) => file.startsWith(prefix)) ||
    (TOPOLOGY_SENSITIVE.some((prefix) => file.startsWith(prefix)) &&
      !Object.keys(EMBEDDED_ONLY).some((prefix) => file.startsWith(prefix)) &&
      STARTS_A_SERVER.test(fs.readFileSync(path.join(__dirname, file), 'utf8'))),
);

/**
 * Outside CI a machine without the servers skips the run, saying what to install (the same
 * binaries server/src/testing/testPostgres.ts, events/clickhouseTestServers.ts and
 * testing/haproxy.ts look for); under CI (CI=true) the run goes on and its globalSetup fails,
 * naming what is missing.
 */
function missingServers() {
  const pgRoot = '/usr/lib/postgresql';
  const postgres =
    fs.existsSync(pgRoot) &&
    fs.readdirSync(pgRoot).some((v) => fs.existsSync(path.join(pgRoot, v, 'bin', 'initdb')));
  const clickhouse = [
    '/usr/sbin/clickhouse-server',
    '/usr/bin/clickhouse-server',
    '/usr/bin/clickhouse',
  ].some((f) => fs.existsSync(f));
  const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].some((f) => fs.existsSync(f));
  return [!postgres && 'postgresql', !clickhouse && 'clickhouse-server', !haproxy && 'haproxy'].filter(
    Boolean,
  );
}
const missing = process.env.CI === 'true' ? [] : missingServers();
if (missing.length > 0)
  console.warn(
    `\n*** SKIPPING the scaled run (npm run test:scaled): install Debian's ${missing.join(', ')} (apt-get install -y ${missing.join(' ')}) to run the API suites on PostgreSQL, ClickHouse and two replicas behind HAProxy.\n`,
  );

const server = base.projects.find((p) => p.displayName === 'server');
module.exports = {
  testTimeout: base.testTimeout,
  maxWorkers: base.maxWorkers,
  passWithNoTests: missing.length > 0,
  projects: [
    {
      ...server,
      displayName: 'server-scaled',
      ...(missing.length > 0
        ? { testMatch: [] }
        : {
            globalSetup: '<rootDir>/server/src/testing/scaledGlobalSetup.ts',
            globalTeardown: '<rootDir>/server/src/testing/scaledGlobalTeardown.ts',
            testMatch: suites.map((file) => `<rootDir>/${file}`),
          }),
      testPathIgnorePatterns: server.testPathIgnorePatterns.filter(
        (pattern) => !SCALED_ONLY.some((dir) => pattern === `<rootDir>/${dir}`),
      ),
    },
  ],
};
