/**
 * WebdriverIO 9 test runner configuration: the browser tests run against the BUILT apps served
 * by the REAL reference server (server/src/main.ts), started here as a child process on a free
 * port with a fresh data directory, one per lane (support/lanes.ts). Debian's Chromium and chromedriver are used as installed:
 * nothing is downloaded at run time.
 *
 * Run from the repo root with `npm test` (builds first) or `npm run build && npm run test -w wdio`.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browser } from '@wdio/globals';
import { startWorkbenchServer, type RunningServer } from './support/workbenchServer';
import { BASE_URL_ENV, DEMO_EVENTS, DOWNLOAD_DIR } from './support/testEnv';
import {
  SPECS_PER_WORKER,
  laneCount,
  laneName,
  laneOf,
  laneUrlEnv,
  planLanes,
  type Lane,
} from './support/lanes';
import { forgetSession } from './pageobjects/portal';

// The lanes' servers keep their data on tmpfs (scripts/testTmpDir.cjs): the launcher makes the
// directory, its workers and servers inherit it.
createRequire(import.meta.url)('../scripts/testTmpDir.cjs').useTmpfsForTestData();

const wdioDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(wdioDir, '..');
const screenshotDir = path.join(wdioDir, 'screenshots');

/** A new browser's window; the specs that look at other widths set them and set this one back. */
const DEFAULT_WINDOW = { width: 1400, height: 900 };

const portalIndex = path.join(repoRoot, 'tenant-portal', 'dist', 'index.html');
const consoleIndex = path.join(repoRoot, 'provider-console', 'dist', 'index.html');

/** Each lane's server (support/lanes.ts), started when the lane's first worker starts. */
const servers = new Map<Lane, Promise<RunningServer>>();

