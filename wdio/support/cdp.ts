import { browser } from '@wdio/globals';

/** A POST to one of ChromeDriver's own endpoints of this session (`/session/:id/<endpoint>`). */
async function chromeDriverPost(endpoint: string, payload: Record<string, unknown>): Promise<unknown> {
  const { protocol = 'http', hostname = 'localhost', port, path = '/' } = browser.options;
  const base = `${protocol}://${hostname}:${port}${path.endsWith('/') ? path : `${path}/`}`;
  const reply = await fetch(`${base}session/${browser.sessionId}/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = (await reply.json()) as { value: unknown };
  if (!reply.ok) throw new Error(`${endpoint} failed (${reply.status}): ${JSON.stringify(body.value)}`);
  return body.value;
}

/**
 * One Chrome DevTools Protocol command through ChromeDriver's own endpoint
 * (`/session/:id/goog/cdp/execute`). The suite runs classic WebDriver (axe needs it: wdio.conf.ts),
 * where WebdriverIO offers no init scripts; ChromeDriver does.
 */
export async function cdp(cmd: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await chromeDriverPost('goog/cdp/execute', { cmd, params })) as Record<string, unknown>;
}

/**
 * Runs `source` in every document the tab loads from now on, before the page's own scripts;
 * returns a function that stops it (for documents loaded afterwards).
 */
export async function runBeforePageScripts(source: string): Promise<() => Promise<void>> {
  const { identifier } = await cdp('Page.addScriptToEvaluateOnNewDocument', { source });
  return async () => {
    await cdp('Page.removeScriptToEvaluateOnNewDocument', { identifier });
  };
}

export interface BrowserLogEntry {
  level: string;
  message: string;
  source?: string;
}

/**
 * What the page wrote to the browser's console since the last call (errors, failed requests,
 * warnings), from ChromeDriver's log endpoint; the session collects it (`goog:loggingPrefs` in
 * wdio.conf.ts). Each call empties the buffer.
 */
export async function takeBrowserLog(): Promise<BrowserLogEntry[]> {
  return (await chromeDriverPost('se/log', { type: 'browser' })) as BrowserLogEntry[];
}
