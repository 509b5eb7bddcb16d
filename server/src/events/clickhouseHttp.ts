/**
 * ClickHouse's HTTP interface, plainly (node:http): a statement is the body of a POST, an INSERT's
 * rows (JSONEachRow) follow the statement in the body, settings are URL parameters (18.16 has no
 * SETTINGS clause in SELECT). `@clickhouse/client` is not used: its documented compatibility
 * starts at ClickHouse 24.8 (older servers "best effort"), its bound `query_params` need a server
 * with query parameters (18.16 has none), and these three calls need no dependency (README.md,
 * "ClickHouse event store").
 */

import http from 'node:http';
import { StoreUnavailableError } from '../http/errors';

/**
 * How long a request may take by default (WORKBENCH_EVENTS_TIMEOUT_MS): a shard that accepts the
 * connection and never answers would otherwise hold the request, and its connection, for ever.
 */
export const DEFAULT_CLICKHOUSE_TIMEOUT_MS = 30_000;

/** Where one shard answers, and how to sign in. */
export interface ClickHouseAddress {
  readonly host: string;
  readonly port: number;
  readonly user?: string;
  readonly password?: string;
  /** The whole request's bound, connection to last byte (default DEFAULT_CLICKHOUSE_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /**
   * The shard's other replicas (WORKBENCH_EVENTS_REPLICAS), in order: a request that could not
   * reach this one goes to the next (replicated tables copy what one replica stores to the others).
   */
  readonly replicas?: readonly ClickHouseAddress[];
}

/**
 * `request` on the address, then on each of its replicas while the one before could not be
 * reached: a write only when it was never sent (refused: it cannot have been stored), a read also
 * when the connection broke, never after a time-out (the shard is slow, not gone) nor when it
 * answered that a shard behind its Distributed table failed (another replica would ask the same).
 */
async function onReplicas<T>(
  address: ClickHouseAddress,
  write: boolean,
  request: (address: ClickHouseAddress) => Promise<T>,
): Promise<T> {
  const [first, ...rest] = [address, ...(address.replicas ?? [])];
  try {
    return await request(first);
  } catch (error) {
    const unreachable =
      error instanceof ClickHouseUnavailableError &&
      (error.notSent || (!write && !error.timedOut && !error.answered));
    if (rest.length === 0 || !unreachable) throw error;
    return onReplicas({ ...rest[0], replicas: rest.slice(1) }, write, request);
  }
}

/**
 * A shard that could not be reached (`timedOut` false: nothing was sent, or the connection broke
 * before an answer) or did not answer within its time-out (`timedOut`: a write's outcome is then
 * unknown). The API answers 503 or 504 (http/errors.ts).
 */
export class ClickHouseUnavailableError extends StoreUnavailableError {
  constructor(
    readonly address: ClickHouseAddress,
    timedOut: boolean,
    detail: string,
    /** The request never reached the shard (no connection): a write may go elsewhere. */
    readonly notSent = false,
    /** The shard answered, saying a shard behind its Distributed table did not: not sent again. */
    readonly answered = false,
  ) {
    super('event store', timedOut, `ClickHouse at ${address.host}:${address.port} ${detail}`);
    this.name = 'ClickHouseUnavailableError';
  }
}

export class ClickHouseError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ClickHouseError';
  }
}

/**
 * Settings of every request: 64-bit integers as JSON numbers (ours are within ±2^53); a
 * Distributed read asks each shard's replicas in the order of the cluster (`in_order`, not at
 * random): the first one up, which is where this store writes (`onReplicas`), so a read sees what
 * was just written before the other replicas have copied it.
 */
const SETTINGS = 'output_format_json_quote_64bit_integers=0&load_balancing=in_order';

const timeoutOf = (address: ClickHouseAddress): number => address.timeoutMs ?? DEFAULT_CLICKHOUSE_TIMEOUT_MS;

function urlOf(address: ClickHouseAddress, database?: string, query?: string): string {
  const db = database === undefined ? '' : `&database=${encodeURIComponent(database)}`;
  const statement = query === undefined ? '' : `&query=${encodeURIComponent(query)}`;
  // The shard gives up on a SELECT as well (whole seconds in 18.16), so no query runs on after we left.
  const limit = `&max_execution_time=${Math.max(1, Math.ceil(timeoutOf(address) / 1000))}`;
  return `http://${address.host}:${address.port}/?${SETTINGS}${limit}${db}${statement}`;
}

/** Connection errors that mean the request never left this process (safe to send elsewhere). */
const NOT_SENT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function headersOf(address: ClickHouseAddress): Record<string, string> {
  if (address.user === undefined) return {};
  const token = Buffer.from(`${address.user}:${address.password ?? ''}`).toString('base64');
  return { authorization: `Basic ${token}` };
}

/**
 * Reads reuse connections (keep-alive); a write gets a fresh one. ClickHouse closes an idle
 * connection after keep_alive_timeout (3 s by default), and a request sent on a connection it
 * has just closed fails without an answer: a read is then sent once more on a new connection (it
 * changes nothing; another idle one could be as stale), a write never is (it could be stored
 * twice), so a write never goes on a reused connection. Idle connections are dropped here after
 * 2 s, before the shard drops them (the agent's `timeout` ends only free sockets).
 */
