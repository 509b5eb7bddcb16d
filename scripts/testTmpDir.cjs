// Test data on tmpfs. The suites start thousands of servers whose SQLite config store commits with
// `synchronous = FULL` (an fsync per commit: ~4-5 ms on this machine's disk, ~0.04 ms on tmpfs) and
// whose data directories are never needed after the run. Called by jest.config.js and
// wdio/wdio.conf.ts: the first process of a run makes one directory under /dev/shm, points TMPDIR
// (os.tmpdir()) at it and removes it when it exits; the processes it starts (jest workers, wdio
// workers, the servers they start) inherit it. Nothing changes where /dev/shm is missing, not
// writable, or short of space (a server's data directory needs a few MB, a seeded one ~100 MB).
const fs = require('node:fs');
const path = require('node:path');

const OWNER = 'WORKBENCH_TEST_TMPDIR';
const SHM = '/dev/shm';
const MIN_FREE_BYTES = 4 * 1024 ** 3;

function freeBytes(dir) {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return 0;
  }
}

/** Points TMPDIR at this run's directory on tmpfs (made here, or the one a parent process made). */
function useTmpfsForTestData() {
  const inherited = process.env[OWNER];
  if (inherited && fs.existsSync(inherited)) {
    process.env.TMPDIR = inherited;
    return inherited;
  }
  if (freeBytes(SHM) < MIN_FREE_BYTES) return null;
  let dir;
  try {
    dir = fs.mkdtempSync(path.join(SHM, 'workbench-tests-'));
  } catch {
    return null;
  }
  // Like /tmp (sticky, everyone's): as root the suites run PostgreSQL as `postgres` in a folder of
  // it, which a directory of mkdtemp's (0700, root's) would not let it enter.
  fs.chmodSync(dir, 0o1777);
  process.env[OWNER] = dir;
  process.env.TMPDIR = dir;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

module.exports = { useTmpfsForTestData };
