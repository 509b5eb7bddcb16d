// `npm start`: build the apps if a build is missing, then run the server (run contract, DESIGN.md).
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  'tenant-portal/dist/index.html',
  'tenant-portal/dist/login/index.html',
  'provider-console/dist/index.html',
];
const missing = builds.filter((f) => !existsSync(path.join(root, f)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (missing.length > 0 || process.argv.includes('--rebuild')) {
  console.log(`Building the apps (missing: ${missing.join(', ') || 'none, --rebuild'}) ...`);
  const built = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawn(npm, ['run', 'start', '-w', 'server'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
