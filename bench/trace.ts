/**
 * `npm run bench:trace` (issue 42, point 2: "measure with a trace, name the tasks"): a performance
 * trace of the tenant portal's dashboard and web logs, signed in, each loaded with the HTTP cache
 * emptied, and of each page the long tasks (over 50 ms) of its main thread with what they spent
 * their time on: the browser's style and layout work inside them, module compilation and
 * evaluation, and the functions the CPU profiler's samples found most often (self time), each with
 * its script and position. Against a build made with `npx vite build --minify false` in
 * `tenant-portal/` the functions keep their names. A second load of each page lists React's
 * commits that rendered many components, with the components where each update started
 * (bench/support/reactCommitHook.js): a page that renders again as a whole while its data arrives
 * shows there. A third load is traced as Lighthouse traces (its invalidation tracking, which takes
 * a JavaScript stack for every style or layout invalidation a script causes): its blocking time,
 * each long task with its invalidations (and the function that caused most of them), its style and
 * layout time and the script it ran first, and the functions that caused the most invalidations;
 * work that is cheap unthrottled but changes the DOM one class or attribute at a time after it is
 * attached weighs there, and in Lighthouse's TBT (bench/README.md, "What Lighthouse's trace makes
 * of the web logs"). TRACE_TOP=<n> lists n functions (12) of a task's callees; TRACE_ONLY='web
 * logs' traces that page alone. Prints; asserts nothing.
 *
 * The same server, Chromium and sign-in as the Lighthouse bench (bench/lighthouse.ts); unlike
 * Lighthouse, nothing is throttled or simulated: the times are this machine's at its load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import type { Browser, Page } from 'puppeteer-core';
import { startWorkbenchServer } from '../wdio/support/workbenchServer';
import { signedInChromium } from './support/signedInChromium';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = [
  { name: 'dashboard', route: '/#/dashboard' },
  { name: 'web logs', route: '/#/logs/web' },
] as const;
/** A task longer than this blocks input (the long-task and TBT threshold). */
const LONG_TASK_US = 50_000;
/** A commit that rendered this many components is listed with what rendered (reactCommits). */
const MANY_COMPONENTS = 100;
/** What bench/support/reactCommitHook.js keeps of each of React's commits. */
interface ReactCommit {
  at: number;
  count: number;
  rendered: Record<string, number>;
  roots: Record<string, number>;
}
/** The browser's style and layout events. */
const STYLE_AND_LAYOUT = ['UpdateLayoutTree', 'Layout'] as const;
/** A task this long also gets the functions it spent the most time in, callees included. */
const INCLUSIVE_US = 100_000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: ProfileData & { stackTrace?: StackFrame[] } };
}
/** The top of the script stack Chromium puts on an event (with the timeline's stack category). */
interface StackFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

const server = await startWorkbenchServer(repoRoot);
let chrome: chromeLauncher.LaunchedChrome | null = null;
try {
  await server.waitForDemoEvents(() => undefined);
  const { chrome: launched, browser } = await signedInChromium(server.baseUrl, 'admin@acme.example');
  chrome = launched;
  console.log(`Signed in; load average ${os.loadavg()[0].toFixed(2)}.`);
  for (const target of PAGES.filter((p) => !process.env.TRACE_ONLY || p.name === process.env.TRACE_ONLY)) {
    const events = await tracedLoad(browser, `${server.baseUrl}${target.route}`, [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
    ]);
    console.log(`\n${target.name} (${target.route}):`);
    console.log(longTasks(events));
    console.log(await reactCommits(browser, `${server.baseUrl}${target.route}`));
    console.log(await invalidations(browser, `${server.baseUrl}${target.route}`));
  }
  await browser.disconnect();
} finally {
  await chrome?.kill();
  await server.stop();
}

/** A new tab at the benches' viewport with the HTTP cache emptied: each load starts cold. */
async function freshTab(browser: Browser): Promise<Page> {
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1350, height: 940 });
  await (await tab.createCDPSession()).send('Network.clearBrowserCache');
  return tab;
}

