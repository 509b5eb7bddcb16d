/**
 * A throw-away HAProxy (Debian's haproxy package) in front of server replicas: round robin per
 * request on a free loopback port, for the replica tests and the scaled topology.
 *
 * Why HAProxy rather than nginx: one small config with active health checks (`option httpchk
 * GET /readyz`: a replica whose stores do not answer is taken out, and put back when they do; open-source nginx only learns a server is down from failed requests) and per-request
 * retry rules. How a dead replica is handled (issue 16, "killing one replica mid-request"):
 * - `retries 3` + `option redispatch 1`: a request whose connection to a replica fails (it is
 *   down and not yet marked so) was never sent, so it is sent to the other replica at once;
 * - `retry-on conn-failure empty-response`, but `disable-l7-retry` for everything but GET/HEAD: a
 *   read cut off by a dying replica is replayed on the other; a write is never replayed (the
 *   dead replica may have committed it before dying), its client gets a 502 and decides;
 * - health checks every 500 ms, down after 3 failures (refused, or no answer within 10 s: a
 *   replica busy with a long request on a loaded machine is slow, not dead): then no request goes to
 *   the dead one. With every replica marked down HAProxy answers 503 itself.
 * Every request carries a new `X-Request-ID` (replacing any the client sent), which the replicas
 * (trusting this proxy) log and echo, so a line of HAProxy's log joins the replica's (a deployment
 * that logs adds `%ID` to its log-format; this throw-away proxy has no log address).
 * Every answer carries `x-workbench-replica` (the replica's name) so tests can see who served it.
 * Every request carries the client's address in X-Forwarded-For, set by the proxy in place of any
 * the client sent (so a client cannot choose its address even for a replica that trusts every
 * hop): the sign-in limit and lockout count per client, not per proxy (trustProxy).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

export function haproxyConfig(port: number, backends: readonly Backend[]): string {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  # Longer than the clients' own idle limit (Node's fetch: 4 s), so a client never sends a
  # request on a connection HAProxy is closing at that moment ("fetch failed" under load).
  timeout http-keep-alive 60s
  timeout check 10s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend workbench
  bind 127.0.0.1:${port}
  unique-id-format %[uuid()]
  http-request set-header X-Request-ID %[unique-id]
  default_backend replicas

backend replicas
  balance roundrobin
  option httpchk GET /readyz
  http-request set-header X-Forwarded-For %[src]
  http-request disable-l7-retry if !METH_GET
  http-response set-header ${REPLICA_HEADER} %s
${backends.map((b) => `  server ${b.name} ${b.address} check inter 500ms fall 3 rise 1`).join('\n')}
`;
}

export interface TestProxy {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts HAProxy in the foreground on a free port; resolves once it answers through a backend. */
export async function startHaproxy(backends: readonly Backend[]): Promise<TestProxy> {
  const binary = haproxyBinary();
  if (binary === null) throw new Error(HAPROXY_MISSING_MESSAGE);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(config, haproxyConfig(port, backends));
  const check = spawnSync(binary, ['-c', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its config:\n${check.stdout}${check.stderr}`);
  const url = `http://127.0.0.1:${port}`;
  const proxy = startThrowawayProcess({
    name: 'haproxy',
    command: binary,
    args: ['-db', '-f', config],
    dir,
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
