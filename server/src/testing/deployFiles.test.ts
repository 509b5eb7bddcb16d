import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deployPath, fillPlaceholders, renderDeployFile } from './deployFiles';
import { haproxyBinary, haproxyConfig, REPLICA_HEADER } from './haproxy';

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
});
