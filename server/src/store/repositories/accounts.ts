import { sql, type Insertable } from 'kysely';
import type { OperatorRecord, UserMfaRecord, UserRecord } from '../ConfigStore';
import type { OperatorsTable, UserMfaTable, UsersTable } from '../schema';
import { prepared, type Sql } from '../sql';
import type { SecretBox } from '../../security/secretBox';
import { openNullable, sealNullable } from '../secretFields';
import { flag, num, toOperator, toUser, toUserMfa } from '../storeRows';

const insertUser = prepared((db, r: Insertable<UsersTable>) =>
  db.insertInto('users').values({
    uid: r.uid,
    tid: r.tid,
    username: r.username,
    first_name: r.first_name,
    last_name: r.last_name,
    roles: r.roles,
    password_hash: r.password_hash,
    show_change_password: r.show_change_password,
    role: r.role,
    status: r.status,
  }),
);
const userById = prepared((db, a: { uid: string }) =>
  db.selectFrom('users').selectAll().where('uid', '=', a.uid),
);
const usersOfTenant = prepared((db, a: { tid: string }) =>
  db.selectFrom('users').selectAll().where('tid', '=', a.tid).orderBy('username'),
);
const userByName = prepared((db, a: { username: string }, d) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(d.caseless(sql.ref('username')), '=', d.caseless(a.username)),
);
const countOfTenant = prepared((db, a: { tid: string }) =>
  db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tid', '=', a.tid),
);
const setPassword = prepared((db, a: { uid: string; passwordHash: string; mustChange: number }) =>
  db
    .updateTable('users')
    .set({ password_hash: a.passwordHash, show_change_password: a.mustChange })
    .where('uid', '=', a.uid),
);
const setRoles = prepared((db, a: { uid: string; roles: string }) =>
  db.updateTable('users').set({ roles: a.roles }).where('uid', '=', a.uid),
);
const setRoleOf = prepared((db, a: { uid: string; role: string | null; roles: string }) =>
  db.updateTable('users').set({ role: a.role, roles: a.roles }).where('uid', '=', a.uid),
);
const setRolesOfHolders = prepared((db, a: { tid: string; role: string; roles: string }) =>
  db.updateTable('users').set({ roles: a.roles }).where('tid', '=', a.tid).where('role', '=', a.role),
);
const setStatus = prepared((db, a: { uid: string; status: 'active' | 'disabled' }) =>
  db.updateTable('users').set({ status: a.status }).where('uid', '=', a.uid),
);
const endSessionsOf = prepared((db, a: { uid: string }) =>
  db.deleteFrom('sessions').where('uid', '=', a.uid),
);
const deleteMfaOf = prepared((db, a: { uid: string }) => db.deleteFrom('user_mfa').where('uid', '=', a.uid));
const deleteTokensOf = prepared((db, a: { uid: string }) =>
  db.deleteFrom('api_tokens').where('created_by_uid', '=', a.uid),
);
const deleteUser = prepared((db, a: { uid: string }) => db.deleteFrom('users').where('uid', '=', a.uid));
const endSessionsBut = prepared((db, a: { uid: string; keep: string }) =>
  db.deleteFrom('sessions').where('uid', '=', a.uid).where('sid_hash', '<>', a.keep),
);

/** The tenants' portal accounts (administrators of the portal). */
export class UserRepository {
  constructor(private readonly sql: Sql) {}

