/**
 * The shared servers of a scaled test run (WORKBENCH_TEST_TOPOLOGY=scaled, `npm run
 * test:scaled`): one throw-away PostgreSQL and two throw-away ClickHouse shards for the whole jest
 * run, started by the run's globalSetup (scaledGlobalSetup.ts) and named to the workers in the
 * environment. Each test server takes a fresh schema of the PostgreSQL and each test event store
 * a fresh database on the shards, so suites never see each other's rows.
 */
import crypto from 'node:crypto';
import pg from 'pg';

/** WORKBENCH_TEST_TOPOLOGY: `scaled` runs the API suites on the scaled topology; unset, embedded. */
export const SCALED_TOPOLOGY = process.env.WORKBENCH_TEST_TOPOLOGY === 'scaled';

/** The run's PostgreSQL (its `postgres` database) and ClickHouse URL with `{db}` for the database. */
export const SCALED_POSTGRES_ENV = 'WORKBENCH_TEST_POSTGRES_URL';
export const SCALED_CLICKHOUSE_ENV = 'WORKBENCH_TEST_CLICKHOUSE_URL';

function sharedUrl(name: string): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: run the scaled suites with npm run test:scaled.`);
  return url;
}

const fresh = () => `t_${crypto.randomBytes(6).toString('hex')}`;

/** A URL whose connections work in a new, empty schema of the run's PostgreSQL. */
export async function freshConfigUrl(): Promise<string> {
  const url = sharedUrl(SCALED_POSTGRES_ENV);
  const schema = fresh();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  return `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** A clickhouse:// URL of a new database (created on open) on the run's two shards. */
export function freshEventsUrl(): string {
  return sharedUrl(SCALED_CLICKHOUSE_ENV).replace('{db}', fresh());
}
