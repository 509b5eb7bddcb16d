import { sql, type Insertable } from 'kysely';
import type { SavedSearchRecord } from '../ConfigStore';
import type { SavedSearchesTable } from '../schema';
import { prepared, type Sql } from '../sql';
import { str } from '../storeRows';

const ofUser = prepared((db, a: { tid: string; uid: string }, d) =>
  db
    .selectFrom('saved_searches')
    .selectAll()
    .where('tid', '=', a.tid)
    .where('uid', '=', a.uid)
    .orderBy(d.caseless(sql.ref('name')))
    .orderBy('name'),
);
// No row when the id or the user's name (without regard to case) is taken.
const insert = prepared((db, r: Insertable<SavedSearchesTable>) =>
  db
    .insertInto('saved_searches')
    .values({
      id: r.id,
      tid: r.tid,
      uid: r.uid,
      name: r.name,
      route: r.route,
      query: r.query,
      created_at: r.created_at,
    })
    .onConflict((oc) => oc.doNothing()),
);
const deleteOne = prepared((db, a: { tid: string; uid: string; id: string }) =>
  db.deleteFrom('saved_searches').where('tid', '=', a.tid).where('uid', '=', a.uid).where('id', '=', a.id),
);

/** Named filter sets of the logs area, kept per tenant and user. */
export class SavedSearchRepository {
  constructor(private readonly sql: Sql) {}

  /** The user's saved searches, by name. */
  async list(tid: string, uid: string): Promise<SavedSearchRecord[]> {
    return (await this.sql.all(ofUser, { tid, uid })).map((r) => ({
      id: str(r.id),
      tid,
      uid,
      name: str(r.name),
      route: str(r.route),
      query: str(r.query),
      createdAt: str(r.created_at),
    }));
  }
  /** Inserts; false (and nothing stored) when the user already has a search of that name. */
  async insert(x: SavedSearchRecord): Promise<boolean> {
    const row = {
      id: x.id,
      tid: x.tid,
      uid: x.uid,
      name: x.name,
      route: x.route,
      query: x.query,
      created_at: x.createdAt,
    };
    return (await this.sql.run(insert, row)) > 0;
  }
  /** False when the user has no search of that id. */
  async delete(tid: string, uid: string, id: string): Promise<boolean> {
    return (await this.sql.run(deleteOne, { tid, uid, id })) > 0;
  }
}
