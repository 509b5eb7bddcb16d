/**
 * A throw-away OpenLDAP server for the LDAP tests, the way testPostgres.ts starts PostgreSQL:
 * Debian's `slapd` (package slapd, /usr/sbin/slapd; .ci/run installs it) on a free loopback port,
 * its configuration and database in a temporary directory, seeded before it starts with a small
 * tree (`slapadd`), killed and removed at the end.
 *
 * Tree (suffix dc=example,dc=test): ou=services with the bind account cn=reader; ou=people with
 * alice and bob (inetOrgPerson, uid, mail). Passwords are in SEEDED_DIRECTORY.
 *
 * Missing slapd: under CI (CI=true) the suite fails, saying so; elsewhere the LDAP tests are
 * skipped with a loud warning.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, startThrowawayProcess, type ThrowawayProcess } from '../../testing/throwawayProcess';

export const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
export const SLAPD_MISSING_MESSAGE = `slapd not found at ${SLAPD}: install Debian's slapd package (apt-get install slapd) to run the LDAP tests.`;

export function slapdTestsEnabled(): boolean {
  if (fs.existsSync(SLAPD) && fs.existsSync(SLAPADD)) return true;
  if (process.env.CI === 'true') throw new Error(SLAPD_MISSING_MESSAGE);
  console.warn(`\n*** SKIPPING the LDAP tests: ${SLAPD_MISSING_MESSAGE}\n`);
  return false;
}

export const SEEDED_DIRECTORY = {
  suffix: 'dc=example,dc=test',
  people: 'ou=people,dc=example,dc=test',
  bindDn: 'cn=reader,ou=services,dc=example,dc=test',
  bindPassword: 'reader-secret',
  users: {
    alice: {
      dn: 'uid=alice,ou=people,dc=example,dc=test',
      cn: 'Alice Example',
      mail: 'alice@example.test',
      password: 'alice-secret',
    },
    bob: {
      dn: 'uid=bob,ou=people,dc=example,dc=test',
      cn: 'Bob Example',
      mail: 'bob@example.test',
      password: 'bob-secret',
    },
  },
} as const;

const SEED_LDIF = `dn: dc=example,dc=test
objectClass: dcObject
objectClass: organization
dc: example
o: Example

dn: ou=people,dc=example,dc=test
objectClass: organizationalUnit
ou: people

dn: ou=services,dc=example,dc=test
objectClass: organizationalUnit
ou: services

dn: cn=reader,ou=services,dc=example,dc=test
objectClass: person
cn: reader
sn: reader
userPassword: ${SEEDED_DIRECTORY.bindPassword}

${Object.entries(SEEDED_DIRECTORY.users)
  .map(
    ([uid, u]) => `dn: ${u.dn}
objectClass: inetOrgPerson
uid: ${uid}
cn: ${u.cn}
sn: Example
mail: ${u.mail}
userPassword: ${u.password}
`,
  )
  .join('\n')}`;

const config = (dir: string) => `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${dir}/slapd.pid
# Binds read everything but passwords, which only their owner may use to bind.
access to attrs=userPassword by anonymous auth by self read by * none
access to * by users read by * none
database mdb
suffix "${SEEDED_DIRECTORY.suffix}"
rootdn "cn=admin,${SEEDED_DIRECTORY.suffix}"
directory ${dir}/data
maxsize 10485760
`;

export interface TestSlapd {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const accepts = (port: number) => (): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Seeds a new directory and starts slapd on it; resolves once it accepts connections. */
export async function startTestSlapd(): Promise<TestSlapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-slapd-'));
  fs.mkdirSync(path.join(dir, 'data'));
  fs.writeFileSync(path.join(dir, 'slapd.conf'), config(dir));
  fs.writeFileSync(path.join(dir, 'seed.ldif'), SEED_LDIF);
  try {
    execFileSync(SLAPADD, ['-f', path.join(dir, 'slapd.conf'), '-l', path.join(dir, 'seed.ldif')], {
      stdio: 'pipe',
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`slapadd failed: ${String((error as { stderr?: Buffer }).stderr ?? '')}`, {
      cause: error,
    });
  }
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d 0: stay in the foreground (a child we can kill), logging nothing.
  const server: ThrowawayProcess = startThrowawayProcess({
    name: 'slapd',
    command: SLAPD,
    args: ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'],
    ready: accepts(port),
    readyWhat: `a connection to port ${port}`,
    timeoutMs: 20_000,
    pollMs: 50,
    dieWithParent: true,
    dir,
  });
  await server.ready;
  return { url, port, stop: () => server.stop() };
}
