import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type {
  ConfigStore,
  EndUserQuery,
  EndUserRecord,
  LoginFailureKey,
  LoginFailureRecord,
  OneTimeTokenKind,
  OneTimeTokenRecord,
  OperatorRecord,
  ProviderSessionRecord,
  PublishedRevisionRecord,
  PolicyDocRecord,
  EntityListOptions,
  EntityRecord,
  RevisionRecord,
  SavedSearchRecord,
  ScheduledReportRecord,
  PastReportRecord,
  RateLimitWindow,
  SessionRecord,
  TenantRecord,
  UserMfaRecord,
  UserRecord,
} from './ConfigStore';
import { CONFIG_MIGRATIONS, migrationSql, type Migration } from './migrations';
import {
  likeEscape,
  num,
  str,
  toEndUser,
  toEntity,
  toOperator,
  toPastReport,
  toProviderSession,
  toPublishedRevision,
  toRevision,
  toScheduledReport,
  toSession,
  toTenant,
  toUser,
  toUserMfa,
  type Row,
} from './storeRows';

export const CONFIG_DB_FILE = 'config.sqlite';

/** Sort columns by API name (a fixed map: nothing from the request reaches the SQL text). */
const END_USER_SORT: Record<NonNullable<EndUserQuery['sort']>, string> = {
  username: 'username',
  first_name: 'first_name COLLATE NOCASE',
  last_name: 'last_name COLLATE NOCASE',
  email: 'email COLLATE NOCASE',
  status: 'status',
  created_at: 'created_at',
};
/** The JSON path of a top-level field, quoted so that no field name is read as path syntax. */
const jsonPath = (field: string): string => `$."${field.replace(/"/g, '')}"`;

/** Applies the migrations newer than the recorded version, each in its own transaction. */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = CONFIG_MIGRATIONS,
): number[] {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as Row[]).map((r) => num(r.version)),
  );
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(migrationSql(m, 'sqlite'));
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    })();
    applied.push(m.version);
  }
  return applied;
}

/**
 * SQLite implementation (better-sqlite3, WAL). Calls are synchronous underneath; `transaction`
 * wraps BEGIN/COMMIT around a callback that must only await this store (no other I/O), so no
 * other request can interleave before COMMIT.
 */
const STATEMENT_CACHE_SIZE = 256;

export class SqliteConfigStore implements ConfigStore {
  private readonly db: Database.Database;
  private depth = 0;
  /**
   * Prepared statements by SQL text: every request looks its session up, and preparing the same
   * statement again each time cost ~0.5 ms of CPU per request under load. A few queries are built
   * (sort columns, IN lists), so the cache is bounded.
   */
  private readonly statements = new Map<string, Database.Statement>();

  private constructor(db: Database.Database) {
    this.db = db;
  }

