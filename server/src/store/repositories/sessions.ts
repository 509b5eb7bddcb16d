import type { Insertable } from 'kysely';
import type {
  OneTimeTokenKind,
  OneTimeTokenRecord,
  ProviderSessionRecord,
  SessionRecord,
} from '../ConfigStore';
import type { OneTimeTokensTable, ProviderSessionsTable, SessionsTable } from '../schema';
import { prepared, type Sql } from '../sql';
import { num, str, toProviderSession, toSession } from '../storeRows';

const insertSession = prepared((db, r: Insertable<SessionsTable>) =>
  db.insertInto('sessions').values({
    sid_hash: r.sid_hash,
    uid: r.uid,
    tid: r.tid,
    xsrf: r.xsrf,
    created_at: r.created_at,
    idle_expires_at: r.idle_expires_at,
    absolute_expires_at: r.absolute_expires_at,
  }),
);
const sessionByHash = prepared((db, a: { sidHash: string }) =>
  db.selectFrom('sessions').selectAll().where('sid_hash', '=', a.sidHash),
);
const touch = prepared((db, a: { sidHash: string; idleExpiresAt: number }) =>
  db.updateTable('sessions').set({ idle_expires_at: a.idleExpiresAt }).where('sid_hash', '=', a.sidHash),
);
const deleteSession = prepared((db, a: { sidHash: string }) =>
  db.deleteFrom('sessions').where('sid_hash', '=', a.sidHash),
);
const deleteOfTenant = prepared((db, a: { tid: string }) =>
  db.deleteFrom('sessions').where('tid', '=', a.tid),
);
const deleteExpiredSessions = prepared((db, a: { now: number }) =>
  db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('idle_expires_at', '<=', a.now), eb('absolute_expires_at', '<=', a.now)])),
);
const deleteExpiredProviderSessions = prepared((db, a: { now: number }) =>
  db.deleteFrom('provider_sessions').where('expires_at', '<=', a.now),
);
const deleteExpiredTokens = prepared((db, a: { now: number }) =>
  db.deleteFrom('one_time_tokens').where('expires_at', '<=', a.now),
);

/** Portal sessions, by the SHA-256 of the session id held in the httpOnly cookie. */
export class SessionRepository {
  constructor(private readonly sql: Sql) {}

  async insert(s: SessionRecord): Promise<void> {
    await this.sql.run(insertSession, {
      sid_hash: s.sidHash,
      uid: s.uid,
      tid: s.tid,
      xsrf: s.xsrf,
      created_at: s.createdAt,
      idle_expires_at: s.idleExpiresAt,
      absolute_expires_at: s.absoluteExpiresAt,
    });
  }
  async get(sidHash: string): Promise<SessionRecord | null> {
    const r = await this.sql.first(sessionByHash, { sidHash });
    return r ? toSession(r) : null;
  }
  async touch(sidHash: string, idleExpiresAt: number): Promise<void> {
    await this.sql.run(touch, { sidHash, idleExpiresAt });
  }
  async delete(sidHash: string): Promise<void> {
    await this.sql.run(deleteSession, { sidHash });
  }
  /** Ends every portal session of the tenant (disabletenant); answers how many ended. */
  async deleteForTenant(tid: string): Promise<number> {
    return this.sql.run(deleteOfTenant, { tid });
  }
  /**
   * Forgets the portal and provider sessions and the one-time tokens expired at `now`; answers
   * how many sessions ended.
   */
  async deleteExpired(now: number): Promise<number> {
    const tenant = await this.sql.run(deleteExpiredSessions, { now });
    const provider = await this.sql.run(deleteExpiredProviderSessions, { now });
    await this.sql.run(deleteExpiredTokens, { now });
    return tenant + provider;
  }
}

const insertProviderSession = prepared((db, r: Insertable<ProviderSessionsTable>) =>
  db.insertInto('provider_sessions').values({
    key_hash: r.key_hash,
    key_id: r.key_id,
    username: r.username,
    xsrf: r.xsrf,
    created_at: r.created_at,
    expires_at: r.expires_at,
  }),
);
const providerSessionByHash = prepared((db, a: { keyHash: string }) =>
  db.selectFrom('provider_sessions').selectAll().where('key_hash', '=', a.keyHash),
);
const deleteProviderSession = prepared((db, a: { keyHash: string }) =>
  db.deleteFrom('provider_sessions').where('key_hash', '=', a.keyHash),
);

/** Provider-console sessions, by the SHA-256 of the session key (Bearer value and gd_sid cookie). */
export class ProviderSessionRepository {
  constructor(private readonly sql: Sql) {}

  async insert(s: ProviderSessionRecord): Promise<void> {
    await this.sql.run(insertProviderSession, {
      key_hash: s.keyHash,
      key_id: s.keyId,
      username: s.username,
      xsrf: s.xsrf,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
    });
  }
  async get(keyHash: string): Promise<ProviderSessionRecord | null> {
    const r = await this.sql.first(providerSessionByHash, { keyHash });
    return r ? toProviderSession(r) : null;
  }
  async update(keyHash: string, changes: { expiresAt?: number; xsrf?: string }): Promise<void> {
    const set = {
      ...(changes.expiresAt !== undefined ? { expires_at: changes.expiresAt } : {}),
      ...(changes.xsrf !== undefined ? { xsrf: changes.xsrf } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.sql.run(this.sql.db.updateTable('provider_sessions').set(set).where('key_hash', '=', keyHash));
  }
  async delete(keyHash: string): Promise<void> {
    await this.sql.run(deleteProviderSession, { keyHash });
  }
}

const insertToken = prepared((db, r: Insertable<OneTimeTokensTable>) =>
  db.insertInto('one_time_tokens').values({
    kind: r.kind,
    token_hash: r.token_hash,
    subject: r.subject,
    expires_at: r.expires_at,
  }),
);
// One statement: of two servers consuming the same token, exactly one gets the row.
const consumeToken = prepared((db, a: { kind: string; tokenHash: string }) =>
  db
    .deleteFrom('one_time_tokens')
    .where('kind', '=', a.kind)
    .where('token_hash', '=', a.tokenHash)
    .returning(['subject', 'expires_at']),
);

/** Single-use secrets with an expiry: login-form csrf tokens, identity-provider access tokens. */
export class OneTimeTokenRepository {
  constructor(private readonly sql: Sql) {}

  async insert(t: OneTimeTokenRecord): Promise<void> {
    await this.sql.run(insertToken, {
      kind: t.kind,
      token_hash: t.tokenHash,
      subject: t.subject,
      expires_at: t.expiresAt,
    });
  }
  /** Removes and returns the token (single use); null when unknown. Expiry is the caller's check. */
  async consume(kind: OneTimeTokenKind, tokenHash: string): Promise<OneTimeTokenRecord | null> {
    const r = await this.sql.first(consumeToken, { kind, tokenHash });
    if (!r) return null;
    return { kind, tokenHash, subject: str(r.subject), expiresAt: num(r.expires_at) };
  }
}
