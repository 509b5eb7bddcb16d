import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deployPath, fillPlaceholders, renderDeployFile } from './deployFiles';
import {
  haproxyBinary,
  haproxyConfig,
  makeLoopbackCertificate,
  REPLICA_HEADER,
  startHaproxy,
} from './haproxy';

describe('deploy/ files', () => {
  test('a placeholder without a value, or a value without its placeholder, is refused by name', () => {
    expect(() => fillPlaceholders('port {{PORT}} dir {{DIR}}', { PORT: '1' }, 'x.conf')).toThrow(
      'x.conf: no value for {{DIR}}',
    );
    expect(() => fillPlaceholders('port {{PORT}}', { PORT: '1', HOST: 'h' }, 'x.conf')).toThrow(
      'x.conf: no placeholder for HOST',
    );
    expect(fillPlaceholders('{{A}}:{{B}}/{{A}}', { A: 'x', B: 'y' }, 'x.conf')).toBe('x:y/x');
  });

  test('the files without placeholders need none, and the PostgreSQL role is the one the cluster connects as', () => {
    for (const file of [
      'postgresql/workbench.conf',
      'postgresql/pg_hba.conf',
      'postgresql/create-workbench.sql',
    ])
      expect(renderDeployFile(file)).toBe(fs.readFileSync(deployPath(file), 'utf8'));
    expect(renderDeployFile('postgresql/create-workbench.sql')).toMatch(/CREATE ROLE workbench LOGIN;/);
    expect(renderDeployFile('postgresql/pg_hba.conf')).toMatch(
      /^host\s+workbench\s+workbench\s+127\.0\.0\.1\/32\s+scram-sha-256$/m,
    );
  });

  test('the balancer the tests start is deploy/haproxy/haproxy.cfg: checks /readyz, names the replica, and HAProxy accepts it', () => {
    const config = haproxyConfig(18080, [
      { name: 'r1', address: '127.0.0.1:18081' },
      { name: 'r2', address: '127.0.0.1:18082' },
    ]);
    expect(config).toContain('option httpchk GET /readyz');
    expect(config).toContain(`http-response set-header ${REPLICA_HEADER} %s`);
    expect(config).toMatch(/^ {2}server r2 127\.0\.0\.1:18082$/m);
    expect(config).not.toContain('{{');
    const binary = haproxyBinary();
    if (binary === null) return;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-deploy-'));
    try {
      fs.writeFileSync(path.join(dir, 'haproxy.cfg'), config);
      const check = spawnSync(binary, ['-c', '-f', path.join(dir, 'haproxy.cfg')], { encoding: 'utf8' });
      expect(`${check.status} ${check.stdout}${check.stderr}`).toMatch(/^0 /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('over TLS the balancer speaks HTTP/2 with a browser that offers it, and HTTP/1.1 with the servers', async () => {
    if (haproxyBinary() === null) return;
    const seen: string[] = [];
    const backend = http.createServer((request, response) => {
      seen.push(`HTTP/${request.httpVersion} ${request.url}`);
      response.end('ok');
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-tls-'));
    const tls = makeLoopbackCertificate(dir);
    const proxy = await startHaproxy(
      [{ name: 'r1', address: `127.0.0.1:${(backend.address() as AddressInfo).port}` }],
      { tls },
    );
    try {
      expect(proxy.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const session = http2.connect(proxy.url, { ca: tls.certificate });
      const answer = await new Promise<{ status: number; replica: unknown; body: string }>(
        (resolve, reject) => {
          const stream = session.request({ ':path': '/assets/app.js' });
          let body = '';
          let headers: http2.IncomingHttpHeaders = {};
          stream.on('response', (h) => (headers = h));
          stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
          stream.on('end', () =>
            resolve({ status: Number(headers[':status']), replica: headers[REPLICA_HEADER], body }),
          );
          stream.on('error', reject);
        },
      );
      session.close();
      expect(answer).toEqual({ status: 200, replica: 'r1', body: 'ok' });
      expect(session.alpnProtocol).toBe('h2');
      expect(seen).toContain('HTTP/1.1 /assets/app.js');
    } finally {
      await proxy.stop();
      backend.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