async function startLaneServer(lane: Lane): Promise<RunningServer> {
  const server = await startWorkbenchServer(repoRoot);
  try {
    // The server seeds its demo events in the background after it answers /healthz. Specs that
    // read logs (and compare the rows of two sessions) need the whole set, stored and no longer
    // changing: wait until the server says so, not for a time.
    const seeded = await server.waitForDemoEvents((line) => console.log(`[wdio] ${laneName(lane)}: ${line}`));
    if (seeded !== DEMO_EVENTS) {
      throw new Error(`The server created ${seeded} demo events; the specs need ${DEMO_EVENTS}.`);
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  process.env[laneUrlEnv(lane)] = server.baseUrl;
  console.log(
    `[wdio] ${laneName(lane)}: workbench server ready at ${server.baseUrl} with ${DEMO_EVENTS.toLocaleString('en-US')} demo events (data ${server.dataDir})`,
  );
  return server;
}

/** wdio only logs an error thrown in a launcher hook and runs every spec anyway (its
 * SevereServiceError check fails across its two webdriverio copies): stop at once with the reason. */
function cannotRun(error: unknown): never {
  console.error(
    `\n[wdio] Cannot run the browser tests: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}

const specFiles = readdirSync(path.join(wdioDir, 'specs'))
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();

/** The spec files of each lane (support/lanes.ts): the same plan in the launcher and every worker. */
const lanes = planLanes(specFiles, laneCount());

/**
 * Spec files run in groups of SPECS_PER_WORKER (support/lanes.ts), each group in one worker.
 * Groups follow each lane's alphabetical order, so a spec still runs after a subset of the specs
 * it followed in one queue; each file starts as a new worker's browser would
 * (freshStartForEachSpecFile).
 */
function specGroups(): string[][] {
  const groups: string[][] = [];
  for (const lane of lanes) {
    const files = lane.files.map((name) => `./specs/${name}`);
    for (let start = 0; start < files.length; start += SPECS_PER_WORKER) {
      groups.push(files.slice(start, start + SPECS_PER_WORKER));
    }
  }
  return groups;
}

/** The spec file whose hooks and tests this worker runs now (a grouped worker runs several). */
let currentSpecFile: string | undefined;
/** When the current spec file's first hook or test began (Date.now()). */
let currentSpecStarted = 0;

/**
 * One line per spec file with the seconds it took in its worker (from its first hook or test to
 * the next file's, or to the worker's end), and one per worker with its start (the node worker,
 * the browser session) before its first file: what the lanes are balanced by (support/lanes.ts),
 * read from a CI run's log with `grep '\[wdio\] time:'`.
 */
function printSpecTime(now: number): void {
  if (currentSpecFile === undefined) return;
  const seconds = ((now - currentSpecStarted) / 1000).toFixed(1);
  console.log(`[wdio] time: ${path.basename(currentSpecFile)} ${seconds} s`);
}

/**
 * Before the first hook or test of each spec file after a worker's first: the browser as a new
 * worker's would be (the default window size, no cookies, no stored theme), so that no spec
 * depends on what the file before it in its group left behind. Not undone: scripts a spec asked
 * the tab to run in every new document (support/cdp.ts runBeforePageScripts: the sweep's request
 * watch stays for the rest of its group) and media emulation (the sweep ends on 'light').
 */
async function freshStartForEachSpecFile(runnable: { file?: string }): Promise<void> {
  if (!runnable.file || runnable.file === currentSpecFile) return;
  const isFirst = currentSpecFile === undefined;
  const now = Date.now();
  if (isFirst) {
    console.log(`[wdio] time: worker start ${process.uptime().toFixed(1)} s`);
  } else {
    printSpecTime(now);
  }
  currentSpecFile = runnable.file;
  currentSpecStarted = now;
  if (isFirst) return;
  await browser.setWindowSize(DEFAULT_WINDOW.width, DEFAULT_WINDOW.height);
  // Signed out, on the lane's origin, whose stored preferences go too.
  await forgetSession();
  await browser.execute(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
}

export const config: WebdriverIO.Config = {
  runner: 'local',
  specs: specGroups(),
  // One browser at a time in each lane (support/lanes.ts).
  maxInstances: lanes.length,
  // Headless Chromium needs no X display.
  autoXvfb: false,
  capabilities: lanes.map((lane) => ({
    'wdio:maxInstances': 1,
    // A lane's specs are all but the other lanes': an exclude list, so that `--spec` runs a spec
    // in its own lane only (wdio ignores a capability's own spec list when --spec is given).
    'wdio:exclude': specFiles.filter((name) => !lane.files.includes(name)).map((name) => `./specs/${name}`),
    browserName: 'chrome',
    // Classic WebDriver: the specs need nothing BiDi-only.
    'wdio:enforceWebDriverClassic': true,
    'goog:chromeOptions': {
      binary: '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--window-size=${DEFAULT_WINDOW.width},${DEFAULT_WINDOW.height}`,
      ],
      // Downloads (the logs export) go to a known folder without asking.
      prefs: { 'download.default_directory': DOWNLOAD_DIR, 'download.prompt_for_download': false },
    },
    'wdio:chromedriverOptions': { binary: '/usr/bin/chromedriver' },
    // The console's messages are kept for specs that check none is an error (support/cdp.ts
    // takeBrowserLog); ChromeDriver reads this capability, WebdriverIO's types do not list it.
    ...({ 'goog:loggingPrefs': { browser: 'ALL' } } as object),
  })),
  logLevel: 'warn',
  bail: 0,
  // In CI a spec file that fails runs once more, at the end of the queue. The first attempt's
  // failure stays in the log and is listed again at its end (scripts/failureDigest.mjs) so a flaky
  // spec is seen and fixed, not hidden; a spec that fails twice fails the run. Four stops in a row
  // once failed on a different spec each time, each passing alone: the cores the unit suites then
  // shared with this one, not the product.
  specFileRetries: process.env.CI === 'true' ? 1 : 0,
  specFileRetriesDeferred: true,
  // Workers re-read this file; beforeSession sets their lane's server URL (onWorkerStart started it).
  baseUrl: process.env[BASE_URL_ENV],
  // CI runs on the developer's machine, where other work may hold the cores: waits allow for it.
  waitforTimeout: 30000,
  connectionRetryTimeout: 120000,
  connectionRetryCount: 1,
  framework: 'mocha',
  reporters: ['spec'],
  // Only the outermost guard: every wait inside a test has its own. A test's steps take much longer
  // when other processes keep the cores busy (the users import took over 2 min with both busy).
  mochaOpts: { ui: 'bdd', timeout: 15 * 60_000 },

  onPrepare: () => {
    for (const index of [portalIndex, consoleIndex]) {
      if (!existsSync(index)) {
        cannotRun(
          new Error(
            `${path.relative(repoRoot, index)} is missing: the browser tests run against the built apps. ` +
              'Run `npm run build` at the repo root first (`npm test` does it for you).',
          ),
        );
      }
    }
    mkdirSync(screenshotDir, { recursive: true });
    lanes.forEach((lane, index) =>
      console.log(
        `[wdio] ${laneName(index)}: ${lane.files.length} spec files, ~${lane.seconds} s by their last times`,
      ),
    );
  },

  // Runs in the launcher before each worker starts, which inherits the lane's URL from it. The
  // lanes' first workers start together, so their servers seed side by side.
  onWorkerStart: async (_cid, _caps, specs) => {
    const lane = laneOf(lanes, specs);
    if (!servers.has(lane)) servers.set(lane, startLaneServer(lane));
    await servers.get(lane)!.catch(cannotRun);
  },

  beforeSession: (cfg, _caps, specs) => {
    const urlEnv = laneUrlEnv(laneOf(lanes, specs));
    const baseUrl = process.env[urlEnv];
    if (!baseUrl) throw new Error(`${urlEnv} is not set: onWorkerStart did not start the server.`);
    // The specs' API helpers read BASE_URL_ENV (testEnv.ts baseUrl()): this worker's lane's server.
    process.env[BASE_URL_ENV] = baseUrl;
    cfg.baseUrl = baseUrl;
  },

  beforeHook: (hook) => freshStartForEachSpecFile(hook),
  beforeTest: (test) => freshStartForEachSpecFile(test),
  after: () => printSpecTime(Date.now()),

  afterTest: async (test, _context, result) => {
    if (result.passed) return;
    const name = `${test.parent} ${test.title}`.replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
    await browser.saveScreenshot(path.join(screenshotDir, `${name}.png`));
  },

  onComplete: async () => {
    const started = [...servers.values()];
    servers.clear();
    await Promise.all(
      started.map((server) =>
        server.then(
          (s) => s.stop(),
          () => undefined,
        ),
      ),
    );
  },
};
