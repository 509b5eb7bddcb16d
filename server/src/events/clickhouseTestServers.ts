/**
 * Throw-away ClickHouse servers for tests: two clickhouse-server processes (two shards of one
 * cluster, `workbench`) on free loopback ports, each with its own temporary data directory and the
 * configuration of deploy/clickhouse/ (the XML format of Debian's 18.16, which current releases
 * read too). `npm run cluster` starts its shards here too, in its own directory.
 * The system service is never used. When the binary is missing a test run in CI (CI=true) fails
 * with a message saying what to install; elsewhere the ClickHouse tests are skipped, loudly.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  answersOk,
  freePort,
  ownedTempDir,
  startThrowawayProcess,
  type ThrowawayProcess,
} from '../testing/throwawayProcess';
import { writeDeployFile } from '../testing/deployFiles';
import { startZooKeeper, type TestZooKeeper } from '../testing/zookeeper';

/** Where Debian's package (and the official packages) put the server. */
const SERVER_BINARIES = ['/usr/sbin/clickhouse-server', '/usr/bin/clickhouse-server', '/usr/bin/clickhouse'];
export const CLUSTER = 'workbench';

/** One server of the cluster: a shard's replica (the only one when the shards are not replicated). */
export interface ClickHouseShard {
  /** Its shard, 1, 2, … (the cluster's order). */
  readonly shard: number;
  /** Its replica within the shard, 1, 2, …. */
  readonly replica: number;
  readonly httpPort: number;
  readonly tcpPort: number;
  readonly dir: string;
  readonly process: ChildProcess;
}

export interface ClickHouseTestCluster {
  /** Every server, shard by shard, a shard's replicas one after the other (the URL's order). */
  readonly shards: readonly ClickHouseShard[];
  /** Replicas per shard (WORKBENCH_EVENTS_REPLICAS of the servers using it). */
  readonly replicas: number;
  /**
   * `clickhouse://127.0.0.1:<http>,127.0.0.1:<http>/<database>?cluster=workbench`: every server's
   * HTTP address in `shards`' order.
   */
  url(database: string): string;
  /**
   * Kills server `index` of `shards` outright (SIGKILL: its port refuses connections) and keeps its data; the
   * entry in `shards` stays the old process until restart.
   */
  kill(index: number): Promise<void>;
  /** Starts shard `index` again on its ports and data (after kill); resolves once it answers. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

/** The server binary, or null when ClickHouse is not installed. */
export function clickhouseBinary(): string | null {
  return SERVER_BINARIES.find((file) => fs.existsSync(file)) ?? null;
}

/**
 * Whether the ClickHouse tests run here: true when the binary is there; in CI a missing binary
 * throws (the CI script installs it), elsewhere it says so and the tests are skipped.
 */
export function clickhouseAvailable(): boolean {
  if (clickhouseBinary() !== null) return true;
  const message = `clickhouse-server is not installed (looked for ${SERVER_BINARIES.join(', ')}): apt-get install -y clickhouse-server`;
  if (process.env.CI === 'true') throw new Error(`${message}. CI runs the ClickHouse event store tests.`);
  console.warn(`SKIPPING the ClickHouse event store tests: ${message}.`);
  return false;
}

/**
 * Writes a shard's configuration into `dir` from deploy/clickhouse/ (config.xml, users.xml, and
 * the cluster's shards in config.d/cluster.xml, which the server merges in): the files an operator
 * installs, with this shard's ports and directory filled in.
 */
function writeShardConfig(
  dir: string,
  own: ServerPorts,
  all: readonly ServerPorts[],
  password: string,
  zookeeper: TestZooKeeper | null,
): void {
  for (const sub of ['data', 'tmp', 'user_files', 'format_schemas'])
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  writeDeployFile('clickhouse/config.xml', path.join(dir, 'config.xml'), {
    LISTEN_HOST: '127.0.0.1',
    HTTP_PORT: String(own.http),
    TCP_PORT: String(own.tcp),
    INTERSERVER_HOST: '127.0.0.1',
    INTERSERVER_PORT: String(own.interserver),
    DIR: dir,
  });
  writeDeployFile('clickhouse/users.xml', path.join(dir, 'users.xml'), { PASSWORD: password });
  const shardNumbers = [...new Set(all.map((p) => p.shard))];
  writeDeployFile('clickhouse/cluster.xml', path.join(dir, 'config.d', 'cluster.xml'), {
    SHARDS: shardNumbers
      .map((shard) => {
        const replicas = all
          .filter((p) => p.shard === shard)
          .map(
            (p) =>
              `<replica><host>127.0.0.1</host><port>${p.tcp}</port><password>${password}</password></replica>`,
          );
        // Replicated tables copy an insert to the shard's other replicas themselves.
        const internal = zookeeper === null ? '' : '<internal_replication>true</internal_replication>';
        return `      <shard>${internal}${replicas.join('')}</shard>`;
      })
      .join('\n'),
  });
  if (zookeeper === null) return;
  writeDeployFile('clickhouse/zookeeper.xml', path.join(dir, 'config.d', 'zookeeper.xml'), {
    NODES: `    <node><host>${zookeeper.host}</host><port>${zookeeper.port}</port></node>`,
  });
  writeDeployFile('clickhouse/macros.xml', path.join(dir, 'config.d', 'macros.xml'), {
    SHARD: String(own.shard),
    REPLICA: `r${own.replica}`,
  });
}

interface ServerPorts {
  shard: number;
  replica: number;
  http: number;
  tcp: number;
  /** Where the shard's other replicas fetch this one's parts. */
  interserver: number;
}

export interface ClickHouseClusterOptions {
  /**
   * Where the shards keep their data, `shard-<n>` each, kept by stop (`npm run cluster`);
   * default: temporary directories, removed by stop.
   */
  dir?: string;
  /** The `default` user's password (letters and digits: it is written into XML); default none. */
  password?: string;
  /**
   * Replicas per shard (default 1). Above 1 the shards' tables are ReplicatedMergeTree, coordinated
   * by a throw-away ZooKeeper started here (its data in `dir`'s `zookeeper`, when `dir` is given).
   */
  replicas?: number;
}

/**
 * Starts `count` shards of the cluster `workbench`, each of `options.replicas` servers, answering
 * on loopback.
 */
export async function startClickHouseCluster(
  count = 2,
  options: ClickHouseClusterOptions = {},
): Promise<ClickHouseTestCluster> {
  // Its ports are checked free when drawn and bound only when the servers start: another process
  // (the suites beside it start servers all the time) may take one in between. Then the servers
  // stop and the cluster starts again on ports drawn afresh (seen once in a CI run: "Address already
  // in use" from one shard).
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startClickHouseClusterOnce(count, options);
    } catch (error) {
      const taken = error instanceof Error && /Address already in use/.test(error.message);
      if (!taken || attempt >= PORT_CLASH_ATTEMPTS) throw error;
    }
  }
}

