/**
 * `npm run cluster -- <directory>`: the scaled topology on one machine from Debian's binaries, on
 * the configuration files of this folder (deploy/README.md): PostgreSQL, two ClickHouse shards,
 * two workbench servers and HAProxy in front of them. Everything is kept in `<directory>` (made at
 * the first start, found again at the next): the stores' data, the rendered configs, the secrets
 * (generated once, owner-only files, handed to the servers through *_FILE variables). Prints the
 * URL; Ctrl-C (or SIGTERM) stops everything, the balancer first and PostgreSQL last.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startChildServer, type ChildServer } from '../server/src/crash/childServer';
import { clickhouseBinary, startClickHouseCluster } from '../server/src/events/clickhouseTestServers';
import { haproxyBinary, startHaproxy } from '../server/src/testing/haproxy';
import { postgresBinDir, startDeployedPostgres } from '../server/src/testing/testPostgres';
import { zookeeperInstalled } from '../server/src/testing/zookeeper';

const USAGE = 'usage: npm run cluster -- <directory>   (PORT: the balancer, default 8080)';

/** A secret of the directory: read when there, else generated and written owner-only. */
function secret(file: string, make: () => string): { file: string; value: string } {
  if (!fs.existsSync(file)) fs.writeFileSync(file, make(), { mode: 0o600 });
  return { file, value: fs.readFileSync(file, 'utf8').trim() };
}

/**
 * As root, the first folder on the way to `dir` (itself included) that the postgres user cannot
 * enter, or null: not owned by it and without execute for others (a home directory such as /root,
 * mode 700). PostgreSQL refuses to run as root, so its data must be reachable as postgres.
 */
function unreachableForPostgres(dir: string): string | null {
  if (process.getuid?.() !== 0) return null;
  const chain: string[] = [];
  for (let at = dir; ; at = path.dirname(at)) {
    chain.unshift(at);
    if (path.dirname(at) === at) break;
  }
  return chain.find((folder) => (fs.statSync(folder).mode & 0o001) === 0) ?? null;
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg || arg.startsWith('-')) throw new Error(USAGE);
  const port = Number(process.env.PORT ?? 8080);
  // Replicas per shard: with 2, each shard is two servers coordinated by a ZooKeeper of the cluster's.
  const replicas = Number(process.env.WORKBENCH_EVENTS_REPLICAS ?? 1);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 16)
    throw new Error(`WORKBENCH_EVENTS_REPLICAS must be 1-16, not ${process.env.WORKBENCH_EVENTS_REPLICAS}.`);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PORT must be a port number (1-65535), not ${process.env.PORT}.`);
  const missing = [
    postgresBinDir() === null && 'postgresql',
    clickhouseBinary() === null && 'clickhouse-server',
    haproxyBinary() === null && 'haproxy',
    replicas > 1 && !zookeeperInstalled() && 'zookeeper',
  ].filter(Boolean);
  if (missing.length > 0)
    throw new Error(
      `Not installed: ${missing.join(', ')} (apt-get install -y ${missing.join(' ')}, as root).`,
    );

  const dir = path.resolve(arg);
  const secrets = path.join(dir, 'secrets');
  // The directory itself stays enterable: as root PostgreSQL runs as `postgres` in a folder of it.
  fs.mkdirSync(dir, { recursive: true });
  const blocked = unreachableForPostgres(dir);
  if (blocked)
    throw new Error(
      `As root, PostgreSQL runs as the postgres user, which cannot enter ${blocked} (mode ${(fs.statSync(blocked).mode & 0o777).toString(8)}): give a directory it can reach, e.g. /var/tmp/workbench.`,
    );
  fs.mkdirSync(secrets, { recursive: true, mode: 0o700 });
  const random = () => crypto.randomBytes(18).toString('hex');
  const pgPassword = secret(path.join(secrets, 'postgresql-password'), random);
  const chPassword = secret(path.join(secrets, 'clickhouse-password'), random);
  const secretKey = secret(path.join(secrets, 'secret.key'), () => crypto.randomBytes(32).toString('base64'));
  const demoPassword = secret(
    path.join(secrets, 'demo-password'),
    () => process.env.WORKBENCH_DEMO_PASSWORD || crypto.randomBytes(12).toString('base64url'),
  );

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse())
      await stop().catch((error: unknown) => console.error(error));
  };
  let stopping = false;
  let startup: Promise<unknown> = Promise.resolve();
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping HAProxy, the servers, ClickHouse and PostgreSQL ...`);
    // After the pieces still starting have started (each then has its stop in `stops`);
    // process.exit: the stopped children's pipes may still hold the event loop open.
    void startup
      .catch(() => undefined)
      .then(stopAll)
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  startup = start(dir, port, replicas, { pgPassword, chPassword, secretKey, demoPassword }, stops);
  try {
    await startup;
  } catch (error) {
    if (!stopping) await stopAll();
    throw error;
  }
}

