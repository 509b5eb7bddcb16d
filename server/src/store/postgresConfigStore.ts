import pg from 'pg';
import type {
  ConfigStore,
  EndUserQuery,
  EndUserRecord,
  EntityListOptions,
  EntityRecord,
  LoginFailureKey,
  LoginFailureRecord,
  OneTimeTokenKind,
  OneTimeTokenRecord,
  OperatorRecord,
  PastReportRecord,
  RateLimitWindow,
  PolicyDocRecord,
  ProviderSessionRecord,
  PublishedRevisionRecord,
  RevisionRecord,
  SavedSearchRecord,
  ScheduledReportRecord,
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

/**
 * PostgreSQL implementation (node-postgres), chosen by WORKBENCH_CONFIG_URL=postgres://…. Several
 * servers may share it, so what must hold across them is done in the database:
 * - transaction() holds one pool client for its callback (BEGIN … COMMIT on that connection) and
 *   hands the callback a store bound to it; a revision read inside is read FOR UPDATE, so two
 *   servers saving or publishing against the same updated_at run one after the other and the
 *   second sees the first's write (409).
 * - withLoginLock() takes a transaction-scoped advisory lock per account and client address.
 * - claimScheduledRun() and updateEntity(…, expected) are conditional UPDATEs: one winner.
 * The SQL texts use `?` placeholders like the SQLite store's (numbered $1… on the way out; none
 * of them uses the jsonb `?` operator). Case-insensitive columns (NOCASE in SQLite) compare and
 * sort by lower(), which the migrations index.
 */

/** Advisory-lock namespaces (the first key of the two-key form). */
const LOCK_MIGRATIONS = 0x57b_0001;
const LOCK_LOGIN = 0x57b_0002;

const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
};

/** Sort columns by API name (a fixed map: nothing from the request reaches the SQL text). */
const END_USER_SORT: Record<NonNullable<EndUserQuery['sort']>, string> = {
  username: 'lower(username)',
  first_name: 'lower(first_name)',
  last_name: 'lower(last_name)',
  email: 'lower(email)',
  status: 'status',
  created_at: 'created_at',
};

type Queryable = pg.Pool | pg.PoolClient;

/** Applies the migrations newer than the recorded version, each in its own transaction, under a lock. */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: readonly Migration[] = CONFIG_MIGRATIONS,
): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    // Replicas starting together: one migrates, the others wait and then find nothing to do.
    await client.query('SELECT pg_advisory_lock($1, 0)', [LOCK_MIGRATIONS]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const done = new Set(
      (await client.query<Row>('SELECT version FROM schema_migrations')).rows.map((r) => num(r.version)),
    );
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migrationSql(m, 'postgres'));
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          m.version,
          m.name,
          new Date().toISOString(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      applied.push(m.version);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, 0)', [LOCK_MIGRATIONS]).catch(() => undefined);
    client.release();
  }
  return applied;
}

export class PostgresConfigStore implements ConfigStore {
  /**
   * @param pool the connection pool (shared by every store bound to it)
   * @param client the connection of the transaction this store is bound to, or null
   */
  private constructor(
    private readonly pool: pg.Pool,
    private readonly client: pg.PoolClient | null,
  ) {}

