import type { SecretBox } from '../../security/secretBox';
import { prepared, type Sql } from '../sql';
import { str } from '../storeRows';

/** Kinds of the central manager's rows. */
export type FleetKind = 'system' | 'group' | 'template' | 'job' | 'schedule' | 'settings';

/** One stored row: its public fields, its secret ones (opened), when it was written last. */
export interface FleetRecord {
  kind: FleetKind;
  id: string;
  data: Record<string, unknown>;
  secret: Record<string, unknown>;
  updatedAt: string;
}

const byId = prepared((db, a: { kind: string; id: string }) =>
  db.selectFrom('managed_fleet').selectAll().where('kind', '=', a.kind).where('id', '=', a.id),
);
const ofKind = prepared((db, a: { kind: string }) =>
  db.selectFrom('managed_fleet').selectAll().where('kind', '=', a.kind).orderBy('id'),
);
const insertOne = prepared(
  (db, a: { kind: string; id: string; data: string; secret: string | null; at: string }) =>
    db
      .insertInto('managed_fleet')
      .values({ kind: a.kind, id: a.id, data: a.data, secret: a.secret, updated_at: a.at })
      .onConflict((oc) => oc.columns(['kind', 'id']).doNothing()),
);
const updateOne = prepared(
  (db, a: { kind: string; id: string; data: string; secret: string | null; at: string }) =>
    db
      .updateTable('managed_fleet')
      .set({ data: a.data, secret: a.secret, updated_at: a.at })
      .where('kind', '=', a.kind)
      .where('id', '=', a.id),
);
/** Compare-and-set on the updated_at the caller read: of two writers of one read, one wins. */
const updateIfUnchanged = prepared(
  (db, a: { kind: string; id: string; data: string; at: string; expected: string }) =>
    db
      .updateTable('managed_fleet')
      .set({ data: a.data, updated_at: a.at })
      .where('kind', '=', a.kind)
      .where('id', '=', a.id)
      .where('updated_at', '=', a.expected),
);
const deleteOne = prepared((db, a: { kind: string; id: string }) =>
  db.deleteFrom('managed_fleet').where('kind', '=', a.kind).where('id', '=', a.id),
);

/**
 * The central manager's rows (migration 24, docs/central-manager.md): managed appliances (their
 * sign-in sealed in `secret`), groups, templates, jobs and scheduled actions, each a JSON document of its kind.
 */
export class ManagedFleetRepository {
  constructor(
    private readonly sql: Sql,
    private readonly secrets: SecretBox,
  ) {}

  private recordOf = (r: Record<string, unknown>): FleetRecord => {
    const sealed = typeof r.secret === 'string' ? r.secret : null;
    const secret = sealed ? (JSON.parse(this.secrets.open(sealed)) as Record<string, unknown>) : {};
    const data = JSON.parse(str(r.data)) as Record<string, unknown>;
    return { kind: str(r.kind) as FleetKind, id: str(r.id), data, secret, updatedAt: str(r.updated_at) };
  };

  async get(kind: FleetKind, id: string): Promise<FleetRecord | null> {
    const r = await this.sql.first(byId, { kind, id });
    return r ? this.recordOf(r) : null;
  }

  async list(kind: FleetKind): Promise<FleetRecord[]> {
    return (await this.sql.all(ofKind, { kind })).map(this.recordOf);
  }

  /** A new row (false when one of that id exists), or, with `replace`, the row written over. */
  async put(
    kind: FleetKind,
    id: string,
    data: Record<string, unknown>,
    secret: Record<string, unknown> | null,
    at: string,
    replace = false,
  ): Promise<boolean> {
    const args = {
      kind,
      id,
      data: JSON.stringify(data),
      secret: secret && Object.keys(secret).length > 0 ? this.secrets.seal(JSON.stringify(secret)) : null,
      at,
    };
    return (await this.sql.run(replace ? updateOne : insertOne, args)) === 1;
  }

  /**
   * Writes `data` over the row only if it is still the one saved at `expected` (a row without a
   * secret); answers whether it did. `at` is after `expected`, so the next writer sees a change.
   */
  async replaceIfUnchanged(
    kind: FleetKind,
    id: string,
    data: Record<string, unknown>,
    now: Date,
    expected: string,
  ): Promise<boolean> {
    const at = new Date(Math.max(now.getTime(), Date.parse(expected) + 1)).toISOString();
    return (
      (await this.sql.run(updateIfUnchanged, { kind, id, data: JSON.stringify(data), at, expected })) === 1
    );
  }

  async delete(kind: FleetKind, id: string): Promise<boolean> {
    return (await this.sql.run(deleteOne, { kind, id })) === 1;
  }
}
