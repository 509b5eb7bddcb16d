/**
 * `npm run bench:lighthouse` (issues 14, 15): the first-load bytes of each app (gzipped JavaScript
 * from the build manifest, bench/support/firstLoad.ts), then a Lighthouse desktop run of the tenant
 * portal's dashboard and web logs page, signed in: LCP, TBT and bytes of each.
 *
 * The real reference server against the built apps (wdio/support/workbenchServer.ts), Debian's
 * Chromium (/usr/bin/chromium, headless, --no-sandbox) started by chrome-launcher; puppeteer-core,
 * connected to that Chromium, signs in through the real login form, then Lighthouse runs on the
 * same port with storage reset disabled, so the session cookie stays (the HTTP cache is emptied
 * before each run). No browser is downloaded.
 * Each page is measured as the server serves it (HTTP/1.1, `npm start`) and through the
 * deployment's balancer (deploy/haproxy/haproxy.cfg on Debian's HAProxy with TLS and HTTP/2, a
 * loopback certificate the browser trusts): a signed-in page asks for ~140 files, which HTTP/1.1
 * queues on six connections (bench/README.md, "HTTP/2 at the balancer").
 * It prints the load average before it starts anything; and of each run the load average as it
 * starts (raised by the bench's own server, browser and Lighthouse) and Lighthouse's CPU benchmark
 * index (a fixed piece of JavaScript timed as the run starts; higher is faster): how fast the
 * machine was for that run, which moves TBT more than most changes to the page do (bench/README.md).
 * Prints figures, asserts none; exits non-zero only when the run itself broke.
 * BENCH_LIGHTHOUSE_RUNS sets the runs per page (3); BENCH_LIGHTHOUSE_ONLY="web logs HTTP/2" (a
 * page's name and a way it is served, either or both) measures only those, for comparing builds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startWorkbenchServer } from '../wdio/support/workbenchServer';
import { percentile } from '../server/bench/stats';
import {
  haproxyBinary,
  makeLoopbackCertificate,
  startHaproxy,
  type TestProxy,
} from '../server/src/testing/haproxy';
import { formatFirstLoads, kb, measureFirstLoads } from './support/firstLoad';
import { signedInChromium } from './support/signedInChromium';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USER = 'admin@acme.example';
/** The goals of a signed-in page on a quiet machine (bench/README.md, "First load"). */
const LCP_GOAL_MS = 1000;
const TBT_GOAL_MS = 100;

/** The pages Lighthouse measures (hash routes of the tenant portal). */
const PAGES = [
  { name: 'dashboard', route: '/#/dashboard' },
  { name: 'web logs', route: '/#/logs/web' },
] as const;

// The machine's own load, before the bench's server, Chromium and Lighthouse add theirs: the
// goals are for a quiet machine (below 1 here); each run's figure below includes the bench's own.
console.log(
  `Load average before the bench: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} (1, 5, 15 minutes; a quiet machine is below 1)\n`,
);
console.log('First-load bytes (gzipped JavaScript of the built apps, from their manifests):');
console.log(formatFirstLoads(measureFirstLoads(repoRoot)));

