import { sql } from 'kysely';
import { prepared, type Sql } from '../sql';
import { num } from '../storeRows';

/** A lease as stored: who holds it, since and until when (epoch ms). */
export interface LeaseRecord {
  name: string;
  holder: string;
  takenAt: number;
  expiresAt: number;
}

/**
 * Takes the lease, or renews it: inserted when missing; else updated only when `holder` holds it
 * already (a renewal: taken_at stays) or it has expired. One conditional statement, so of several
 * servers asking at once exactly one gets it, on either engine.
 */
const take = prepared((db, a: { name: string; holder: string; now: number; expiresAt: number }) =>
  db
    .insertInto('leases')
    .values({ name: a.name, holder: a.holder, taken_at: a.now, expires_at: a.expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({
          holder: (eb) => eb.ref('excluded.holder'),
          taken_at: sql`CASE WHEN leases.holder = excluded.holder THEN leases.taken_at ELSE excluded.taken_at END`,
          expires_at: (eb) => eb.ref('excluded.expires_at'),
        })
        .where((eb) =>
          eb.or([
            eb('leases.holder', '=', eb.ref('excluded.holder')),
            eb('leases.expires_at', '<=', eb.ref('excluded.taken_at')),
          ]),
        ),
    ),
);
const release = prepared((db, a: { name: string; holder: string }) =>
  db.deleteFrom('leases').where('name', '=', a.name).where('holder', '=', a.holder),
);
const read = prepared((db, a: { name: string }) =>
  db.selectFrom('leases').selectAll().where('name', '=', a.name),
);

/** Leases of the config store: one holder at a time among the servers sharing it (store/leases.ts). */
export class LeaseRepository {
  constructor(private readonly sql: Sql) {}

  /** True when `holder` holds the lease until `now + ms` (taken now, or renewed). */
  async take(name: string, holder: string, now: number, ms: number): Promise<boolean> {
    return (await this.sql.run(take, { name, holder, now, expiresAt: now + ms })) === 1;
  }

  /** Gives the lease back (nothing when another holds it now). */
  async release(name: string, holder: string): Promise<void> {
    await this.sql.run(release, { name, holder });
  }

  async get(name: string): Promise<LeaseRecord | null> {
    const row = await this.sql.first(read, { name });
    return row
      ? { name: row.name, holder: row.holder, takenAt: num(row.taken_at), expiresAt: num(row.expires_at) }
      : null;
  }
}
