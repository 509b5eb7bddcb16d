import { sql, type Insertable } from 'kysely';
import type { PastReportRecord, ScheduledReportRecord } from '../ConfigStore';
import type { ScheduledReportsTable } from '../schema';
import { prepared, skip, type Sql } from '../sql';
import { flag, num, toPastReport, toScheduledReport } from '../storeRows';

const ofTenant = prepared((db, a: { tid: string }, d) =>
  db
    .selectFrom('scheduled_reports')
    .selectAll()
    .where('tid', '=', a.tid)
    .orderBy(d.caseless(sql.ref('name')))
    .orderBy('id'),
);
const byId = prepared((db, a: { tid: string; id: string }) =>
  db.selectFrom('scheduled_reports').selectAll().where('tid', '=', a.tid).where('id', '=', a.id),
);
// Another tenant's schedule of the same id is left as it is.
const put = prepared((db, r: Insertable<ScheduledReportsTable>) =>
  db
    .insertInto('scheduled_reports')
    .values({
      id: r.id,
      tid: r.tid,
      name: r.name,
      spec: r.spec,
      enabled: r.enabled,
      owner_uid: r.owner_uid,
      owner_name: r.owner_name,
      created_at: r.created_at,
      updated_at: r.updated_at,
      last_run_at: r.last_run_at,
      next_run_at: r.next_run_at,
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          spec: eb.ref('excluded.spec'),
          enabled: eb.ref('excluded.enabled'),
          owner_uid: eb.ref('excluded.owner_uid'),
          owner_name: eb.ref('excluded.owner_name'),
          updated_at: eb.ref('excluded.updated_at'),
          last_run_at: eb.ref('excluded.last_run_at'),
          next_run_at: eb.ref('excluded.next_run_at'),
        }))
        .where((eb) => eb('scheduled_reports.tid', '=', eb.ref('excluded.tid'))),
    ),
);
const deleteOne = prepared((db, a: { tid: string; id: string }) =>
  db.deleteFrom('scheduled_reports').where('tid', '=', a.tid).where('id', '=', a.id),
);
const due = prepared((db, a: { now: number }) =>
  db
    .selectFrom('scheduled_reports')
    .selectAll()
    .where('enabled', '=', 1)
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<=', a.now)
    .orderBy('next_run_at')
    .orderBy('id'),
);
const nextRun = prepared((db) =>
  db
    .selectFrom('scheduled_reports')
    .select((eb) => eb.fn.min('next_run_at').as('t'))
    .where('enabled', '=', 1),
);
// A conditional UPDATE: a second server's waits for the first's row lock, then finds next_run_at
// changed and updates nothing.
const claim = prepared((db, a: { id: string; expected: number; next: number | null; lastRunAt: string }) =>
  db
    .updateTable('scheduled_reports')
    .set({ next_run_at: a.next, last_run_at: a.lastRunAt })
    .where('id', '=', a.id)
    .where('enabled', '=', 1)
    .where('next_run_at', '=', a.expected),
);
const markRun = prepared((db, a: { tid: string; id: string; lastRunAt: string }) =>
  db
    .updateTable('scheduled_reports')
    .set({ last_run_at: a.lastRunAt })
    .where('tid', '=', a.tid)
    .where('id', '=', a.id),
);

/** Scheduled reports (report files): their definitions as saved, and their run state. */
export class ScheduledReportRepository {
  constructor(private readonly sql: Sql) {}

  /** The tenant's scheduled reports, by name. */
  async list(tid: string): Promise<ScheduledReportRecord[]> {
    return (await this.sql.all(ofTenant, { tid })).map(toScheduledReport);
  }
  async get(tid: string, id: string): Promise<ScheduledReportRecord | null> {
    const r = await this.sql.first(byId, { tid, id });
    return r ? toScheduledReport(r) : null;
  }
  /** Inserts, or replaces the row of that id and tenant (run state included). */
  async put(x: ScheduledReportRecord): Promise<void> {
    await this.sql.run(put, {
      id: x.id,
      tid: x.tid,
      name: x.name,
      spec: JSON.stringify(x.spec),
      enabled: flag(x.enabled),
      owner_uid: x.ownerUid,
      owner_name: x.ownerName,
      created_at: x.createdAt,
      updated_at: x.updatedAt,
      last_run_at: x.lastRunAt,
      next_run_at: x.nextRunAt,
    });
  }
  async delete(tid: string, id: string): Promise<boolean> {
    return (await this.sql.run(deleteOne, { tid, id })) > 0;
  }
  /** Enabled schedules of every tenant whose next run is at or before `now` (epoch ms). */
  async listDue(now: number): Promise<ScheduledReportRecord[]> {
    return (await this.sql.all(due, { now })).map(toScheduledReport);
  }
  /** The earliest next run of any enabled schedule, or null. */
  async nextRunAt(): Promise<number | null> {
    const r = await this.sql.first(nextRun, {});
    return r?.t === null || r?.t === undefined ? null : num(r.t);
  }
  /**
   * Claims a run: moves next_run_at from `expected` to `next` (and sets last_run_at) only when it
   * still is `expected` and the schedule is enabled. True for exactly one of several claimers.
   */
  async claimRun(id: string, expected: number, next: number | null, lastRunAt: string): Promise<boolean> {
    return (await this.sql.run(claim, { id, expected, next, lastRunAt })) === 1;
  }
  /** Records last_run_at of a run started by hand (run now); the schedule is unchanged otherwise. */
  async markRun(tid: string, id: string, lastRunAt: string): Promise<void> {
    await this.sql.run(markRun, { tid, id, lastRunAt });
  }
}