/** Starts in all when a port was taken between drawing it and binding it. */
const PORT_CLASH_ATTEMPTS = 3;

async function startClickHouseClusterOnce(
  count: number,
  options: ClickHouseClusterOptions,
): Promise<ClickHouseTestCluster> {
  const password = options.password ?? '';
  if (!/^[A-Za-z0-9]*$/.test(password))
    throw new Error('The ClickHouse password must be letters and digits.');
  const replicaCount = options.replicas ?? 1;
  if (!Number.isInteger(replicaCount) || replicaCount < 1) throw new Error('replicas must be 1 or more.');
  const binary = clickhouseBinary();
  if (binary === null) throw new Error('clickhouse-server is not installed.');
  const ports: ServerPorts[] = [];
  for (let shard = 1; shard <= count; shard += 1)
    for (let replica = 1; replica <= replicaCount; replica += 1)
      ports.push({
        shard,
        replica,
        http: await freePort(),
        tcp: await freePort(),
        interserver: await freePort(),
      });
  const zookeeper =
    replicaCount === 1
      ? null
      : await startZooKeeper(options.dir === undefined ? {} : { dir: path.join(options.dir, 'zookeeper') });
  const shards: ClickHouseShard[] = [];
  const servers: ThrowawayProcess[] = [];
  const dirs: string[] = [];
  // The data directories are the cluster's (stop removes them), so a restarted shard keeps its data;
  // a run killed outright leaves them to the next run's ownedTempDir.
  const launch = (dir: string, http: number): ThrowawayProcess =>
    startThrowawayProcess({
      name: 'clickhouse-server',
      command: binary,
      args: [
        ...(binary.endsWith('/clickhouse') ? ['server'] : []),
        `--config-file=${path.join(dir, 'config.xml')}`,
      ],
      cwd: dir,
      // A test process that ends without its afterAll (a crash, a timeout) takes its servers
      // along, even when killed outright.
      dieWithParent: true,
      ready: answersOk(`http://127.0.0.1:${http}/ping`),
      readyWhat: '/ping',
      timeoutMs: 60_000,
      pollMs: 100,
    });
  // Throw-away data: no need for 18.16's graceful stop (it waited over 5 s here).
  const stop = async (): Promise<void> => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await zookeeper?.stop();
  };
  try {
    await Promise.all(
      ports.map(async (own) => {
        const { http, tcp, shard, replica } = own;
        const dir =
          options.dir === undefined
            ? ownedTempDir('workbench-clickhouse-')
            : path.join(
                options.dir,
                replicaCount === 1 ? `shard-${shard}` : `shard-${shard}-replica-${replica}`,
              );
        writeShardConfig(dir, own, ports, password, zookeeper);
        // Pushed before the wait: when one shard fails, stop() ends the others still starting.
        const server = launch(dir, http);
        servers.push(server);
        if (options.dir === undefined) dirs.push(dir);
        shards.push({ shard, replica, httpPort: http, tcpPort: tcp, dir, process: server.process });
        await server.ready;
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  shards.sort(
    (a, b) => ports.findIndex((p) => p.http === a.httpPort) - ports.findIndex((p) => p.http === b.httpPort),
  );
  const serverOf = (index: number): number =>
    servers.findIndex((server) => server.process === shards[index].process);
  return {
    kill: async (index) => {
      const server = servers[serverOf(index)];
      server.process.kill('SIGKILL');
      await new Promise<void>((resolve) =>
        server.process.exitCode !== null || server.process.signalCode !== null
          ? resolve()
          : server.process.once('exit', () => resolve()),
      );
    },
    restart: async (index) => {
      const at = serverOf(index);
      const { dir, httpPort } = shards[index];
      await servers[at].stop();
      const server = launch(dir, httpPort);
      servers[at] = server;
      shards[index] = { ...shards[index], process: server.process };
      await server.ready;
    },
    shards,
    replicas: replicaCount,
    url: (database) =>
      `clickhouse://${shards.map((s) => `127.0.0.1:${s.httpPort}`).join(',')}/${database}?cluster=${CLUSTER}`,
    stop,
  };
}
