/** globalTeardown of `npm run test:scaled`: stops the run's PostgreSQL and ClickHouse shards. */
import { RUN_SERVERS, type ScaledRunServers } from './scaledGlobalSetup';

export default async function scaledGlobalTeardown(): Promise<void> {
  const servers = (globalThis as Record<symbol, unknown>)[RUN_SERVERS] as ScaledRunServers | undefined;
  await Promise.all([servers?.postgres.stop(), servers?.clickhouse.stop()]);
}