const readAgent = new http.Agent({ keepAlive: true, maxSockets: 16, timeout: 2_000 });

/** ClickHouse's own "Timeout exceeded" (max_execution_time): the same time-out, seen by the shard. */
const TIMEOUT_EXCEEDED = /^Code: 159\b/;
/**
 * A shard behind the Distributed table could not be reached (279 ALL_CONNECTION_TRIES_FAILED,
 * 210 NETWORK_ERROR) or did not answer (209 SOCKET_TIMEOUT): the event store is unavailable, not
 * broken.
 */
const REMOTE_UNAVAILABLE = /^Code: (279|210|209)\b/;

function post(
  address: ClickHouseAddress,
  body: string | Buffer,
  database: string | undefined,
  write: boolean,
  query?: string,
  freshConnection = write,
): Promise<string> {
  const timeoutMs = timeoutOf(address);
  let timedOut = false;
  /** Whether the request may have reached the shard (a connection was made). */
  let connected = false;
  let timer: NodeJS.Timeout | undefined;
  const answer = new Promise<string>((resolve, reject) => {
    const request = http.request(
      urlOf(address, database, query),
      {
        method: 'POST',
        agent: freshConnection ? false : readAgent,
        headers: {
          ...headersOf(address),
          'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream',
        },
      },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('error', (error) => reject(unavailable(address, timedOut, timeoutMs, error)));
        reply.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = reply.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(text);
          else if (REMOTE_UNAVAILABLE.test(text.trim()))
            reject(
              new ClickHouseUnavailableError(
                address,
                text.trim().startsWith('Code: 209'),
                `could not reach a shard behind it: ${text.trim()}`,
                false,
                true,
              ),
            );
          else if (TIMEOUT_EXCEEDED.test(text.trim()))
            reject(
              new ClickHouseUnavailableError(address, true, `gave up after ${timeoutMs} ms: ${text.trim()}`),
            );
          else
            reject(new ClickHouseError(`ClickHouse ${address.host}:${address.port}: ${text.trim()}`, status));
        });
      },
    );
    request.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    // A bound on the whole request (a socket's idle time-out would be reset by a trickling answer).
    timer = setTimeout(() => {
      timedOut = true;
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => reject(unavailable(address, timedOut, timeoutMs, error, connected)));
    request.end(body);
  });
  return answer.finally(() => clearTimeout(timer));
}

function unavailable(
  address: ClickHouseAddress,
  timedOut: boolean,
  timeoutMs: number,
  error: Error,
  connected = true,
): ClickHouseUnavailableError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return Object.assign(
    timedOut
      ? new ClickHouseUnavailableError(
          address,
          true,
          connected
            ? `did not answer within ${timeoutMs} ms.`
            : `could not be connected to within ${timeoutMs} ms.`,
          !connected,
        )
      : new ClickHouseUnavailableError(
          address,
          false,
          `did not answer: ${error.message}`,
          NOT_SENT.has(code),
        ),
    { cause: error },
  );
}

/**
 * Runs a statement; its text answer (an error status → ClickHouseError with the server's message).
 * `write`: a statement that changes data (INSERT, DDL): never sent twice.
 */
export function execute(
  address: ClickHouseAddress,
  body: string,
  database?: string,
  write = false,
): Promise<string> {
  return onReplicas(address, write, (replica) => executeOn(replica, body, database, write));
}

async function executeOn(
  address: ClickHouseAddress,
  body: string,
  database: string | undefined,
  write: boolean,
): Promise<string> {
  try {
    return await post(address, body, database, write);
  } catch (error) {
    // Once more for a read on a connection the shard had just closed; never after a time-out.
    if (write || !(error instanceof ClickHouseUnavailableError) || error.timedOut || error.answered)
      throw error;
    return post(address, body, database, write, undefined, true);
  }
}

/** A SELECT's rows (FORMAT JSONCompact: one array per row). */
export async function selectRows(
  address: ClickHouseAddress,
  sql: string,
  database?: string,
): Promise<unknown[][]> {
  const text = await execute(address, `${sql}\nFORMAT JSONCompact`, database);
  return (JSON.parse(text) as { data: unknown[][] }).data;
}

/** Inserts rows (objects of column → value) as one block: atomic on a MergeTree table. */
export async function insertRows(
  address: ClickHouseAddress,
  table: string,
  lines: string,
  database?: string,
): Promise<void> {
  await execute(address, `INSERT INTO ${table} FORMAT JSONEachRow\n${lines}`, database, true);
}

/**
 * Inserts Native blocks (clickhouseNative.ts) as one INSERT: the statement goes in the URL, the
 * binary blocks are the body. Blocks of one INSERT below min_insert_block_size_rows (1,048,576) are
 * squashed into one part: atomic on a MergeTree table, as a JSONEachRow INSERT of one block.
 */
export async function insertNative(
  address: ClickHouseAddress,
  table: string,
  blocks: Buffer,
  database?: string,
): Promise<void> {
  await onReplicas(address, true, (replica) =>
    post(replica, blocks, database, true, `INSERT INTO ${table} FORMAT Native`),
  );
}
