/**
 * Heap snapshots of the page under test, over the Chrome DevTools Protocol: chromedriver reports
 * the browser's debugging address (`goog:chromeOptions.debuggerAddress`); we open our own DevTools
 * WebSocket to the page target (beside chromedriver's), take a HeapProfiler snapshot and summarise
 * it by node type and constructor name: count and self size. Two summaries compared show what a
 * stretch of work left behind (the objects retained, not the garbage: a snapshot collects first).
 */
import WebSocket from 'ws';

export interface HeapGroup {
  /** `<node type>:<name>`, e.g. `object:Object`, `closure:listener`, `string`. */
  key: string;
  count: number;
  selfSize: number;
}

export interface HeapSummary {
  nodes: number;
  totalSize: number;
  groups: Map<string, HeapGroup>;
}

interface SnapshotMeta {
  node_fields: string[];
  node_types: (string | string[])[];
}

interface RawSnapshot {
  snapshot: { meta: SnapshotMeta; node_count: number };
  nodes: number[];
  strings: string[];
}

/** The page target's DevTools WebSocket URL, from the session chromedriver opened. */
export async function pageDebuggerUrl(browser: WebdriverIO.Browser): Promise<string> {
  const chrome = (browser.capabilities as Record<string, unknown>)['goog:chromeOptions'] as
    { debuggerAddress?: string } | undefined;
  const address = chrome?.debuggerAddress;
  if (!address) throw new Error('chromedriver did not report goog:chromeOptions.debuggerAddress.');
  const reply = await fetch(`http://${address}/json/list`);
  const targets = (await reply.json()) as { type: string; url: string; webSocketDebuggerUrl?: string }[];
  const page = targets.find((t) => t.type === 'page' && t.webSocketDebuggerUrl);
  if (!page?.webSocketDebuggerUrl) throw new Error(`No page target at ${address}.`);
  return page.webSocketDebuggerUrl;
}

/** A DevTools connection of our own to the page (beside chromedriver's). */
export class PageDevTools {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, (params: Record<string, unknown>) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        error?: { message: string };
        result?: unknown;
      };
      if (msg.method) this.listeners.get(msg.method)?.(msg.params ?? {});
      if (msg.id !== undefined) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(msg.error.message));
        else p?.resolve(msg.result);
      }
    });
  }

  static async open(browser: WebdriverIO.Browser): Promise<PageDevTools> {
    const ws = new WebSocket(await pageDebuggerUrl(browser), {
      perMessageDeflate: false,
      maxPayload: 1 << 30,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new PageDevTools(ws);
  }

  on(method: string, listener: (params: Record<string, unknown>) => void): void {
    this.listeners.set(method, listener);
  }

  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** Takes a heap snapshot of the page (after the collection the profiler does first) and summarises it. */
export async function takeHeapSummary(browser: WebdriverIO.Browser): Promise<HeapSummary> {
  const devtools = await PageDevTools.open(browser);
  const chunks: string[] = [];
  devtools.on('HeapProfiler.addHeapSnapshotChunk', (p) => chunks.push(String(p.chunk)));
  try {
    await devtools.send('HeapProfiler.enable');
    await devtools.send('HeapProfiler.collectGarbage');
    await devtools.send('HeapProfiler.takeHeapSnapshot', {
      reportProgress: false,
      captureNumericValue: false,
    });
    await devtools.send('HeapProfiler.disable');
  } finally {
    devtools.close();
  }
  return summarise(JSON.parse(chunks.join('')) as RawSnapshot);
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

export interface AllocationSite {
  /** The allocating frame and its callers, innermost first. */
  stack: string;
  bytes: number;
}

/**
 * The sampling heap profiler: started at one point, read later WITHOUT a collection of its own,
 * so it reports where the sampled objects still alive (after whatever GC the page last did) were
 * allocated since the start.
 */
export async function startAllocationSampling(browser: WebdriverIO.Browser, intervalBytes = 4096) {
  const devtools = await PageDevTools.open(browser);
  await devtools.send('HeapProfiler.enable');
  await devtools.send('HeapProfiler.startSampling', { samplingInterval: intervalBytes });
  return {
    async live(depth = 6, top = 20): Promise<AllocationSite[]> {
      const { profile } = await devtools.send<{ profile: { head: SamplingNode } }>(
        'HeapProfiler.getSamplingProfile',
      );
      const sites = new Map<string, number>();
      const walk = (node: SamplingNode, path: string[]) => {
        const f = node.callFrame;
        const here = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
        const stack = [here, ...path];
        if (node.selfSize > 0) {
          const key = stack.slice(0, depth).join(' < ');
          sites.set(key, (sites.get(key) ?? 0) + node.selfSize);
        }
        for (const c of node.children) walk(c, stack);
      };
      walk(profile.head, []);
      return [...sites]
        .map(([stack, bytes]) => ({ stack, bytes }))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, top);
    },
    async stop(): Promise<void> {
      await devtools.send('HeapProfiler.stopSampling').catch(() => undefined);
      devtools.close();
    },
  };
}

function summarise(raw: RawSnapshot): HeapSummary {
  const fields = raw.snapshot.meta.node_fields;
  const types = raw.snapshot.meta.node_types[0] as string[];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, HeapGroup>();
  let totalSize = 0;
  for (let i = 0; i < raw.nodes.length; i += width) {
    const type = types[raw.nodes[i + typeAt]];
    const size = raw.nodes[i + sizeAt];
    totalSize += size;
    // Strings by type only (their names are their contents); objects and closures by name.
    const name =
      type === 'string' || type === 'concatenated string' || type === 'sliced string'
        ? ''
        : raw.strings[raw.nodes[i + nameAt]];
    const key = name ? `${type}:${name.slice(0, 80)}` : type;
    const g = groups.get(key) ?? { key, count: 0, selfSize: 0 };
    g.count += 1;
    g.selfSize += size;
    groups.set(key, g);
  }
  return { nodes: raw.nodes.length / width, totalSize, groups };
}

/** The groups that grew most between two summaries (by self size), with the count change. */
export function heapGrowth(before: HeapSummary, after: HeapSummary, top = 25): HeapGroup[] {
  const out: HeapGroup[] = [];
  for (const [key, g] of after.groups) {
    const b = before.groups.get(key);
    out.push({ key, count: g.count - (b?.count ?? 0), selfSize: g.selfSize - (b?.selfSize ?? 0) });
  }
  return out.sort((a, b) => b.selfSize - a.selfSize).slice(0, top);
}
