import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { ConfigStore, LoginFailureKey } from './ConfigStore';
import { PostgresConnection, SqliteConnection, type Connection } from './connections';
import { CONFIG_MIGRATIONS, migrate, type Migration } from './migrations';
import { MfaRepository, OperatorRepository, UserRepository } from './repositories/accounts';
import { EndUserRepository } from './repositories/endUsers';
import { EntityRepository } from './repositories/entities';
import { PolicyDocRepository, RevisionRepository } from './repositories/policy';
import { PastReportRepository, ScheduledReportRepository } from './repositories/reports';
import { SavedSearchRepository } from './repositories/savedSearches';
import {
  OneTimeTokenRepository,
  ProviderSessionRepository,
  SessionRepository,
} from './repositories/sessions';
import { LoginFailureRepository, RateLimitRepository } from './repositories/signInLimits';
import { TenantRepository } from './repositories/tenants';
import { Sql } from './sql';

export const CONFIG_DB_FILE = 'config.sqlite';

/** The config store on either engine: the repositories over one connection (store/README.md). */
export class SqlConfigStore implements ConfigStore {
  readonly tenants: TenantRepository;
  readonly users: UserRepository;
  readonly mfa: MfaRepository;
  readonly operators: OperatorRepository;
  readonly sessions: SessionRepository;
  readonly providerSessions: ProviderSessionRepository;
  readonly oneTimeTokens: OneTimeTokenRepository;
  readonly loginFailures: LoginFailureRepository;
  readonly rateLimits: RateLimitRepository;
  readonly revisions: RevisionRepository;
  readonly policyDocs: PolicyDocRepository;
  readonly entities: EntityRepository;
  readonly endUsers: EndUserRepository;
  readonly savedSearches: SavedSearchRepository;
  readonly scheduledReports: ScheduledReportRepository;
  readonly pastReports: PastReportRepository;

  constructor(private readonly sql: Sql) {
    this.tenants = new TenantRepository(sql);
    this.users = new UserRepository(sql);
    this.mfa = new MfaRepository(sql);
    this.operators = new OperatorRepository(sql);
    this.sessions = new SessionRepository(sql);
    this.providerSessions = new ProviderSessionRepository(sql);
    this.oneTimeTokens = new OneTimeTokenRepository(sql);
    this.loginFailures = new LoginFailureRepository(sql);
    this.rateLimits = new RateLimitRepository(sql);
    this.revisions = new RevisionRepository(sql);
    this.policyDocs = new PolicyDocRepository(sql);
    this.entities = new EntityRepository(sql);
    this.endUsers = new EndUserRepository(sql);
    this.savedSearches = new SavedSearchRepository(sql);
    this.scheduledReports = new ScheduledReportRepository(sql);
    this.pastReports = new PastReportRepository(sql);
  }

  /** The store whose repositories run on `sql` (this one when it is this store's). */
  private on(sql: Sql): SqlConfigStore {
    return sql === this.sql ? this : new SqlConfigStore(sql);
  }

  transaction<T>(fn: (store: ConfigStore) => Promise<T>): Promise<T> {
    return this.sql.transaction((tx) => fn(this.on(tx)));
  }

  async withLoginLock<T>(key: LoginFailureKey, fn: (store: ConfigStore) => Promise<T>): Promise<T> {
    const lock = this.sql.dialect.loginLock(`${key.world}\n${key.username}\n${key.client}`);
    if (!lock) return fn(this);
    return this.sql.connection.transaction((connection) => fn(this.on(new Sql(connection))), lock);
  }

  async readAllTables(): Promise<Record<string, unknown[][]>> {
    const dump: Record<string, unknown[][]> = {};
    for (const { name } of await this.sql.all(this.sql.dialect.tables)) {
      const rows = await this.sql.connection.all(`SELECT * FROM "${name.replace(/"/g, '""')}"`, []);
      // Cells in column order (both drivers keep a row's keys in the order of its columns).
      dump[name] = rows.map((row) => Object.values(row));
    }
    return dump;
  }

  close(): Promise<void> {
    return this.sql.connection.close();
  }
}

/** Migrates the connection's database and answers the store on it. */
async function openOn(connection: Connection, migrations: readonly Migration[]): Promise<SqlConfigStore> {
  try {
    await migrate(connection, migrations);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return new SqlConfigStore(new Sql(connection));
}

/** The embedded store: SQLite (WAL) in the data directory, for one server. */
export async function openSqliteConfigStore(
  dataDir: string,
  options: { migrations?: readonly Migration[] } = {},
): Promise<SqlConfigStore> {
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
): Promise<SqlConfigStore> {
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
