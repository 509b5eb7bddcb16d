import type { Connection } from './connections';
import { Sql } from './sql';

/**
 * Numbered schema migrations of the config store, one list for both engines, applied by one
 * function on either (migrate, below). Append only: never
 * edit a shipped one. `sql` is the SQLite text and, unless `postgres` is given, the PostgreSQL one
 * too; `postgres` exists only where the engines must differ: epoch milliseconds need BIGINT (a
 * PostgreSQL INTEGER is 32-bit), PostgreSQL has no COLLATE NOCASE (case-insensitive uniqueness is
 * a unique index on lower(column), and the store compares lower() on both sides), no rowid (an
 * identity column keeps insertion order where a query sorts by it), and builds JSON with
 * json_build_object.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** The PostgreSQL text, where it must differ from `sql`. */
  postgres?: string;
}

/** Migration 21's tables; `ms` is the type of epoch milliseconds on the engine. */
function alertsTables(ms: 'INTEGER' | 'BIGINT'): string {
  return `
      CREATE TABLE alert_rules (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        name TEXT NOT NULL,
        spec TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        last_eval_at TEXT,
        next_eval_at ${ms}
      );
      CREATE INDEX alert_rules_tid ON alert_rules (tid);
      CREATE INDEX alert_rules_due ON alert_rules (next_eval_at) WHERE enabled = 1;
      CREATE TABLE alert_firings (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        rule_id TEXT NOT NULL,
        state TEXT NOT NULL,
        started_ms ${ms} NOT NULL,
        updated_ms ${ms} NOT NULL,
        resolved_ms ${ms},
        silenced_until_ms ${ms},
        acknowledged_by TEXT,
        count INTEGER NOT NULL,
        groups TEXT NOT NULL,
        window_start ${ms} NOT NULL,
        window_end ${ms} NOT NULL,
        link TEXT NOT NULL,
        notified TEXT NOT NULL
      );
      CREATE INDEX alert_firings_tid ON alert_firings (tid, started_ms);
      CREATE INDEX alert_firings_rule ON alert_firings (rule_id, state);
      CREATE TABLE alert_evaluations (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        rule_id TEXT NOT NULL,
        at_ms ${ms} NOT NULL,
        window_start ${ms} NOT NULL,
        window_end ${ms} NOT NULL,
        count INTEGER NOT NULL,
        groups TEXT NOT NULL,
        outcome TEXT NOT NULL,
        firing_id TEXT,
        error TEXT
      );
      CREATE INDEX alert_evaluations_rule ON alert_evaluations (tid, rule_id, at_ms);
      CREATE TABLE notification_channels (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        config TEXT NOT NULL,
        secret TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX notification_channels_tid ON notification_channels (tid);
      CREATE TABLE channel_deliveries (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        channel_id TEXT NOT NULL,
        at_ms ${ms} NOT NULL,
        attempt INTEGER NOT NULL,
        status INTEGER,
        error TEXT,
        subject TEXT NOT NULL
      );
      CREATE INDEX channel_deliveries_channel ON channel_deliveries (tid, channel_id, at_ms);
      CREATE TABLE notifications (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        created_ms ${ms} NOT NULL,
        severity TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        link TEXT NOT NULL,
        firing_id TEXT
      );
      CREATE INDEX notifications_tid ON notifications (tid, created_ms);
      CREATE TABLE notification_reads (
        tid TEXT NOT NULL REFERENCES tenants(tid),
        uid TEXT NOT NULL,
        notification_id TEXT NOT NULL,
        PRIMARY KEY (uid, notification_id)
      );
    `;
}

/** Migration 22's table; `ms` is the type of epoch milliseconds on the engine. */
function streamingTable(ms: 'INTEGER' | 'BIGINT'): string {
  return `
      CREATE TABLE stream_destinations (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        config TEXT NOT NULL,
        secret TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        cursor TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        delivered ${ms} NOT NULL,
        lag_ms ${ms} NOT NULL,
        failures INTEGER NOT NULL,
        last_success_ms ${ms},
        last_error TEXT,
        last_error_ms ${ms},
        next_attempt_ms ${ms}
      );
      CREATE INDEX stream_destinations_tid ON stream_destinations (tid);
    `;
}

