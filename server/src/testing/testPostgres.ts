/**
 * A throw-away PostgreSQL server for the tests of the PostgreSQL config store: initdb into a
 * temporary directory, start it on a free loopback port (no fsync: nothing here must survive a
 * crash), and stop and remove it at the end. Each test gets a fresh schema (freshUrl), so tests
 * never see each other's rows and no server restarts between them. Its settings are the
 * deployment's (deploy/postgresql/workbench.conf, included), with the durability ones turned off.
 * `npm run cluster` starts its PostgreSQL here too (startDeployedPostgres): the deployment's
 * settings, access rules and role, in a directory it keeps.
 *
 * Binaries come from Debian's postgresql package (/usr/lib/postgresql/<version>/bin; .ci/run
 * installs it). Missing: under CI (CI=true) the suite fails, saying so; elsewhere the PostgreSQL
 * half of the suites is skipped with a loud warning. initdb refuses to run as root, so as root
 * the server runs as the package's `postgres` user (or `nobody`), owning the directory.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { renderDeployFile, writeDeployFile } from './deployFiles';
import { freePort } from './throwawayProcess';

const PG_ROOT = '/usr/lib/postgresql';

export const POSTGRES_MISSING_MESSAGE = `PostgreSQL server binaries not found under ${PG_ROOT}/<version>/bin: install Debian's postgresql package (apt-get install postgresql) to run the PostgreSQL config-store tests.`;

/** The bin directory of the newest PostgreSQL installed, or null. */
export function postgresBinDir(): string | null {
  if (!fs.existsSync(PG_ROOT)) return null;
  const versions = fs
    .readdirSync(PG_ROOT)
    .filter((v) => fs.existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(PG_ROOT, versions[0], 'bin') : null;
}

/**
 * Whether the PostgreSQL tests run here: true with the binaries; without them, throws under CI
 * and otherwise warns (once per suite) and answers false.
 */
export function postgresTestsEnabled(): boolean {
  if (postgresBinDir()) return true;
  if (process.env.CI === 'true') throw new Error(POSTGRES_MISSING_MESSAGE);
  console.warn(`\n*** SKIPPING the PostgreSQL tests: ${POSTGRES_MISSING_MESSAGE}\n`);
  return false;
}

/** Who runs the server: ourselves, or as root an unprivileged user (initdb refuses root). */
function serverUser(): string | null {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'nobody'])
    if (spawnSync('id', ['-u', user], { stdio: 'ignore' }).status === 0) return user;
  throw new Error('Running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as.');
}

export interface TestPostgres {
  /** The URL of the server's `postgres` database. */
  url: string;
  /** A URL whose connections work in a new, empty schema (one per call). */
  freshUrl(): Promise<string>;
  stop(): Promise<void>;
}

/** Runs a PostgreSQL tool (as `user` when given: as root); throws with its output when it fails. */
function runner(bin: string, user: string | null) {
  return (tool: string, args: string[]) => {
    const command = user ? 'runuser' : path.join(bin, tool);
    const argv = user ? ['-u', user, '--', path.join(bin, tool), ...args] : args;
    try {
      execFileSync(command, argv, { stdio: 'pipe' });
    } catch (error) {
      const e = error as { stderr?: Buffer; stdout?: Buffer };
      throw new Error(`${tool} failed: ${String(e.stderr ?? '')}${String(e.stdout ?? '')}`, { cause: error });
    }
  };
}

/**
 * The deployment's settings (deploy/postgresql/workbench.conf), copied into the data directory (the
 * server's user may not read the checkout) and included by the cluster's postgresql.conf.
 */
function includeDeploySettings(data: string, user: string | null): void {
  writeDeployFile('postgresql/workbench.conf', path.join(data, 'workbench.conf'));
  if (user) execFileSync('chown', [user, path.join(data, 'workbench.conf')]);
  const conf = path.join(data, 'postgresql.conf');
  if (!fs.readFileSync(conf, 'utf8').includes("include 'workbench.conf'"))
    fs.appendFileSync(conf, "\ninclude 'workbench.conf'\n");
}