  /** Connects, migrates, and answers the store. The URL is a libpq-style postgres:// URL. */
  static async open(url: string, options: { maxConnections?: number } = {}): Promise<PostgresConfigStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      // A server that cannot reach its store should fail a request, not hang it.
      connectionTimeoutMillis: 10_000,
    });
    // An idle client's connection error (the server restarted) must not crash the process.
    pool.on('error', () => undefined);
    try {
      await migratePostgres(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresConfigStore(pool, null);
  }

  private get db(): Queryable {
    return this.client ?? this.pool;
  }
  private async all(sql: string, ...params: unknown[]): Promise<Row[]> {
    return (await this.db.query<Row>(numbered(sql), params)).rows;
  }
  private async get(sql: string, ...params: unknown[]): Promise<Row | undefined> {
    return (await this.db.query<Row>(numbered(sql), params)).rows[0];
  }
  private async run(sql: string, ...params: unknown[]): Promise<number> {
    return (await this.db.query(numbered(sql), params)).rowCount ?? 0;
  }

  /** Holds a pool client for fn: BEGIN, `lock` statements, fn on a store bound to it, COMMIT. */
  private async onOwnClient<T>(
    fn: (store: PostgresConfigStore) => Promise<T>,
    lock?: { sql: string; params: unknown[] },
  ): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      try {
        if (lock) await client.query(lock.sql, lock.params);
        const result = await fn(new PostgresConfigStore(this.pool, client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      }
    } finally {
      client.release(broken);
    }
  }

  async isEmpty(): Promise<boolean> {
    return (await this.get('SELECT 1 AS x FROM tenants LIMIT 1')) === undefined;
  }

  async transaction<T>(fn: (store: ConfigStore) => Promise<T>): Promise<T> {
    // Nested: already atomic with the outer transaction (as in the SQLite store).
    if (this.client) return fn(this);
    return this.onOwnClient(fn);
  }

  async insertTenant(t: TenantRecord): Promise<void> {
    await this.run(
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
    const r = await this.get('SELECT * FROM tenants WHERE tid = ?', tid);
    return r ? toTenant(r) : null;
  }
  async listTenants(): Promise<TenantRecord[]> {
    return (await this.all('SELECT * FROM tenants ORDER BY name')).map(toTenant);
  }
  async countUsers(tid: string): Promise<number> {
    return num((await this.get('SELECT COUNT(*) AS n FROM users WHERE tid = ?', tid))?.n ?? 0);
  }
  async setPortalVersion(tid: string, portalV2: boolean): Promise<void> {
    await this.run('UPDATE tenants SET portal_v2 = ? WHERE tid = ?', portalV2 ? 1 : 0, tid);
  }
  async updateTenant(
    tid: string,
    changes: Partial<Pick<TenantRecord, 'name' | 'status' | 'capabilities'>>,
  ): Promise<void> {
    await this.transaction(async (tx) => {
      const here = tx as PostgresConfigStore;
      if (changes.name !== undefined)
        await here.run('UPDATE tenants SET name = ? WHERE tid = ?', changes.name, tid);
      if (changes.status !== undefined)
        await here.run('UPDATE tenants SET status = ? WHERE tid = ?', changes.status, tid);
      if (changes.capabilities !== undefined)
        await here.run(
          'UPDATE tenants SET capabilities = ? WHERE tid = ?',
          JSON.stringify(changes.capabilities),
          tid,
        );
    });
  }
  async deleteTenant(tid: string): Promise<boolean> {
    return this.transaction(async (tx) => (tx as PostgresConfigStore).deleteTenantHere(tid));
  }
  private async deleteTenantHere(tid: string): Promise<boolean> {
    // Every table with a tenant column, children first: sessions name users, users name the tenant.
    const tables = (
      await this.all(
        `SELECT table_name AS name FROM information_schema.columns
         WHERE table_schema = current_schema() AND column_name = 'tid' AND table_name <> 'tenants'`,
      )
    ).map((r) => str(r.name));
    const order = (t: string) => (t === 'sessions' ? 0 : t === 'users' ? 2 : 1);
    tables.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
    for (const t of tables) await this.run(`DELETE FROM "${t.replace(/"/g, '')}" WHERE tid = ?`, tid);
    // The tenant's provider-console documents (config, tags, SKUs, …) are entities named tenant_*.
    await this.run(
      "DELETE FROM provider_entities WHERE entity LIKE 'tenant\\_%' ESCAPE '\\' AND id = ?",
      tid,
    );
    return (await this.run('DELETE FROM tenants WHERE tid = ?', tid)) > 0;
  }

  async insertUser(u: UserRecord): Promise<void> {
    await this.run(
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
    const r = await this.get('SELECT * FROM users WHERE uid = ?', uid);
    return r ? toUser(r) : null;
  }
  async listUsers(tid: string): Promise<UserRecord[]> {
    return (await this.all('SELECT * FROM users WHERE tid = ? ORDER BY username', tid)).map(toUser);
  }
  async findUserByUsername(username: string): Promise<UserRecord | null> {
    const r = await this.get('SELECT * FROM users WHERE lower(username) = lower(?)', username);
    return r ? toUser(r) : null;
  }
  async changeUserPassword(uid: string, passwordHash: string, keepSidHash: string): Promise<void> {
    await this.replacePassword(uid, passwordHash, false, keepSidHash);
  }
  async resetUserPassword(uid: string, passwordHash: string): Promise<void> {
    await this.replacePassword(uid, passwordHash, true, null);
  }
  /** The new hash and whether it must be changed, and the account's sessions but `keep` ended, at once. */
  private async replacePassword(
    uid: string,
    passwordHash: string,
    mustChange: boolean,
    keep: string | null,
  ): Promise<void> {
    await this.transaction(async (tx) => {
      const here = tx as PostgresConfigStore;
      await here.run(
        'UPDATE users SET password_hash = ?, show_change_password = ? WHERE uid = ?',
        passwordHash,
        mustChange ? 1 : 0,
        uid,
      );
      // A session digest is never empty: '' keeps none.
      await here.run('DELETE FROM sessions WHERE uid = ? AND sid_hash <> ?', uid, keep ?? '');
    });
  }

  async getUserMfa(uid: string): Promise<UserMfaRecord | null> {
    const r = await this.get('SELECT * FROM user_mfa WHERE uid = ?', uid);
    return r ? toUserMfa(r) : null;
  }
  async listUserMfa(tid: string): Promise<UserMfaRecord[]> {
    return (await this.all('SELECT * FROM user_mfa WHERE tid = ?', tid)).map(toUserMfa);
  }
  async putUserMfa(m: UserMfaRecord): Promise<void> {
    await this.run(
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
    return (
      (await this.run('UPDATE user_mfa SET last_step = ? WHERE uid = ? AND last_step < ?', step, uid, step)) >
      0
    );
  }
  async deleteUserMfa(uid: string): Promise<boolean> {
    return (await this.run('DELETE FROM user_mfa WHERE uid = ?', uid)) > 0;
  }

  async insertOperator(o: OperatorRecord): Promise<void> {
    await this.run(
      'INSERT INTO operators (username, display_name, role, password_hash) VALUES (?, ?, ?, ?)',
      o.username,
      o.displayName,
      o.role,
      o.passwordHash,
    );
  }
  async getOperator(username: string): Promise<OperatorRecord | null> {
    const r = await this.get('SELECT * FROM operators WHERE lower(username) = lower(?)', username);
    return r ? toOperator(r) : null;
  }

  async insertSession(s: SessionRecord): Promise<void> {
    await this.run(
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
    const r = await this.get('SELECT * FROM sessions WHERE sid_hash = ?', sidHash);
    return r ? toSession(r) : null;
  }
  async touchSession(sidHash: string, idleExpiresAt: number): Promise<void> {
    await this.run('UPDATE sessions SET idle_expires_at = ? WHERE sid_hash = ?', idleExpiresAt, sidHash);
  }
  async deleteSession(sidHash: string): Promise<void> {
    await this.run('DELETE FROM sessions WHERE sid_hash = ?', sidHash);
  }
  async deleteTenantSessions(tid: string): Promise<number> {
    return this.run('DELETE FROM sessions WHERE tid = ?', tid);
  }
  async deleteExpiredSessions(now: number): Promise<number> {
    const tenant = await this.run(
      'DELETE FROM sessions WHERE idle_expires_at <= ? OR absolute_expires_at <= ?',
      now,
      now,
    );
    const provider = await this.run('DELETE FROM provider_sessions WHERE expires_at <= ?', now);
    await this.run('DELETE FROM one_time_tokens WHERE expires_at <= ?', now);
    return tenant + provider;
  }

  async insertProviderSession(s: ProviderSessionRecord): Promise<void> {
    await this.run(
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
    const r = await this.get('SELECT * FROM provider_sessions WHERE key_hash = ?', keyHash);
    return r ? toProviderSession(r) : null;
  }
  async updateProviderSession(
    keyHash: string,
    changes: { expiresAt?: number; xsrf?: string },
  ): Promise<void> {
    if (changes.expiresAt !== undefined)
      await this.run(
        'UPDATE provider_sessions SET expires_at = ? WHERE key_hash = ?',
        changes.expiresAt,
        keyHash,
      );
    if (changes.xsrf !== undefined)
      await this.run('UPDATE provider_sessions SET xsrf = ? WHERE key_hash = ?', changes.xsrf, keyHash);
  }
  async deleteProviderSession(keyHash: string): Promise<void> {
    await this.run('DELETE FROM provider_sessions WHERE key_hash = ?', keyHash);
  }

  async insertOneTimeToken(t: OneTimeTokenRecord): Promise<void> {
    await this.run(
      'INSERT INTO one_time_tokens (kind, token_hash, subject, expires_at) VALUES (?, ?, ?, ?)',
      t.kind,
      t.tokenHash,
      t.subject,
      t.expiresAt,
    );
  }
  async consumeOneTimeToken(kind: OneTimeTokenKind, tokenHash: string): Promise<OneTimeTokenRecord | null> {
    // One statement: of two servers consuming the same token, exactly one gets the row.
    const r = await this.get(
      'DELETE FROM one_time_tokens WHERE kind = ? AND token_hash = ? RETURNING *',
      kind,
      tokenHash,
    );
    if (!r) return null;
    return { kind, tokenHash, subject: str(r.subject), expiresAt: num(r.expires_at) };
  }

  async withLoginLock<T>(key: LoginFailureKey, fn: (store: ConfigStore) => Promise<T>): Promise<T> {
    // Held until fn's transaction ends; hashtext collisions only make two accounts wait for each other.
    return this.onOwnClient(fn, {
      sql: 'SELECT pg_advisory_xact_lock($1, hashtext($2))',
      params: [LOCK_LOGIN, `${key.world}\n${key.username}\n${key.client}`],
    });
  }
  async getLoginFailures(key: LoginFailureKey): Promise<LoginFailureRecord | null> {
    const r = await this.get(
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
    await this.transaction(async (tx) => {
      const here = tx as PostgresConfigStore;
      await here.run(
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
      await here.run(
        'DELETE FROM login_failures WHERE last_failure_at < ? AND locked_until <= ?',
        limits.forgetBefore,
        f.lastFailureAt,
      );
      await here.run(
        `DELETE FROM login_failures WHERE (world, username, client) IN (
           SELECT world, username, client FROM login_failures ORDER BY last_failure_at DESC OFFSET ?)`,
        limits.cap,
      );
    });
  }
  async clearLoginFailures(key: LoginFailureKey): Promise<void> {
    await this.run(
      'DELETE FROM login_failures WHERE world = ? AND username = ? AND client = ?',
      key.world,
      key.username,
      key.client,
    );
  }
  async countLoginFailures(): Promise<number> {
    return num((await this.get('SELECT COUNT(*) AS n FROM login_failures'))?.n);
  }

  async hitRateLimit(key: string, now: number, windowMs: number): Promise<RateLimitWindow> {
    // The SET expressions read the row as it was before this statement (both engines).
    const r = (await this.get(
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
    )) as Row;
    return { hits: num(r.hits), windowEndsAt: num(r.window_ends_at) };
  }
  async deleteEndedRateLimits(now: number): Promise<number> {
    return await this.run('DELETE FROM rate_limits WHERE window_ends_at <= ?', now);
  }

  async getRevision(tid: string): Promise<RevisionRecord | null> {
    // In a transaction the row stays locked until it ends (see transaction()).
    const r = await this.get(`SELECT * FROM revisions WHERE tid = ?${this.client ? ' FOR UPDATE' : ''}`, tid);
    return r ? toRevision(r) : null;
  }
  async putRevision(v: RevisionRecord): Promise<void> {
    await this.run(
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
    const r = await this.get(
      `SELECT rev_id, data FROM policy_docs WHERE tid = ? AND kind = ? AND rev_id ${carriedForward ? '<=' : '='} ?
       ORDER BY rev_id DESC LIMIT 1`,
      tid,
      kind,
      revId,
    );
    return r ? { tid, kind, revId: num(r.rev_id), data: JSON.parse(str(r.data)) as unknown } : null;
  }
  async putPolicyDoc(doc: PolicyDocRecord): Promise<void> {
    await this.run(
      `INSERT INTO policy_docs (tid, kind, rev_id, data) VALUES (?, ?, ?, ?)
       ON CONFLICT (tid, kind, rev_id) DO UPDATE SET data = excluded.data`,
      doc.tid,
      doc.kind,
      doc.revId,
      JSON.stringify(doc.data),
    );
  }
  async deletePolicyDocs(tid: string, revId: number): Promise<void> {
    await this.run('DELETE FROM policy_docs WHERE tid = ? AND rev_id = ?', tid, revId);
  }
  async listPolicyDocKinds(tid: string, revId: number): Promise<string[]> {
    return (
      await this.all('SELECT kind FROM policy_docs WHERE tid = ? AND rev_id = ? ORDER BY kind', tid, revId)
    ).map((r) => str(r.kind));
  }
  async insertPublishedRevision(p: PublishedRevisionRecord): Promise<void> {
    await this.run(
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
      ? await this.all(
          'SELECT * FROM published_revisions WHERE tid = ? ORDER BY rev_id DESC LIMIT ? OFFSET ?',
          tid,
          page.limit,
          page.offset,
        )
      : await this.all('SELECT * FROM published_revisions WHERE tid = ? ORDER BY rev_id DESC', tid);
    return rows.map(toPublishedRevision);
  }
  async countPublishedRevisions(tid: string): Promise<number> {
    return num((await this.get('SELECT COUNT(*) AS n FROM published_revisions WHERE tid = ?', tid))?.n);
  }
  async getPublishedRevision(tid: string, revId: number): Promise<PublishedRevisionRecord | null> {
    const r = await this.get('SELECT * FROM published_revisions WHERE tid = ? AND rev_id = ?', tid, revId);
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
      // Field names go in as parameters, never into the SQL text.
      where.push(
        `(${o.searchFields.map(() => "lower(data::jsonb ->> ?::text) LIKE ? ESCAPE '\\'").join(' OR ')})`,
      );
      for (const field of o.searchFields) params.push(field, like);
    }
    const whereSql = where.join(' AND ');
    const total = num(
      (await this.get(`SELECT COUNT(*) AS n FROM provider_entities WHERE ${whereSql}`, ...params))?.n ?? 0,
    );
    const order = o.order === 'desc' ? 'DESC' : 'ASC';
    const timestamp = o.sort === 'created_at' || o.sort === 'updated_at';
    // As SQLite orders json_extract's values: absent/null, then numbers (and booleans) by value,
    // then text without regard to case.
    const value = 'data::jsonb -> ?::text';
    const sortSql = timestamp
      ? `${o.sort} ${order}`
      : `CASE COALESCE(jsonb_typeof(${value}), 'null') WHEN 'null' THEN 0 WHEN 'number' THEN 1 WHEN 'boolean' THEN 1 ELSE 2 END ${order},
         CASE jsonb_typeof(${value}) WHEN 'number' THEN (${value})::text::numeric
           WHEN 'boolean' THEN CASE WHEN (${value})::text = 'true' THEN 1 ELSE 0 END END ${order},
         lower(data::jsonb ->> ?::text) ${order}`;
    // Every placeholder of the sort expression is the sort field.
    const sortParams = Array.from({ length: sortSql.split('?').length - 1 }, () => o.sort);
    const rows = await this.all(
      `SELECT * FROM provider_entities WHERE ${whereSql} ORDER BY ${sortSql}, id ${order} LIMIT ? OFFSET ?`,
      ...params,
      ...sortParams,
      o.limit,
      o.offset,
    );
    return { total, records: rows.map(toEntity) };
  }
  async getEntity(entity: string, id: string): Promise<EntityRecord | null> {
    const r = await this.get('SELECT * FROM provider_entities WHERE entity = ? AND id = ?', entity, id);
    return r ? toEntity(r) : null;
  }
  async insertEntity(e: EntityRecord): Promise<boolean> {
    const result = await this.run(
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
        ? await this.run(
            'UPDATE provider_entities SET data = ?, updated_at = ? WHERE entity = ? AND id = ?',
            ...params,
          )
        : await this.run(
            'UPDATE provider_entities SET data = ?, updated_at = ? WHERE entity = ? AND id = ? AND updated_at = ?',
            ...params,
            expectedUpdatedAt,
          );
    return result === 1;
  }
  async deleteEntity(entity: string, id: string): Promise<boolean> {
    return (await this.run('DELETE FROM provider_entities WHERE entity = ? AND id = ?', entity, id)) === 1;
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
    const total = num(
      (await this.get(`SELECT COUNT(*) AS n FROM end_users WHERE ${whereSql}`, ...params))?.n ?? 0,
    );
    const order = q.order === 'desc' ? 'DESC' : 'ASC';
    const sort = END_USER_SORT[q.sort ?? 'username'];
    const rows = await this.all(
      `SELECT * FROM end_users WHERE ${whereSql} ORDER BY ${sort} ${order}, uid ${order} LIMIT ? OFFSET ?`,
      ...params,
      q.limit,
      q.offset,
    );
    return { total, users: rows.map(toEndUser) };
  }
  async getEndUser(tid: string, uid: string): Promise<EndUserRecord | null> {
    const r = await this.get('SELECT * FROM end_users WHERE tid = ? AND uid = ?', tid, uid);
    return r ? toEndUser(r) : null;
  }
  async findEndUserByUsername(tid: string, username: string): Promise<EndUserRecord | null> {
    const r = await this.get(
      'SELECT * FROM end_users WHERE tid = ? AND lower(username) = lower(?)',
      tid,
      username,
    );
    return r ? toEndUser(r) : null;
  }
  async insertEndUser(u: EndUserRecord): Promise<void> {
    await this.run(
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
    await this.run(
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
    return (await this.run('DELETE FROM end_users WHERE tid = ? AND uid = ?', tid, uid)) > 0;
  }
  async countEndUsers(tid: string): Promise<number> {
    return num((await this.get('SELECT COUNT(*) AS n FROM end_users WHERE tid = ?', tid))?.n ?? 0);
  }
  async listEndUserDomains(tid: string): Promise<{ domain: string; users: number }[]> {
    return (
      await this.all(
        `SELECT lower(substr(username, strpos(username, '@') + 1)) AS domain, COUNT(*) AS n FROM end_users
         WHERE tid = ? AND strpos(username, '@') > 0 GROUP BY 1 ORDER BY 1`,
        tid,
      )
    ).map((r) => ({ domain: str(r.domain), users: num(r.n) }));
  }
  async listEndUsernames(tid: string, search: string | undefined, limit: number): Promise<string[]> {
    const like = `%${likeEscape((search ?? '').trim().toLowerCase())}%`;
    return (
      await this.all(
        `SELECT username FROM end_users WHERE tid = ? AND lower(username) LIKE ? ESCAPE '\\'
         ORDER BY lower(username), username LIMIT ?`,
        tid,
        like,
        limit,
      )
    ).map((r) => str(r.username));
  }
  async markEndUsersSeeded(tid: string, at: string): Promise<boolean> {
    return (
      (await this.run(
        'INSERT INTO end_user_seeds (tid, seeded_at) VALUES (?, ?) ON CONFLICT (tid) DO NOTHING',
        tid,
        at,
      )) > 0
    );
  }

  async listSavedSearches(tid: string, uid: string): Promise<SavedSearchRecord[]> {
    return (
      await this.all(
        'SELECT * FROM saved_searches WHERE tid = ? AND uid = ? ORDER BY lower(name), name',
        tid,
        uid,
      )
    ).map((r) => ({
      id: str(r.id),
      tid,
      uid,
      name: str(r.name),
      route: str(r.route),
      query: str(r.query),
      createdAt: str(r.created_at),
    }));
  }
  async insertSavedSearch(x: SavedSearchRecord): Promise<boolean> {
    const changed = await this.run(
      `INSERT INTO saved_searches (id, tid, uid, name, route, query, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
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
    return (
      (await this.run('DELETE FROM saved_searches WHERE tid = ? AND uid = ? AND id = ?', tid, uid, id)) > 0
    );
  }

  async listScheduledReports(tid: string): Promise<ScheduledReportRecord[]> {
    return (
      await this.all('SELECT * FROM scheduled_reports WHERE tid = ? ORDER BY lower(name), id', tid)
    ).map(toScheduledReport);
  }
  async getScheduledReport(tid: string, id: string): Promise<ScheduledReportRecord | null> {
    const r = await this.get('SELECT * FROM scheduled_reports WHERE tid = ? AND id = ?', tid, id);
    return r ? toScheduledReport(r) : null;
  }
  async putScheduledReport(x: ScheduledReportRecord): Promise<void> {
    await this.run(
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
    return (await this.run('DELETE FROM scheduled_reports WHERE tid = ? AND id = ?', tid, id)) > 0;
  }
  async listDueScheduledReports(now: number): Promise<ScheduledReportRecord[]> {
    return (
      await this.all(
        'SELECT * FROM scheduled_reports WHERE enabled = 1 AND next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at, id',
        now,
      )
    ).map(toScheduledReport);
  }
  async nextScheduledRunAt(): Promise<number | null> {
    const r = await this.get('SELECT MIN(next_run_at) AS t FROM scheduled_reports WHERE enabled = 1');
    return r?.t === null || r?.t === undefined ? null : num(r.t);
  }
  async claimScheduledRun(
    id: string,
    expected: number,
    next: number | null,
    lastRunAt: string,
  ): Promise<boolean> {
    // A conditional UPDATE: a second server's waits for the first's row lock, then finds
    // next_run_at changed and updates nothing.
    return (
      (await this.run(
        'UPDATE scheduled_reports SET next_run_at = ?, last_run_at = ? WHERE id = ? AND enabled = 1 AND next_run_at = ?',
        next,
        lastRunAt,
        id,
        expected,
      )) === 1
    );
  }
  async markScheduledRun(tid: string, id: string, lastRunAt: string): Promise<void> {
    await this.run(
      'UPDATE scheduled_reports SET last_run_at = ? WHERE tid = ? AND id = ?',
      lastRunAt,
      tid,
      id,
    );
  }

  async insertPastReport(x: PastReportRecord, file: Uint8Array): Promise<void> {
    await this.transaction(async (tx) => {
      const here = tx as PostgresConfigStore;
      await here.run(
        'INSERT INTO past_reports (id, tid, schedule_id, name, record, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
        x.report.id,
        x.tid,
        x.report.schedule_id,
        x.report.name,
        JSON.stringify(x.report),
        x.createdMs,
      );
      await here.run(
        'INSERT INTO report_files (id, tid, bytes) VALUES (?, ?, ?)',
        x.report.id,
        x.tid,
        Buffer.from(file.buffer, file.byteOffset, file.byteLength),
      );
    });
  }
  async listPastReports(tid: string): Promise<PastReportRecord[]> {
    return (
      await this.all('SELECT * FROM past_reports WHERE tid = ? ORDER BY created_ms DESC, seq DESC', tid)
    ).map(toPastReport);
  }
  async getPastReport(tid: string, id: string): Promise<PastReportRecord | null> {
    const r = await this.get('SELECT * FROM past_reports WHERE tid = ? AND id = ?', tid, id);
    return r ? toPastReport(r) : null;
  }
  async getPastReportFile(tid: string, id: string): Promise<Uint8Array | null> {
    const r = await this.get('SELECT bytes FROM report_files WHERE tid = ? AND id = ?', tid, id);
    return r ? (r.bytes as Uint8Array) : null;
  }
  async prunePastReports(tid: string, keep: number): Promise<PastReportRecord[]> {
    return this.transaction(async (tx) => {
      const here = tx as PostgresConfigStore;
      const old = (
        await here.all(
          'SELECT * FROM past_reports WHERE tid = ? ORDER BY created_ms DESC, seq DESC OFFSET ?',
          tid,
          keep,
        )
      ).map(toPastReport);
      if (old.length > 0)
        await here.run(
          'DELETE FROM past_reports WHERE tid = ? AND id = ANY(?::text[])',
          tid,
          old.map((r) => r.report.id),
        );
      return old;
    });
  }

  async readAllTables(): Promise<Record<string, unknown[][]>> {
    const tables = (
      await this.all(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      )
    ).map((r) => str(r.name));
    const dump: Record<string, unknown[][]> = {};
    for (const table of tables)
      dump[table] = (
        await this.db.query<unknown[]>({
          text: `SELECT * FROM "${table.replace(/"/g, '""')}"`,
          rowMode: 'array',
        })
      ).rows;
    return dump;
  }

  async close(): Promise<void> {
    // A bound store's connection belongs to its transaction; only the outer store ends the pool.
    if (this.client) return;
    if (!this.pool.ended) await this.pool.end();
  }
}