const server = await startWorkbenchServer(repoRoot);
let chrome: chromeLauncher.LaunchedChrome | null = null;
let balancer: TestProxy | null = null;
const tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-bench-tls-'));
try {
  // The demo events are written on the first start: measure once they are all there.
  const events = await server.waitForDemoEvents(() => undefined);
  console.log(`\nServer ${server.baseUrl} (${events.toLocaleString('en')} demo events)`);
  const tls = haproxyBinary() === null ? null : makeLoopbackCertificate(tlsDir);
  if (tls) {
    balancer = await startHaproxy([{ name: 'r1', address: new URL(server.baseUrl).host }], { tls });
    console.log(`Balancer ${balancer.url} (deploy/haproxy/haproxy.cfg, TLS and HTTP/2)`);
  } else console.log('HTTP/2 SKIPPED: no haproxy (apt-get install haproxy); HTTP/1.1 only.');
  /** The ways the pages are served (the session cookie is the host's, so both origins share it). */
  const served = [
    { name: 'HTTP/1.1', origin: server.baseUrl },
    ...(balancer ? [{ name: 'HTTP/2', origin: balancer.url }] : []),
  ];
  const session = await signedInChromium(server.baseUrl, USER, {
    ...(tls ? { trustedCertificate: tls.certificate } : {}),
  });
  chrome = session.chrome;
  const { browser } = session;
  console.log(`Signed in as ${USER}.`);
  /** Each run loads the page as a signed-in user's first visit of it: cookies kept, cache emptied. */
  const clearCache = async (): Promise<void> => {
    const tab = await browser.newPage();
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await tab.close();
  };

  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  console.log(`\nLighthouse (desktop preset, simulated throttling), signed in, ${runs} runs per page:`);
  console.log(
    `  ${'page'.padEnd(10)} ${'served'.padEnd(8)} ${'run'.padEnd(6)} ${'load avg'.padStart(8)} ${'CPU index'.padStart(9)} ${'LCP'.padStart(9)} ${'TBT'.padStart(9)} ${'script bytes'.padStart(13)} ${'all bytes'.padStart(11)} ${'requests'.padStart(9)}`,
  );
  const against = (ms: number, goal: number) => (ms <= goal ? 'within' : 'over');
  const medians: string[] = [];
  const only = process.env.BENCH_LIGHTHOUSE_ONLY ?? '';
  for (const target of PAGES.filter((p) => !only || only.includes(p.name))) {
    for (const way of served.filter((w) => !only || !/HTTP/.test(only) || only.includes(w.name))) {
      const url = `${way.origin}${target.route}`;
      const measured: { lcp: number; tbt: number }[] = [];
      let lastRun: LighthouseResult | null = null;
      for (let run = 1; run <= runs; run += 1) {
        await clearCache();
        // The load average over the last minute as the run starts: the goals hold on a quiet machine.
        const load = os.loadavg()[0].toFixed(2);
        const result = await lighthouseRun(url, chrome.port);
        const { audits } = result;
        const value = (id: string): number => {
          const v = audits[id]?.numericValue;
          if (typeof v !== 'number') throw new Error(`Lighthouse has no ${id} figure for ${target.route}.`);
          return v;
        };
        const summary =
          (audits['resource-summary']?.details as { items?: ResourceRow[] } | undefined)?.items ?? [];
        const script = summary.find((r) => r.resourceType === 'script');
        const total = summary.find((r) => r.resourceType === 'total');
        const lcp = Math.round(value('largest-contentful-paint'));
        const tbt = Math.round(value('total-blocking-time'));
        measured.push({ lcp, tbt });
        lastRun = result;
        if (process.env.BENCH_LIGHTHOUSE_SAVE) {
          // The whole report, for Lighthouse's viewer or a closer look (BENCH_LIGHTHOUSE_SAVE=dir).
          fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_SAVE, { recursive: true });
          const file = `${target.name.replace(/\W+/g, '-')}-${way.name.replace(/\W+/g, '')}-${run}.json`;
          fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_SAVE, file), JSON.stringify(result));
        }
        console.log(
          `  ${target.name.padEnd(10)} ${way.name.padEnd(8)} ${`${run}/${runs}`.padEnd(6)} ${load.padStart(8)} ${String(Math.round(result.environment.benchmarkIndex)).padStart(9)} ${`${lcp} ms`.padStart(9)} ${`${tbt} ms`.padStart(9)} ${kb(script?.transferSize ?? 0).padStart(13)} ${kb(value('total-byte-weight')).padStart(11)} ${String(total?.requestCount ?? '?').padStart(9)}`,
        );
      }
      if (lastRun) console.log(whereTheTimeWent(`${target.name} (${way.name})`, lastRun));
      console.log(await observedLcp(browser, url, clearCache));
      const lcp = median(measured.map((m) => m.lcp));
      const tbt = median(measured.map((m) => m.tbt));
      medians.push(
        `  ${target.name.padEnd(10)} ${way.name.padEnd(8)} median LCP ${lcp} ms (${against(lcp, LCP_GOAL_MS)} the goal), TBT ${tbt} ms (${against(tbt, TBT_GOAL_MS)} the goal)`,
      );
    }
  }
  console.log(medians.join('\n'));
  console.log(
    `  (goals: LCP ≤ ${LCP_GOAL_MS} ms, TBT ≤ ${TBT_GOAL_MS} ms, the median of the runs on a quiet machine, load average below 1; bytes as transferred: the assets as the build's brotli or gzip copies, large JSON answers compressed by the server)`,
  );
  await browser.disconnect();
} finally {
  await chrome?.kill();
  await balancer?.stop();
  await server.stop();
  fs.rmSync(tlsDir, { recursive: true, force: true });
}

