import { sql, type Insertable } from 'kysely';
import type { PolicyDocRecord, PublishedRevisionRecord, RevisionRecord } from '../ConfigStore';
import type { PublishedRevisionsTable, RevisionsTable } from '../schema';
import { prepared, type Sql } from '../sql';
import { num, str, toPublishedRevision, toRevision } from '../storeRows';

const revisionOf = prepared((db, a: { tid: string }) =>
  db.selectFrom('revisions').selectAll().where('tid', '=', a.tid),
);
/** In a transaction the row stays locked until it ends (PostgreSQL; SQLite's transaction holds the file). */
const revisionOfLocked = prepared((db, a: { tid: string }, d) => {
  const query = db.selectFrom('revisions').selectAll().where('tid', '=', a.tid);
  return d.forUpdate ? query.forUpdate() : query;
});
const putRevision = prepared((db, r: Insertable<RevisionsTable>) =>
  db
    .insertInto('revisions')
    .values({
      tid: r.tid,
      rev_id: r.rev_id,
      staged_rev_id: r.staged_rev_id,
      state: r.state,
      updated_at: r.updated_at,
      updated_by: r.updated_by,
      rolled_back_from: r.rolled_back_from,
    })
    .onConflict((oc) =>
      oc.column('tid').doUpdateSet((eb) => ({
        rev_id: eb.ref('excluded.rev_id'),
        staged_rev_id: eb.ref('excluded.staged_rev_id'),
        state: eb.ref('excluded.state'),
        updated_at: eb.ref('excluded.updated_at'),
        updated_by: eb.ref('excluded.updated_by'),
        rolled_back_from: eb.ref('excluded.rolled_back_from'),
      })),
    ),
);
const insertPublished = prepared((db, r: Insertable<PublishedRevisionsTable>) =>
  db.insertInto('published_revisions').values({
    tid: r.tid,
    rev_id: r.rev_id,
    published_at: r.published_at,
    published_by: r.published_by,
    note: r.note,
    rolled_back_from: r.rolled_back_from,
  }),
);
const published = prepared((db, a: { tid: string }) =>
  db.selectFrom('published_revisions').selectAll().where('tid', '=', a.tid).orderBy('rev_id', 'desc'),
);
/**
 * A window on published_at, from inclusive, to exclusive, both as toISOString writes them (the
 * stored times are too: one fixed shape, so text order is time order under any collation).
 */
export interface PublishedWindow {
  from: string;
  to: string;
}
export const ALL_TIME: PublishedWindow = { from: '0000-01-01T00:00:00.000Z', to: '9999-12-31T23:59:59.999Z' };
const publishedPage = prepared(
  (db, a: { tid: string; limit: number; offset: number; from: string; to: string }) =>
    db
      .selectFrom('published_revisions')
      .selectAll()
      .where('tid', '=', a.tid)
      .where('published_at', '>=', a.from)
      .where('published_at', '<', a.to)
      .orderBy('rev_id', 'desc')
      .limit(a.limit)
      .offset(a.offset),
);
const countPublished = prepared((db, a: { tid: string; from: string; to: string }) =>
  db
    .selectFrom('published_revisions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tid', '=', a.tid)
    .where('published_at', '>=', a.from)
    .where('published_at', '<', a.to),
);
const publishedOne = prepared((db, a: { tid: string; revId: number }) =>
  db.selectFrom('published_revisions').selectAll().where('tid', '=', a.tid).where('rev_id', '=', a.revId),
);

