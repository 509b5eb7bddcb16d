/**
 * README.md's "Running on more than one machine" as a newcomer follows it (issue 39): the one
 * command that starts the whole topology on one machine, read from the README itself (so the two
 * cannot drift) and run as written but for its directory, then a sign-in through the balancer it
 * prints, with the demo password from the file it names, answered by both servers (their
 * x-workbench-replica header) on one session; Ctrl-C (SIGINT) stops it all. The scaled run only:
 * it needs Debian's PostgreSQL, ClickHouse and HAProxy, which the command starts itself.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { httpCaller, signIn } from '../testing/testServer';
import { scaledTopologyAvailable } from '../testing/scaledTopology';
import { until } from './crossServerRules';

const describeScaled = scaledTopologyAvailable() ? describe : describe.skip;
/** PostgreSQL, two ClickHouse shards, two servers seeding and HAProxy: minutes on a loaded machine. */
const START_GUARD_MS = 8 * 60_000;
jest.setTimeout(START_GUARD_MS + 120_000);
const repoRoot = path.resolve(__dirname, '../../..');

/** The README's shell line that starts the cluster, from its code block. */
function readmeClusterCommand(): string {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  const lines = blocks.flatMap((b) => b.split('\n')).filter((l) => l.trim().startsWith('npm run cluster'));
  if (lines.length !== 1) throw new Error(`README.md has ${lines.length} npm run cluster lines, not one.`);
  return lines[0].trim();
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

// Root's home (mode 700) is where a newcomer's `~/...` would point: PostgreSQL runs as postgres.
(process.getuid?.() === 0 ? test : test.skip)(
  'as root, a directory the postgres user cannot enter is refused at once, naming the folder in the way',
  async () => {
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-closed-'));
    try {
      const run = spawnSync('npm', ['run', 'cluster', '--', path.join(closed, 'workbench')], {
        cwd: repoRoot,
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `As root, PostgreSQL runs as the postgres user, which cannot enter ${closed} (mode 700): give a directory it can reach, e.g. /var/tmp/workbench.`,
      );
      expect(fs.readdirSync(path.join(closed, 'workbench'))).toEqual([]);
    } finally {
      fs.rmSync(closed, { recursive: true, force: true });
    }
  },
);

describeScaled("README's cluster command", () => {
  let child: ChildProcess | null = null;
  let output = '';
  let dir = '';
  const exited = () => child === null || child.exitCode !== null || child.signalCode !== null;

  afterAll(async () => {
    if (child && !exited()) {
      // The whole process group (npm and the command under it): the command stops what it started.
      process.kill(-child.pid!, 'SIGINT');
      await until(
        () => Promise.resolve(exited()),
        (done) => done,
      );
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('starts the topology, a demo account signs in through the balancer, both servers answer, Ctrl-C stops it', async () => {
    const command = readmeClusterCommand();
    const written = /^npm run cluster -- (\S+)$/.exec(command);
    expect(written).not.toBeNull();
    // A folder the postgres user can enter, as the README asks of one (mkdtemp's is the owner's only).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-readme-cluster-'));
    fs.chmodSync(dir, 0o755);
    const port = await freePort();
    child = spawn('bash', ['-c', command.replace(written![1], dir)], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // What the README lets an operator change; a small seed keeps the test short.
      env: { ...process.env, PORT: String(port), WORKBENCH_DEMO_EVENTS: '2000', WORKBENCH_LIVE_EVENTS: '0' },
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    // Ready when it prints the balancer's address (or stopped, with its reason in the output).
    const deadline = Date.now() + START_GUARD_MS;
    let at: string | undefined;
    while (!(at = /Workbench cluster at (http:\/\/\S+)/.exec(output)?.[1]) && !exited()) {
      if (Date.now() > deadline)
        throw new Error(`npm run cluster was not ready within ${START_GUARD_MS / 60_000} min:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!at) throw new Error(`npm run cluster stopped before it was ready:\n${output}`);
    const started = { at };
    expect(started.at).toBe(`http://127.0.0.1:${port}`);

    const passwordFile = /password in (\S+)/.exec(output)?.[1];
    expect(passwordFile).toBe(path.join(dir, 'secrets', 'demo-password'));
    const password = fs.readFileSync(passwordFile!, 'utf8').trim();
    const balancer = { call: httpCaller(started.at) };
    const admin = await signIn(balancer, 'admin@acme.example', password);

    const replicas = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const reply = await balancer.call('/api/userinfo', { jar: admin.jar });
      expect(reply.status).toBe(200);
      replicas.add(reply.headers.get('x-workbench-replica') ?? 'none');
    }
    expect([...replicas].sort()).toEqual(['r1', 'r2']);

    process.kill(-child.pid!, 'SIGINT');
    await until(
      () => Promise.resolve(exited()),
      (done) => done,
    );
    expect(output).toContain('SIGINT: stopping HAProxy, the servers, ClickHouse and PostgreSQL');
  });
});