/** Migration 13's table, the same on both engines (its copy of the old token documents is not). */
const API_TOKENS_TABLE = `
      CREATE TABLE api_tokens (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        last4 TEXT NOT NULL,
        access TEXT NOT NULL,
        areas TEXT NOT NULL,
        expires_at TEXT,
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_by_uid TEXT,
        last_used_at TEXT,
        last_used_ip TEXT
      );
      CREATE INDEX api_tokens_tid_kind ON api_tokens (tid, kind);`;

/** The text of a migration for an engine. */
export const migrationSql = (m: Migration, engine: 'sqlite' | 'postgres'): string =>
  engine === 'postgres' ? (m.postgres ?? m.sql) : m.sql;

export const CONFIG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, sessions, revisions',
    sql: `
      CREATE TABLE tenants (
        tid TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
        created_at TEXT NOT NULL,
        capabilities TEXT NOT NULL,
        portal_v2 INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE users (
        uid TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        roles TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        show_change_password INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX users_tid ON users(tid);
      CREATE TABLE operators (
        username TEXT PRIMARY KEY COLLATE NOCASE,
        display_name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('operator', 'support')),
        password_hash TEXT NOT NULL
      );
      CREATE TABLE sessions (
        sid_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid),
        tid TEXT NOT NULL REFERENCES tenants(tid),
        xsrf TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        idle_expires_at INTEGER NOT NULL,
        absolute_expires_at INTEGER NOT NULL
      );
      CREATE TABLE provider_sessions (
        key_hash TEXT PRIMARY KEY,
        key_id TEXT NOT NULL UNIQUE,
        username TEXT NOT NULL REFERENCES operators(username),
        xsrf TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE one_time_tokens (
        kind TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        subject TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (kind, token_hash)
      );
      CREATE TABLE login_failures (
        world TEXT NOT NULL,
        username TEXT NOT NULL,
        failures INTEGER NOT NULL,
        locked_until INTEGER NOT NULL,
        PRIMARY KEY (world, username)
      );
      CREATE TABLE revisions (
        tid TEXT PRIMARY KEY REFERENCES tenants(tid),
        rev_id INTEGER NOT NULL,
        staged_rev_id INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('new', 'staged')),
        updated_at TEXT NOT NULL
      );
      CREATE TABLE revision_notes (
        tid TEXT NOT NULL REFERENCES tenants(tid),
        rev_id INTEGER NOT NULL,
        note TEXT NOT NULL,
        PRIMARY KEY (tid, rev_id)
      );
      CREATE TABLE published_revisions (
        tid TEXT NOT NULL REFERENCES tenants(tid),
        rev_id INTEGER NOT NULL,
        published_at TEXT NOT NULL,
        published_by TEXT NOT NULL,
        note TEXT,
        PRIMARY KEY (tid, rev_id)
      );
    `,
    postgres: `
      CREATE TABLE tenants (
        tid TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
        created_at TEXT NOT NULL,
        capabilities TEXT NOT NULL,
        portal_v2 INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE users (
        uid TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        username TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        roles TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        show_change_password INTEGER NOT NULL DEFAULT 0
      );
      CREATE UNIQUE INDEX users_username ON users (lower(username));
      CREATE INDEX users_tid ON users(tid);
      CREATE TABLE operators (
        username TEXT PRIMARY KEY,
        display_name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('operator', 'support')),
        password_hash TEXT NOT NULL
      );
      CREATE UNIQUE INDEX operators_username ON operators (lower(username));
      CREATE TABLE sessions (
        sid_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid),
        tid TEXT NOT NULL REFERENCES tenants(tid),
        xsrf TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        idle_expires_at BIGINT NOT NULL,
        absolute_expires_at BIGINT NOT NULL
      );
      CREATE TABLE provider_sessions (
        key_hash TEXT PRIMARY KEY,
        key_id TEXT NOT NULL UNIQUE,
        username TEXT NOT NULL REFERENCES operators(username),
        xsrf TEXT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE TABLE one_time_tokens (
        kind TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        subject TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (kind, token_hash)
      );
      CREATE TABLE login_failures (
        world TEXT NOT NULL,
        username TEXT NOT NULL,
        failures INTEGER NOT NULL,
        locked_until BIGINT NOT NULL,
        PRIMARY KEY (world, username)
      );
      CREATE TABLE revisions (
        tid TEXT PRIMARY KEY REFERENCES tenants(tid),
        rev_id INTEGER NOT NULL,
        staged_rev_id INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('new', 'staged')),
        updated_at TEXT NOT NULL
      );
      CREATE TABLE revision_notes (
        tid TEXT NOT NULL REFERENCES tenants(tid),
        rev_id INTEGER NOT NULL,
        note TEXT NOT NULL,
        PRIMARY KEY (tid, rev_id)
      );
      CREATE TABLE published_revisions (
        tid TEXT NOT NULL REFERENCES tenants(tid),
        rev_id INTEGER NOT NULL,
        published_at TEXT NOT NULL,
        published_by TEXT NOT NULL,
        note TEXT,
        PRIMARY KEY (tid, rev_id)
      );
    `,
  },
  {
    version: 2,
    name: 'user database (end users)',
    sql: `
      CREATE TABLE end_users (
        uid TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        username TEXT NOT NULL COLLATE NOCASE,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        groups_json TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
        password_hash TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (tid, username)
      );
      CREATE INDEX end_users_tid_created ON end_users(tid, created_at);
      CREATE TABLE end_user_seeds (
        tid TEXT PRIMARY KEY REFERENCES tenants(tid),
        seeded_at TEXT NOT NULL
      );
    `,
    postgres: `
      CREATE TABLE end_users (
        uid TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        username TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        groups_json TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
        password_hash TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX end_users_tid_username ON end_users (tid, lower(username));
      CREATE INDEX end_users_tid_created ON end_users(tid, created_at);
      CREATE TABLE end_user_seeds (
        tid TEXT PRIMARY KEY REFERENCES tenants(tid),
        seeded_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'saved searches of the logs area',
    sql: `
      CREATE TABLE saved_searches (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        uid TEXT NOT NULL,
        name TEXT NOT NULL COLLATE NOCASE,
        route TEXT NOT NULL,
        query TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (tid, uid, name)
      );
    `,
    postgres: `
      CREATE TABLE saved_searches (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        uid TEXT NOT NULL,
        name TEXT NOT NULL,
        route TEXT NOT NULL,
        query TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX saved_searches_name ON saved_searches (tid, uid, lower(name));
    `,
  },
  {
    version: 4,
    name: 'login failures per account and client address, with the time of the last failure',
    // The counters are transient (minutes to an hour), so the old table is replaced, not copied.
    sql: `
      DROP TABLE login_failures;
      CREATE TABLE login_failures (
        world TEXT NOT NULL,
        username TEXT NOT NULL,
        client TEXT NOT NULL,
        failures INTEGER NOT NULL,
        locked_until INTEGER NOT NULL,
        last_failure_at INTEGER NOT NULL,
        PRIMARY KEY (world, username, client)
      );
      CREATE INDEX login_failures_last ON login_failures(last_failure_at);
    `,
    postgres: `
      DROP TABLE login_failures;
      CREATE TABLE login_failures (
        world TEXT NOT NULL,
        username TEXT NOT NULL,
        client TEXT NOT NULL,
        failures INTEGER NOT NULL,
        locked_until BIGINT NOT NULL,
        last_failure_at BIGINT NOT NULL,
        PRIMARY KEY (world, username, client)
      );
      CREATE INDEX login_failures_last ON login_failures(last_failure_at);
    `,
  },
  {
    version: 5,
    name: 'policy documents per kind and revision (the publish notes move into them)',
    sql: `
      CREATE TABLE policy_docs (
        tid TEXT NOT NULL REFERENCES tenants(tid),
        kind TEXT NOT NULL,
        rev_id INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (tid, kind, rev_id)
      );
      INSERT INTO policy_docs (tid, kind, rev_id, data)
        SELECT tid, 'portal_note', rev_id, json_object('note', note) FROM revision_notes;
      DROP TABLE revision_notes;
    `,
    postgres: `
      CREATE TABLE policy_docs (
        tid TEXT NOT NULL REFERENCES tenants(tid),
        kind TEXT NOT NULL,
        rev_id INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (tid, kind, rev_id)
      );
      INSERT INTO policy_docs (tid, kind, rev_id, data)
        SELECT tid, 'portal_note', rev_id, json_build_object('note', note)::text FROM revision_notes;
      DROP TABLE revision_notes;
    `,
  },
  {
    version: 6,
    name: 'provider entities: one generic table for the rows of the provider-entity registry',
    sql: `
      CREATE TABLE provider_entities (
        entity TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (entity, id)
      );
    `,
  },
  {
    version: 7,
    name: 'report files: scheduled reports and the past reports they left (their files live under <dataDir>/reports)',
    sql: `
      CREATE TABLE scheduled_reports (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        name TEXT NOT NULL,
        spec TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        owner_uid TEXT NOT NULL,
        owner_name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        last_run_at TEXT,
        next_run_at INTEGER
      );
      CREATE INDEX scheduled_reports_tid ON scheduled_reports(tid, name);
      CREATE INDEX scheduled_reports_due ON scheduled_reports(next_run_at) WHERE enabled = 1;
      CREATE TABLE past_reports (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        schedule_id TEXT,
        name TEXT NOT NULL,
        record TEXT NOT NULL,
        created_ms INTEGER NOT NULL
      );
      CREATE INDEX past_reports_tid_created ON past_reports(tid, created_ms);
    `,
    postgres: `
      CREATE TABLE scheduled_reports (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        name TEXT NOT NULL,
        spec TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        owner_uid TEXT NOT NULL,
        owner_name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        last_run_at TEXT,
        next_run_at BIGINT
      );
      CREATE INDEX scheduled_reports_tid ON scheduled_reports(tid, name);
      CREATE INDEX scheduled_reports_due ON scheduled_reports(next_run_at) WHERE enabled = 1;
      CREATE TABLE past_reports (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        schedule_id TEXT,
        name TEXT NOT NULL,
        record TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        seq BIGINT GENERATED ALWAYS AS IDENTITY
      );
      CREATE INDEX past_reports_tid_created ON past_reports(tid, created_ms);
    `,
  },
  {
    version: 8,
    name: 'policy revisions name who changed them last; published revisions remember a rollback',
    sql: `
      ALTER TABLE revisions ADD COLUMN updated_by TEXT;
      ALTER TABLE revisions ADD COLUMN rolled_back_from INTEGER;
      ALTER TABLE published_revisions ADD COLUMN rolled_back_from INTEGER;
    `,
  },
  {
    version: 9,
    name: 'rate-limit counters (the sign-in limit), shared by every server on the store',
    // One row per key (client address and group): the hits of its window, which starts at the
    // first hit and ends at window_ends_at (epoch ms), as @fastify/rate-limit's own store counts.
    sql: `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        window_ends_at INTEGER NOT NULL
      );
      CREATE INDEX rate_limits_window_ends_at ON rate_limits(window_ends_at);
    `,
    postgres: `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        window_ends_at BIGINT NOT NULL
      );
      CREATE INDEX rate_limits_window_ends_at ON rate_limits(window_ends_at);
    `,
  },
  {
    version: 10,
    name: 'report files kept in the store beside their past reports (every server reads them)',
    // Replicas on several machines share the database, not a disk (reports/README.md, Storage).
    // A pruned or deleted past report takes its file with it (ON DELETE CASCADE).
    sql: `
      CREATE TABLE report_files (
        id TEXT PRIMARY KEY REFERENCES past_reports(id) ON DELETE CASCADE,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        bytes BLOB NOT NULL
      );
    `,
    postgres: `
      CREATE TABLE report_files (
        id TEXT PRIMARY KEY REFERENCES past_reports(id) ON DELETE CASCADE,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        bytes BYTEA NOT NULL
      );
    `,
  },
  {
    version: 11,
    name: "portal accounts' second factor (TOTP)",
    sql: `
      CREATE TABLE user_mfa (
        uid TEXT PRIMARY KEY REFERENCES users(uid),
        tid TEXT NOT NULL REFERENCES tenants(tid),
        secret TEXT,
        pending_secret TEXT,
        enabled_at TEXT,
        last_step INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX user_mfa_tid ON user_mfa(tid);
    `,
  },
  {
    version: 12,
    name: "every tenant's revision 1 is published: its initial policy, in the history like any publish",
    // Issue 31: revision 1 was in effect from the tenant's creation but never recorded as published,
    // so the portal said "published" while the history said nothing was. New tenants publish it when
    // created (policy/publishRevision.ts); those of an older store get the record here, at their
    // creation, by SETUP_PUBLISHER with INITIAL_REVISION_COMMENT (common api/contract/policy.ts).
    sql: `
      INSERT INTO published_revisions (tid, rev_id, published_at, published_by, note, rolled_back_from)
      SELECT t.tid, 1, t.created_at, 'setup', 'Initial policy', NULL
      FROM tenants t
      WHERE EXISTS (SELECT 1 FROM revisions r WHERE r.tid = t.tid)
        AND NOT EXISTS (SELECT 1 FROM published_revisions p WHERE p.tid = t.tid AND p.rev_id = 1);
    `,
  },
  {
    version: 13,
    name: "API tokens: one store for the tenant's API tokens and the provider's policy API and logging auth tokens",
    // Issue 33: the provider's two token lists were JSON documents (provider_entities tenant_tokens,
    // tenant_logging_auth_tokens) that nothing authenticated with; their tokens move here, keeping
    // id, name, digest and creation, with the scope their list gives (common api/contract/apiTokens.ts).
    sql: `
${API_TOKENS_TABLE}
      INSERT INTO api_tokens (id, tid, kind, name, hash, last4, access, areas, expires_at, created_at, created_by, created_by_uid, last_used_at, last_used_ip)
      SELECT json_extract(t.value, '$.id'), e.id, substr(e.entity, 8), json_extract(t.value, '$.name'), json_extract(t.value, '$.hash'), json_extract(t.value, '$.last4'),
        CASE e.entity WHEN 'tenant_tokens' THEN 'write' ELSE 'read' END,
        CASE e.entity WHEN 'tenant_tokens' THEN '["policy"]' ELSE '["logs"]' END,
        NULL, json_extract(t.value, '$.created_at'), json_extract(t.value, '$.created_by'), NULL, NULL, NULL
      FROM provider_entities e, json_each(e.data, '$.tokens') t
      WHERE e.entity IN ('tenant_tokens', 'tenant_logging_auth_tokens')
        AND EXISTS (SELECT 1 FROM tenants WHERE tenants.tid = e.id);
      DELETE FROM provider_entities WHERE entity IN ('tenant_tokens', 'tenant_logging_auth_tokens');
    `,
    postgres: `
${API_TOKENS_TABLE}
      INSERT INTO api_tokens (id, tid, kind, name, hash, last4, access, areas, expires_at, created_at, created_by, created_by_uid, last_used_at, last_used_ip)
      SELECT t ->> 'id', e.id, substr(e.entity, 8), t ->> 'name', t ->> 'hash', t ->> 'last4',
        CASE e.entity WHEN 'tenant_tokens' THEN 'write' ELSE 'read' END,
        CASE e.entity WHEN 'tenant_tokens' THEN '["policy"]' ELSE '["logs"]' END,
        NULL, t ->> 'created_at', t ->> 'created_by', NULL, NULL, NULL
      FROM provider_entities e CROSS JOIN LATERAL jsonb_array_elements((e.data::jsonb) -> 'tokens') t
      WHERE e.entity IN ('tenant_tokens', 'tenant_logging_auth_tokens')
        AND EXISTS (SELECT 1 FROM tenants WHERE tenants.tid = e.id);
      DELETE FROM provider_entities WHERE entity IN ('tenant_tokens', 'tenant_logging_auth_tokens');
    `,
  },
  {
    version: 14,
    name: "tenants' named roles, and an administrator's role name and status",
    // Issue 33 point 1 (docs/administrators.md): a tenant's own roles beside the built-in ones
    // (common api/contract/administrators.ts). users.role names the role an account holds (NULL
    // for accounts made before: their lists name it, or it is custom); users.roles stays the
    // lists the session reads on every request, rewritten with a role's edit in one transaction.
    sql: `
      CREATE TABLE tenant_roles (
        tid TEXT NOT NULL REFERENCES tenants(tid),
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        read_list TEXT NOT NULL,
        write_list TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (tid, name)
      );
      ALTER TABLE users ADD COLUMN role TEXT;
      ALTER TABLE users ADD COLUMN status TEXT NOT NULL DEFAULT 'active';
    `,
  },
  {
    version: 15,
    name: 'multi-tenant associations: a parent (primary) tenant and a child (secondary) tenant',
    // Issue 33 point 7 (common api/contract/multiTenant.ts, docs/access.md §7): one row per pair;
    // an active row makes the parent's published global rules the child's parent_global_* documents.
    sql: `
      CREATE TABLE tenant_associations (
        id TEXT PRIMARY KEY,
        primary_tid TEXT NOT NULL REFERENCES tenants(tid),
        secondary_tid TEXT NOT NULL REFERENCES tenants(tid),
        status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'rejected', 'revoked')),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        UNIQUE (primary_tid, secondary_tid),
        CHECK (primary_tid <> secondary_tid)
      );
      CREATE INDEX tenant_associations_secondary ON tenant_associations (secondary_tid, status);
    `,
  },
  {
    version: 16,
    name: 'event outbox: audit events written in the transaction of their change',
    // Issue 38 point 1 (audit/README.md "The outbox"): one row per event owed to the event store,
    // deleted once the event store has it. BIGINT for epoch milliseconds on PostgreSQL.
    sql: `
      CREATE TABLE event_outbox (
        event_id TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL,
        event TEXT NOT NULL,
        claim TEXT,
        claimed_until INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX event_outbox_due ON event_outbox (claimed_until, created_at);
      CREATE INDEX event_outbox_claim ON event_outbox (claim);
    `,
    postgres: `
      CREATE TABLE event_outbox (
        event_id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        event TEXT NOT NULL,
        claim TEXT,
        claimed_until BIGINT NOT NULL DEFAULT 0
      );
      CREATE INDEX event_outbox_due ON event_outbox (claimed_until, created_at);
      CREATE INDEX event_outbox_claim ON event_outbox (claim);
    `,
  },
  {
    version: 17,
    name: "end users' usernames unique by their normalised, case-folded form",
    // Issue 38 point 6: the server writes the key (NFKC, then lower-cased: common's nameKey) with
    // every row, and the index makes two names that differ only by compatibility forms or case
    // one. Rows written before are keyed by lower(username): the old unique index (NOCASE or
    // lower) already kept those apart, so the new index cannot refuse them.
    sql: `
      ALTER TABLE end_users ADD COLUMN username_key TEXT;
      UPDATE end_users SET username_key = lower(username);
      CREATE UNIQUE INDEX end_users_tid_username_key ON end_users (tid, username_key);
    `,
  },
  {
    version: 19,
    name: 'leases: one holder at a time among the servers sharing the store (demo seeding, live demo events)',
    // Issue 39 point 4 (store/leases.ts): a lease row is taken, renewed and given back by its
    // holder with conditional upserts; one that is not renewed by expires_at (epoch ms) may be taken.
    sql: `
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        taken_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
    `,
    postgres: `
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        taken_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
    `,
  },
  {
    version: 20,
    name: "an on-premises appliance's own settings documents and certificates",
    // Issue 35 (docs/appliances.md): one row per document of common's appliance settings registry
    // (and the CA, the service CSR and certificate); `secret` holds the write-only fields and
    // private keys, sealed (secretBox).
    sql: `
      CREATE TABLE appliance_settings (
        key TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        secret TEXT,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL
      );
    `,
  },
  {
    version: 21,
    name: 'alerts: rules from logs queries, their firings and evaluations, notification channels and deliveries, in-app notifications',
    // Issue 40 (docs/alerts.md): epoch milliseconds are BIGINT on PostgreSQL.
    sql: alertsTables('INTEGER'),
    postgres: alertsTables('BIGINT'),
  },
  {
    version: 22,
    name: "log streaming: a tenant's SIEM destinations with their delivery cursor and health",
    // Issue 40 point 3 (docs/streaming.md): the cursor is JSON, per log type the last delivered
    // event's (time, id); epoch milliseconds are BIGINT on PostgreSQL.
    sql: streamingTable('INTEGER'),
    postgres: streamingTable('BIGINT'),
  },
  {
    version: 23,
    name: "dashboards people build, and each user's start board",
    // Issue 41 points 4, 5 (docs/dashboards.md): a board's interval, variables and panels are one
    // JSON document (common's api/contract/customDashboards.ts validates it); name_key (common's
    // nameKey) keeps names unique per tenant without regard to case, alike on both engines.
    sql: `
      CREATE TABLE dashboards (
        id TEXT PRIMARY KEY,
        tid TEXT NOT NULL REFERENCES tenants(tid),
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        UNIQUE (tid, name_key)
      );
      CREATE TABLE dashboard_start_boards (
        tid TEXT NOT NULL REFERENCES tenants(tid),
        uid TEXT NOT NULL,
        board_id TEXT NOT NULL REFERENCES dashboards(id) ON DELETE CASCADE,
        PRIMARY KEY (tid, uid)
      );
    `,
  },
  {
    version: 24,
    name: "the central manager's managed appliances, groups, templates and jobs",
    // Issue 35 (docs/central-manager.md): one row per object of a kind; `secret` holds an
    // appliance's sign-in, sealed (secretBox).
    sql: `
      CREATE TABLE managed_fleet (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL,
        secret TEXT,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (kind, id)
      );
    `,
  },
];

/**
 * Applies the migrations newer than the recorded version (schema_migrations), each in its own
 * transaction, on one connection under the dialect's migration lock: replicas starting together
 * on PostgreSQL take turns, and the later ones find nothing left to do. Answers the versions applied.
 */
export async function migrate(
  connection: Connection,
  migrations: readonly Migration[] = CONFIG_MIGRATIONS,
): Promise<number[]> {
  return connection.session(async (session) => {
    const lock = session.dialect.migrationLock;
    if (lock) await session.run(lock.take.sql, lock.take.parameters);
    try {
      await session.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
      );
      const sql = new Sql(session);
      const done = new Set(
        (await sql.all(sql.db.selectFrom('schema_migrations').select('version'))).map((r) =>
          Number(r.version),
        ),
      );
      const applied: number[] = [];
      for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
        if (done.has(m.version)) continue;
        await sql.transaction(async (tx) => {
          await tx.connection.exec(migrationSql(m, tx.dialect.engine));
          await tx.run(
            tx.db
              .insertInto('schema_migrations')
              .values({ version: m.version, name: m.name, applied_at: new Date().toISOString() }),
          );
        });
        applied.push(m.version);
      }
      return applied;
    } finally {
      if (lock) await session.run(lock.release.sql, lock.release.parameters).catch(() => undefined);
    }
  });
}
