import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { ConfigStore, LoginFailureKey } from './ConfigStore';
import { PostgresConnection, SqliteConnection, type Connection } from './connections';
import { CONFIG_MIGRATIONS, migrate, type Migration } from './migrations';
import { repositoriesOn } from './repositories';
import { Sql } from './sql';

export const CONFIG_DB_FILE = 'config.sqlite';

/** The config store on either engine: the repositories over one connection (store/README.md). */
function storeOn(sql: Sql): ConfigStore {
  const store: ConfigStore = {
    ...repositoriesOn(sql),
    transaction: <T>(fn: (tx: ConfigStore) => Promise<T>) =>
      sql.transaction((tx) => fn(tx === sql ? store : storeOn(tx))),
    withLoginLock: async <T>(key: LoginFailureKey, fn: (tx: ConfigStore) => Promise<T>) => {
      const lock = sql.dialect.loginLock(`${key.world}\n${key.username}\n${key.client}`);
      if (!lock) return fn(store);
      return sql.connection.transaction((connection) => fn(storeOn(new Sql(connection))), lock);
    },
    lockTenantAdministrators: async (tid: string) => {
      const lock = sql.dialect.administratorsLock(tid);
      if (lock) await sql.connection.run(lock.sql, lock.parameters);
    },
    readAllTables: async () => {
      const dump: Record<string, unknown[][]> = {};
      for (const { name } of await sql.all(sql.dialect.tables)) {
        const rows = await sql.connection.all(`SELECT * FROM "${name.replace(/"/g, '""')}"`, []);
        // Cells in column order (both drivers keep a row's keys in the order of its columns).
        dump[name] = rows.map((row) => Object.values(row));
      }
      return dump;
    },
    close: () => sql.connection.close(),
  };
  return store;
}

/** Migrates the connection's database and answers the store on it. */
async function openOn(connection: Connection, migrations: readonly Migration[]): Promise<ConfigStore> {
  try {
    await migrate(connection, migrations);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return storeOn(new Sql(connection));
}

/** The embedded store: SQLite (WAL) in the data directory, for one server. */
export async function openSqliteConfigStore(
  dataDir: string,
  options: { migrations?: readonly Migration[] } = {},
): Promise<ConfigStore> {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, CONFIG_DB_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return openOn(new SqliteConnection(db), options.migrations ?? CONFIG_MIGRATIONS);
}

/**
 * The shared store: PostgreSQL at a libpq-style postgres:// URL, for servers on several machines.
 * Connects, migrates, and answers the store.
 */
export async function openPostgresConfigStore(
  url: string,
  options: { maxConnections?: number; migrations?: readonly Migration[] } = {},
): Promise<ConfigStore> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // A server that cannot reach its store should fail a request, not hang it.
    connectionTimeoutMillis: 10_000,
  });
  // An idle client's connection error (the server restarted) must not crash the process.
  pool.on('error', () => undefined);
  return openOn(new PostgresConnection(pool), options.migrations ?? CONFIG_MIGRATIONS);
}
