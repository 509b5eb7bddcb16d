/**
 * A throw-away ZooKeeper (Debian's zookeeper package, 3.8, on the installed JRE): the coordination
 * service of the replicated ClickHouse shards (ReplicatedMergeTree), for the tests and `npm run
 * cluster`. One standalone server on a free loopback port with deploy/zookeeper/zoo.cfg, its data
 * in a directory of its own. Ready when it serves requests: its `mntr` four-letter command reports
 * the server's state (`ruok` answers `imok` as soon as the port is bound, ~0.6 s earlier on a
 * loaded machine, while ZooKeeper still closes a client's handshake; a ClickHouse replica that
 * connected then failed its first query: "Cannot read all data ... while receiving handshake").
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { writeDeployFile } from './deployFiles';
import { freePort, ownedTempDir, startThrowawayProcess, type ThrowawayProcess } from './throwawayProcess';

/** Debian's jar: its manifest names the libraries it needs, so it is the whole class path. */
const ZOOKEEPER_JAR = '/usr/share/java/zookeeper.jar';
const JAVA = '/usr/bin/java';
const MAIN_CLASS = 'org.apache.zookeeper.server.quorum.QuorumPeerMain';

export const ZOOKEEPER_MISSING_MESSAGE = `ZooKeeper not found (${ZOOKEEPER_JAR} and ${JAVA}): apt-get install -y zookeeper`;

/** Whether ZooKeeper and a Java runtime are installed. */
export function zookeeperInstalled(): boolean {
  return fs.existsSync(ZOOKEEPER_JAR) && fs.existsSync(JAVA);
}

export interface TestZooKeeper {
  readonly host: string;
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * Whether a ZooKeeper server on `port` serves requests: `mntr` lists its state then (and says "This
 * ZooKeeper instance is not currently serving requests" before).
 */
export function servesRequests(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect({ host, port }, () => socket.end('mntr'));
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(/^zk_server_state\t/m.test(answer)));
  });
}

export interface ZooKeeperOptions {
  /** Where it keeps its data (kept by stop: `npm run cluster`); default a temporary one, removed. */
  dir?: string;
}

/** Starts one ZooKeeper server; resolves once it answers. */
export async function startZooKeeper(options: ZooKeeperOptions = {}): Promise<TestZooKeeper> {
  if (!zookeeperInstalled()) throw new Error(ZOOKEEPER_MISSING_MESSAGE);
  const host = '127.0.0.1';
  const port = await freePort();
  // A temporary one is removed by stop and by the exit guard (throwawayProcess.ts); one left by a
  // process killed outright (no exit handler ran) by the next start (ownedTempDir).
  const dir = options.dir ?? ownedTempDir('workbench-zookeeper-');
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
  const config = path.join(dir, 'zoo.cfg');
  writeDeployFile('zookeeper/zoo.cfg', config, { DIR: dir, PORT: String(port), LISTEN_HOST: host });
  const server: ThrowawayProcess = startThrowawayProcess({
    name: 'zookeeper',
    command: JAVA,
    // A small heap: one test's few tables; the JVM's default takes a quarter of the machine.
    args: ['-Xmx256m', '-cp', ZOOKEEPER_JAR, MAIN_CLASS, config],
    cwd: dir,
    dieWithParent: true,
    ...(options.dir === undefined ? { dir } : {}),
    ready: () => servesRequests(host, port),
    readyWhat: 'mntr',
    timeoutMs: 60_000,
    pollMs: 100,
  });
  await server.ready;
  return { host, port, stop: () => server.stop() };
}
