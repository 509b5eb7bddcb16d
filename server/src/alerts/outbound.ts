/**
 * The one door out: every connection the alerts open to somewhere else (an SMTP server, a webhook
 * receiver, a SIEM destination of log streaming) is made here, so the rule for which destinations are allowed is applied in one place
 * (docs/alerts.md "Outgoing connections"). The SMTP client is given the socket through
 * nodemailer's `getSocket`, the webhook's HTTP request through `createConnection`.
 */
import net from 'node:net';
import tls from 'node:tls';
import { guardedLookup, literalRefusal } from '../net/outbound';

export interface OutboundTarget {
  host: string;
  port: number;
  /** What the connection is for (named in errors). */
  purpose: 'smtp' | 'webhook' | 'siem';
  /** TLS from the first byte (https, SMTPS); STARTTLS is the SMTP client's own upgrade. */
  tls?: boolean;
  timeoutMs?: number;
}

export class OutboundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundError';
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** A connected socket to the target (TLS when asked), or an OutboundError. */
export function openOutbound(target: OutboundTarget): Promise<net.Socket> {
  const timeoutMs = target.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    // Non-public destinations are refused at connect time, after resolution (net/README.md).
    const refused = literalRefusal(target.host);
    if (refused) {
      reject(
        new OutboundError(
          `${target.purpose} connection to ${target.host}:${target.port} refused: ${refused}`,
        ),
      );
      return;
    }
    const lookup = guardedLookup();
    const socket: net.Socket = target.tls
      ? tls.connect({
          host: target.host,
          port: target.port,
          servername: net.isIP(target.host) ? undefined : target.host,
          lookup,
        })
      : net.connect({ host: target.host, port: target.port, lookup });
    const fail = (error: Error) => {
      socket.destroy();
      reject(
        new OutboundError(
          `${target.purpose} connection to ${target.host}:${target.port} failed: ${error.message}`,
        ),
      );
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`no connection within ${timeoutMs} ms`)));
    socket.once('error', fail);
    socket.once(target.tls ? 'secureConnect' : 'connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      resolve(socket);
    });
  });
}
