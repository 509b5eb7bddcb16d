/**
 * `npx tsx bench/configStoreHotPath.ts` (server workspace): the embedded config store's hot
 * paths, each timed over BENCH_CALLS calls (default 10,000): a request's session lookup (session,
 * then account and tenant), a policy document read as a revision sees it (carried forward), and a
 * sign-in's reads and writes (account by name, login failures, a new session and its end) over
 * BENCH_SIGNIN_CALLS (default 1,000: its two writes wait for the disk, synchronous = FULL).
 * Prints the median of 3 rounds, CPU and wall µs per call; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteConfigStore } from '../src/store/sqlConfigStore';
import { envNumber } from './envNumber';
import { fmt } from './stats';

const CALLS = envNumber('BENCH_CALLS', 10_000);
const SIGNIN_CALLS = envNumber('BENCH_SIGNIN_CALLS', 1_000);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(label: string, calls: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 200; i += 1) await fn(-1 - i);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < calls; i += 1) await fn(round * calls + i);
    wall.push(((performance.now() - t0) * 1000) / calls);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / calls);
  }
  console.log(
    `${label.padEnd(36)} ${fmt(median(cpu), 1).padStart(8)} µs CPU ${fmt(median(wall), 1).padStart(8)} µs wall per call (${fmt(calls)} calls)`,
  );
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-hotpath-'));
  const store = await openSqliteConfigStore(dir);
  try {
    await store.tenants.insert({
      tid: 't1',
      name: 'acme',
      status: 'active',
      createdAt: new Date().toISOString(),
      capabilities: { web: true },
      portalV2: true,
    });
    for (let u = 0; u < 50; u += 1)
      await store.users.insert({
        uid: `u${u}`,
        tid: 't1',
        username: `user${u}@acme.example`,
        firstName: 'A',
        lastName: 'B',
        roles: { read: ['policy'], write: ['policy'] },
        passwordHash: 'hash',
        showChangePassword: false,
      });
    const now = Date.now();
    await store.sessions.insert({
      sidHash: 'sid',
      uid: 'u7',
      tid: 't1',
      xsrf: 'x',
      createdAt: now,
      idleExpiresAt: now + 3_600_000,
      absoluteExpiresAt: now + 7_200_000,
    });
    for (let rev = 1; rev <= 40; rev += 1)
      for (const kind of ['web_policy', 'ssl_bypass', 'dlp_rules'])
        if (rev % 3 === 0 || kind === 'web_policy')
          await store.policyDocs.put({
            tid: 't1',
            kind,
            revId: rev,
            data: { rules: [{ id: rev, name: kind }] },
          });

    await timed('session lookup (3 reads)', CALLS, async () => {
      const s = await store.sessions.get('sid');
      await Promise.all([store.users.get(s!.uid), store.tenants.get(s!.tid)]);
    });
    await timed('sign-in (2 reads, 1 insert, 1 delete)', SIGNIN_CALLS, async (i) => {
      const key = { world: 'tenant' as const, username: 'user7@acme.example', client: '127.0.0.1' };
      await store.users.findByUsername('USER7@acme.example');
      await store.loginFailures.get(key);
      await store.sessions.insert({
        sidHash: `s${i}`,
        uid: 'u7',
        tid: 't1',
        xsrf: 'x',
        createdAt: now,
        idleExpiresAt: now + 1,
        absoluteExpiresAt: now + 2,
      });
      await store.sessions.delete(`s${i}`);
    });
    await timed('policy document read (carried)', CALLS, async () => {
      await store.policyDocs.get('t1', 'ssl_bypass', 40, true);
    });
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