type Secret = { file: string; value: string };

/**
 * Promise.all that waits for every start to settle before it rejects, so a piece still starting
 * when another fails has its stop in `stops` when everything is stopped.
 */
async function allStarted<T>(starts: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

async function start(
  dir: string,
  port: number,
  replicas: number,
  secrets: Record<'pgPassword' | 'chPassword' | 'secretKey' | 'demoPassword', Secret>,
  stops: (() => Promise<void>)[],
): Promise<void> {
  const { pgPassword, chPassword, secretKey, demoPassword } = secrets;
  console.log(
    `Starting PostgreSQL and two ClickHouse shards${replicas > 1 ? ` of ${replicas} replicas (and ZooKeeper)` : ''} in ${dir} ...`,
  );
  const postgresStart = startDeployedPostgres(path.join(dir, 'postgresql'), pgPassword.value).then((p) => {
    stops.push(p.stop);
    return p;
  });
  const clickhouseStart = startClickHouseCluster(2, {
    dir: path.join(dir, 'clickhouse'),
    password: chPassword.value,
    replicas,
  }).then((c) => {
    stops.push(c.stop);
    return c;
  });
  await allStarted<unknown>([postgresStart, clickhouseStart]);
  const [postgres, clickhouse] = [await postgresStart, await clickhouseStart];
  const env: Record<string, string> = {
    WORKBENCH_CONFIG_URL: postgres.url,
    WORKBENCH_CONFIG_PASSWORD_FILE: pgPassword.file,
    WORKBENCH_EVENTS_URL: clickhouse.url('workbench'),
    WORKBENCH_EVENTS_REPLICAS: String(replicas),
    WORKBENCH_EVENTS_PASSWORD_FILE: chPassword.file,
    WORKBENCH_SECRET_KEY_FILE: secretKey.file,
    WORKBENCH_DEMO_PASSWORD_FILE: demoPassword.file,
    // HAProxy on this machine sets X-Forwarded-For: the sign-in limit counts per browser.
    WORKBENCH_TRUST_PROXY: 'loopback',
    WORKBENCH_DEMO_EVENTS: process.env.WORKBENCH_DEMO_EVENTS ?? '200000',
    WORKBENCH_LIVE_EVENTS: process.env.WORKBENCH_LIVE_EVENTS ?? '2',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  // startChildServer takes the secrets from these files, not from the environment it inherits.
  delete process.env.WORKBENCH_DEMO_PASSWORD;
  console.log('Starting two workbench servers ...');
  // Together, as an operator may: one migrates and seeds under a lease, the other waits for it.
  const servers: { name: string; server: ChildServer }[] = await allStarted(
    ['r1', 'r2'].map(async (name) => {
      const dataDir = path.join(dir, 'servers', name);
      fs.mkdirSync(dataDir, { recursive: true });
      const server = await startChildServer(dataDir, env);
      stops.push(server.stop);
      return { name, server };
    }),
  );
  const proxy = await startHaproxy(
    servers.map(({ name, server }) => ({ name, address: new URL(server.baseUrl).host })),
    { port, dir: path.join(dir, 'haproxy') },
  );
  stops.push(proxy.stop);
  console.log(`
  Workbench cluster at ${proxy.url}
  Tenant portal:     ${proxy.url}/
  Provider console:  ${proxy.url}/provider/
  Demo accounts (admin@acme.example, operator@provider.example, ...), password in ${demoPassword.file}
  PostgreSQL:  ${postgres.url}   ClickHouse: ${clickhouse.url('workbench')}
  Servers:     ${servers.map(({ name, server }) => `${name} ${server.baseUrl}`).join(', ')}
  Every answer names its server in the x-workbench-replica header. Ctrl-C stops it all.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
