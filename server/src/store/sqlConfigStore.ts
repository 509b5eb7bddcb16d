import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { ConfigStore, LoginFailureKey } from './ConfigStore';
import { PostgresConnection, SqliteConnection, type Connection } from './connections';
import { CONFIG_MIGRATIONS, migrate, type Migration } from './migrations';
import { repositoriesOn } from './repositories';
import { Sql } from './sql';
import { dataDirSecretKeys, SecretKeyError, secretBox, type SecretBox } from '../security/secretBox';

export const CONFIG_DB_FILE = 'config.sqlite';

/** The config store on either engine: the repositories over one connection (store/README.md). */
function storeOn(sql: Sql, secrets: SecretBox): ConfigStore {
  const store: ConfigStore = {
    ...repositoriesOn(sql, secrets),
    transaction: <T>(fn: (tx: ConfigStore) => Promise<T>) =>
      sql.transaction((tx) => fn(tx === sql ? store : storeOn(tx, secrets))),
    inTransaction: () => sql.connection.inTransaction,
    withLoginLock: async <T>(key: LoginFailureKey, fn: (tx: ConfigStore) => Promise<T>) => {
      const lock = sql.dialect.loginLock(`${key.world}\n${key.username}\n${key.client}`);
      if (!lock) return fn(store);
      return sql.connection.transaction((connection) => fn(storeOn(new Sql(connection), secrets)), lock);
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
    ping: async () => {
      await sql.connection.get('SELECT 1', []);
    },
    close: () => sql.connection.close(),
  };
  return store;
}

/**
 * A store opened without a key (the PostgreSQL store's own tests): writing a secret fails, and so
 * does reading a sealed one, rather than storing it clear.
 */
const WITHOUT_KEY: SecretBox = {
  seal: () => {
    throw new SecretKeyError('This config store was opened without a secret key: it cannot store secrets.');
  },
  open: (stored) => {
    if (stored.startsWith('wbsec:'))
      throw new SecretKeyError('This config store was opened without a secret key: it cannot read secrets.');
    return stored;
  },
  needsSealing: () => false,
};

/**
 * Migrates the connection's database, seals again the secrets stored clear or under an old key
 * (secretFields.ts), and answers the store on it.
 */
async function openOn(
  connection: Connection,
  migrations: readonly Migration[],
  secrets: SecretBox,
): Promise<ConfigStore> {
  try {
    await migrate(connection, migrations);
    const store = storeOn(new Sql(connection), secrets);
    // A store opened at an older schema (the tests of a migration) has no such tables to seal yet.
    if (secrets !== WITHOUT_KEY && migrations === CONFIG_MIGRATIONS) {
      await store.mfa.resealSecrets();
      await store.entities.resealSecrets();
      await store.alerts.resealSecrets();
    }
    return store;
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * The embedded store: SQLite (WAL) in the data directory, for one server. Its secrets are sealed
 * with `secrets`, by default with the data directory's key file (security/secretBox.ts).
 */
export async function openSqliteConfigStore(
  dataDir: string,
  options: { migrations?: readonly Migration[]; secrets?: SecretBox } = {},
): Promise<ConfigStore> {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, CONFIG_DB_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const secrets = options.secrets ?? secretBox(dataDirSecretKeys(dataDir));
  return openOn(new SqliteConnection(db), options.migrations ?? CONFIG_MIGRATIONS, secrets);
}

/**
 * The shared store: PostgreSQL at a libpq-style postgres:// URL, for servers on several machines.
 * Connects, migrates, and answers the store. Its secrets are sealed with `secrets`, the key every
 * server sharing it is given; without one it stores no secret (WITHOUT_KEY).
 */
export async function openPostgresConfigStore(
  url: string,
  options: { maxConnections?: number; migrations?: readonly Migration[]; secrets?: SecretBox } = {},
): Promise<ConfigStore> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // A server that cannot reach its store should fail a request, not hang it.
    connectionTimeoutMillis: 10_000,
  });
  // An idle client's connection error (the server restarted) must not crash the process.
  pool.on('error', () => undefined);
  return openOn(
    new PostgresConnection(pool),
    options.migrations ?? CONFIG_MIGRATIONS,
    options.secrets ?? WITHOUT_KEY,
  );
}