/** The trace events of a cold load of `url`, traced with `categories`. */
async function tracedLoad(browser: Browser, url: string, categories: string[]): Promise<TraceEvent[]> {
  const tab = await freshTab(browser);
  await tab.tracing.start({ categories });
  await tab.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
  const trace = await tab.tracing.stop();
  await tab.close();
  if (!trace) throw new Error(`Chromium gave no trace of ${url}.`);
  return (JSON.parse(Buffer.from(trace).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
}

/** React's commits of a second load of the page (HTTP cache emptied) with many components rendered. */
async function reactCommits(browser: Browser, url: string): Promise<string> {
  const tab = await freshTab(browser);
  await tab.evaluateOnNewDocument(
    fs.readFileSync(path.join(repoRoot, 'bench/support/reactCommitHook.js'), 'utf8'),
  );
  await tab.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
  const commits = await tab.evaluate(
    () => (window as unknown as { __reactCommits: ReactCommit[] }).__reactCommits,
  );
  await tab.close();
  const top = (counts: Record<string, number>, n: number) =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => (count > 1 ? `${name} ×${count}` : name))
      .join(', ');
  const large = commits.filter((c) => c.count >= MANY_COMPONENTS);
  return [
    `  React's commits with ${MANY_COMPONENTS} or more components rendered (a second load; ${commits.length} commits in all):`,
    ...large.map(
      (c) =>
        `    at ${String(c.at).padStart(5)} ms: ${c.count} rendered from ${top(c.roots, 4) || 'the root'}; most: ${top(c.rendered, 8)}`,
    ),
  ].join('\n');
}

/**
 * A third load traced with what Lighthouse adds to the trace's categories: its blocking time, and
 * the functions (the top of each invalidation's stack) that caused the most invalidations.
 */
async function invalidations(browser: Browser, url: string): Promise<string> {
  const events = await tracedLoad(browser, url, [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'disabled-by-default-devtools.timeline.stack',
    'disabled-by-default-devtools.timeline.invalidationTracking',
  ]);
  const thread = mainThread(events);
  if (!thread) return '  (no renderer main thread in the trace)';
  const byFrame = new Map<string, number>();
  let total = 0;
  for (const e of events) {
    const top = invalidationFrame(e);
    if (!top) continue;
    total += 1;
    byFrame.set(top, (byFrame.get(top) ?? 0) + 1);
  }
  const blocking = thread.tasks.reduce((sum, t) => sum + (t.dur ?? 0) - LONG_TASK_US, 0);
  return [
    `  Traced as Lighthouse traces (a third load): blocking time ${Math.round(blocking / 1000)} ms in ${thread.tasks.length} long tasks:`,
    ...thread.tasks.map((task) => `  ${lighthouseTask(events, thread, task)}`),
    `  ${total} invalidations with a script's stack, most from:`,
    ...[...byFrame]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([frame, count]) => `    ${String(count).padStart(6)}  ${frame}`),
  ].join('\n');
}

/**
 * A long task of a trace taken as Lighthouse takes it: its length, the invalidations with a
 * script's stack inside it (each cost a stack walk), its style and layout time, and the script it
 * ran first (the timeline's FunctionCall, timer or event), which names the part of the page.
 */
function lighthouseTask(
  events: TraceEvent[],
  thread: { main: string; start: number },
  task: TraceEvent,
): string {
  const end = task.ts + (task.dur ?? 0);
  const onMain = (e: TraceEvent) => `${e.pid}:${e.tid}` === thread.main && e.ts >= task.ts && e.ts < end;
  const byFrame = new Map<string, number>();
  let entry: string | undefined;
  for (const e of events) {
    if (!onMain(e)) continue;
    const frame = invalidationFrame(e);
    if (frame) byFrame.set(frame, (byFrame.get(frame) ?? 0) + 1);
    const data = e.args?.data as
      { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number } | undefined;
    if (
      !entry &&
      e.ph === 'X' &&
      (e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') &&
      data?.url
    )
      entry = `${e.name === 'FunctionCall' ? data.functionName || '(anonymous)' : e.name} ${data.url.split('/').pop()}:${data.lineNumber ?? 0}:${data.columnNumber ?? 0}`;
  }
  const invalidated = [...byFrame.values()].reduce((sum, n) => sum + n, 0);
  const most = [...byFrame].sort((a, b) => b[1] - a[1])[0];
  return (
    `${ms(task.dur ?? 0).padStart(7)} at ${ms(task.ts - thread.start).padStart(8)}: ${String(invalidated).padStart(4)} invalidations` +
    `${most ? ` (${most[1]} from ${most[0]})` : ''}, style and layout ${ms(timeInside(events, thread.main, task, STYLE_AND_LAYOUT))}; first script ${entry ?? '(none)'}`
  );
}

/** The summed length of the complete events named `names` on thread `main` that start inside `task`. */
function timeInside(events: TraceEvent[], main: string, task: TraceEvent, names: readonly string[]): number {
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter((e) => e.ph === 'X' && names.includes(e.name) && `${e.pid}:${e.tid}` === main)
    .filter((e) => e.ts >= task.ts && e.ts < end)
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
}

/** Trace microseconds as printed. */
function ms(us: number): string {
  return `${Math.round(us / 1000)} ms`;
}

/** The top frame of an invalidation's script stack, or undefined for another event. */
function invalidationFrame(e: TraceEvent): string | undefined {
  const stack = e.args?.data?.stackTrace;
  if (!e.name.endsWith('InvalidationTracking') || !stack?.length) return undefined;
  // A trace's stack frames count lines and columns from 1 (a CPU profile's from 0).
  return `${stack[0].functionName || '(anonymous)'} ${stack[0].url.split('/').pop()}:${stack[0].lineNumber}:${stack[0].columnNumber}`;
}

/** The page's main thread (the renderer main thread with the most task time) and its long tasks. */
function mainThread(events: TraceEvent[]): { main: string; start: number; tasks: TraceEvent[] } | null {
  const threadNames = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const runTasks = (thread: string) =>
    events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && `${e.pid}:${e.tid}` === thread);
  const taskTime = (thread: string) => runTasks(thread).reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const mains = [...threadNames].filter(([, name]) => name === 'CrRendererMain').map(([thread]) => thread);
  if (mains.length === 0) return null;
  const main = mains.reduce((a, b) => (taskTime(a) >= taskTime(b) ? a : b));
  const all = runTasks(main);
  return {
    main,
    start: Math.min(...all.map((e) => e.ts)),
    tasks: all.filter((e) => (e.dur ?? 0) > LONG_TASK_US),
  };
}

