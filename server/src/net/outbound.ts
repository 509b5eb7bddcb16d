/**
 * The one guard of the server's outgoing connections to addresses users give (connectivity tests,
 * IdP metadata URLs, webhooks, SIEM destinations, SMTP relays): a destination that is not public
 * is refused where the connection is made, after DNS resolution, so a name that resolves to
 * 127.0.0.1 or 169.254.169.254 (or resolves to a public address once and to a private one when
 * connecting: DNS rebinding) does not pass. Every address the name resolves to must be allowed.
 *
 * WORKBENCH_ALLOW_PRIVATE_DESTINATIONS lets a deployment reach private targets it needs (an
 * in-house SIEM, a relay on the LAN): a comma list of CIDR ranges or addresses, or `all`.
 * Ranges are classified by ipaddr.js (common's validators/publicAddress.ts).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { isNonPublicAddress } from '@workbench/common/validators/publicAddress';

export const ALLOW_PRIVATE_ENV = 'WORKBENCH_ALLOW_PRIVATE_DESTINATIONS';

/** The private destinations a deployment allows: every one, or those in the ranges. */
export type PrivateAllowance = 'all' | ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;

/** Reads the setting; a malformed entry throws, naming it (the server does not start on it). */
export function parsePrivateAllowance(value: string | undefined): PrivateAllowance {
  const text = (value ?? '').trim();
  if (text === 'all') return 'all';
  if (text === '') return [];
  return text.split(',').map((raw) => {
    const entry = raw.trim();
    try {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const address = ipaddr.parse(entry);
      return [address, address.kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
    } catch {
      throw new Error(
        `${ALLOW_PRIVATE_ENV} must be \`all\` or a comma list of addresses and CIDR ranges (e.g. 10.20.0.0/16,fd00::/8), got "${entry}".`,
      );
    }
  });
}

/** The setting as the process has it now. */
export const allowanceFromEnv = (env: NodeJS.ProcessEnv = process.env): PrivateAllowance =>
  parsePrivateAllowance(env[ALLOW_PRIVATE_ENV]);

const within = (address: ipaddr.IPv4 | ipaddr.IPv6, [range, bits]: [ipaddr.IPv4 | ipaddr.IPv6, number]) =>
  address.kind() === range.kind() && address.match(range, bits);

/** The address as judged: an IPv4-mapped IPv6 address is its IPv4. */
function normalised(text: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    return (address as ipaddr.IPv6).toIPv4Address();
  return address;
}

/** Why a connection to the address is refused, or null when it may be made. */
export function destinationRefusal(
  address: string,
  allowance: PrivateAllowance,
  host = address,
): string | null {
  if (!isNonPublicAddress(address) || allowance === 'all') return null;
  const parsed = normalised(address);
  if (allowance.some((range) => within(parsed, range))) return null;
  const shown = host === address ? address : `${host} (${address})`;
  return `Refused to connect to ${shown}: a ${parsed.range()} address, not a public one (${ALLOW_PRIVATE_ENV} allows private destinations).`;
}

/** The error of a refused destination: code EDESTINATIONREFUSED, the reason as its message. */
export class DestinationRefusedError extends Error {
  readonly code = 'EDESTINATIONREFUSED';
}

type LookupAddress = { address: string; family: number };
/** A resolver in dns.lookup's form with `all: true` (tests give their own: no network). */
export type Resolver = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, callback) =>
  dns.lookup(hostname, { all: true, verbatim: true }, callback);

export interface GuardOptions {
  /** Default: the setting as the process has it when the connection is made. */
  allowance?: PrivateAllowance;
  resolver?: Resolver;
}

/**
 * A `lookup` for net.connect, tls.connect and http(s) agents: resolves the name, refuses it when any
 * of its addresses is refused, and answers the addresses the socket then connects to (the ones
 * checked: no second resolution in between).
 */
export function guardedLookup(options: GuardOptions = {}): net.LookupFunction {
  const resolve = options.resolver ?? systemResolver;
  return ((hostname: string, lookupOptions: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error);
      const allowance = options.allowance ?? allowanceFromEnv();
      for (const { address } of addresses) {
        const reason = destinationRefusal(address, allowance, hostname);
        if (reason) return callback(new DestinationRefusedError(reason));
      }
      const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
      const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
      if (usable.length === 0) {
        const none: NodeJS.ErrnoException = new Error(`${hostname} has no address to connect to.`);
        none.code = 'ENOTFOUND';
        return callback(none);
      }
      if (lookupOptions.all) return callback(null, usable);
      return callback(null, usable[0].address, usable[0].family);
    });
  }) as net.LookupFunction;
}

/**
 * Net skips `lookup` for an address written as such: the host is judged as it stands. Answers the
 * refusal, or null.
 */
export function literalRefusal(host: string | undefined | null, options: GuardOptions = {}): string | null {
  const bare = (host ?? '').replace(/^\[|\]$/g, '');
  if (!net.isIP(bare)) return null;
  return destinationRefusal(bare, options.allowance ?? allowanceFromEnv());
}

/** A socket that fails at once with the refusal: what an agent hands back for a refused literal. */
function refusedSocket(reason: string): net.Socket {
  const socket = new net.Socket();
  process.nextTick(() => socket.destroy(new DestinationRefusedError(reason)));
  return socket;
}

type ConnectionOptions = net.NetConnectOpts & { host?: string };

/**
 * An http or https agent whose every connection passes the guard: the outgoing calls of the server
 * (webhooks, SIEM over HTTP, metadata fetches) give it as `agent`.
 */
export function outboundAgent(protocol: 'http:' | 'https:', options: GuardOptions = {}): http.Agent {
  const lookup = guardedLookup(options);
  const Base = protocol === 'https:' ? https.Agent : http.Agent;
  const agent = new Base({ keepAlive: false });
  const create = agent.createConnection.bind(agent) as (o: ConnectionOptions, cb?: unknown) => net.Socket;
  agent.createConnection = ((connection: ConnectionOptions, callback?: unknown) => {
    const reason = literalRefusal(connection.host, options);
    if (reason) return refusedSocket(reason);
    return create({ ...connection, lookup }, callback);
  }) as typeof agent.createConnection;
  return agent;
}

/** net.connect through the guard (SMTP, syslog over TCP): a refused destination fails the socket. */
export function guardedConnect(
  connection: { host: string; port: number },
  options: GuardOptions = {},
): net.Socket {
  const reason = literalRefusal(connection.host, options);
  if (reason) return refusedSocket(reason);
  return net.connect({ host: connection.host, port: connection.port, lookup: guardedLookup(options) });
}
