/**
 * HAProxy (Debian's haproxy package) in front of server replicas, round robin per request, on
 * deploy/haproxy/haproxy.cfg (deploy/README.md says why each rule is there: health checks on
 * `/readyz`, retries of reads only, the replica header, X-Forwarded-For and X-Request-ID): for the
 * replica tests and the scaled test servers (a throw-away one on a free loopback port) and for
 * `npm run cluster` (in its directory, on its port).
 *
 * Why HAProxy rather than nginx: active health checks (open-source nginx only learns a server is
 * down from failed requests) and per-request retry rules. With every replica marked down HAProxy
 * answers 503 itself.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderDeployFile } from './deployFiles';
import { answersOk, freePort, startThrowawayProcess } from './throwawayProcess';

const HAPROXY_BINARIES = ['/usr/sbin/haproxy', '/usr/bin/haproxy'];
export const REPLICA_HEADER = 'x-workbench-replica';

export const HAPROXY_MISSING_MESSAGE = `haproxy not found (looked for ${HAPROXY_BINARIES.join(', ')}): apt-get install -y haproxy to run the replica tests.`;

export function haproxyBinary(): string | null {
  return HAPROXY_BINARIES.find((file) => fs.existsSync(file)) ?? null;
}

export interface Backend {
  name: string;
  /** host:port */
  address: string;
}

/** deploy/haproxy/haproxy.cfg for a balancer on 127.0.0.1:`port` in front of `backends`. */
export function haproxyConfig(port: number, backends: readonly Backend[]): string {
  return renderDeployFile('haproxy/haproxy.cfg', {
    BIND: `127.0.0.1:${port}`,
    SERVERS: backends.map((b) => `  server ${b.name} ${b.address}`).join('\n'),
  });
}

export interface TestProxy {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export interface HaproxyOptions {
  /** Its port (default: a free one). */
  port?: number;
  /** Where its config is written and kept (default: a temporary directory, removed by stop). */
  dir?: string;
}

/** Starts HAProxy in the foreground; resolves once it answers through a backend. */
export async function startHaproxy(
  backends: readonly Backend[],
  options: HaproxyOptions = {},
): Promise<TestProxy> {
  const binary = haproxyBinary();
  if (binary === null) throw new Error(HAPROXY_MISSING_MESSAGE);
  const port = options.port ?? (await freePort());
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-haproxy-'));
  fs.mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(config, haproxyConfig(port, backends));
  const check = spawnSync(binary, ['-c', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its config:\n${check.stdout}${check.stderr}`);
  const url = `http://127.0.0.1:${port}`;
  const proxy = startThrowawayProcess({
    name: 'haproxy',
    command: binary,
    args: ['-db', '-f', config],
    ...(options.dir === undefined ? { dir } : {}),
    ready: answersOk(`${url}/healthz`),
    readyWhat: '/healthz',
    timeoutMs: 30_000,
    // Short: every test server of the scaled run waits here once (HAProxy listens in ~20 ms).
    pollMs: 10,
    // A jest worker killed at its time-out leaves no proxy holding the port.
    dieWithParent: true,
  });
  await proxy.ready;
  return { url, process: proxy.process, stop: proxy.stop };
}
