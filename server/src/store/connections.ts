/**
 * The two drivers under the config store: better-sqlite3 (one file, one process) and
 * node-postgres (a pool shared by servers on several machines). A connection only runs SQL that
 * the repositories compiled for its dialect (dialect.ts); it owns what differs in the driver:
 * statement caching, pooling, transactions and their locks.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { POSTGRES, SQLITE, type StoreDialect } from './dialect';

export type Row = Record<string, unknown>;

export interface Connection {
  readonly dialect: StoreDialect;
  /** True when bound to a transaction (its queries run in it). */
  readonly inTransaction: boolean;
  all(sql: string, parameters: readonly unknown[]): Promise<Row[]>;
  get(sql: string, parameters: readonly unknown[]): Promise<Row | undefined>;
  /** Answers the number of rows changed. */
  run(sql: string, parameters: readonly unknown[]): Promise<number>;
  /** Runs a script of statements without parameters (the migrations). */
  exec(script: string): Promise<void>;
  /**
   * Runs fn in a transaction on a connection bound to it: BEGIN, `lock` if given, fn, COMMIT (or
   * ROLLBACK when fn throws). Inside a transaction already, fn joins it, `lock` taken in it.
   */
  transaction<T>(fn: (connection: Connection) => Promise<T>, lock?: CompiledQuery | null): Promise<T>;
  /** Runs fn on one connection (outside a transaction): where a session-level lock must hold. */
  session<T>(fn: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Prepared statements by SQL text: every request looks its session up, and preparing the same
 * statement again each time cost ~0.5 ms of CPU per request under load. A few queries are built
 * per call (sort columns, search fields, IN lists), so the cache is bounded.
 */
const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3: calls are synchronous underneath. `transaction` wraps BEGIN/COMMIT around a
 * callback that must only await this store (no other I/O), so no other request can interleave
 * before COMMIT; a transaction begun while one is open joins it (one connection, one process).
 */
export class SqliteConnection implements Connection {
  readonly dialect = SQLITE;
  private depth = 0;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
  async all(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
    return this.prepare(sql).all(...parameters) as Row[];
  }
  async get(sql: string, parameters: readonly unknown[]): Promise<Row | undefined> {
    return this.prepare(sql).get(...parameters) as Row | undefined;
  }
  async run(sql: string, parameters: readonly unknown[]): Promise<number> {
    return this.prepare(sql).run(...parameters).changes;
  }
  async exec(script: string): Promise<void> {
    this.db.exec(script);
  }
  async transaction<T>(fn: (connection: Connection) => Promise<T>): Promise<T> {
    if (this.depth > 0) return fn(this);
    this.db.exec(this.dialect.begin);
    this.depth += 1;
    try {
      const result = await fn(this);
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    } finally {
      this.depth -= 1;
    }
  }
  async session<T>(fn: (connection: Connection) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/**
 * node-postgres: the outer connection is the pool (each query on any client); transaction()
 * holds one pool client for its callback and hands it a connection bound to that client.
 */
export class PostgresConnection implements Connection {
  readonly dialect = POSTGRES;

  /**
   * @param pool the pool (shared by every connection bound to it)
   * @param client the client this connection is bound to (a transaction's or a session's), or null
   * @param inTransaction whether a transaction is open on the client
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly client: pg.PoolClient | null = null,
    readonly inTransaction = false,
  ) {}

  private get db(): pg.Pool | pg.PoolClient {
    return this.client ?? this.pool;
  }
  async all(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
    return (await this.db.query<Row>(sql, parameters as unknown[])).rows;
  }
  async get(sql: string, parameters: readonly unknown[]): Promise<Row | undefined> {
    return (await this.db.query<Row>(sql, parameters as unknown[])).rows[0];
  }
  async run(sql: string, parameters: readonly unknown[]): Promise<number> {
    return (await this.db.query(sql, parameters as unknown[])).rowCount ?? 0;
  }
  async exec(script: string): Promise<void> {
    await this.db.query(script);
  }

  async transaction<T>(fn: (connection: Connection) => Promise<T>, lock?: CompiledQuery | null): Promise<T> {
    // Nested: already atomic with the outer transaction, whose end releases the lock too.
    if (this.inTransaction) {
      if (lock) await this.db.query(lock.sql, lock.parameters as unknown[]);
      return fn(this);
    }
    if (this.client) return this.inTransactionOn(this.client, fn, lock);
    const client = await this.pool.connect();
    let broken = false;
    try {
      return await this.inTransactionOn(client, fn, lock, () => (broken = true));
    } finally {
      client.release(broken);
    }
  }
  private async inTransactionOn<T>(
    client: pg.PoolClient,
    fn: (connection: Connection) => Promise<T>,
    lock: CompiledQuery | null | undefined,
    onBroken: () => void = () => undefined,
  ): Promise<T> {
    await client.query(this.dialect.begin);
    try {
      if (lock) await client.query(lock.sql, lock.parameters as unknown[]);
      const result = await fn(new PostgresConnection(this.pool, client, true));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(onBroken);
      throw error;
    }
  }

  async session<T>(fn: (connection: Connection) => Promise<T>): Promise<T> {
    if (this.client) return fn(this);
    const client = await this.pool.connect();
    try {
      return await fn(new PostgresConnection(this.pool, client, false));
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    // A bound connection belongs to its transaction; only the outer one ends the pool.
    if (this.client) return;
    if (!this.pool.ended) await this.pool.end();
  }
}