/**
 * Not a startThrowawayProcess (throwawayProcess.ts) like HAProxy and ClickHouse: `pg_ctl -w start`
 * starts the server in the background and returns once it accepts connections, so there is no
 * child of ours to watch or poll, and the server is stopped through `pg_ctl stop` (as root both
 * through runuser, as the data directory's owner). Running `postgres` in the foreground instead
 * would change how the run's PostgreSQL starts, logs (server.log) and stops.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(POSTGRES_MISSING_MESSAGE);
  const user = serverUser();
  const run = runner(bin, user);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-pg-'));
  if (user) execFileSync('chown', [user, dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  let started = false;
  const stopNow = () => {
    if (started) {
      started = false;
      spawnSync(user ? 'runuser' : path.join(bin, 'pg_ctl'), [
        ...(user ? ['-u', user, '--', path.join(bin, 'pg_ctl')] : []),
        '-D',
        data,
        '-m',
        'immediate',
        '-w',
        'stop',
      ]);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A test run that ends without afterAll (a crash, ^C) still leaves no server behind.
  process.once('exit', stopNow);
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    includeDeploySettings(data, user);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]);
    started = true;
  } catch (error) {
    stopNow();
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  return {
    url,
    async freshUrl() {
      const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE SCHEMA ${schema}`);
      return `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    },
    async stop() {
      await admin.end();
      stopNow();
      process.removeListener('exit', stopNow);
    },
  };
}

export interface DeployedPostgres {
  /** `postgres://workbench@127.0.0.1:<port>/workbench`: the workbench role's URL, without its password. */
  url: string;
  stop(): Promise<void>;
}

/**
 * PostgreSQL as deploy/README.md sets it up, for `npm run cluster`: a cluster of the operator's own
 * in `dir` (kept across starts; made at the first), with the deployment's settings and access
 * rules (deploy/postgresql/), the workbench role and database (create-workbench.sql, while the
 * role does not exist) and the role's password set to `password` at every start. A clean stop (`pg_ctl -m fast`) at the end.
 */
export async function startDeployedPostgres(dir: string, password: string): Promise<DeployedPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(POSTGRES_MISSING_MESSAGE);
  const user = serverUser();
  const run = runner(bin, user);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) execFileSync('chown', [user, dir]);
  const data = path.join(dir, 'data');
  if (!fs.existsSync(path.join(data, 'PG_VERSION')))
    run('initdb', ['-D', data, '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
  includeDeploySettings(data, user);
  writeDeployFile('postgresql/pg_hba.conf', path.join(data, 'pg_hba.conf'));
  if (user) execFileSync('chown', [user, path.join(data, 'pg_hba.conf')]);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir}`,
    'start',
  ]);
  const stop = async () => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  try {
    // The superuser over the socket in `dir` (pg_hba.conf: local trust; only the owner enters `dir`).
    const admin = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    try {
      const role = await admin.query("SELECT 1 FROM pg_roles WHERE rolname = 'workbench'");
      if (role.rowCount === 0)
        for (const statement of renderDeployFile('postgresql/create-workbench.sql')
          .replace(/--.*$/gm, '')
          .split(';')
          .map((text) => text.trim())
          .filter(Boolean))
          await admin.query(statement);
      await admin.query(`ALTER ROLE workbench PASSWORD ${admin.escapeLiteral(password)}`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://workbench@127.0.0.1:${port}/workbench`, stop };
}

/**
 * For a test file whose suites also run on PostgreSQL: whether they run here
 * (postgresTestsEnabled) and the file's throw-away server, started before its tests and stopped
 * after them (call at the top of the file).
 */
export function testPostgresOfFile(): { enabled: boolean; server(): TestPostgres } {
  const enabled = postgresTestsEnabled();
  let started: TestPostgres | null = null;
  beforeAll(async () => {
    if (enabled) started = await startTestPostgres();
  });
  afterAll(async () => {
    await started?.stop();
  });
  return {
    enabled,
    server: () => {
      if (!started)
        throw new Error('The PostgreSQL test server is not running: read it in a test, not at load.');
      return started;
    },
  };
}
