/**
 * HAProxy (Debian's haproxy package) in front of server replicas, round robin per request, on
 * deploy/haproxy/haproxy.cfg (deploy/README.md says why each rule is there: health checks on
 * `/readyz`, retries of reads only, the replica header, X-Forwarded-For and X-Request-ID): for the
 * replica tests and the scaled test servers (a throw-away one on a free loopback port), for
 * `npm run cluster` (in its directory, on its port), and over TLS and HTTP/2 for the Lighthouse
 * bench (bench/lighthouse.ts).
 *
 * Why HAProxy rather than nginx: active health checks (open-source nginx only learns a server is
 * down from failed requests) and per-request retry rules. With every replica marked down HAProxy
 * answers 503 itself.
 */
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
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

/**
 * What follows a TLS-terminating balancer's address in BIND (deploy/README.md, "TLS and HTTP/2 at
 * the balancer"):
 * HAProxy speaks TLS with the certificate and key of `pemFile`, and HTTP/2 with the browsers that
 * offer it (ALPN), HTTP/1.1 with the rest and with the servers.
 */
export const tlsBindOptions = (pemFile: string): string => `ssl crt ${pemFile} alpn h2,http/1.1`;

/**
 * deploy/haproxy/haproxy.cfg for a balancer on 127.0.0.1:`port` in front of `backends`; with
 * `tlsPemFile`, over TLS and HTTP/2.
 */
export function haproxyConfig(port: number, backends: readonly Backend[], tlsPemFile?: string): string {
  return renderDeployFile('haproxy/haproxy.cfg', {
    BIND: `127.0.0.1:${port}${tlsPemFile === undefined ? '' : ` ${tlsBindOptions(tlsPemFile)}`}`,
    SERVERS: backends.map((b) => `  server ${b.name} ${b.address}`).join('\n'),
  });
}

/** A self-signed certificate for 127.0.0.1 (Debian's openssl), for a balancer on loopback. */
export interface LoopbackCertificate {
  /** The certificate and its key in one file, as HAProxy's `crt` takes them. */
  pemFile: string;
  /** The certificate alone (PEM): the one a client trusts to reach that balancer. */
  certificate: string;
}

/** Makes a loopback certificate in `dir` (valid for a day: a test's or a bench's). */
export function makeLoopbackCertificate(dir: string): LoopbackCertificate {
  const key = path.join(dir, 'loopback.key');
  const cert = path.join(dir, 'loopback.crt');
  // Elliptic-curve key: made at once (an RSA key costs seconds of CPU); 127.0.0.1 as its address.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  const certificate = fs.readFileSync(cert, 'utf8');
  const pemFile = path.join(dir, 'loopback.pem');
  fs.writeFileSync(pemFile, certificate + fs.readFileSync(key, 'utf8'), { mode: 0o600 });
  return { pemFile, certificate };
}

/** Whether `url` (https) answers 2xx, trusting only `certificate`. */
const answersOkOverTls = (url: string, certificate: string) => (): Promise<boolean> =>
  new Promise((resolve, reject) => {
    https
      .get(url, { ca: certificate }, (response) => {
        response.resume();
        resolve((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300);
      })
      .on('error', reject);
  });

export interface TestProxy {
  /** http://127.0.0.1:<port> (https with TLS) */
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export interface HaproxyOptions {
  /** Its port (default: a free one). */
  port?: number;
  /** Where its config is written and kept (default: a temporary directory, removed by stop). */
  dir?: string;
  /** Over TLS and HTTP/2 with this certificate (the URL is then https). */
  tls?: LoopbackCertificate;
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
  fs.writeFileSync(config, haproxyConfig(port, backends, options.tls?.pemFile));
  const check = spawnSync(binary, ['-c', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its config:\n${check.stdout}${check.stderr}`);
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const proxy = startThrowawayProcess({
    name: 'haproxy',
    command: binary,
    args: ['-db', '-f', config],
    ...(options.dir === undefined ? { dir } : {}),
    ready: options.tls
      ? answersOkOverTls(`${url}/healthz`, options.tls.certificate)
      : answersOk(`${url}/healthz`),
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