  static open(dataDir: string): SqliteConfigStore {
    fs.mkdirSync(dataDir, { recursive: true });
    const db = new Database(path.join(dataDir, CONFIG_DB_FILE));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return new SqliteConfigStore(db);
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
  private all(sql: string, ...params: unknown[]): Row[] {
    return this.prepare(sql).all(...params) as Row[];
  }
  private get(sql: string, ...params: unknown[]): Row | undefined {
    return this.prepare(sql).get(...params) as Row | undefined;
  }
  private run(sql: string, ...params: unknown[]): number {
    return this.prepare(sql).run(...params).changes;
  }

  async isEmpty(): Promise<boolean> {
    return this.get('SELECT 1 AS x FROM tenants LIMIT 1') === undefined;
  }

  async transaction<T>(fn: (store: ConfigStore) => Promise<T>): Promise<T> {
    if (this.depth > 0) return fn(this);
    this.db.exec('BEGIN IMMEDIATE');
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

  async insertTenant(t: TenantRecord): Promise<void> {
    this.run(
      'INSERT INTO tenants (tid, name, status, created_at, capabilities, portal_v2) VALUES (?, ?, ?, ?, ?, ?)',
      t.tid,
      t.name,
      t.status,
      t.createdAt,
      JSON.stringify(t.capabilities),
      t.portalV2 ? 1 : 0,
    );
  }
  async getTenant(tid: string): Promise<TenantRecord | null> {
    const r = this.get('SELECT * FROM tenants WHERE tid = ?', tid);
    return r ? toTenant(r) : null;
  }
  async listTenants(): Promise<TenantRecord[]> {
    return this.all('SELECT * FROM tenants ORDER BY name').map(toTenant);
  }
  async countUsers(tid: string): Promise<number> {
    return num(this.get('SELECT COUNT(*) AS n FROM users WHERE tid = ?', tid)?.n ?? 0);
  }
  async setPortalVersion(tid: string, portalV2: boolean): Promise<void> {
    this.run('UPDATE tenants SET portal_v2 = ? WHERE tid = ?', portalV2 ? 1 : 0, tid);
  }
  async updateTenant(
    tid: string,
    changes: Partial<Pick<TenantRecord, 'name' | 'status' | 'capabilities'>>,
  ): Promise<void> {
    if (changes.name !== undefined) this.run('UPDATE tenants SET name = ? WHERE tid = ?', changes.name, tid);
    if (changes.status !== undefined)
      this.run('UPDATE tenants SET status = ? WHERE tid = ?', changes.status, tid);
    if (changes.capabilities !== undefined)
      this.run(
        'UPDATE tenants SET capabilities = ? WHERE tid = ?',
        JSON.stringify(changes.capabilities),
        tid,
      );
  }
  async deleteTenant(tid: string): Promise<boolean> {
    // Every table with a tenant column, children first: sessions name users, users name the tenant.
    const tables = this.all(
      "SELECT m.name AS name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'tid' AND m.name <> 'tenants'",
    ).map((r) => str(r.name));
    const order = (t: string) => (t === 'sessions' ? 0 : t === 'users' ? 2 : 1);
    tables.sort((a, b) => order(a) - order(b));
    let deleted = false;
    this.db.transaction(() => {
      for (const t of tables) this.run(`DELETE FROM "${t}" WHERE tid = ?`, tid);
      // The tenant's provider-console documents (config, tags, SKUs, …) are entities named tenant_*.
      this.run("DELETE FROM provider_entities WHERE entity LIKE 'tenant\\_%' ESCAPE '\\' AND id = ?", tid);
      deleted = this.run('DELETE FROM tenants WHERE tid = ?', tid) > 0;
    })();
    return deleted;
  }

  async insertUser(u: UserRecord): Promise<void> {
    this.run(
      `INSERT INTO users (uid, tid, username, first_name, last_name, roles, password_hash, show_change_password)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      u.uid,
      u.tid,
      u.username,
      u.firstName,
      u.lastName,
      JSON.stringify(u.roles),
      u.passwordHash,
      u.showChangePassword ? 1 : 0,
    );
  }
  async getUser(uid: string): Promise<UserRecord | null> {
    const r = this.get('SELECT * FROM users WHERE uid = ?', uid);
    return r ? toUser(r) : null;
  }
  async listUsers(tid: string): Promise<UserRecord[]> {
    return this.all('SELECT * FROM users WHERE tid = ? ORDER BY username', tid).map(toUser);
  }
  async findUserByUsername(username: string): Promise<UserRecord | null> {
    const r = this.get('SELECT * FROM users WHERE username = ?', username);
    return r ? toUser(r) : null;
  }

  async changeUserPassword(uid: string, passwordHash: string, keepSidHash: string): Promise<void> {
    this.replacePassword(uid, passwordHash, false, keepSidHash);
  }
  async resetUserPassword(uid: string, passwordHash: string): Promise<void> {
    this.replacePassword(uid, passwordHash, true, null);
  }
  /** The new hash and whether it must be changed, and the account's sessions but `keep` ended, at once. */
  private replacePassword(uid: string, passwordHash: string, mustChange: boolean, keep: string | null): void {
    this.db.transaction(() => {
      this.run(
        'UPDATE users SET password_hash = ?, show_change_password = ? WHERE uid = ?',
        passwordHash,
        mustChange ? 1 : 0,
        uid,
      );
      // A session digest is never empty: '' keeps none.
      this.run('DELETE FROM sessions WHERE uid = ? AND sid_hash <> ?', uid, keep ?? '');
    })();
  }

  async getUserMfa(uid: string): Promise<UserMfaRecord | null> {
    const r = this.get('SELECT * FROM user_mfa WHERE uid = ?', uid);
    return r ? toUserMfa(r) : null;
  }
  async listUserMfa(tid: string): Promise<UserMfaRecord[]> {
    return this.all('SELECT * FROM user_mfa WHERE tid = ?', tid).map(toUserMfa);
  }
  async putUserMfa(m: UserMfaRecord): Promise<void> {
    this.run(
      `INSERT INTO user_mfa (uid, tid, secret, pending_secret, enabled_at, last_step) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET secret = excluded.secret, pending_secret = excluded.pending_secret,
         enabled_at = excluded.enabled_at, last_step = excluded.last_step`,
      m.uid,
      m.tid,
      m.secret,
      m.pendingSecret,
      m.enabledAt,
      m.lastStep,
    );
  }
  async spendMfaStep(uid: string, step: number): Promise<boolean> {
    return this.run('UPDATE user_mfa SET last_step = ? WHERE uid = ? AND last_step < ?', step, uid, step) > 0;
  }
  async deleteUserMfa(uid: string): Promise<boolean> {
    return this.run('DELETE FROM user_mfa WHERE uid = ?', uid) > 0;
  }

  async insertOperator(o: OperatorRecord): Promise<void> {
    this.run(
      'INSERT INTO operators (username, display_name, role, password_hash) VALUES (?, ?, ?, ?)',
      o.username,
      o.displayName,
      o.role,
      o.passwordHash,
    );
  }
  async getOperator(username: string): Promise<OperatorRecord | null> {
    const r = this.get('SELECT * FROM operators WHERE username = ?', username);
    return r ? toOperator(r) : null;
  }

  async insertSession(s: SessionRecord): Promise<void> {
    this.run(
      `INSERT INTO sessions (sid_hash, uid, tid, xsrf, created_at, idle_expires_at, absolute_expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      s.sidHash,
      s.uid,
      s.tid,
      s.xsrf,
      s.createdAt,
      s.idleExpiresAt,
      s.absoluteExpiresAt,
    );
  }
  async getSession(sidHash: string): Promise<SessionRecord | null> {
    const r = this.get('SELECT * FROM sessions WHERE sid_hash = ?', sidHash);
    return r ? toSession(r) : null;
  }
  async touchSession(sidHash: string, idleExpiresAt: number): Promise<void> {
    this.run('UPDATE sessions SET idle_expires_at = ? WHERE sid_hash = ?', idleExpiresAt, sidHash);
  }
  async deleteSession(sidHash: string): Promise<void> {
    this.run('DELETE FROM sessions WHERE sid_hash = ?', sidHash);
  }
  async deleteTenantSessions(tid: string): Promise<number> {
    return this.run('DELETE FROM sessions WHERE tid = ?', tid);
  }
  async deleteExpiredSessions(now: number): Promise<number> {
    const tenant = this.run(
      'DELETE FROM sessions WHERE idle_expires_at <= ? OR absolute_expires_at <= ?',
      now,
      now,
    );
    const provider = this.run('DELETE FROM provider_sessions WHERE expires_at <= ?', now);
    this.run('DELETE FROM one_time_tokens WHERE expires_at <= ?', now);
    return tenant + provider;
  }

  async insertProviderSession(s: ProviderSessionRecord): Promise<void> {
    this.run(
      'INSERT INTO provider_sessions (key_hash, key_id, username, xsrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      s.keyHash,
      s.keyId,
      s.username,
      s.xsrf,
      s.createdAt,
      s.expiresAt,
    );
  }
  async getProviderSession(keyHash: string): Promise<ProviderSessionRecord | null> {
    const r = this.get('SELECT * FROM provider_sessions WHERE key_hash = ?', keyHash);
    return r ? toProviderSession(r) : null;
  }
  async updateProviderSession(
    keyHash: string,
    changes: { expiresAt?: number; xsrf?: string },
  ): Promise<void> {
    if (changes.expiresAt !== undefined)
      this.run('UPDATE provider_sessions SET expires_at = ? WHERE key_hash = ?', changes.expiresAt, keyHash);
    if (changes.xsrf !== undefined)
      this.run('UPDATE provider_sessions SET xsrf = ? WHERE key_hash = ?', changes.xsrf, keyHash);
  }
  async deleteProviderSession(keyHash: string): Promise<void> {
    this.run('DELETE FROM provider_sessions WHERE key_hash = ?', keyHash);
  }

  async insertOneTimeToken(t: OneTimeTokenRecord): Promise<void> {
    this.run(
      'INSERT INTO one_time_tokens (kind, token_hash, subject, expires_at) VALUES (?, ?, ?, ?)',
      t.kind,
      t.tokenHash,
      t.subject,
      t.expiresAt,
    );
  }
  async consumeOneTimeToken(kind: OneTimeTokenKind, tokenHash: string): Promise<OneTimeTokenRecord | null> {
    const r = this.get(
      'DELETE FROM one_time_tokens WHERE kind = ? AND token_hash = ? RETURNING *',
      kind,
      tokenHash,
    );
    if (!r) return null;
    return { kind, tokenHash, subject: str(r.subject), expiresAt: num(r.expires_at) };
  }

  /** One process owns the file; loginAttempt's in-process queue already runs attempts one at a time. */
  async withLoginLock<T>(_key: LoginFailureKey, fn: (store: ConfigStore) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async getLoginFailures(key: LoginFailureKey): Promise<LoginFailureRecord | null> {
    const r = this.get(
      'SELECT * FROM login_failures WHERE world = ? AND username = ? AND client = ?',
      key.world,
      key.username,
      key.client,
    );
    return r
      ? {
          ...key,
          failures: num(r.failures),
          lockedUntil: num(r.locked_until),
          lastFailureAt: num(r.last_failure_at),
        }
      : null;
  }
  async putLoginFailures(
    f: LoginFailureRecord,
    limits: { forgetBefore: number; cap: number },
  ): Promise<void> {
    this.db.transaction(() => {
      this.run(
        `INSERT INTO login_failures (world, username, client, failures, locked_until, last_failure_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (world, username, client) DO UPDATE SET failures = excluded.failures,
           locked_until = excluded.locked_until, last_failure_at = excluded.last_failure_at`,
        f.world,
        f.username,
        f.client,
        f.failures,
        f.lockedUntil,
        f.lastFailureAt,
      );
      this.run(
        'DELETE FROM login_failures WHERE last_failure_at < ? AND locked_until <= ?',
        limits.forgetBefore,
        f.lastFailureAt,
      );
      this.run(
        `DELETE FROM login_failures WHERE rowid IN (
           SELECT rowid FROM login_failures ORDER BY last_failure_at DESC LIMIT -1 OFFSET ?)`,
        limits.cap,
      );
    })();
  }
  async clearLoginFailures(key: LoginFailureKey): Promise<void> {
    this.run(
      'DELETE FROM login_failures WHERE world = ? AND username = ? AND client = ?',
      key.world,
      key.username,
      key.client,
    );
  }
  async countLoginFailures(): Promise<number> {
    return num(this.get('SELECT COUNT(*) AS n FROM login_failures')?.n);
  }

  async hitRateLimit(key: string, now: number, windowMs: number): Promise<RateLimitWindow> {
    // The SET expressions read the row as it was before this statement (both engines).
    const r = this.get(
      `INSERT INTO rate_limits (key, hits, window_ends_at) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_ends_at <= ? THEN 1 ELSE rate_limits.hits + 1 END,
         window_ends_at = CASE WHEN rate_limits.window_ends_at <= ? THEN excluded.window_ends_at
           ELSE rate_limits.window_ends_at END
       RETURNING hits, window_ends_at`,
      key,
      now + windowMs,
      now,
      now,
    ) as Row;
    return { hits: num(r.hits), windowEndsAt: num(r.window_ends_at) };
  }
  async deleteEndedRateLimits(now: number): Promise<number> {
    return this.run('DELETE FROM rate_limits WHERE window_ends_at <= ?', now);
  }

  async getRevision(tid: string): Promise<RevisionRecord | null> {
    const r = this.get('SELECT * FROM revisions WHERE tid = ?', tid);
    return r ? toRevision(r) : null;
  }
  async putRevision(v: RevisionRecord): Promise<void> {
    this.run(
      `INSERT INTO revisions (tid, rev_id, staged_rev_id, state, updated_at, updated_by, rolled_back_from)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tid) DO UPDATE SET rev_id = excluded.rev_id, staged_rev_id = excluded.staged_rev_id,
         state = excluded.state, updated_at = excluded.updated_at, updated_by = excluded.updated_by,
         rolled_back_from = excluded.rolled_back_from`,
      v.tid,
      v.revId,
      v.stagedRevId,
      v.state,
      v.updatedAt,
      v.updatedBy,
      v.rolledBackFrom ?? null,
    );
  }
  async getPolicyDoc(
    tid: string,
    kind: string,
    revId: number,
    carriedForward: boolean,
  ): Promise<PolicyDocRecord | null> {
    const r = this.get(
      `SELECT rev_id, data FROM policy_docs WHERE tid = ? AND kind = ? AND rev_id ${carriedForward ? '<=' : '='} ?
       ORDER BY rev_id DESC LIMIT 1`,
      tid,
      kind,
      revId,
    );
    return r ? { tid, kind, revId: num(r.rev_id), data: JSON.parse(str(r.data)) as unknown } : null;
  }
  async putPolicyDoc(doc: PolicyDocRecord): Promise<void> {
    this.run(
      `INSERT INTO policy_docs (tid, kind, rev_id, data) VALUES (?, ?, ?, ?)
       ON CONFLICT (tid, kind, rev_id) DO UPDATE SET data = excluded.data`,
      doc.tid,
      doc.kind,
      doc.revId,
      JSON.stringify(doc.data),
    );
  }
  async deletePolicyDocs(tid: string, revId: number): Promise<void> {
    this.run('DELETE FROM policy_docs WHERE tid = ? AND rev_id = ?', tid, revId);
  }
  async listPolicyDocKinds(tid: string, revId: number): Promise<string[]> {
    return this.all(
      'SELECT kind FROM policy_docs WHERE tid = ? AND rev_id = ? ORDER BY kind',
      tid,
      revId,
    ).map((r) => str(r.kind));
  }
  async insertPublishedRevision(p: PublishedRevisionRecord): Promise<void> {
    this.run(
      `INSERT INTO published_revisions (tid, rev_id, published_at, published_by, note, rolled_back_from)
       VALUES (?, ?, ?, ?, ?, ?)`,
      p.tid,
      p.revId,
      p.publishedAt,
      p.publishedBy,
      p.note,
      p.rolledBackFrom,
    );
  }
  async listPublishedRevisions(
    tid: string,
    page?: { limit: number; offset: number },
  ): Promise<PublishedRevisionRecord[]> {
    const rows = page
      ? this.all(
          'SELECT * FROM published_revisions WHERE tid = ? ORDER BY rev_id DESC LIMIT ? OFFSET ?',
          tid,
          page.limit,
          page.offset,
        )
      : this.all('SELECT * FROM published_revisions WHERE tid = ? ORDER BY rev_id DESC', tid);
    return rows.map(toPublishedRevision);
  }
  async countPublishedRevisions(tid: string): Promise<number> {
    return num(this.get('SELECT COUNT(*) AS n FROM published_revisions WHERE tid = ?', tid)?.n);
  }
  async getPublishedRevision(tid: string, revId: number): Promise<PublishedRevisionRecord | null> {
    const r = this.get('SELECT * FROM published_revisions WHERE tid = ? AND rev_id = ?', tid, revId);
    return r ? toPublishedRevision(r) : null;
  }

  async listEntities(
    entity: string,
    o: EntityListOptions,
  ): Promise<{ total: number; records: EntityRecord[] }> {
    const where = ['entity = ?'];
    const params: unknown[] = [entity];
    const q = o.q?.trim().toLowerCase();
    if (q && o.searchFields.length > 0) {
      const like = `%${likeEscape(q)}%`;
      // Field names go in as JSON paths (parameters), never into the SQL text.
      where.push(
        `(${o.searchFields.map(() => "lower(json_extract(data, ?)) LIKE ? ESCAPE '\\'").join(' OR ')})`,
      );
      for (const field of o.searchFields) params.push(jsonPath(field), like);
    }
    const whereSql = where.join(' AND ');
    const total = num(
      this.get(`SELECT COUNT(*) AS n FROM provider_entities WHERE ${whereSql}`, ...params)?.n ?? 0,
    );
    const order = o.order === 'desc' ? 'DESC' : 'ASC';
    const timestamp = o.sort === 'created_at' || o.sort === 'updated_at';
    const sortSql = timestamp ? o.sort : 'json_extract(data, ?) COLLATE NOCASE';
    const rows = this.all(
      `SELECT * FROM provider_entities WHERE ${whereSql} ORDER BY ${sortSql} ${order}, id ${order} LIMIT ? OFFSET ?`,
      ...params,
      ...(timestamp ? [] : [jsonPath(o.sort)]),
      o.limit,
      o.offset,
    );
    return { total, records: rows.map(toEntity) };
  }
  async getEntity(entity: string, id: string): Promise<EntityRecord | null> {
    const r = this.get('SELECT * FROM provider_entities WHERE entity = ? AND id = ?', entity, id);
    return r ? toEntity(r) : null;
  }
  async insertEntity(e: EntityRecord): Promise<boolean> {
    const result = this.run(
      `INSERT INTO provider_entities (entity, id, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (entity, id) DO NOTHING`,
      e.entity,
      e.id,
      JSON.stringify(e.data),
      e.createdAt,
      e.updatedAt,
    );
    return result === 1;
  }
  async updateEntity(e: EntityRecord, expectedUpdatedAt?: string): Promise<boolean> {
    const params = [JSON.stringify(e.data), e.updatedAt, e.entity, e.id];
    const result =
      expectedUpdatedAt === undefined
        ? this.run(
            'UPDATE provider_entities SET data = ?, updated_at = ? WHERE entity = ? AND id = ?',
            ...params,
          )
        : this.run(
            'UPDATE provider_entities SET data = ?, updated_at = ? WHERE entity = ? AND id = ? AND updated_at = ?',
            ...params,
            expectedUpdatedAt,
          );
    return result === 1;
  }
  async deleteEntity(entity: string, id: string): Promise<boolean> {
    return this.run('DELETE FROM provider_entities WHERE entity = ? AND id = ?', entity, id) === 1;
  }

  async listEndUsers(tid: string, q: EndUserQuery): Promise<{ total: number; users: EndUserRecord[] }> {
    const where = ['tid = ?'];
    const params: unknown[] = [tid];
    if (q.search && q.search.trim() !== '') {
      const like = `%${likeEscape(q.search.trim().toLowerCase())}%`;
      where.push(
        `(lower(username) LIKE ? ESCAPE '\\' OR lower(first_name) LIKE ? ESCAPE '\\' OR lower(last_name) LIKE ? ESCAPE '\\'
          OR lower(email) LIKE ? ESCAPE '\\' OR lower(groups_json) LIKE ? ESCAPE '\\')`,
      );
      params.push(like, like, like, like, like);
    }
    const whereSql = where.join(' AND ');
    const total = num(this.get(`SELECT COUNT(*) AS n FROM end_users WHERE ${whereSql}`, ...params)?.n ?? 0);
    const order = q.order === 'desc' ? 'DESC' : 'ASC';
    const sort = END_USER_SORT[q.sort ?? 'username'];
    const rows = this.all(
      `SELECT * FROM end_users WHERE ${whereSql} ORDER BY ${sort} ${order}, uid ${order} LIMIT ? OFFSET ?`,
      ...params,
      q.limit,
      q.offset,
    );
    return { total, users: rows.map(toEndUser) };
  }
  async getEndUser(tid: string, uid: string): Promise<EndUserRecord | null> {
    const r = this.get('SELECT * FROM end_users WHERE tid = ? AND uid = ?', tid, uid);
    return r ? toEndUser(r) : null;
  }
  async findEndUserByUsername(tid: string, username: string): Promise<EndUserRecord | null> {
    const r = this.get('SELECT * FROM end_users WHERE tid = ? AND username = ?', tid, username);
    return r ? toEndUser(r) : null;
  }
  async insertEndUser(u: EndUserRecord): Promise<void> {
    this.run(
      `INSERT INTO end_users (uid, tid, username, first_name, last_name, email, groups_json, status, password_hash, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      u.uid,
      u.tid,
      u.username,
      u.firstName,
      u.lastName,
      u.email,
      JSON.stringify(u.groups),
      u.status,
      u.passwordHash,
      u.createdAt,
      u.updatedAt,
    );
  }
  async updateEndUser(u: EndUserRecord): Promise<void> {
    this.run(
      `UPDATE end_users SET username = ?, first_name = ?, last_name = ?, email = ?, groups_json = ?, status = ?,
         password_hash = ?, updated_at = ? WHERE tid = ? AND uid = ?`,
      u.username,
      u.firstName,
      u.lastName,
      u.email,
      JSON.stringify(u.groups),
      u.status,
      u.passwordHash,
      u.updatedAt,
      u.tid,
      u.uid,
    );
  }
  async deleteEndUser(tid: string, uid: string): Promise<boolean> {
    return this.run('DELETE FROM end_users WHERE tid = ? AND uid = ?', tid, uid) > 0;
  }
  async countEndUsers(tid: string): Promise<number> {
    return num(this.get('SELECT COUNT(*) AS n FROM end_users WHERE tid = ?', tid)?.n ?? 0);
  }
  async listEndUserDomains(tid: string): Promise<{ domain: string; users: number }[]> {
    return this.all(
      `SELECT lower(substr(username, instr(username, '@') + 1)) AS domain, COUNT(*) AS n FROM end_users
       WHERE tid = ? AND instr(username, '@') > 0 GROUP BY domain ORDER BY domain`,
      tid,
    ).map((r) => ({ domain: str(r.domain), users: num(r.n) }));
  }
  async listEndUsernames(tid: string, search: string | undefined, limit: number): Promise<string[]> {
    const like = `%${likeEscape((search ?? '').trim().toLowerCase())}%`;
    return this.all(
      `SELECT username FROM end_users WHERE tid = ? AND lower(username) LIKE ? ESCAPE '\\' ORDER BY username LIMIT ?`,
      tid,
      like,
      limit,
    ).map((r) => str(r.username));
  }
  async markEndUsersSeeded(tid: string, at: string): Promise<boolean> {
    return this.run('INSERT OR IGNORE INTO end_user_seeds (tid, seeded_at) VALUES (?, ?)', tid, at) > 0;
  }

  async listSavedSearches(tid: string, uid: string): Promise<SavedSearchRecord[]> {
    return this.all('SELECT * FROM saved_searches WHERE tid = ? AND uid = ? ORDER BY name', tid, uid).map(
      (r) => ({
        id: str(r.id),
        tid,
        uid,
        name: str(r.name),
        route: str(r.route),
        query: str(r.query),
        createdAt: str(r.created_at),
      }),
    );
  }
  async insertSavedSearch(x: SavedSearchRecord): Promise<boolean> {
    const changed = this.run(
      `INSERT OR IGNORE INTO saved_searches (id, tid, uid, name, route, query, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      x.id,
      x.tid,
      x.uid,
      x.name,
      x.route,
      x.query,
      x.createdAt,
    );
    return changed > 0;
  }
  async deleteSavedSearch(tid: string, uid: string, id: string): Promise<boolean> {
    return this.run('DELETE FROM saved_searches WHERE tid = ? AND uid = ? AND id = ?', tid, uid, id) > 0;
  }

  async listScheduledReports(tid: string): Promise<ScheduledReportRecord[]> {
    return this.all(
      'SELECT * FROM scheduled_reports WHERE tid = ? ORDER BY name COLLATE NOCASE, id',
      tid,
    ).map(toScheduledReport);
  }
  async getScheduledReport(tid: string, id: string): Promise<ScheduledReportRecord | null> {
    const r = this.get('SELECT * FROM scheduled_reports WHERE tid = ? AND id = ?', tid, id);
    return r ? toScheduledReport(r) : null;
  }
  async putScheduledReport(x: ScheduledReportRecord): Promise<void> {
    this.run(
      `INSERT INTO scheduled_reports
         (id, tid, name, spec, enabled, owner_uid, owner_name, created_at, updated_at, last_run_at, next_run_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, spec = excluded.spec, enabled = excluded.enabled,
         owner_uid = excluded.owner_uid, owner_name = excluded.owner_name, updated_at = excluded.updated_at,
         last_run_at = excluded.last_run_at, next_run_at = excluded.next_run_at
       WHERE scheduled_reports.tid = excluded.tid`,
      x.id,
      x.tid,
      x.name,
      JSON.stringify(x.spec),
      x.enabled ? 1 : 0,
      x.ownerUid,
      x.ownerName,
      x.createdAt,
      x.updatedAt,
      x.lastRunAt,
      x.nextRunAt,
    );
  }
  async deleteScheduledReport(tid: string, id: string): Promise<boolean> {
    return this.run('DELETE FROM scheduled_reports WHERE tid = ? AND id = ?', tid, id) > 0;
  }
  async listDueScheduledReports(now: number): Promise<ScheduledReportRecord[]> {
    return this.all(
      'SELECT * FROM scheduled_reports WHERE enabled = 1 AND next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at, id',
      now,
    ).map(toScheduledReport);
  }
  async nextScheduledRunAt(): Promise<number | null> {
    const r = this.get('SELECT MIN(next_run_at) AS t FROM scheduled_reports WHERE enabled = 1');
    return r?.t === null || r?.t === undefined ? null : num(r.t);
  }
  async claimScheduledRun(
    id: string,
    expected: number,
    next: number | null,
    lastRunAt: string,
  ): Promise<boolean> {
    return (
      this.run(
        'UPDATE scheduled_reports SET next_run_at = ?, last_run_at = ? WHERE id = ? AND enabled = 1 AND next_run_at = ?',
        next,
        lastRunAt,
        id,
        expected,
      ) === 1
    );
  }
  async markScheduledRun(tid: string, id: string, lastRunAt: string): Promise<void> {
    this.run('UPDATE scheduled_reports SET last_run_at = ? WHERE tid = ? AND id = ?', lastRunAt, tid, id);
  }

  async insertPastReport(x: PastReportRecord, file: Uint8Array): Promise<void> {
    this.db.transaction(() => {
      this.run(
        'INSERT INTO past_reports (id, tid, schedule_id, name, record, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
        x.report.id,
        x.tid,
        x.report.schedule_id,
        x.report.name,
        JSON.stringify(x.report),
        x.createdMs,
      );
      this.run(
        'INSERT INTO report_files (id, tid, bytes) VALUES (?, ?, ?)',
        x.report.id,
        x.tid,
        Buffer.from(file.buffer, file.byteOffset, file.byteLength),
      );
    })();
  }
  async listPastReports(tid: string): Promise<PastReportRecord[]> {
    return this.all('SELECT * FROM past_reports WHERE tid = ? ORDER BY created_ms DESC, rowid DESC', tid).map(
      toPastReport,
    );
  }
  async getPastReport(tid: string, id: string): Promise<PastReportRecord | null> {
    const r = this.get('SELECT * FROM past_reports WHERE tid = ? AND id = ?', tid, id);
    return r ? toPastReport(r) : null;
  }
  async getPastReportFile(tid: string, id: string): Promise<Uint8Array | null> {
    const r = this.get('SELECT bytes FROM report_files WHERE tid = ? AND id = ?', tid, id);
    return r ? (r.bytes as Uint8Array) : null;
  }
  async prunePastReports(tid: string, keep: number): Promise<PastReportRecord[]> {
    const old = this.all(
      'SELECT * FROM past_reports WHERE tid = ? ORDER BY created_ms DESC, rowid DESC LIMIT -1 OFFSET ?',
      tid,
      keep,
    ).map(toPastReport);
    for (const r of old) this.run('DELETE FROM past_reports WHERE tid = ? AND id = ?', tid, r.report.id);
    return old;
  }

  async readAllTables(): Promise<Record<string, unknown[][]>> {
    const tables = (this.db.pragma('table_list') as { name: string; type: string }[])
      .filter((t) => t.type === 'table' && !t.name.startsWith('sqlite_'))
      .map((t) => t.name);
    const dump: Record<string, unknown[][]> = {};
    for (const table of tables)
      dump[table] = this.db
        .prepare(`SELECT * FROM "${table.replace(/"/g, '""')}"`)
        .raw(true)
        .all() as unknown[][];
    return dump;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
