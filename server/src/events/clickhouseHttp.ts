/**
 * ClickHouse's HTTP interface, plainly (fetch): a statement is the body of a POST, an INSERT's
 * rows (JSONEachRow) follow the statement in the body, settings are URL parameters (18.16 has no
 * SETTINGS clause in SELECT). `@clickhouse/client` is not used: its documented compatibility
 * starts at ClickHouse 24.8 (older servers "best effort"), its bound `query_params` need a server
 * with query parameters (18.16 has none), and these three calls need no dependency (README.md,
 * "ClickHouse event store").
 */

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

function urlOf(address: ClickHouseAddress, database?: string): string {
  const db = database === undefined ? '' : `&database=${encodeURIComponent(database)}`;
  return `http://${address.host}:${address.port}/?${SETTINGS}${db}`;
}

function headersOf(address: ClickHouseAddress): Record<string, string> {
  if (address.user === undefined) return {};
  const token = Buffer.from(`${address.user}:${address.password ?? ''}`).toString('base64');
  return { authorization: `Basic ${token}` };
}

/** Runs a statement; its text answer (an error status → ClickHouseError with the server's message). */
export async function execute(address: ClickHouseAddress, body: string, database?: string): Promise<string> {
  let reply: Response;
  try {
    reply = await fetch(urlOf(address, database), { method: 'POST', body, headers: headersOf(address) });
  } catch (error) {
    throw new ClickHouseError(
      `ClickHouse at ${address.host}:${address.port} did not answer: ${error instanceof Error ? error.message : String(error)}`,
      0,
    );
  }
  const text = await reply.text();
  if (!reply.ok)
    throw new ClickHouseError(`ClickHouse ${address.host}:${address.port}: ${text.trim()}`, reply.status);
  return text;
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
  await execute(address, `INSERT INTO ${table} FORMAT JSONEachRow\n${lines}`, database);
}
