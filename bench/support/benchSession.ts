/**
 * One browser benchmark session: the REAL reference server (started like wdio's onPrepare: free
 * port, temp WORKBENCH_DATA, fixed demo password) against the BUILT apps, and a standalone
 * WebdriverIO `remote()` Chromium with the capabilities of wdio/wdio.conf.ts plus the flags a
 * benchmark needs (precise heap figures, an exposed GC). The wdio globals ($, $$, browser) are
 * registered so the wdio page objects work unchanged.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _setGlobal } from '@wdio/globals';
import { remote } from 'webdriverio';
import { config as wdioConfig } from '../../wdio/wdio.conf';
import { startWorkbenchServer, type RunningServer } from '../../wdio/support/workbenchServer';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Chromium flags a benchmark adds to the browser-test ones. */
export const BENCH_CHROMIUM_ARGS = ['--enable-precise-memory-info', '--js-flags=--expose-gc'] as const;

export interface BenchSession {
  browser: WebdriverIO.Browser;
  server: RunningServer;
  close(): Promise<void>;
}

/** Throws a clear error when the tenant portal has not been built. */
export function requireBuiltPortal(): void {
  const index = path.join(repoRoot, 'tenant-portal', 'dist', 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      `${path.relative(repoRoot, index)} is missing: the browser benchmarks run against the built apps. ` +
        'Run `npm run build` at the repo root first.',
    );
  }
}

/** The Chrome capabilities of wdio.conf.ts with the benchmark flags added. */
export function benchCapabilities(): WebdriverIO.Capabilities {
  const list = wdioConfig.capabilities;
  const base = (Array.isArray(list) ? list[0] : undefined) as WebdriverIO.Capabilities | undefined;
  if (!base) throw new Error('wdio/wdio.conf.ts has no capability object to reuse.');
  const chrome = base['goog:chromeOptions'] ?? {};
  return {
    ...base,
    'goog:chromeOptions': { ...chrome, args: [...(chrome.args ?? []), ...BENCH_CHROMIUM_ARGS] },
  };
}

/** Starts the server (with `env` added to this process's environment) and the browser. */
export async function startBenchSession(env: Record<string, string> = {}): Promise<BenchSession> {
  requireBuiltPortal();
  Object.assign(process.env, env);
  const server = await startWorkbenchServer(repoRoot);
  let browser: WebdriverIO.Browser;
  try {
    browser = await remote({
      capabilities: benchCapabilities(),
      baseUrl: server.baseUrl,
      logLevel: 'warn',
      waitforTimeout: 15_000,
      connectionRetryTimeout: 120_000,
      connectionRetryCount: 1,
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  _setGlobal('browser', browser, false);
  _setGlobal('$', browser.$.bind(browser), false);
  _setGlobal('$$', browser.$$.bind(browser), false);
  return {
    browser,
    server,
    close: async () => {
      await browser.deleteSession().catch(() => undefined);
      await server.stop();
    },
  };
}

/** Runs a benchmark: prints its wall time; exits non-zero only when the run itself broke. */
export async function runBench(name: string, body: () => Promise<void>): Promise<void> {
  const started = performance.now();
  try {
    await body();
    console.log(`[${name}] run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(
      `\n[${name}] the benchmark run broke: ${error instanceof Error ? error.stack : String(error)}`,
    );
    process.exitCode = 1;
  }
}

export const ms = (n: number): string => `${n.toFixed(1)} ms`;
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
