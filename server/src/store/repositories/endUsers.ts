import { sql, type Insertable } from 'kysely';
import { nameKey } from '@workbench/common/validators/controlCharacters';
import type { EndUserQuery, EndUserRecord } from '../ConfigStore';
import type { EndUsersTable } from '../schema';
import { like, prepared, type Sql } from '../sql';
import { likeEscape, num, str, toEndUser } from '../storeRows';

/** Sort columns by API name (a fixed map: nothing from the request reaches the SQL text). */
const SORT: Record<NonNullable<EndUserQuery['sort']>, { column: keyof EndUsersTable; caseless: boolean }> = {
  username: { column: 'username', caseless: true },
  first_name: { column: 'first_name', caseless: true },
  last_name: { column: 'last_name', caseless: true },
  email: { column: 'email', caseless: true },
  status: { column: 'status', caseless: false },
  created_at: { column: 'created_at', caseless: false },
};
/** The columns a search looks in (groups as their JSON text). */
const SEARCHED = ['username', 'first_name', 'last_name', 'email', 'groups_json'] as const;

const byId = prepared((db, a: { tid: string; uid: string }) =>
  db.selectFrom('end_users').selectAll().where('tid', '=', a.tid).where('uid', '=', a.uid),
);
/** By the normalised, case-folded key, or (a row keyed before migration 17) the name without case. */
const byName = prepared((db, a: { tid: string; username: string; key: string }, d) =>
  db
    .selectFrom('end_users')
    .selectAll()
    .where('tid', '=', a.tid)
    .where((eb) =>
      eb.or([
        eb('username_key', '=', a.key),
        eb(d.caseless(sql.ref('username')), '=', d.caseless(a.username)),
      ]),
    )
    .limit(1),
);
const columns = (r: Insertable<EndUsersTable>) => ({
  username: r.username,
  username_key: r.username_key,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  groups_json: r.groups_json,
  status: r.status,
  password_hash: r.password_hash,
  updated_at: r.updated_at,
});
const insert = prepared((db, r: Insertable<EndUsersTable>) =>
  db.insertInto('end_users').values({ uid: r.uid, tid: r.tid, ...columns(r), created_at: r.created_at }),
);
const update = prepared((db, r: Insertable<EndUsersTable>) =>
  db.updateTable('end_users').set(columns(r)).where('tid', '=', r.tid).where('uid', '=', r.uid),
);
const deleteOne = prepared((db, a: { tid: string; uid: string }) =>
  db.deleteFrom('end_users').where('tid', '=', a.tid).where('uid', '=', a.uid),
);
const countOfTenant = prepared((db, a: { tid: string }) =>
  db
    .selectFrom('end_users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tid', '=', a.tid),
);
const domains = prepared((db, a: { tid: string; at: string }, d) => {
  const at = d.indexOf(sql.ref('username'), a.at);
  return db
    .selectFrom('end_users')
    .select((eb) => [sql<string>`lower(substr(username, ${at} + 1))`.as('domain'), eb.fn.countAll().as('n')])
    .where('tid', '=', a.tid)
    .where(at, '>', 0)
    .groupBy('domain')
    .orderBy('domain');
});
const usernames = prepared((db, a: { tid: string; pattern: string; limit: number }, d) =>
  db
    .selectFrom('end_users')
    .select('username')
    .where('tid', '=', a.tid)
    .where(like(sql`lower(username)`, a.pattern))
    .orderBy(d.caseless(sql.ref('username')))
    .orderBy('username')
    .limit(a.limit),
);
const markSeeded = prepared((db, a: { tid: string; at: string }) =>
  db
    .insertInto('end_user_seeds')
    .values({ tid: a.tid, seeded_at: a.at })
    .onConflict((oc) => oc.column('tid').doNothing()),
);

/** The tenant's user database: the end users browsing through the service. */
export class EndUserRepository {
  constructor(private readonly sql: Sql) {}

  async list(tid: string, q: EndUserQuery): Promise<{ total: number; users: EndUserRecord[] }> {
    const { db, dialect } = this.sql;
    let query = db.selectFrom('end_users').where('tid', '=', tid);
    if (q.search && q.search.trim() !== '') {
      const pattern = `%${likeEscape(q.search.trim().toLowerCase())}%`;
      query = query.where((eb) => eb.or(SEARCHED.map((c) => like(sql`lower(${sql.ref(c)})`, pattern))));
    }
    const total = num((await this.sql.first(query.select((eb) => eb.fn.countAll().as('n'))))?.n ?? 0);
    const order = q.order === 'desc' ? 'desc' : 'asc';
    const sort = SORT[q.sort ?? 'username'];
    const key = sort.caseless ? dialect.caseless(sql.ref(sort.column)) : sql.ref(sort.column);
    const rows = await this.sql.all(
      query.selectAll().orderBy(key, order).orderBy('uid', order).limit(q.limit).offset(q.offset),
    );
    return { total, users: rows.map(toEndUser) };
  }
  async get(tid: string, uid: string): Promise<EndUserRecord | null> {
    const r = await this.sql.first(byId, { tid, uid });
    return r ? toEndUser(r) : null;
  }
  /** The tenant's end user of that name, without regard to case. */
  async findByUsername(tid: string, username: string): Promise<EndUserRecord | null> {
    const r = await this.sql.first(byName, { tid, username, key: nameKey(username) });
    return r ? toEndUser(r) : null;
  }
  async insert(u: EndUserRecord): Promise<void> {
    await this.sql.run(insert, endUserRow(u));
  }
  /** Replaces the stored fields of the user (matched by tid and uid). */
  async update(u: EndUserRecord): Promise<void> {
    await this.sql.run(update, endUserRow(u));
  }
  async delete(tid: string, uid: string): Promise<boolean> {
    return (await this.sql.run(deleteOne, { tid, uid })) > 0;
  }
  async count(tid: string): Promise<number> {
    return num((await this.sql.first(countOfTenant, { tid }))?.n ?? 0);
  }
  /** Domains of the usernames (the part after @), with their user counts, by domain. */
  async listDomains(tid: string): Promise<{ domain: string; users: number }[]> {
    return (await this.sql.all(domains, { tid, at: '@' })).map((r) => ({
      domain: str(r.domain),
      users: num(r.n),
    }));
  }
  /** Usernames containing `search` (without regard to case), by name, at most `limit`. */
  async listUsernames(tid: string, search: string | undefined, limit: number): Promise<string[]> {
    const pattern = `%${likeEscape((search ?? '').trim().toLowerCase())}%`;
    return (await this.sql.all(usernames, { tid, pattern, limit })).map((r) => str(r.username));
  }
  /** True the first time for a tenant (records that its demo end users were seeded). */
  async markSeeded(tid: string, at: string): Promise<boolean> {
    return (await this.sql.run(markSeeded, { tid, at })) > 0;
  }
}

const endUserRow = (u: EndUserRecord): Insertable<EndUsersTable> => ({
  uid: u.uid,
  tid: u.tid,
  username: u.username,
  username_key: nameKey(u.username),
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  groups_json: JSON.stringify(u.groups),
  status: u.status,
  password_hash: u.passwordHash,
  created_at: u.createdAt,
  updated_at: u.updatedAt,
});
