/**
 * ClickHouse's HTTP interface, plainly (node:http): a statement is the body of a POST, an INSERT's
 * rows (JSONEachRow) follow the statement in the body, settings are URL parameters (18.16 has no
 * SETTINGS clause in SELECT). `@clickhouse/client` is not used: its documented compatibility
 * starts at ClickHouse 24.8 (older servers "best effort"), its bound `query_params` need a server
 * with query parameters (18.16 has none), and these three calls need no dependency (README.md,
 * "ClickHouse event store").
 */

import http from 'node:http';

/** Where one shard answers, and how to sign in. */
export interface ClickHouseAddress {
  readonly host: string;
  readonly port: number;
  readonly user?: string;
  readonly password?: string;
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

/** Settings of every request: 64-bit integers as JSON numbers (ours are within ±2^53). */
const SETTINGS = 'output_format_json_quote_64bit_integers=0';

function urlOf(address: ClickHouseAddress, database?: string, query?: string): string {
  const db = database === undefined ? '' : `&database=${encodeURIComponent(database)}`;
  const statement = query === undefined ? '' : `&query=${encodeURIComponent(query)}`;
  return `http://${address.host}:${address.port}/?${SETTINGS}${db}${statement}`;
}

function headersOf(address: ClickHouseAddress): Record<string, string> {
  if (address.user === undefined) return {};
  const token = Buffer.from(`${address.user}:${address.password ?? ''}`).toString('base64');
  return { authorization: `Basic ${token}` };
}

/**
 * Reads reuse connections (keep-alive); a write gets a fresh one. ClickHouse closes an idle
 * connection after keep_alive_timeout (3 s by default), and a request sent on a connection it
 * has just closed fails without an answer: a read is then sent once more (it changes nothing), a
 * write never is (it could be stored twice), so a write never goes on a reused connection.
 */
const readAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function post(
  address: ClickHouseAddress,
  body: string | Buffer,
  database: string | undefined,
  write: boolean,
  query?: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      urlOf(address, database, query),
      {
        method: 'POST',
        agent: write ? false : readAgent,
        headers: {
          ...headersOf(address),
          'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream',
        },
      },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('error', reject);
        reply.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((reply.statusCode ?? 0) >= 200 && (reply.statusCode ?? 0) < 300) resolve(text);
          else
            reject(
              new ClickHouseError(
                `ClickHouse ${address.host}:${address.port}: ${text.trim()}`,
                reply.statusCode ?? 0,
              ),
            );
        });
      },
    );
    request.on('error', (error) =>
      reject(
        Object.assign(
          new ClickHouseError(
            `ClickHouse at ${address.host}:${address.port} did not answer: ${error.message}`,
            0,
          ),
          {
            cause: error,
          },
        ),
      ),
    );
    request.end(body);
  });
}

/**
 * Runs a statement; its text answer (an error status → ClickHouseError with the server's message).
 * `write`: a statement that changes data (INSERT, DDL): never sent twice.
 */
export async function execute(
  address: ClickHouseAddress,
  body: string,
  database?: string,
  write = false,
): Promise<string> {
  try {
    return await post(address, body, database, write);
  } catch (error) {
    if (write || !(error instanceof ClickHouseError) || error.status !== 0) throw error;
    return post(address, body, database, write);
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
  await post(address, blocks, database, true, `INSERT INTO ${table} FORMAT Native`);
}
