import type { DashboardRecord } from '../ConfigStore';
import { prepared, type Sql } from '../sql';
import { str, type Row } from '../storeRows';

const toBoard = (r: Row): DashboardRecord => ({
  id: str(r.id),
  tid: str(r.tid),
  name: str(r.name),
  data: str(r.data),
  createdAt: str(r.created_at),
  createdBy: str(r.created_by),
  updatedAt: str(r.updated_at),
  updatedBy: str(r.updated_by),
});

const ofTenant = prepared((db, a: { tid: string }) =>
  db.selectFrom('dashboards').selectAll().where('tid', '=', a.tid).orderBy('name_key').orderBy('id'),
);
const one = prepared((db, a: { tid: string; id: string }) =>
  db.selectFrom('dashboards').selectAll().where('tid', '=', a.tid).where('id', '=', a.id),
);
// No row when the id or the tenant's name key is taken.
const insert = prepared(
  (
    db,
    r: {
      id: string;
      tid: string;
      name: string;
      name_key: string;
      data: string;
      created_at: string;
      created_by: string;
    },
  ) =>
    db
      .insertInto('dashboards')
      .values({
        id: r.id,
        tid: r.tid,
        name: r.name,
        name_key: r.name_key,
        data: r.data,
        created_at: r.created_at,
        created_by: r.created_by,
        updated_at: r.created_at,
        updated_by: r.created_by,
      })
      .onConflict((oc) => oc.doNothing()),
);
const nameTaken = prepared((db, a: { tid: string; nameKey: string; id: string }) =>
  db
    .selectFrom('dashboards')
    .select('id')
    .where('tid', '=', a.tid)
    .where('name_key', '=', a.nameKey)
    .where('id', '<>', a.id),
);
const update = prepared(
  (db, a: { tid: string; id: string; name: string; nameKey: string; data: string; at: string; by: string }) =>
    db
      .updateTable('dashboards')
      .set({ name: a.name, name_key: a.nameKey, data: a.data, updated_at: a.at, updated_by: a.by })
      .where('tid', '=', a.tid)
      .where('id', '=', a.id),
);
const deleteStarts = prepared((db, a: { tid: string; id: string }) =>
  db.deleteFrom('dashboard_start_boards').where('tid', '=', a.tid).where('board_id', '=', a.id),
);
const deleteOne = prepared((db, a: { tid: string; id: string }) =>
  db.deleteFrom('dashboards').where('tid', '=', a.tid).where('id', '=', a.id),
);
const startOf = prepared((db, a: { tid: string; uid: string }) =>
  db
    .selectFrom('dashboard_start_boards')
    .select('board_id')
    .where('tid', '=', a.tid)
    .where('uid', '=', a.uid),
);
const clearStart = prepared((db, a: { tid: string; uid: string }) =>
  db.deleteFrom('dashboard_start_boards').where('tid', '=', a.tid).where('uid', '=', a.uid),
);
const setStart = prepared((db, a: { tid: string; uid: string; boardId: string }) =>
  db.insertInto('dashboard_start_boards').values({ tid: a.tid, uid: a.uid, board_id: a.boardId }),
);

/** Dashboards people build (docs/dashboards.md), per tenant, and each user's start board. */
export class DashboardRepository {
  constructor(private readonly sql: Sql) {}

  /** The tenant's boards, by name without regard to case. */
  async list(tid: string): Promise<DashboardRecord[]> {
    return (await this.sql.all(ofTenant, { tid })).map(toBoard);
  }
  async get(tid: string, id: string): Promise<DashboardRecord | null> {
    const r = await this.sql.first(one, { tid, id });
    return r ? toBoard(r) : null;
  }
  /** Inserts; false (and nothing stored) when the tenant has a board of that name key. */
  async insert(x: DashboardRecord, nameKey: string): Promise<boolean> {
    const row = {
      id: x.id,
      tid: x.tid,
      name: x.name,
      name_key: nameKey,
      data: x.data,
      created_at: x.createdAt,
      created_by: x.createdBy,
    };
    return (await this.sql.run(insert, row)) > 0;
  }
  /** Replaces a board's name and document: 'taken' when another board has the name key. */
  async update(
    x: Pick<DashboardRecord, 'tid' | 'id' | 'name' | 'data' | 'updatedAt' | 'updatedBy'>,
    nameKey: string,
  ): Promise<'updated' | 'missing' | 'taken'> {
    return this.sql.transaction(async (tx) => {
      if (await tx.first(nameTaken, { tid: x.tid, nameKey, id: x.id })) return 'taken';
      const changed = await tx.run(update, {
        tid: x.tid,
        id: x.id,
        name: x.name,
        nameKey,
        data: x.data,
        at: x.updatedAt,
        by: x.updatedBy,
      });
      return changed > 0 ? 'updated' : 'missing';
    });
  }
  /** Deletes a board and the start pages that named it; false when the tenant has none of that id. */
  async delete(tid: string, id: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      await tx.run(deleteStarts, { tid, id });
      return (await tx.run(deleteOne, { tid, id })) > 0;
    });
  }
  /** The user's start board id, or null. */
  async startBoard(tid: string, uid: string): Promise<string | null> {
    const r = await this.sql.first(startOf, { tid, uid });
    return r ? str(r.board_id) : null;
  }
  /** Sets (or with null clears) the user's start board; the caller checks the board is the tenant's. */
  async setStartBoard(tid: string, uid: string, boardId: string | null): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run(clearStart, { tid, uid });
      if (boardId !== null) await tx.run(setStart, { tid, uid, boardId });
    });
  }
}
