/**
 * globalSetup of `npm run test:scaled` (jest.scaled.config.js): one PostgreSQL and two ClickHouse
 * shards for the whole run, named to the workers in the environment (scaledTestStores.ts).
 */
import { startClickHouseCluster, type ClickHouseTestCluster } from '../events/clickhouseTestServers';
import { SCALED_CLICKHOUSE_ENV, SCALED_POSTGRES_ENV } from './scaledTestStores';
import { startTestPostgres, type TestPostgres } from './testPostgres';

export interface ScaledRunServers {
  postgres: TestPostgres;
  clickhouse: ClickHouseTestCluster;
}

/** Where globalTeardown finds them (jest runs both hooks in its main process). */
export const RUN_SERVERS = Symbol.for('workbench.scaledRunServers');

export default async function scaledGlobalSetup(): Promise<void> {
  const [postgres, clickhouse] = await Promise.all([startTestPostgres(), startClickHouseCluster(2)]);
  (globalThis as Record<symbol, unknown>)[RUN_SERVERS] = { postgres, clickhouse } satisfies ScaledRunServers;
  process.env[SCALED_POSTGRES_ENV] = postgres.url;
  process.env[SCALED_CLICKHOUSE_ENV] = clickhouse.url('{db}');
}