/** The long tasks of the page's main thread. */
function longTasks(events: TraceEvent[]): string {
  const thread = mainThread(events);
  if (!thread) return '  (no renderer main thread in the trace)';
  const { main, start, tasks } = thread;
  const inside = (task: TraceEvent, names: readonly string[]) => timeInside(events, main, task, names);
  const samples = profileSamples(events, Number(main.split(':')[0]));
  const lines = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const counts = new Map<string, number>();
    let total = 0;
    // Each function once per sample however deep it recurs: its share of the task, callees included.
    const inclusive = new Map<string, number>();
    for (const s of samples) {
      if (s.ts < task.ts || s.ts > end) continue;
      total += 1;
      counts.set(s.frame, (counts.get(s.frame) ?? 0) + 1);
      for (const frame of new Set(s.stack)) inclusive.set(frame, (inclusive.get(frame) ?? 0) + 1);
    }
    const topOf = (shares: Map<string, number>, n: number) =>
      [...shares]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([frame, count]) => `${Math.round((100 * count) / total)}% ${frame}`)
        .join('; ');
    const line =
      `  ${ms(task.dur ?? 0).padStart(7)} at ${ms(task.ts - start).padStart(8)}: style and layout ${ms(inside(task, STYLE_AND_LAYOUT))}, ` +
      `modules ${ms(inside(task, ['v8.compileModule', 'v8.evaluateModule', 'EvaluateScript']))}; self time: ${topOf(counts, 3) || '(no samples)'}`;
    if ((task.dur ?? 0) < INCLUSIVE_US || total === 0) return line;
    // The outermost frames (the task's entry, React's work loop) are in every sample: past them.
    const named = new Map(
      [...inclusive].filter(([frame]) => !/^\((program|root|idle|garbage collector)\)/.test(frame)),
    );
    // React function components are named in capitals: which of the page's parts the render was.
    const components = new Map([...named].filter(([frame]) => /^[A-Z]/.test(frame)));
    return `${line}\n      callees included: ${topOf(named, Number(process.env.TRACE_TOP ?? 12))}\n      components (callees included): ${topOf(components, 12)}`;
  });
  const blocking = tasks.reduce((sum, t) => sum + (t.dur ?? 0) - LONG_TASK_US, 0);
  return [
    ...lines,
    `  ${tasks.length} long tasks; blocking time over 50 ms each, summed: ${ms(blocking)} (unthrottled, not Lighthouse's simulated TBT)`,
  ].join('\n');
}

/**
 * Each CPU-profile sample of the process: its time (trace µs), its function with script and
 * position, and the functions of its whole stack.
 */
function profileSamples(events: TraceEvent[], pid: number): { ts: number; frame: string; stack: string[] }[] {
  const nodes = new Map<number, ProfileNode>();
  const chunks = events.filter((e) => e.pid === pid && e.name === 'ProfileChunk');
  for (const chunk of chunks)
    for (const node of chunk.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  let ts = events.find((e) => e.pid === pid && e.name === 'Profile')?.args?.data?.startTime ?? 0;
  const nameOf = (node: ProfileNode) => {
    const frame = node.callFrame;
    const script = frame.url
      ? ` ${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      : '';
    return `${frame.functionName || '(anonymous)'}${script}`;
  };
  const stackOf = (id: number): string[] => {
    const stack: string[] = [];
    for (
      let node = nodes.get(id);
      node;
      node = node.parent === undefined ? undefined : nodes.get(node.parent)
    )
      stack.push(nameOf(node));
    return stack;
  };
  const out: { ts: number; frame: string; stack: string[] }[] = [];
  for (const chunk of chunks) {
    const data = chunk.args?.data;
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      const node = nodes.get(id);
      if (!node) return;
      out.push({ ts, frame: nameOf(node), stack: stackOf(id) });
    });
  }
  return out;
}
