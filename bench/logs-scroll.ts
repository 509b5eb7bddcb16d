/**
 * Issue 4 benchmark: in the logs explorer (web logs, 180 days of seeded events), scroll the AG
 * Grid through 1,000 blocks of 100 rows, one block per step (the viewport scrolled
 * programmatically, each step waiting for the block's last row to load), sampling the grid's row
 * element count and the JS heap (after a GC) every 50 blocks. Prints the table, whether the row
 * elements stayed bounded and the heap's growth; asserts no time.
 *
 *   npm run bench:logs-scroll       (after `npm run build`)
 *   BENCH_LOG_EVENTS=400000 BENCH_LOG_BLOCKS=500 npm run bench:logs-scroll
 */
import { logsIds } from '@workbench/common/test-ids/index';
import { logsPage } from '../wdio/pageobjects/LogsPage';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../wdio/pageobjects/portal';
import { testIdSelector } from '../wdio/pageobjects/testId';
import { DEMO_PASSWORD } from '../wdio/support/testEnv';
import { mb, runBench, startBenchSession } from './support/benchSession';
import {
  heapGrowth,
  startAllocationSampling,
  takeHeapSummary,
  type AllocationSite,
  type HeapSummary,
} from './support/heapSnapshot';

/**
 * Events seeded on the server's first start (all six log types, two tenants, 180 days). About
 * 38 % are acme web events (55 % web × acme's tenant share), so 300,000 give ~115,000 rows.
 */
const EVENTS = Number(process.env.BENCH_LOG_EVENTS ?? 300_000);
const BLOCKS = Number(process.env.BENCH_LOG_BLOCKS ?? 1000);
const BLOCK_ROWS = 100;
const SAMPLE_EVERY = 50;
/** Step calls with nothing to load, to measure the heap cost of the benchmark's own calls. */
const CALIBRATION_CALLS = 200;
const SEED_TIMEOUT_MS = 15 * 60_000;
/** Under WebDriver's 30 s script time-out, so a stuck step reports what the grid showed. */
const STEP_TIMEOUT_MS = 20_000;
/** A block's last cell to wait for (a column every web row fills). */
const WAIT_COLUMN = 'event_time';
/**
 * BENCH_HEAP_SNAPSHOTS=1: a DevTools heap snapshot at a fifth of the blocks and another at the end;
 * prints what grew between them (count and self size per constructor), i.e. what the scroll retains.
 */
const HEAP_SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS === '1';
/**
 * BENCH_HEAP_SAMPLING=1: DevTools' sampling heap profiler from a fifth of the blocks to the end;
 * prints where the objects still alive at the end (after the page's own GC) were allocated.
 */
const HEAP_SAMPLING = process.env.BENCH_HEAP_SAMPLING === '1';

interface Sample {
  block: number;
  rowElements: number;
  domNodes: number;
  /** usedJSHeapSize after the page's regular gc(). */
  heap: number | null;
  /** usedJSHeapSize after a last-resort GC right after it: what is really held. */
  retained: number | null;
  seconds: number;
}

interface StepResult {
  /** The row waited for holds data. */
  loaded: boolean;
  /** The grid knows its last row and the target is beyond it. */
  ended: boolean;
  total: number | null;
}

