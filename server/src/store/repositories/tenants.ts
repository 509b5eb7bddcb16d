import { sql, type Insertable } from 'kysely';
import type { TenantsTable } from '../schema';
import type { TenantRecord } from '../ConfigStore';
import { like, prepared, type Sql } from '../sql';
import { flag, toTenant } from '../storeRows';

const anyTenant = prepared((db) =>
  db
    .selectFrom('tenants')
    .select(sql<number>`1`.as('x'))
    .limit(sql.lit(1)),
);
const insert = prepared((db, r: Insertable<TenantsTable>) =>
  db.insertInto('tenants').values({
    tid: r.tid,
    name: r.name,
    status: r.status,
    created_at: r.created_at,
    capabilities: r.capabilities,
    portal_v2: r.portal_v2,
  }),
);
const byId = prepared((db, a: { tid: string }) =>
  db.selectFrom('tenants').selectAll().where('tid', '=', a.tid),
);
const all = prepared((db) => db.selectFrom('tenants').selectAll().orderBy('name'));
const setPortal = prepared((db, a: { tid: string; portalV2: number }) =>
  db.updateTable('tenants').set({ portal_v2: a.portalV2 }).where('tid', '=', a.tid),
);

/** Tenants (the provider console's tenant rows, the portal's tenant). */
export class TenantRepository {
  constructor(private readonly sql: Sql) {}

  /** True when no tenant exists yet (first start). */
  async isEmpty(): Promise<boolean> {
    return (await this.sql.first(anyTenant, {})) === undefined;
  }
  async insert(t: TenantRecord): Promise<void> {
    await this.sql.run(insert, {
      tid: t.tid,
      name: t.name,
      status: t.status,
      created_at: t.createdAt,
      capabilities: JSON.stringify(t.capabilities),
      portal_v2: flag(t.portalV2),
    });
  }
  async get(tid: string): Promise<TenantRecord | null> {
    const r = await this.sql.first(byId, { tid });
    return r ? toTenant(r) : null;
  }
  async list(): Promise<TenantRecord[]> {
    return (await this.sql.all(all, {})).map(toTenant);
  }
  async setPortalVersion(tid: string, portalV2: boolean): Promise<void> {
    await this.sql.run(setPortal, { tid, portalV2: flag(portalV2) });
  }
  /** Changes a tenant's name, status or capabilities (the provider console's tenant writes). */
  async update(
    tid: string,
    changes: Partial<Pick<TenantRecord, 'name' | 'status' | 'capabilities'>>,
  ): Promise<void> {
    const set = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.capabilities !== undefined ? { capabilities: JSON.stringify(changes.capabilities) } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.sql.run(this.sql.db.updateTable('tenants').set(set).where('tid', '=', tid));
  }
  /** Deletes the tenant and everything kept under its id (accounts, sessions, policy, users). */
  async delete(tid: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      // Every table with a tenant column, children first: sessions name users, users name the tenant.
      const order = (t: string) => (t === 'sessions' ? 0 : t === 'users' ? 2 : 1);
      const tables = (await tx.all(tx.dialect.tablesWithColumn('tid')))
        .map((r) => String(r.name))
        .filter((t) => t !== 'tenants')
        .sort((a, b) => order(a) - order(b) || a.localeCompare(b));
      for (const t of tables)
        await tx.run(sql`DELETE FROM ${sql.table(t)} WHERE tid = ${tid}`.compile(tx.db));
      // The tenant's provider-console documents (config, tags, SKUs, …) are entities named tenant_*.
      await tx.run(
        tx.db
          .deleteFrom('provider_entities')
          .where(({ ref }) => like(ref('entity'), 'tenant\\_%'))
          .where('id', '=', tid),
      );
      // Its multi-tenant associations name it as parent or child (no tid column).
      await tx.run(
        tx.db
          .deleteFrom('tenant_associations')
          .where((eb) => eb.or([eb('primary_tid', '=', tid), eb('secondary_tid', '=', tid)])),
      );
      return (await tx.run(tx.db.deleteFrom('tenants').where('tid', '=', tid))) > 0;
    });
  }
}
