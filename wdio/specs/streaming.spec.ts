import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { $$, browser } from '@wdio/globals';
import { STREAMING_PATHS, type DestinationList } from '@workbench/common/api/contract/streaming';
import { streamingIds as ids } from '@workbench/common/test-ids/streamingIds';
import { forgetSession, signInToPortal, waitForPortalRoute } from '../pageobjects/portal';
import { byTestId, clickWhenReady, replaceText } from '../pageobjects/testId';
import { portalApi as api } from '../support/portalApi';
import { DEMO_PASSWORD } from '../support/testEnv';
import { startWorkbenchServer, type RunningServer } from '../support/workbenchServer';

/**
 * Log streaming (issue 40 point 3, docs/streaming.md): the demo admin adds an HTTP destination in
 * Settings › Log streaming that points at a receiver this spec runs on loopback, and sees its
 * health show the events delivered; the receiver has them, with the authorisation header typed in
 * the dialog; a test message is answered "Delivered".
 *
 * Its own server, beside the suite's: the suite's runs without live events (its stores must not
 * change under the other specs) and refuses loopback destinations. This one has the live demo
 * events flowing and allows 127.0.0.1 (WORKBENCH_ALLOW_PRIVATE_DESTINATIONS, server/src/net/README.md).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Enough demo events for the pages; the stream sends the live ones, which arrive after its creation. */
const EVENTS = 2000;
/** Every wait: generous, for a machine whose cores are busy. */
const WAIT = { timeout: 30_000, interval: 1000 };

interface Received {
  ids: Set<string>;
  batches: number;
  authorization: string[];
}

/** An NDJSON receiver on loopback: answers 200 to every gzip batch and keeps the events' ids. */
function startReceiver(): Promise<{ server: http.Server; url: string; received: Received }> {
  const received: Received = { ids: new Set(), batches: 0, authorization: [] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      for (const line of body.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        const event = JSON.parse(line) as { id?: string | number };
        if (event.id !== undefined) received.ids.add(String(event.id));
      }
      received.batches += 1;
      received.authorization.push(String(req.headers.authorization ?? ''));
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/ingest`, received });
    }),
  );
}

describe('Log streaming (issue 40 point 3)', () => {
  let server: RunningServer | undefined;
  let suiteBaseUrl: string | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;

  before(async () => {
    receiver = await startReceiver();
    server = await startWorkbenchServer(repoRoot, {
      demoEvents: EVENTS,
      env: { WORKBENCH_LIVE_EVENTS: '20', WORKBENCH_ALLOW_PRIVATE_DESTINATIONS: '127.0.0.1' },
    });
    await server.waitForDemoEvents(() => undefined);
    // Every page object opens paths of the base URL: this spec's server's, not the suite's.
    suiteBaseUrl = browser.options.baseUrl;
    browser.options.baseUrl = server.baseUrl;
  });

  after(async () => {
    if (suiteBaseUrl !== undefined) browser.options.baseUrl = suiteBaseUrl;
    await server?.stop();
    await new Promise((resolve) => receiver?.server.close(resolve) ?? resolve(undefined));
  });

  it('adds an HTTP destination and sees its health show the live events delivered', async () => {
    const name = `SIEM ${Date.now()}`;
    await forgetSession();
    await signInToPortal('admin@acme.example', DEMO_PASSWORD, '/#/settings/streaming');
    await waitForPortalRoute('#/settings/streaming');
    const empty = byTestId(ids.empty);
    await empty.waitForDisplayed({ timeout: WAIT.timeout, timeoutMsg: 'The empty state did not show.' });
    await clickWhenReady(empty.$(`[data-testid="${ids.add}"]`), 'Add destination');
    const dialog = byTestId(ids.dialog);
    await dialog.waitForDisplayed({
      timeout: WAIT.timeout,
      timeoutMsg: 'The destination dialog did not open.',
    });
    await byTestId(`${ids.field}-name`).setValue(name);
    await byTestId(`${ids.field}-url`).setValue(receiver!.url);
    await byTestId(`${ids.field}-auth_header`).setValue('Authorization');
    await byTestId(`${ids.field}-auth_value`).setValue('Bearer wdio-stream');
    // Every log type (the first is chosen already): the live events are of all of them.
    for (const box of await $$(`[data-testid^="${ids.field}-log_types-"]`))
      if (!(await box.isSelected())) await box.click();
    // A partial batch goes after a second: the live events show soon.
    await replaceText(byTestId(`${ids.field}-batch_max_seconds`), '1', 'Seconds before a partial batch');
    await clickWhenReady(byTestId(ids.submit), 'Add destination (submit)');
    await dialog.waitForDisplayed({
      reverse: true,
      timeout: WAIT.timeout,
      timeoutMsg: 'The destination dialog stayed open.',
    });

    const listed = await api('GET', STREAMING_PATHS.destinations);
    const destination = (listed.json as DestinationList).destinations.find((d) => d.name === name);
    if (!destination) throw new Error(`The destination ${name} was not created.`);
    expect(destination).toMatchObject({ auth_value_set: true, batch_max_seconds: 1, url: receiver!.url });
    const id = destination.id;

    // The page reads the health again on its own; Refresh asks at once. The grid draws a row's
    // cells afresh on each read, so each look finds the cell anew.
    const deliveredCell = `${ids.delivered}-${id}`;
    await byTestId(deliveredCell).waitForDisplayed({
      timeout: WAIT.timeout,
      timeoutMsg: 'The destination is not listed.',
    });
    let shown = 0;
    try {
      await browser.waitUntil(
        async () => {
          await clickWhenReady(byTestId(ids.refresh), 'Refresh');
          shown = Number((await byTestId(deliveredCell).getText()).replace(/[^\d]/g, ''));
          return shown > 0;
        },
        { ...WAIT, timeoutMsg: `The health of ${name} shows no delivered event.` },
      );
    } catch (error) {
      // What the server and the receiver saw, to tell a page that does not show it from a stream that did not flow.
      const health = await api('GET', STREAMING_PATHS.healthOf(id));
      const { ids: got, batches } = receiver!.received;
      throw new Error(
        `${(error as Error).message} The server's health: ${JSON.stringify(health.json)}; the receiver got ${got.size} events in ${batches} batches.`,
        { cause: error },
      );
    }
    // What the page counts was received, with the header typed in the dialog.
    expect(receiver!.received.ids.size).toBeGreaterThanOrEqual(shown);
    expect(receiver!.received.authorization.every((a) => a === 'Bearer wdio-stream')).toBe(true);
    // The last success in the reader's locale (never the ISO text), and no error.
    let success = '';
    await browser.waitUntil(
      async () => {
        success = await byTestId(`${ids.lastSuccess}-${id}`).getText();
        return success !== '' && success !== 'Nothing delivered yet';
      },
      { ...WAIT, timeoutMsg: `The last success of ${name} is not shown.` },
    );
    expect(success).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    await browser.waitUntil(async () => (await byTestId(`${ids.lastError}-${id}`).getText()) === 'None', {
      ...WAIT,
      timeoutMsg: `${name} shows an error.`,
    });

    await clickWhenReady(byTestId(`${ids.test}-${id}`), 'Send a test message');
    await browser.waitUntil(async () => (await byTestId(ids.testResult).getText()).startsWith('Delivered'), {
      ...WAIT,
      timeoutMsg: 'The test message was not delivered.',
    });
    expect(await byTestId(ids.testResult).getText()).toBe('Delivered: the receiver answered 200.');
    await clickWhenReady(byTestId(ids.testClose), 'Close');
  });
});
