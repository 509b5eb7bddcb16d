import { browser } from '@wdio/globals';

/**
 * One Chrome DevTools Protocol command through ChromeDriver's own endpoint
 * (`/session/:id/goog/cdp/execute`). The suite runs classic WebDriver (axe needs it: wdio.conf.ts),
 * where WebdriverIO offers no init scripts; ChromeDriver does.
 */
export async function cdp(cmd: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { protocol = 'http', hostname = 'localhost', port, path = '/' } = browser.options;
  const base = `${protocol}://${hostname}:${port}${path.endsWith('/') ? path : `${path}/`}`;
  const reply = await fetch(`${base}session/${browser.sessionId}/goog/cdp/execute`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ cmd, params }),
  });
  const body = (await reply.json()) as { value: Record<string, unknown> };
  if (!reply.ok) throw new Error(`CDP ${cmd} failed (${reply.status}): ${JSON.stringify(body.value)}`);
  return body.value;
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
