import { sql, type Insertable, type Kysely } from 'kysely';
import type { AssociationStatus } from '@workbench/common/api/contract/multiTenant';
import type { TenantAssociationRecord } from '../ConfigStore';
import type { ConfigDatabase, TenantAssociationsTable } from '../schema';
import { prepared, type Sql } from '../sql';
import { str } from '../storeRows';

/** The association rows with both tenants' names. */
const named = (db: Kysely<ConfigDatabase>) =>
  db
    .selectFrom('tenant_associations as a')
    .innerJoin('tenants as p', 'p.tid', 'a.primary_tid')
    .innerJoin('tenants as s', 's.tid', 'a.secondary_tid')
    .select([
      'a.id',
      'a.primary_tid',
      'a.secondary_tid',
      'a.status',
      'a.created_at',
      'a.updated_at',
      'a.updated_by',
      'p.name as primary_name',
      's.name as secondary_name',
    ]);
const all = prepared((db) => named(db).orderBy('a.created_at').orderBy('a.id'));
const ofTenant = prepared((db, a: { tid: string }) =>
  named(db)
    .where((eb) => eb.or([eb('a.primary_tid', '=', a.tid), eb('a.secondary_tid', '=', a.tid)]))
    .orderBy('a.created_at')
    .orderBy('a.id'),
);
const byId = prepared((db, a: { id: string }) => named(db).where('a.id', '=', a.id));
/** The child's active parent, the one approved first (approval refuses a second one). */
const activeParent = prepared((db, a: { tid: string }) =>
  db
    .selectFrom('tenant_associations')
    .select('primary_tid')
    .where('secondary_tid', '=', a.tid)
    .where('status', '=', 'active')
    .orderBy('updated_at')
    .limit(sql.lit(1)),
);
const insertOne = prepared((db, r: Insertable<TenantAssociationsTable>) =>
  db.insertInto('tenant_associations').values({
    id: r.id,
    primary_tid: r.primary_tid,
    secondary_tid: r.secondary_tid,
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
    updated_by: r.updated_by,
  }),
);
/** Compare-and-set: only from the status the caller read, so two concurrent changes cannot both win. */
const setStatus = prepared(
  (db, a: { id: string; from: AssociationStatus; to: AssociationStatus; at: string; by: string }) =>
    db
      .updateTable('tenant_associations')
      .set({ status: a.to, updated_at: a.at, updated_by: a.by })
      .where('id', '=', a.id)
      .where('status', '=', a.from),
);

const toAssociation = (r: Record<string, unknown>): TenantAssociationRecord => ({
  id: str(r.id),
  primaryTid: str(r.primary_tid),
  primaryName: str(r.primary_name),
  secondaryTid: str(r.secondary_tid),
  secondaryName: str(r.secondary_name),
  status: str(r.status) as AssociationStatus,
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
  updatedBy: str(r.updated_by),
});

/** Multi-tenant associations (common api/contract/multiTenant.ts, docs/access.md §7). */
export class TenantAssociationRepository {
  constructor(private readonly sql: Sql) {}

  /** Every association (the provider's view; tests). */
  async list(): Promise<TenantAssociationRecord[]> {
    return (await this.sql.all(all, {})).map(toAssociation);
  }
  /** The tenant's associations from both sides, oldest first. */
  async listOf(tid: string): Promise<TenantAssociationRecord[]> {
    return (await this.sql.all(ofTenant, { tid })).map(toAssociation);
  }
  async get(id: string): Promise<TenantAssociationRecord | null> {
    const r = await this.sql.first(byId, { id });
    return r ? toAssociation(r) : null;
  }
  /** The tenant id of the child's active parent; null when it has none. */
  async activeParentOf(tid: string): Promise<string | null> {
    const r = await this.sql.first(activeParent, { tid });
    return r ? str(r.primary_tid) : null;
  }
  async insert(
    r: Omit<TenantAssociationRecord, 'primaryName' | 'secondaryName' | 'updatedAt' | 'updatedBy'> & {
      updatedAt?: string;
      updatedBy: string;
    },
  ): Promise<void> {
    await this.sql.run(insertOne, {
      id: r.id,
      primary_tid: r.primaryTid,
      secondary_tid: r.secondaryTid,
      status: r.status,
      created_at: r.createdAt,
      updated_at: r.updatedAt ?? r.createdAt,
      updated_by: r.updatedBy,
    });
  }
  /** False when the association is no longer in status `from` (someone changed it meanwhile). */
  async setStatus(a: {
    id: string;
    from: AssociationStatus;
    to: AssociationStatus;
    at: string;
    by: string;
  }): Promise<boolean> {
    return (await this.sql.run(setStatus, a)) > 0;
  }
}