/**
 * One Lighthouse run of `url`, run again (up to twice) when Lighthouse itself says its trace
 * failed ("Please run Lighthouse again", e.g. NO_NAVSTART on a loaded machine).
 */
async function lighthouseRun(url: string, port: number, attempt = 1): Promise<LighthouseResult> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keep the session cookie of the sign-in above.
      disableStorageReset: true,
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  const { runtimeError } = result.lhr;
  if (!runtimeError) return result.lhr;
  if (attempt < 3 && /run Lighthouse again/i.test(runtimeError.message)) {
    console.log(`  (Lighthouse's trace failed on ${url}: ${runtimeError.code}; run again)`);
    return lighthouseRun(url, port, attempt + 1);
  }
  throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
}

/** The median of the runs: the benches' own p50 (nearest rank; of 3 runs, the middle one). */
function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * Of a page's last run: the LCP element and its phases, and the long tasks (simulated timings)
 * with the script each ran, the figures that say what to cut (issue 42).
 */
function whereTheTimeWent(page: string, lhr: LighthouseResult): string {
  const listOf = (id: string) =>
    ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<
      string,
      unknown
    >[];
  const [elementTable, phaseTable] = listOf('largest-contentful-paint-element') as {
    items?: Record<string, unknown>[];
  }[];
  const node = elementTable?.items?.[0]?.node as { snippet?: string; nodeLabel?: string } | undefined;
  const elementError = lhr.audits['largest-contentful-paint-element']?.errorMessage;
  const phases = (phaseTable?.items ?? [])
    .map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))} ms`)
    .join(', ');
  const tasks = listOf('long-tasks')
    .slice(0, 6)
    .map(
      (t) =>
        `    ${`${Math.round(Number(t.duration))} ms`.padStart(8)} at ${`${Math.round(Number(t.startTime))} ms`.padStart(8)}  ${String(t.url).replace(/^https?:\/\/[^/]+/, '')}`,
    );
  return [
    `  ${page}, last run: LCP element ${node?.snippet ?? `(Lighthouse could not tell${elementError ? `: ${elementError.slice(0, 120)}` : ''})`}${node?.nodeLabel ? ` "${node.nodeLabel.slice(0, 60)}"` : ''}`,
    `    LCP phases: ${phases || '(none)'}`,
    `    long tasks (simulated; longest first):`,
    ...tasks,
  ].join('\n');
}

/**
 * The page's LCP candidates as the browser reports them (`PerformanceObserver`, unthrottled, an
 * emptied cache, the same session): each candidate's time, size and element, the last one being
 * the LCP. Lighthouse's own element audit depends on trace parts a newer Chromium may not give it.
 */
async function observedLcp(
  browser: import('puppeteer-core').Browser,
  url: string,
  clearCache: () => Promise<void>,
): Promise<string> {
  await clearCache();
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1350, height: 940 });
    await page.evaluateOnNewDocument(() => {
      const seen: { time: number; size: number; element: string }[] = [];
      (window as unknown as { __lcp: typeof seen }).__lcp = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          size: number;
          element: Element | null;
        })[]) {
          const el = entry.element;
          const id = el?.closest('[data-testid]')?.getAttribute('data-testid');
          const text = (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
          seen.push({
            time: Math.round(entry.startTime),
            size: entry.size,
            element: el
              ? `<${el.tagName.toLowerCase()}>${id ? ` in [data-testid="${id}"]` : ''}${text ? ` "${text}"` : ''}`
              : // The browser names no element for a removed one, nor for one in a shadow tree:
                // the web logs' LCP is the query box's placeholder (bench/README.md).
                "(no element: removed, or in a shadow tree such as an input's placeholder)",
          });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { __lcp: { time: number; size: number; element: string }[] }).__lcp,
    );
    return [
      '    LCP candidates observed in the browser (unthrottled; the last is the LCP):',
      ...seen.map(
        (c) => `      ${`${c.time} ms`.padStart(8)}  ${String(c.size).padStart(7)} px²  ${c.element}`,
      ),
    ].join('\n');
  } finally {
    await page.close();
  }
}

interface ResourceRow {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}
