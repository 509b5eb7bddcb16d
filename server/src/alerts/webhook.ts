/**
 * Signed webhooks: a JSON POST whose `x-workbench-signature` is `sha256=` and the hex HMAC-SHA256,
 * under the channel's secret, of `<timestamp>.<body>`, with the timestamp (unix seconds) in
 * `x-workbench-timestamp`: a receiver recomputes it and refuses a timestamp far from its clock, so a
 * recorded delivery cannot be replayed later. A failed attempt (no answer, or not 2xx) is tried
 * again after a backoff that doubles, up to WEBHOOK_ATTEMPTS; each attempt is logged.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@workbench/common/api/contract/alerts';
import { openOutbound, type OutboundTarget } from './outbound';

export const WEBHOOK_ATTEMPTS = 4;
const TIMEOUT_MS = 10_000;

/** The signature header's value of a body sent at `timestamp` (unix seconds). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface AttemptResult {
  attempt: number;
  status: number | null;
  error: string | null;
}

/** One POST through the one door out (outbound.ts); answers the status, or throws. */
export function postOnce(
  url: URL,
  headers: Record<string, string>,
  body: string | Buffer,
  purpose: OutboundTarget['purpose'] = 'webhook',
): Promise<number> {
  const secure = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const request = http.request({
      method: 'POST',
      host,
      port,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
      timeout: TIMEOUT_MS,
      createConnection: (_options: unknown, done: (error: Error | null, socket: Socket) => void) => {
        openOutbound({ host, port, purpose, tls: secure, timeoutMs: TIMEOUT_MS }).then(
          (socket) => done(null, socket),
          (error: Error) => done(error, undefined as never),
        );
        return undefined;
      },
    } as http.RequestOptions);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Delivers `payload` to the webhook, retrying with backoff (`retryBaseMs`, doubled each time);
 * `onAttempt` sees every attempt (the delivery log). True when one was answered 2xx.
 */
export async function deliverWebhook(
  target: { url: string; secret: string },
  payload: unknown,
  options: { now: () => Date; retryBaseMs: number; onAttempt: (result: AttemptResult) => Promise<void> },
): Promise<boolean> {
  const url = new URL(target.url);
  const body = JSON.stringify(payload);
  for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt += 1) {
    const timestamp = Math.floor(options.now().getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'workbench-alerts',
      [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
      [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(target.secret, timestamp, body),
    };
    let result: AttemptResult;
    try {
      const status = await postOnce(url, headers, body);
      result = { attempt, status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` };
    } catch (error) {
      result = { attempt, status: null, error: (error as Error).message };
    }
    await options.onAttempt(result);
    if (result.error === null) return true;
    if (attempt < WEBHOOK_ATTEMPTS)
      await new Promise((resolve) => setTimeout(resolve, options.retryBaseMs * 2 ** (attempt - 1)));
  }
  return false;
}

/** A webhook URL's problem (http or https, a host, no credentials), or null. */
export function webhookUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The webhook URL must be an absolute http or https URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The webhook URL must be an absolute http or https URL.';
  if (url.username || url.password) return 'The webhook URL must not hold credentials.';
  if (url.hash) return 'The webhook URL must not have a fragment.';
  return null;
}
