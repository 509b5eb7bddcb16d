/**
 * How a batch of events leaves for a SIEM (docs/streaming.md "What is sent"), through the alerts'
 * one door out (alerts/outbound.ts: a non-public destination is refused after DNS resolution):
 * - http: the batch as NDJSON (one event's JSON a line), gzip, POSTed; delivered when answered 2xx;
 * - syslog: one RFC 5424 message per event over TCP (TLS when asked), each framed by octet
 *   counting (RFC 6587 §3.4.1: its length in bytes, a space, the message); delivered when every
 *   byte was handed to the connection and it was closed cleanly (TCP syslog has no acknowledgement).
 */
import os from 'node:os';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { STREAM_COUNT_HEADER, STREAM_NDJSON_TYPE } from '@workbench/common/api/contract/streaming';
import { LOG_ROUTE_TYPES, type LogRoute } from '@workbench/common/vocabularies/logTypes';
import type { StoredEvent } from '../events/eventStore';
import { openOutbound } from '../alerts/outbound';
import { postOnce } from '../alerts/webhook';
import type { StreamConfig } from '../store/repositories/streaming';

const gzip = promisify(zlib.gzip);
const SYSLOG_TIMEOUT_MS = 10_000;

/** Each log type's route (web, email, ...): what the stream calls it. */
const ROUTE_OF_TYPE = new Map(
  (Object.entries(LOG_ROUTE_TYPES) as [LogRoute, string][]).map(([route, type]) => [type, route]),
);

/** The event as sent: its id, log type (route), time (ISO 8601) and the chosen fields it has. */
export function streamedEvent(event: StoredEvent, fields: readonly string[]): Record<string, unknown> {
  const chosen =
    fields.length === 0
      ? event.fields
      : Object.fromEntries(fields.filter((f) => f in event.fields).map((f) => [f, event.fields[f]]));
  return {
    id: event.id,
    log_type: ROUTE_OF_TYPE.get(event.logType) ?? event.logType,
    time: new Date(event.time).toISOString(),
    ...chosen,
  };
}

export class SendError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

/** The NDJSON body of a batch (each line ends with a newline). */
export const ndjson = (lines: readonly Record<string, unknown>[]): string =>
  lines.map((line) => `${JSON.stringify(line)}\n`).join('');

async function sendHttp(config: StreamConfig, secret: string, lines: readonly Record<string, unknown>[]) {
  const body = await gzip(Buffer.from(ndjson(lines)));
  const headers: Record<string, string> = {
    'content-type': STREAM_NDJSON_TYPE,
    'content-encoding': 'gzip',
    'user-agent': 'workbench-streaming',
    [STREAM_COUNT_HEADER]: String(lines.length),
  };
  if (config.authHeader && secret) headers[config.authHeader.toLowerCase()] = secret;
  let status: number;
  try {
    status = await postOnce(new URL(config.url!), headers, body, 'siem');
  } catch (error) {
    throw new SendError((error as Error).message);
  }
  if (status < 200 || status >= 300) throw new SendError(`HTTP ${status}`, status);
  return status;
}

// RFC 5424: PRI 134 is facility local0 (16) at severity informational (6); 32473 is the private
// enterprise number set aside for examples and documentation (RFC 5612).
const PRI = '<134>';
const SD_ID = 'workbench@32473';
/** HOSTNAME: printable US-ASCII without spaces, at most 255 (RFC 5424 §6.2.4). */
const hostName = (os.hostname().replace(/[^\x21-\x7e]/g, '') || '-').slice(0, 255);

/** One event's syslog message: the header, its id as structured data, its JSON as the message. */
export function syslogMessage(line: Record<string, unknown>): string {
  return `${PRI}1 ${String(line.time)} ${hostName} workbench - ${String(line.log_type)} [${SD_ID} id="${String(line.id)}"] ${JSON.stringify(line)}`;
}

/** The octet-counted frame of a message. */
export const syslogFrame = (message: string): string => `${Buffer.byteLength(message)} ${message}`;

async function sendSyslog(config: StreamConfig, lines: readonly Record<string, unknown>[]) {
  let socket;
  try {
    socket = await openOutbound({
      host: config.host!,
      port: config.port!,
      purpose: 'siem',
      tls: config.tls ?? false,
      timeoutMs: SYSLOG_TIMEOUT_MS,
    });
  } catch (error) {
    throw new SendError((error as Error).message);
  }
  const connected = socket;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      connected.destroy();
      reject(new SendError(`syslog connection to ${config.host}:${config.port} failed: ${error.message}`));
    };
    connected.setTimeout(SYSLOG_TIMEOUT_MS, () =>
      fail(new Error(`not written within ${SYSLOG_TIMEOUT_MS} ms`)),
    );
    connected.once('error', fail);
    // The receiver may answer nothing; what it sends is read and dropped so it cannot stall us.
    connected.resume();
    connected.once('close', (hadError) => {
      if (!hadError) resolve();
    });
    connected.end(lines.map((line) => syslogFrame(syslogMessage(line))).join(''));
  });
  return null;
}

/** Sends one batch; answers the HTTP status (null for syslog), or throws a SendError. */
export async function sendBatch(
  kind: 'http' | 'syslog',
  config: StreamConfig,
  secret: string,
  lines: readonly Record<string, unknown>[],
): Promise<number | null> {
  return kind === 'http' ? sendHttp(config, secret, lines) : sendSyslog(config, lines);
}

/** A URL's problem for an HTTP destination (http or https, a host, no credentials), or null. */
export function streamUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The URL must be an absolute http or https URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The URL must be an absolute http or https URL.';
  if (url.username || url.password)
    return 'The URL must not hold credentials (use the authorisation header).';
  if (url.hash) return 'The URL must not have a fragment.';
  return null;
}
