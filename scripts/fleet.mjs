// `npm run fleet`: a management station and three appliances on loopback, each a real server
// process with its own data directory (docs/central-manager.md §7), the appliances approved by the
// station so its central-manager calls answer at once. Ctrl-C stops all four.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = path.resolve(root, process.env.WORKBENCH_FLEET_DATA || './data/fleet');
// The demo accounts' password is set on a data directory's first start: kept beside them for the next.
const passwordFile = path.join(dataRoot, 'demo-password');
mkdirSync(dataRoot, { recursive: true });
const password =
  process.env.WORKBENCH_DEMO_PASSWORD ||
  (existsSync(passwordFile)
    ? readFileSync(passwordFile, 'utf8').trim()
    : crypto.randomBytes(12).toString('base64url'));
if (!existsSync(passwordFile)) writeFileSync(passwordFile, password, { mode: 0o600 });
const stationPort = Number(process.env.PORT || 8080);
// The first appliance on the appliance port (8442), the others beside it.
const members = [
  { name: 'safeview-1', mode: 'safeview', port: 8442 },
  { name: 'safemail-1', mode: 'safemail', port: 8443 },
  { name: 'isolation-1', mode: 'safeview_isolation', port: 8444 },
];

const children = [];
function startServer(name, port, mode) {
  const dataDir = path.join(dataRoot, name);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKBENCH_DATA: dataDir,
      WORKBENCH_DEPLOYMENT: 'on_prem',
      WORKBENCH_MODE: mode,
      WORKBENCH_DEMO_PASSWORD: password,
      WORKBENCH_DEMO_EVENTS: process.env.WORKBENCH_DEMO_EVENTS || '0',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      process.stdout.write(`[${name}] ${chunk}`);
      const m = out.match(/Workbench listening on (http:\/\/\S+)/);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`${name} ended (${code}) before listening`)));
  });
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopAll);

/** Signs in to the station and approves every appliance not yet managed there. */
async function approveAll(station) {
  const cookies = new Map();
  const call = async (method, pathname, body) => {
    const headers = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (cookies.has('wb_xsrf')) headers['x-xsrf-token'] = cookies.get('wb_xsrf');
    if (body) headers['content-type'] = 'application/json';
    const r = await fetch(`${station}${pathname}`, { method, headers, body: body && JSON.stringify(body) });
    for (const line of r.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return r.json();
  };
  await call('POST', '/api/auth/v1/login', { username: 'admin@acme.example', password });
  const { appliances = [] } = await call('GET', '/api/v1/managed_systems');
  for (const m of members) {
    if (appliances.some((a) => a.port === m.port)) continue;
    const login = { host: '127.0.0.1', port: m.port, username: 'admin@acme.example', password };
    const cert = await call('POST', '/api/v1/managed_systems/get_sv_cert', login);
    if (!cert.cert) throw new Error(`${m.name}: ${cert.reason}`);
    const approved = await call('POST', '/api/v1/managed_systems/approve_sv', {
      ...login,
      name: m.name,
      fingerprint_sha256: cert.fingerprint_sha256,
    });
    if (!approved.ok) throw new Error(`${m.name}: ${approved.reason}`);
    console.log(
      `Approved ${m.name} (${m.mode}) on 127.0.0.1:${m.port}, certificate ${cert.fingerprint_sha256}`,
    );
  }
}

try {
  const [station] = await Promise.all([
    startServer('station', stationPort, 'management_station'),
    ...members.map((m) => startServer(m.name, m.port, m.mode)),
  ]);
  await approveAll(station);
  console.log(`\nFleet ready. Management station: ${station}/ (admin@acme.example, password ${password})`);
  console.log(`Appliances: ${members.map((m) => `${m.name} http://127.0.0.1:${m.port}/`).join(', ')}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stopAll();
  process.exitCode = 1;
}