const positive = (name: string, n: number) => {
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a positive whole number, got "${process.env[name]}".`);
};

/** Waits until the server printed that its first-start seeding reached 100 %. */
async function waitForSeeding(output: () => string): Promise<void> {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  let lastLine = '';
  while (!/([\d,]+) \/ \1 \(100%\)/.test(output())) {
    if (Date.now() > deadline) {
      throw new Error(
        `The server did not finish seeding ${EVENTS} events within ${SEED_TIMEOUT_MS / 60000} min.\n${output().slice(-2000)}`,
      );
    }
    const line = output().trim().split('\n').pop() ?? '';
    if (line !== lastLine && /events/i.test(line)) console.log(`  [server] ${line}`);
    lastLine = line;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** In the page: scrolls until row `target` holds data, or the grid ends before it. */
function scrollStep(
  gridSelector: string,
  countSelector: string,
  column: string,
  target: number,
  timeoutMs: number,
): Promise<StepResult> {
  const grid = document.querySelector(gridSelector);
  if (!grid) throw new Error(`No ${gridSelector}.`);
  // The scroller of the rows: AG Grid 36's .ag-grid-viewport (.ag-body-viewport before it); its
  // own vertical scrollbar follows it.
  const viewports = ['.ag-grid-viewport', '.ag-body-viewport', '.ag-body-vertical-scroll-viewport']
    .map((cls) => grid.querySelector<HTMLElement>(cls))
    .filter((v): v is HTMLElement => v !== null)
    .slice(0, 1);
  const firstRow = grid.querySelector<HTMLElement>('.ag-row[row-index]');
  const rowHeight = firstRow?.offsetHeight || 40;
  const totalRows = (): number | null => {
    const m = /^([\d,.\s\u202f]+) events$/.exec(
      (document.querySelector(countSelector)?.textContent ?? '').trim(),
    );
    return m ? Number(m[1].replace(/[^\d]/g, '')) : null;
  };
  const loaded = () =>
    Array.from(grid.querySelectorAll(`.ag-row[row-index="${target}"] [col-id="${column}"]`)).some(
      (cell) => (cell.textContent ?? '').trim() !== '',
    );
  const scroll = () => {
    for (const v of viewports) {
      if (v.scrollHeight <= v.clientHeight) continue;
      const want = Math.max(0, target * rowHeight - v.clientHeight / 2);
      const top = Math.min(want, v.scrollHeight - v.clientHeight);
      if (Math.abs(v.scrollTop - top) >= 1) {
        v.scrollTop = top;
        v.dispatchEvent(new Event('scroll'));
      }
    }
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const total = totalRows();
      if (loaded()) return resolve({ loaded: true, ended: false, total });
      if (total !== null && target >= total) return resolve({ loaded: false, ended: true, total });
      if (performance.now() - started > timeoutMs)
        return reject(
          new Error(
            `Row ${target} did not load within ${timeoutMs} ms: rows shown ${Array.from(
              grid.querySelectorAll('.ag-row[row-index]'),
            )
              .map((r) => r.getAttribute('row-index'))
              .join(',')}; viewports ${viewports
              .map((v) => `${v.className} top ${v.scrollTop} height ${v.scrollHeight}/${v.clientHeight}`)
              .join('; ')}; count "${document.querySelector(countSelector)?.textContent ?? ''}"`,
          ),
        );
      scroll();
      setTimeout(tick, 20);
    };
    tick();
  });
}

/**
 * In the page: a regular GC (when exposed), then the row elements, DOM nodes and used JS heap; then
 * a last-resort GC (V8's collection before giving up for lack of memory, the one a heap snapshot
 * starts with) and the heap again. The regular gc() leaves floating garbage that V8 frees only in
 * a memory-reducing collection (strings the browser creates through the V8 API, chromedriver's
 * script wrappers, compiled code): it grows ~30 KB per block and says nothing about what the app
 * holds. The retained figure is what the app holds.
 */
function measure(gridSelector: string): Promise<Omit<Sample, 'block' | 'seconds'>> {
  const w = window as unknown as { gc?: (options?: object) => void };
  const used = () =>
    (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null;
  w.gc?.();
  return new Promise((resolve) =>
    setTimeout(() => {
      w.gc?.();
      const heap = used();
      w.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      resolve({
        rowElements: document.querySelectorAll(`${gridSelector} .ag-row`).length,
        domNodes: document.getElementsByTagName('*').length,
        heap,
        retained: w.gc ? used() : null,
      });
    }, 100),
  );
}

await runBench('bench:logs-scroll', async () => {
  positive('BENCH_LOG_EVENTS', EVENTS);
  positive('BENCH_LOG_BLOCKS', BLOCKS);
  console.log(
    `bench:logs-scroll — seeding ${EVENTS.toLocaleString('en-US')} demo events (all log types, 180 days)…`,
  );
  const seedStart = performance.now();
  const session = await startBenchSession({ WORKBENCH_DEMO_EVENTS: String(EVENTS) });
  const { browser, server } = session;
  try {
    await waitForSeeding(server.output);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`  seeded in ${seedSeconds.toFixed(1)} s (server start included)`);

    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/logs/web?interval=180d');
    await waitForPortalRoute('#/logs/web');
    await logsPage.waitForDisplayed();
    await logsPage.firstRows(5, [WAIT_COLUMN]);
    const gridSelector = testIdSelector(logsIds.grid);
    const countSelector = testIdSelector(logsIds.rowCount);
    const gcExposed = await browser.execute(
      () => typeof (window as unknown as { gc?: unknown }).gc === 'function',
    );

    const samples: Sample[] = [];
    const scrollStart = performance.now();
    samples.push({ block: 0, seconds: 0, ...(await browser.execute(measure, gridSelector)) });
    let reached = 0;
    let total: number | null = null;
    const snapshotBlock = Math.max(1, Math.round(BLOCKS / 5));
    let snapshotBefore: HeapSummary | null = null;
    let sampling: Awaited<ReturnType<typeof startAllocationSampling>> | null = null;
    for (let block = 1; block <= BLOCKS; block += 1) {
      const step = await browser.execute(
        scrollStep,
        gridSelector,
        countSelector,
        WAIT_COLUMN,
        block * BLOCK_ROWS - 1,
        STEP_TIMEOUT_MS,
      );
      total = step.total;
      if (step.ended) {
        // Fewer rows than asked for: a last step to the grid's end.
        if (total !== null && total > 0)
          await browser.execute(
            scrollStep,
            gridSelector,
            countSelector,
            WAIT_COLUMN,
            total - 1,
            STEP_TIMEOUT_MS,
          );
        reached = total === null ? reached : Math.ceil(total / BLOCK_ROWS);
        break;
      }
      reached = block;
      if (HEAP_SNAPSHOTS && block === snapshotBlock) snapshotBefore = await takeHeapSummary(browser);
      if (HEAP_SAMPLING && block === snapshotBlock) sampling = await startAllocationSampling(browser);
      if (block % SAMPLE_EVERY === 0 || block === BLOCKS) {
        const seconds = (performance.now() - scrollStart) / 1000;
        samples.push({ block, seconds, ...(await browser.execute(measure, gridSelector)) });
      }
    }
    const scrollSeconds = (performance.now() - scrollStart) / 1000;
    if (samples[samples.length - 1].block !== reached) {
      samples.push({
        block: reached,
        seconds: scrollSeconds,
        ...(await browser.execute(measure, gridSelector)),
      });
    }

    // The end sample's regular gc() kept floating garbage; a last-resort GC frees it (and what it
    // frees was not held by anything).
    const lastResortGc = () =>
      browser.execute(() => {
        const w = window as unknown as { gc?: (o?: object) => void };
        w.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
        const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
        return memory ? memory.usedJSHeapSize : null;
      });
    let liveSites: AllocationSite[] = [];
    let floatingSites: AllocationSite[] = [];
    if (sampling) {
      // Alive after the regular GC of the last sample, then after a last-resort GC: the difference
      // is what only a last-resort GC frees (by allocation site).
      liveSites = await sampling.live(8, 1000);
      await lastResortGc();
      const survivors = new Map((await sampling.live(8, 1000)).map((site) => [site.stack, site.bytes]));
      floatingSites = liveSites
        .map((site) => ({ stack: site.stack, bytes: site.bytes - (survivors.get(site.stack) ?? 0) }))
        .filter((site) => site.bytes > 0)
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 20);
      liveSites = liveSites.slice(0, 20);
      await sampling.stop();
    }
    const snapshotAfter = HEAP_SNAPSHOTS && snapshotBefore ? await takeHeapSummary(browser) : null;

    // Calibration: the heap cost of the benchmark's own WebDriver calls (chromedriver evaluates a
    // wrapper script per call), measured with the same step script on a row that is already loaded,
    // so nothing scrolls or pages.
    const loadedRow = Math.max(
      0,
      (total !== null ? Math.min(total, reached * BLOCK_ROWS) : reached * BLOCK_ROWS) - 1,
    );
    const calibrationBefore = await browser.execute(measure, gridSelector);
    for (let i = 0; i < CALIBRATION_CALLS; i += 1) {
      await browser.execute(scrollStep, gridSelector, countSelector, WAIT_COLUMN, loadedRow, STEP_TIMEOUT_MS);
    }
    const calibrationAfter = await browser.execute(measure, gridSelector);
    // And of a plain fetch of one block, its body read and dropped (no app code involved): a
    // browser driven over DevTools may keep response bodies.
    const fetchBefore = await browser.execute(measure, gridSelector);
    const fetched = await browser.execute(
      async (calls: number, limit: number) => {
        const end = Math.ceil(Date.now() / 1000);
        const start = end - 180 * 86400;
        let bytes = 0;
        for (let i = 0; i < calls; i += 1) {
          const reply = await fetch(`/api/rep/v1/query/scan_web?start=${start}&end=${end}&limit=${limit}`, {
            credentials: 'same-origin',
            cache: 'no-store',
          });
          if (!reply.ok) throw new Error(`GET /api/rep/v1/query/scan_web answered ${reply.status}.`);
          bytes += (await reply.text()).length;
        }
        return bytes / calls;
      },
      CALIBRATION_CALLS,
      BLOCK_ROWS,
    );
    const fetchAfter = await browser.execute(measure, gridSelector);

    // Where the heap is held: leave the logs page inside the app (the grid unmounts; the store,
    // with its log-paging state, stays).
    await browser.execute(() => {
      window.location.hash = '#/dashboard';
    });
    await logsPage.page.waitForDisplayed({ reverse: true, timeoutMsg: 'The logs page did not unmount.' });
    const afterLeaving = await browser.execute(measure, gridSelector);
    // …then a new query (a search nothing matches): the log-paging state starts over.
    await browser.execute(() => {
      window.location.hash = '#/logs/web?interval=180d&search=no-such-text-anywhere';
    });
    await logsPage.waitForDisplayed();
    await browser.waitUntil(async () => /^0 events$/.test((await logsPage.rowCount.getText()).trim()), {
      timeoutMsg: 'The new query did not come back empty.',
    });
    const afterNewQuery = await browser.execute(measure, gridSelector);

    console.log(`\nbench:logs-scroll — web logs of acme, interval 180d, blocks of ${BLOCK_ROWS} rows`);
    console.log(
      `  rows for the filter: ${total === null ? `more than ${(reached * BLOCK_ROWS).toLocaleString('en-US')} (the end was not reached)` : total.toLocaleString('en-US')}`,
    );
    console.log(
      `  blocks scrolled: ${reached} of ${BLOCKS}${reached < BLOCKS ? ' (the filter has fewer rows)' : ''}`,
    );
    console.log(
      `  GC before each sample: ${gcExposed ? 'yes (--expose-gc)' : 'no (gc() not exposed: heap figures include garbage)'}`,
    );
    console.log('');
    console.log('   block   row elements   DOM nodes   heap after gc()   heap retained   elapsed');
    for (const s of samples) {
      console.log(
        `  ${String(s.block).padStart(6)}   ${String(s.rowElements).padStart(12)}   ${String(s.domNodes).padStart(9)}   ${(s.heap === null ? 'n/a' : mb(s.heap)).padStart(15)}   ${(s.retained === null ? 'n/a' : mb(s.retained)).padStart(13)}   ${s.seconds.toFixed(1).padStart(6)} s`,
      );
    }
    const first = samples[0];
    const last = samples[samples.length - 1];
    const rowCounts = samples.map((s) => s.rowElements);
    const maxRows = Math.max(...rowCounts);
    // Bounded: never more row elements than twice the count at the start (a viewport plus buffer),
    // however many rows were scrolled through.
    const bounded = maxRows <= Math.max(2 * first.rowElements, 1);
    console.log('');
    console.log(
      `  scroll time: ${scrollSeconds.toFixed(1)} s, ${reached ? ((scrollSeconds * 1000) / reached).toFixed(1) : 'n/a'} ms per block`,
    );
    console.log(
      `  row elements stayed bounded: ${bounded ? 'yes' : 'NO'} (start ${first.rowElements}, min ${Math.min(...rowCounts)}, max ${maxRows}; ${(reached * BLOCK_ROWS).toLocaleString('en-US')} rows scrolled through)`,
    );
    // What the page holds: the heap after a last-resort GC (after the regular one without --expose-gc's options).
    const held = (x: { heap: number | null; retained: number | null }) => x.retained ?? x.heap;
    const firstHeld = held(first);
    const lastHeld = held(last);
    if (firstHeld !== null && lastHeld !== null) {
      const mid = samples.find((x) => x.block >= reached / 2) ?? first;
      const midHeld = held(mid) ?? firstHeld;
      console.log(
        `  JS heap retained: start ${mb(firstHeld)}, end ${mb(lastHeld)}, growth ${mb(lastHeld - firstHeld)} (×${(lastHeld / firstHeld).toFixed(2)}); ` +
          `second half ${mb(midHeld)} → ${mb(lastHeld)} (×${(lastHeld / midHeld).toFixed(2)})`,
      );
      if (first.heap !== null && last.heap !== null && first.retained !== null) {
        console.log(
          `  JS heap after a regular gc(): start ${mb(first.heap)}, end ${mb(last.heap)} (the difference to the retained figure is floating garbage; see measure())`,
        );
      }
      // Levelled off: the second half of the scroll added at most 10 % to the heap it started with.
      const halfBlocks = last.block - mid.block;
      const perHundred = halfBlocks > 0 ? ((lastHeld - midHeld) / halfBlocks) * 100 : 0;
      const levelled = lastHeld <= midHeld * 1.1;
      console.log(
        `  JS heap levelled off in the second half: ${levelled ? 'yes' : 'NO'} (${mb(perHundred)} per 100 blocks, ` +
          `${halfBlocks > 0 ? ((lastHeld - midHeld) / halfBlocks / BLOCK_ROWS).toFixed(0) : 0} bytes per row scrolled)`,
      );
      const calBefore = held(calibrationBefore);
      const calAfter = held(calibrationAfter);
      if (calBefore !== null && calAfter !== null && reached > 0) {
        const perCall = (calAfter - calBefore) / CALIBRATION_CALLS;
        // The steady rate: the second half, after the grid's and the paging cache's blocks filled up.
        const perBlock =
          halfBlocks > 0 ? (lastHeld - midHeld) / halfBlocks : (lastHeld - firstHeld) / reached;
        console.log(
          `  harness: one step call with nothing to load adds ${(perCall / 1024).toFixed(1)} KB of heap ` +
            `(${CALIBRATION_CALLS} calls: ${mb(calBefore)} → ${mb(calAfter)}); ` +
            `the second half of the scroll added ${(perBlock / 1024).toFixed(1)} KB per block (one call each), ` +
            `${((perBlock - perCall) / 1024).toFixed(1)} KB per block net of the harness`,
        );
      }
      const fBefore = held(fetchBefore);
      const fAfter = held(fetchAfter);
      if (fBefore !== null && fAfter !== null) {
        console.log(
          `  harness: one plain fetch of a ${BLOCK_ROWS}-event block (${(fetched / 1024).toFixed(1)} KB of JSON, read and dropped) adds ` +
            `${((fAfter - fBefore) / CALIBRATION_CALLS / 1024).toFixed(1)} KB of heap ` +
            `(${CALIBRATION_CALLS} fetches: ${mb(fBefore)} → ${mb(fAfter)})`,
        );
      }
      const leaving = held(afterLeaving);
      if (leaving !== null) {
        console.log(
          `  after leaving the logs page (grid unmounted, the store's paging state kept): JS heap ${mb(leaving)} ` +
            `(${mb(leaving - lastHeld)} against the end of the scroll)`,
        );
      }
      const newQuery = held(afterNewQuery);
      if (newQuery !== null) {
        console.log(
          `  back on web logs with a new query (the paging state starts over): JS heap ${mb(newQuery)} ` +
            `(${mb(newQuery - firstHeld)} against the start of the scroll)`,
        );
      }
    } else {
      console.log('  JS heap: performance.memory is not available in this browser');
    }
    if (liveSites.length) {
      console.log(
        `\n  allocated since block ${snapshotBlock} and alive at block ${reached} (sampled), by allocation site:`,
      );
      for (const site of liveSites) console.log(`  ${mb(site.bytes).padStart(9)}  ${site.stack}`);
      console.log(`\n  of those, freed only by the last-resort GC:`);
      for (const site of floatingSites) console.log(`  ${mb(site.bytes).padStart(9)}  ${site.stack}`);
    }
    if (snapshotBefore && snapshotAfter) {
      const blocks = reached - snapshotBlock;
      console.log(
        `\n  heap snapshots at block ${snapshotBlock} and ${reached}: ${snapshotBefore.nodes.toLocaleString('en-US')} → ` +
          `${snapshotAfter.nodes.toLocaleString('en-US')} nodes, ${mb(snapshotBefore.totalSize)} → ${mb(snapshotAfter.totalSize)}; ` +
          `what grew most over the ${blocks} blocks (count change, self size change, per block):`,
      );
      for (const g of heapGrowth(snapshotBefore, snapshotAfter)) {
        console.log(
          `  ${g.key.padEnd(60)} ${String(g.count).padStart(9)} ${mb(g.selfSize).padStart(10)}  ${(g.count / Math.max(blocks, 1)).toFixed(1).padStart(7)}/block`,
        );
      }
    }
  } finally {
    await session.close();
  }
});