  async insert(u: UserRecord): Promise<void> {
    await this.sql.run(insertUser, {
      uid: u.uid,
      tid: u.tid,
      username: u.username,
      first_name: u.firstName,
      last_name: u.lastName,
      roles: JSON.stringify(u.roles),
      password_hash: u.passwordHash,
      show_change_password: flag(u.showChangePassword),
      role: u.role ?? null,
      status: u.status ?? 'active',
    });
  }
  async get(uid: string): Promise<UserRecord | null> {
    const r = await this.sql.first(userById, { uid });
    return r ? toUser(r) : null;
  }
  /** The tenant's portal accounts, by user name (the provider console's RBAC list). */
  async list(tid: string): Promise<UserRecord[]> {
    return (await this.sql.all(usersOfTenant, { tid })).map(toUser);
  }
  /** The account of that name, without regard to case. */
  async findByUsername(username: string): Promise<UserRecord | null> {
    const r = await this.sql.first(userByName, { username });
    return r ? toUser(r) : null;
  }
  /**
   * Replaces the account's roles; false when there is no such account. Sessions and API tokens
   * read the roles on every request, so the change applies to the holder's next call.
   */
  async setRoles(uid: string, roles: UserRecord['roles']): Promise<boolean> {
    return (await this.sql.run(setRoles, { uid, roles: JSON.stringify(roles) })) > 0;
  }
  /** Gives the account a named role and its lists, at once; false when there is no such account. */
  async setRole(uid: string, role: string, roles: UserRecord['roles']): Promise<boolean> {
    return (await this.sql.run(setRoleOf, { uid, role, roles: JSON.stringify(roles) })) > 0;
  }
  /** Rewrites the lists of every account of the tenant holding the named role (a role's edit). */
  async setRolesOfHolders(tid: string, role: string, roles: UserRecord['roles']): Promise<number> {
    return this.sql.run(setRolesOfHolders, { tid, role, roles: JSON.stringify(roles) });
  }
  /** Sets the account's status; disabling ends its sessions in the same transaction. */
  async setStatus(uid: string, status: 'active' | 'disabled'): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const changed = (await tx.run(setStatus, { uid, status })) > 0;
      if (status === 'disabled') await tx.run(endSessionsOf, { uid });
      return changed;
    });
  }
  /** Deletes the account with its sessions, second factor and the API tokens it made, at once. */
  async delete(uid: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      await tx.run(endSessionsOf, { uid });
      await tx.run(deleteMfaOf, { uid });
      await tx.run(deleteTokensOf, { uid });
      return (await tx.run(deleteUser, { uid })) > 0;
    });
  }
  /** The tenant's number of portal accounts. */
  async count(tid: string): Promise<number> {
    return num((await this.sql.first(countOfTenant, { tid }))?.n ?? 0);
  }
  /**
   * The user's own password change: the new hash, no more change-password prompt, and every other
   * session of the user ended (the one kept is the session that changed it); all at once.
   */
  async changePassword(uid: string, passwordHash: string, keepSidHash: string): Promise<void> {
    await this.replacePassword(uid, passwordHash, false, keepSidHash);
  }
  /**
   * A password someone else set (a reset): the new hash, the change at the next sign-in pending
   * (show_change_password), and every session of the account ended; all at once.
   */
  async resetPassword(uid: string, passwordHash: string): Promise<void> {
    await this.replacePassword(uid, passwordHash, true, null);
  }
  /** The new hash and whether it must be changed, and the account's sessions but `keep` ended, at once. */
  private async replacePassword(
    uid: string,
    passwordHash: string,
    mustChange: boolean,
    keep: string | null,
  ): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run(setPassword, { uid, passwordHash, mustChange: flag(mustChange) });
      // A session digest is never empty: '' keeps none.
      await tx.run(endSessionsBut, { uid, keep: keep ?? '' });
    });
  }
}

const mfaById = prepared((db, a: { uid: string }) =>
  db.selectFrom('user_mfa').selectAll().where('uid', '=', a.uid),
);
const mfaOfTenant = prepared((db, a: { tid: string }) =>
  db.selectFrom('user_mfa').selectAll().where('tid', '=', a.tid),
);
const putMfa = prepared((db, r: Insertable<UserMfaTable>) =>
  db
    .insertInto('user_mfa')
    .values({
      uid: r.uid,
      tid: r.tid,
      secret: r.secret,
      pending_secret: r.pending_secret,
      enabled_at: r.enabled_at,
      last_step: r.last_step,
    })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet((eb) => ({
        secret: eb.ref('excluded.secret'),
        pending_secret: eb.ref('excluded.pending_secret'),
        enabled_at: eb.ref('excluded.enabled_at'),
        last_step: eb.ref('excluded.last_step'),
      })),
    ),
);
const spendStep = prepared((db, a: { uid: string; step: number }) =>
  db
    .updateTable('user_mfa')
    .set({ last_step: a.step })
    .where('uid', '=', a.uid)
    .where('last_step', '<', a.step),
);
const deleteMfa = prepared((db, a: { uid: string }) => db.deleteFrom('user_mfa').where('uid', '=', a.uid));
const allMfa = prepared((db) => db.selectFrom('user_mfa').selectAll());
// Sealing again at start: only if the row still holds what was read (an enrolment meanwhile wins).
const resealMfa = prepared(
  (
    db,
    a: {
      uid: string;
      secret: string | null;
      pending: string | null;
      wasSecret: string | null;
      wasPending: string | null;
    },
  ) =>
    db
      .updateTable('user_mfa')
      .set({ secret: a.secret, pending_secret: a.pending })
      .where('uid', '=', a.uid)
      // Null-safe on both engines in one shape (a prepared query's shape cannot depend on nulls).
      .where(sql`coalesce(secret, '')`, '=', sql`coalesce(${a.wasSecret}, '')`)
      .where(sql`coalesce(pending_secret, '')`, '=', sql`coalesce(${a.wasPending}, '')`),
);