const insertPast = prepared(
  (
    db,
    a: {
      id: string;
      tid: string;
      scheduleId: string | null;
      name: string;
      record: string;
      createdMs: number;
    },
  ) =>
    db.insertInto('past_reports').values({
      id: a.id,
      tid: a.tid,
      schedule_id: a.scheduleId,
      name: a.name,
      record: a.record,
      created_ms: a.createdMs,
    }),
);
const insertFile = prepared((db, a: { id: string; tid: string; bytes: Uint8Array }) =>
  db.insertInto('report_files').values({ id: a.id, tid: a.tid, bytes: a.bytes }),
);
const newestFirst = (d: Sql['dialect']) => [sql.ref('created_ms'), d.insertionOrder] as const;
const pastOfTenant = prepared((db, a: { tid: string }, d) => {
  const [created, inserted] = newestFirst(d);
  return db
    .selectFrom('past_reports')
    .selectAll()
    .where('tid', '=', a.tid)
    .orderBy(created, 'desc')
    .orderBy(inserted, 'desc');
});
const pastBeyond = prepared((db, a: { tid: string; keep: number }, d) => {
  const [created, inserted] = newestFirst(d);
  const query = db
    .selectFrom('past_reports')
    .selectAll()
    .where('tid', '=', a.tid)
    .orderBy(created, 'desc')
    .orderBy(inserted, 'desc');
  return skip(query, d, a.keep);
});
const pastById = prepared((db, a: { tid: string; id: string }) =>
  db.selectFrom('past_reports').selectAll().where('tid', '=', a.tid).where('id', '=', a.id),
);
const fileById = prepared((db, a: { tid: string; id: string }) =>
  db.selectFrom('report_files').select('bytes').where('tid', '=', a.tid).where('id', '=', a.id),
);

/** Past reports (what the scheduled and run-now reports left) and their files, kept together. */
export class PastReportRepository {
  constructor(private readonly sql: Sql) {}

  /** Inserts the record and its file together (a record never exists without its file). */
  async insert(x: PastReportRecord, file: Uint8Array): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run(insertPast, {
        id: x.report.id,
        tid: x.tid,
        scheduleId: x.report.schedule_id,
        name: x.report.name,
        record: JSON.stringify(x.report),
        createdMs: x.createdMs,
      });
      await tx.run(insertFile, {
        id: x.report.id,
        tid: x.tid,
        bytes: Buffer.from(file.buffer, file.byteOffset, file.byteLength),
      });
    });
  }
  /** Newest first. */
  async list(tid: string): Promise<PastReportRecord[]> {
    return (await this.sql.all(pastOfTenant, { tid })).map(toPastReport);
  }
  async get(tid: string, id: string): Promise<PastReportRecord | null> {
    const r = await this.sql.first(pastById, { tid, id });
    return r ? toPastReport(r) : null;
  }
  /** The file of one of the tenant's past reports; null when there is none in the store. */
  async getFile(tid: string, id: string): Promise<Uint8Array | null> {
    const r = await this.sql.first(fileById, { tid, id });
    return r ? (r.bytes as Uint8Array) : null;
  }
  /** Removes the tenant's past reports beyond the newest `keep`, files included; answers the removed ones. */
  async prune(tid: string, keep: number): Promise<PastReportRecord[]> {
    return this.sql.transaction(async (tx) => {
      const old = (await tx.all(pastBeyond, { tid, keep })).map(toPastReport);
      if (old.length > 0)
        await tx.run(
          tx.db
            .deleteFrom('past_reports')
            .where('tid', '=', tid)
            .where(
              'id',
              'in',
              old.map((r) => r.report.id),
            ),
        );
      return old;
    });
  }
}
