/**
 * The scaled topology of issue 16 on one machine, for the replica tests: one throw-away
 * PostgreSQL (the config store), two throw-away ClickHouse shards (the event store, cluster
 * `workbench`), N real server processes (`server/src/main.ts`, each its own data directory and
 * port) and HAProxy in round robin in front of them (haproxy.ts). `stop` ends and removes all.
 *
 *   client ── haproxy :P (round robin, health checks) ──┬─ replica r1 (main.ts) ─┬─ PostgreSQL
 *                                                      └─ replica r2 (main.ts) ─┴─ ClickHouse ×2
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChildServer, type ChildServer } from '../crash/childServer';
import {
  clickhouseAvailable,
  startClickHouseCluster,
  type ClickHouseTestCluster,
} from '../events/clickhouseTestServers';
import { haproxyBinary, HAPROXY_MISSING_MESSAGE, startHaproxy, type TestProxy } from './haproxy';
import {
  freshConfigUrl,
  SCALED_CLICKHOUSE_ENV,
  SCALED_POSTGRES_ENV,
  SCALED_TOPOLOGY,
} from './scaledTestStores';
import { postgresTestsEnabled, startTestPostgres, type TestPostgres } from './testPostgres';
import { TEST_PASSWORD, TEST_SECRET_KEY } from './testServer';

/**
 * Whether the scaled topology can run here (PostgreSQL, ClickHouse and haproxy installed). In CI
 * a missing piece throws, saying what to install; elsewhere the tests are skipped, loudly.
 */
export function scaledTopologyAvailable(): boolean {
  if (!postgresTestsEnabled() || !clickhouseAvailable()) return false;
  if (haproxyBinary() !== null) return true;
  if (process.env.CI === 'true') throw new Error(HAPROXY_MISSING_MESSAGE);
  console.warn(`\n*** SKIPPING the replica tests: ${HAPROXY_MISSING_MESSAGE}\n`);
  return false;
}

export interface Replica {
  readonly name: string;
  readonly dataDir: string;
  server: ChildServer;
}

export interface ScaledTopology {
  /** The proxy: what clients use. */
  readonly url: string;
  readonly configUrl: string;
  readonly eventsUrl: string;
  readonly postgres: Pick<TestPostgres, 'url' | 'freshUrl'>;
  readonly clickhouse: Pick<ClickHouseTestCluster, 'url'>;
  /** The topology's own ClickHouse servers (with `clickhouseReplicas`), to stop and start them. */
  readonly clickhouseCluster: ClickHouseTestCluster | null;
  readonly replicas: readonly Replica[];
  readonly proxy: TestProxy;
  stop(): Promise<void>;
}

export interface ScaledTopologyOptions {
  /** How many server processes (default 2). */
  replicas?: number;
  /** More environment for every replica (e.g. WORKBENCH_LIVE_EVENTS). */
  env?: Record<string, string>;
  /**
   * More environment for the first replica only, e.g. WORKBENCH_DEMO_EVENTS (the seeding is under
   * a lease, store/leases.ts: replicas given the same variables seed once; scaled/operating.test.ts).
   */
  firstReplicaEnv?: Record<string, string>;
  /**
   * Replicas per ClickHouse shard (default 1). Above 1 the topology starts stores of its own (two
   * shards of that many replicas, ZooKeeper) and the servers get WORKBENCH_EVENTS_REPLICAS.
   */
  clickhouseReplicas?: number;
}

type Servers = {
  postgres: ScaledTopology['postgres'];
  clickhouse: ScaledTopology['clickhouse'];
  cluster: ClickHouseTestCluster | null;
  stop(): Promise<void>;
};

/**
 * The PostgreSQL and ClickHouse shards: in the scaled jest run (npm run test:scaled) the run's
 * own (scaledGlobalSetup.ts; a fresh schema and database names keep this topology apart, and
 * starting a second set cost seconds of the run), else throw-away ones of this topology's own.
 */
async function storeServers(clickhouseReplicas: number): Promise<Servers> {
  const postgresUrl = process.env[SCALED_POSTGRES_ENV];
  const clickhouseUrl = process.env[SCALED_CLICKHOUSE_ENV];
  if (SCALED_TOPOLOGY && postgresUrl && clickhouseUrl && clickhouseReplicas === 1) {
    const prefix = `r_${Date.now().toString(36)}_`;
    return {
      postgres: { url: postgresUrl, freshUrl: freshConfigUrl },
      clickhouse: { url: (database) => clickhouseUrl.replace('{db}', `${prefix}${database}`) },
      cluster: null,
      stop: async () => undefined,
    };
  }
  const [postgres, clickhouse] = await Promise.all([
    startTestPostgres(),
    startClickHouseCluster(2, { replicas: clickhouseReplicas }),
  ]);
  return {
    postgres,
    clickhouse,
    cluster: clickhouse,
    stop: () => Promise.all([postgres.stop(), clickhouse.stop()]).then(() => undefined),
  };
}

export async function startScaledTopology(options: ScaledTopologyOptions = {}): Promise<ScaledTopology> {
  const count = options.replicas ?? 2;
  const clickhouseReplicas = options.clickhouseReplicas ?? 1;
  const servers = await storeServers(clickhouseReplicas);
  const { postgres, clickhouse } = servers;
  const replicas: Replica[] = [];
  let proxy: TestProxy | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(replicas.map((r) => r.server.kill()));
    for (const r of replicas) fs.rmSync(r.dataDir, { recursive: true, force: true });
    await servers.stop();
  };
  try {
    const configUrl = await postgres.freshUrl();
    const eventsUrl = clickhouse.url('workbench');
    const env = {
      WORKBENCH_CONFIG_URL: configUrl,
      // Every replica seals the shared store's secrets with one key.
      WORKBENCH_SECRET_KEY: TEST_SECRET_KEY,
      WORKBENCH_EVENTS_URL: eventsUrl,
      WORKBENCH_EVENTS_REPLICAS: String(clickhouseReplicas),
      WORKBENCH_DEMO_PASSWORD: TEST_PASSWORD,
      WORKBENCH_DEMO_EVENTS: '0',
      WORKBENCH_LIVE_EVENTS: '0',
      // Every client of a test comes through the proxy from one address.
      WORKBENCH_LOGIN_RATE_LIMIT: '1000',
      ...options.env,
    };
    // One after the other: the first start migrates and seeds the shared stores, the others find them.
    for (let i = 1; i <= count; i += 1) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `workbench-replica-r${i}-`));
      try {
        const own = i === 1 ? { ...env, ...options.firstReplicaEnv } : env;
        replicas.push({ name: `r${i}`, dataDir, server: await startChildServer(dataDir, own) });
      } catch (error) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
    proxy = await startHaproxy(
      replicas.map((r) => ({ name: r.name, address: new URL(r.server.baseUrl).host })),
    );
    return {
      url: proxy.url,
      configUrl,
      eventsUrl,
      postgres,
      clickhouse,
      clickhouseCluster: servers.cluster,
      replicas,
      proxy,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