/**
 * A portal account's second factor (TOTP, RFC 6238): the pending enrolment, the confirmed secret,
 * and the step of the last code accepted.
 */
export class MfaRepository {
  constructor(
    private readonly sql: Sql,
    /** The TOTP seeds are sealed at rest (store/secretFields.ts). */
    private readonly secrets: SecretBox,
  ) {}

  private opened = (r: Parameters<typeof toUserMfa>[0]): UserMfaRecord => {
    const m = toUserMfa(r);
    return {
      ...m,
      secret: openNullable(this.secrets, m.secret),
      pendingSecret: openNullable(this.secrets, m.pendingSecret),
    };
  };

  /** The account's second factor; null when it has none (not even a started enrolment). */
  async get(uid: string): Promise<UserMfaRecord | null> {
    const r = await this.sql.first(mfaById, { uid });
    return r ? this.opened(r) : null;
  }
  /** The tenant's second-factor records (confirmed or pending). */
  async list(tid: string): Promise<UserMfaRecord[]> {
    return (await this.sql.all(mfaOfTenant, { tid })).map(this.opened);
  }
  /** Inserts or replaces the account's record. */
  async put(m: UserMfaRecord): Promise<void> {
    await this.sql.run(putMfa, {
      uid: m.uid,
      tid: m.tid,
      secret: sealNullable(this.secrets, m.secret),
      pending_secret: sealNullable(this.secrets, m.pendingSecret),
      enabled_at: m.enabledAt,
      last_step: m.lastStep,
    });
  }
  /**
   * Records `step` as the account's last accepted code step if it is later than the recorded one,
   * in one conditional UPDATE; false when it is not (the code was spent meanwhile, on any server).
   */
  async spendStep(uid: string, step: number): Promise<boolean> {
    return (await this.sql.run(spendStep, { uid, step })) > 0;
  }
  /** False when the account had no record. */
  async delete(uid: string): Promise<boolean> {
    return (await this.sql.run(deleteMfa, { uid })) > 0;
  }
  /**
   * Seals again every seed stored clear (before sealing existed) or sealed by a key other than
   * the current one (a rotation); answers how many rows changed. Run at every start.
   */
  async resealSecrets(): Promise<number> {
    let changed = 0;
    const again = (v: string | null) =>
      v === null || v === '' || !this.secrets.needsSealing(v) ? v : this.secrets.seal(this.secrets.open(v));
    for (const row of (await this.sql.all(allMfa, {})).map(toUserMfa)) {
      const secret = again(row.secret);
      const pending = again(row.pendingSecret);
      if (secret === row.secret && pending === row.pendingSecret) continue;
      changed += await this.sql.run(resealMfa, {
        uid: row.uid,
        secret,
        pending,
        wasSecret: row.secret,
        wasPending: row.pendingSecret,
      });
    }
    return changed;
  }
}

const insertOperator = prepared((db, r: Insertable<OperatorsTable>) =>
  db.insertInto('operators').values({
    username: r.username,
    display_name: r.display_name,
    role: r.role,
    password_hash: r.password_hash,
  }),
);
const operatorByName = prepared((db, a: { username: string }, d) =>
  db
    .selectFrom('operators')
    .selectAll()
    .where(d.caseless(sql.ref('username')), '=', d.caseless(a.username)),
);

/** The provider's operators (the provider console's accounts). */
export class OperatorRepository {
  constructor(private readonly sql: Sql) {}

  async insert(o: OperatorRecord): Promise<void> {
    await this.sql.run(insertOperator, {
      username: o.username,
      display_name: o.displayName,
      role: o.role,
      password_hash: o.passwordHash,
    });
  }
  /** The operator of that name, without regard to case. */
  async get(username: string): Promise<OperatorRecord | null> {
    const r = await this.sql.first(operatorByName, { username });
    return r ? toOperator(r) : null;
  }
}
