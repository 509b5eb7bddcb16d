import { sql, type Insertable } from 'kysely';
import type { LoginFailureKey, LoginFailureRecord, RateLimitWindow } from '../ConfigStore';
import type { LoginFailuresTable } from '../schema';
import { prepared, skip, type Sql } from '../sql';
import { num } from '../storeRows';

const failuresOf = prepared((db, k: LoginFailureKey) =>
  db
    .selectFrom('login_failures')
    .selectAll()
    .where('world', '=', k.world)
    .where('username', '=', k.username)
    .where('client', '=', k.client),
);
const putFailures = prepared((db, r: Insertable<LoginFailuresTable>) =>
  db
    .insertInto('login_failures')
    .values({
      world: r.world,
      username: r.username,
      client: r.client,
      failures: r.failures,
      locked_until: r.locked_until,
      last_failure_at: r.last_failure_at,
    })
    .onConflict((oc) =>
      oc.columns(['world', 'username', 'client']).doUpdateSet((eb) => ({
        failures: eb.ref('excluded.failures'),
        locked_until: eb.ref('excluded.locked_until'),
        last_failure_at: eb.ref('excluded.last_failure_at'),
      })),
    ),
);
const forget = prepared((db, a: { forgetBefore: number; now: number }) =>
  db
    .deleteFrom('login_failures')
    .where('last_failure_at', '<', a.forgetBefore)
    .where('locked_until', '<=', a.now),
);
const cap = prepared((db, a: { cap: number }, d) =>
  db
    .deleteFrom('login_failures')
    .where(
      sql`(world, username, client)`,
      'in',
      skip(
        db
          .selectFrom('login_failures')
          .select(['world', 'username', 'client'])
          .orderBy('last_failure_at', 'desc'),
        d,
        a.cap,
      ),
    ),
);
const clearFailures = prepared((db, k: LoginFailureKey) =>
  db
    .deleteFrom('login_failures')
    .where('world', '=', k.world)
    .where('username', '=', k.username)
    .where('client', '=', k.client),
);
const lockedAccounts = prepared((db, a: { world: string; now: number }) =>
  db
    .selectFrom('login_failures')
    .select('username')
    .where('world', '=', a.world)
    .where('locked_until', '>', a.now),
);
const clearAccount = prepared((db, a: { world: string; username: string }) =>
  db.deleteFrom('login_failures').where('world', '=', a.world).where('username', '=', a.username),
);
const countFailures = prepared((db) =>
  db.selectFrom('login_failures').select((eb) => eb.fn.countAll().as('n')),
);

/**
 * Consecutive sign-in failures on one account from one client address (security/loginAttempt.ts);
 * read and written under the store's withLoginLock.
 */
export class LoginFailureRepository {
  constructor(private readonly sql: Sql) {}

  async get(key: LoginFailureKey): Promise<LoginFailureRecord | null> {
    const r = await this.sql.first(failuresOf, {
      world: key.world,
      username: key.username,
      client: key.client,
    });
    return r
      ? {
          ...key,
          failures: num(r.failures),
          lockedUntil: num(r.locked_until),
          lastFailureAt: num(r.last_failure_at),
        }
      : null;
  }
  /**
   * Writes the record, then forgets records whose lock is over and whose last failure is before
   * `forgetBefore`, and beyond `cap` records the oldest ones.
   */
  async put(f: LoginFailureRecord, limits: { forgetBefore: number; cap: number }): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run(putFailures, {
        world: f.world,
        username: f.username,
        client: f.client,
        failures: f.failures,
        locked_until: f.lockedUntil,
        last_failure_at: f.lastFailureAt,
      });
      await tx.run(forget, { forgetBefore: limits.forgetBefore, now: f.lastFailureAt });
      await tx.run(cap, { cap: limits.cap });
    });
  }
  async clear(key: LoginFailureKey): Promise<void> {
    await this.sql.run(clearFailures, { world: key.world, username: key.username, client: key.client });
  }
  /** The (lower-case) user names locked out now, from any client address. */
  async lockedNow(world: LoginFailureKey['world'], now: number): Promise<Set<string>> {
    return new Set((await this.sql.all(lockedAccounts, { world, now })).map((r) => String(r.username)));
  }
  /** Forgets the account's failures from every client address (an administrator's unlock). */
  async clearAccount(world: LoginFailureKey['world'], username: string): Promise<number> {
    return this.sql.run(clearAccount, { world, username: username.trim().toLowerCase() });
  }
  async count(): Promise<number> {
    return num((await this.sql.first(countFailures, {}))?.n);
  }
}

// The SET expressions read the row as it was before this statement (both engines).
const hit = prepared((db, a: { key: string; now: number; windowEndsAt: number }) =>
  db
    .insertInto('rate_limits')
    .values({ key: a.key, hits: 1, window_ends_at: a.windowEndsAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`CASE WHEN rate_limits.window_ends_at <= ${a.now} THEN 1 ELSE rate_limits.hits + 1 END`,
        window_ends_at: sql`CASE WHEN rate_limits.window_ends_at <= ${a.now} THEN excluded.window_ends_at
          ELSE rate_limits.window_ends_at END`,
      }),
    )
    .returning(['hits', 'window_ends_at']),
);
const deleteEnded = prepared((db, a: { now: number }) =>
  db.deleteFrom('rate_limits').where('window_ends_at', '<=', a.now),
);

/** Rate-limit windows (the sign-in limit: client address and group), shared by every server on the store. */
export class RateLimitRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Counts one hit of a rate-limited key and answers its window: the hits so far, this one
   * included, and when the window ends. A key with no window or an ended one (window_ends_at <=
   * now) starts a new window of `windowMs` at this hit. One atomic statement, so servers sharing
   * the store count every hit once (security/loginRateLimit.ts).
   */
  async hit(key: string, now: number, windowMs: number): Promise<RateLimitWindow> {
    const r = await this.sql.first(hit, { key, now, windowEndsAt: now + windowMs });
    if (!r) throw new Error('the rate-limit upsert answered no row');
    return { hits: num(r.hits), windowEndsAt: num(r.window_ends_at) };
  }
  /** Forgets the windows that ended at or before `now`; answers how many. */
  async deleteEnded(now: number): Promise<number> {
    return this.sql.run(deleteEnded, { now });
  }
}
