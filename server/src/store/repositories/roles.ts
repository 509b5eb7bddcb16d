import type { Insertable } from 'kysely';
import type { TenantRoleRecord } from '../ConfigStore';
import type { TenantRolesTable } from '../schema';
import { prepared, type Sql } from '../sql';
import { str } from '../storeRows';

const rolesOfTenant = prepared((db, a: { tid: string }) =>
  db.selectFrom('tenant_roles').selectAll().where('tid', '=', a.tid).orderBy('name'),
);
const roleByName = prepared((db, a: { tid: string; name: string }) =>
  db.selectFrom('tenant_roles').selectAll().where('tid', '=', a.tid).where('name', '=', a.name),
);
const insertRole = prepared((db, r: Insertable<TenantRolesTable>) =>
  db.insertInto('tenant_roles').values({
    tid: r.tid,
    name: r.name,
    description: r.description,
    read_list: r.read_list,
    write_list: r.write_list,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }),
);
const updateRole = prepared(
  (db, a: { tid: string; name: string; description: string; read: string; write: string; at: string }) =>
    db
      .updateTable('tenant_roles')
      .set({ description: a.description, read_list: a.read, write_list: a.write, updated_at: a.at })
      .where('tid', '=', a.tid)
      .where('name', '=', a.name),
);
const deleteRole = prepared((db, a: { tid: string; name: string }) =>
  db.deleteFrom('tenant_roles').where('tid', '=', a.tid).where('name', '=', a.name),
);

const toRole = (r: Record<string, unknown>): TenantRoleRecord => ({
  tid: str(r.tid),
  name: str(r.name),
  description: str(r.description),
  read: JSON.parse(str(r.read_list)) as string[],
  write: JSON.parse(str(r.write_list)) as string[],
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

/** A tenant's own roles (docs/administrators.md); the built-in ones are not stored. */
export class TenantRoleRepository {
  constructor(private readonly sql: Sql) {}

  async list(tid: string): Promise<TenantRoleRecord[]> {
    return (await this.sql.all(rolesOfTenant, { tid })).map(toRole);
  }
  async get(tid: string, name: string): Promise<TenantRoleRecord | null> {
    const r = await this.sql.first(roleByName, { tid, name });
    return r ? toRole(r) : null;
  }
  async insert(r: TenantRoleRecord): Promise<void> {
    await this.sql.run(insertRole, {
      tid: r.tid,
      name: r.name,
      description: r.description,
      read_list: JSON.stringify(r.read),
      write_list: JSON.stringify(r.write),
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    });
  }
  /** False when the tenant has no such role. */
  async update(r: Omit<TenantRoleRecord, 'createdAt'>): Promise<boolean> {
    const args = {
      tid: r.tid,
      name: r.name,
      description: r.description,
      read: JSON.stringify(r.read),
      write: JSON.stringify(r.write),
      at: r.updatedAt,
    };
    return (await this.sql.run(updateRole, args)) > 0;
  }
  async delete(tid: string, name: string): Promise<boolean> {
    return (await this.sql.run(deleteRole, { tid, name })) > 0;
  }
}