/** A tenant's policy revision (the staged one and its counters) and its published revisions. */
export class RevisionRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * The tenant's revision. Read in a transaction, it stays as read until the end: a concurrent
   * writer of the same tenant's revision waits, so a stale updated_at is seen and refused (409)
   * on any server.
   */
  async get(tid: string): Promise<RevisionRecord | null> {
    const r = await this.sql.first(this.sql.inTransaction ? revisionOfLocked : revisionOf, { tid });
    return r ? toRevision(r) : null;
  }
  async put(v: RevisionRecord): Promise<void> {
    await this.sql.run(putRevision, {
      tid: v.tid,
      rev_id: v.revId,
      staged_rev_id: v.stagedRevId,
      state: v.state,
      updated_at: v.updatedAt,
      updated_by: v.updatedBy,
      rolled_back_from: v.rolledBackFrom ?? null,
    });
  }
  async insertPublished(p: PublishedRevisionRecord): Promise<void> {
    await this.sql.run(insertPublished, {
      tid: p.tid,
      rev_id: p.revId,
      published_at: p.publishedAt,
      published_by: p.publishedBy,
      note: p.note,
      rolled_back_from: p.rolledBackFrom,
    });
  }
  /** Published revisions, newest first; a page of them when `page` is given, inside `window`. */
  async listPublished(
    tid: string,
    page?: { limit: number; offset: number },
    window: PublishedWindow = ALL_TIME,
  ): Promise<PublishedRevisionRecord[]> {
    const rows = page
      ? await this.sql.all(publishedPage, { tid, limit: page.limit, offset: page.offset, ...window })
      : await this.sql.all(published, { tid });
    return rows.map(toPublishedRevision);
  }
  /** How many listPublished answers over all pages: the same condition. */
  async countPublished(tid: string, window: PublishedWindow = ALL_TIME): Promise<number> {
    return num((await this.sql.first(countPublished, { tid, ...window }))?.n);
  }
  async getPublished(tid: string, revId: number): Promise<PublishedRevisionRecord | null> {
    const r = await this.sql.first(publishedOne, { tid, revId });
    return r ? toPublishedRevision(r) : null;
  }
}

/** A kind's document saved in the revision (`=`), or the newest saved in it or before it (`<=`). */
const docAt = (op: '=' | '<=') =>
  prepared((db, a: { tid: string; kind: string; revId: number }) =>
    db
      .selectFrom('policy_docs')
      .select(['rev_id', 'data'])
      .where('tid', '=', a.tid)
      .where('kind', '=', a.kind)
      .where('rev_id', op, a.revId)
      .orderBy('rev_id', 'desc')
      .limit(sql.lit(1)),
  );
const docIn = docAt('=');
const docCarried = docAt('<=');
const putDoc = prepared((db, a: { tid: string; kind: string; revId: number; data: string }) =>
  db
    .insertInto('policy_docs')
    .values({ tid: a.tid, kind: a.kind, rev_id: a.revId, data: a.data })
    .onConflict((oc) =>
      oc.columns(['tid', 'kind', 'rev_id']).doUpdateSet((eb) => ({ data: eb.ref('excluded.data') })),
    ),
);
const deleteDocs = prepared((db, a: { tid: string; revId: number }) =>
  db.deleteFrom('policy_docs').where('tid', '=', a.tid).where('rev_id', '=', a.revId),
);
const kindsIn = prepared((db, a: { tid: string; revId: number }) =>
  db
    .selectFrom('policy_docs')
    .select('kind')
    .where('tid', '=', a.tid)
    .where('rev_id', '=', a.revId)
    .orderBy('kind'),
);

/** Policy documents (rows of common's policy-kind registry), per kind and the revision they were saved in. */
export class PolicyDocRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * A kind's document as revision `revId` sees it: saved in that revision exactly, or with
   * `carriedForward` the newest saved in it or before it; null when none was.
   */
  async get(
    tid: string,
    kind: string,
    revId: number,
    carriedForward: boolean,
  ): Promise<PolicyDocRecord | null> {
    const r = await this.sql.first(carriedForward ? docCarried : docIn, { tid, kind, revId });
    return r ? { tid, kind, revId: num(r.rev_id), data: JSON.parse(str(r.data)) as unknown } : null;
  }
  async put(doc: PolicyDocRecord): Promise<void> {
    await this.sql.run(putDoc, {
      tid: doc.tid,
      kind: doc.kind,
      revId: doc.revId,
      data: JSON.stringify(doc.data),
    });
  }
  /** Drops every document saved in revision `revId` (discarding a staged revision). */
  async deleteRevision(tid: string, revId: number): Promise<void> {
    await this.sql.run(deleteDocs, { tid, revId });
  }
  /** The kinds that have a document saved in revision `revId` exactly. */
  async listKinds(tid: string, revId: number): Promise<string[]> {
    return (await this.sql.all(kindsIn, { tid, revId })).map((r) => str(r.kind));
  }
}
