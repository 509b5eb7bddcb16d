import { sql } from 'kysely';
import type { EntityListOptions, EntityRecord } from '../ConfigStore';
import { like, prepared, type Sql } from '../sql';
import type { SecretBox } from '../../security/secretBox';
import { entityNeedsSealing, mapEntitySecrets, SECRET_ENTITY_FIELDS } from '../secretFields';
import { likeEscape, num, toEntity } from '../storeRows';

const entityById = prepared((db, a: { entity: string; id: string }) =>
  db.selectFrom('provider_entities').selectAll().where('entity', '=', a.entity).where('id', '=', a.id),
);
// Two entities' rows of one id in one round trip (the guard reads a tenant's two access documents).
const twoById = prepared((db, a: { first: string; second: string; id: string }) =>
  db
    .selectFrom('provider_entities')
    .selectAll()
    .where('entity', 'in', [a.first, a.second])
    .where('id', '=', a.id),
);
const insert = prepared(
  (db, a: { entity: string; id: string; data: string; createdAt: string; updatedAt: string }) =>
    db
      .insertInto('provider_entities')
      .values({ entity: a.entity, id: a.id, data: a.data, created_at: a.createdAt, updated_at: a.updatedAt })
      .onConflict((oc) => oc.columns(['entity', 'id']).doNothing()),
);
type UpdateArgs = { entity: string; id: string; data: string; updatedAt: string; expected: string };
const update = prepared((db, a: UpdateArgs) =>
  db
    .updateTable('provider_entities')
    .set({ data: a.data, updated_at: a.updatedAt })
    .where('entity', '=', a.entity)
    .where('id', '=', a.id),
);
const updateIfUnchanged = prepared((db, a: UpdateArgs) =>
  db
    .updateTable('provider_entities')
    .set({ data: a.data, updated_at: a.updatedAt })
    .where('entity', '=', a.entity)
    .where('id', '=', a.id)
    .where('updated_at', '=', a.expected),
);
const rowsOf = prepared((db, a: { entity: string }) =>
  db.selectFrom('provider_entities').selectAll().where('entity', '=', a.entity),
);
// Sealing again at start: only if the row still holds what was read (a save meanwhile wins).
const resealIfUnchanged = prepared((db, a: { entity: string; id: string; data: string; was: string }) =>
  db
    .updateTable('provider_entities')
    .set({ data: a.data })
    .where('entity', '=', a.entity)
    .where('id', '=', a.id)
    .where('data', '=', a.was),
);
const deleteOne = prepared((db, a: { entity: string; id: string }) =>
  db.deleteFrom('provider_entities').where('entity', '=', a.entity).where('id', '=', a.id),
);

/**
 * The updated_at of a compare-and-set write (`update(record, expectedUpdatedAt)`): `now`, or just
 * after the row's `expected` one when the clock has not moved past it, so that every write changes
 * the row's updated_at and two writers that read the same row never both win.
 */
export function updatedAtAfter(now: Date, expected?: string): string {
  const previous = expected ? Date.parse(expected) + 1 : 0;
  return new Date(Math.max(now.getTime(), previous)).toISOString();
}

/** Rows of the provider entities (common's provider-entity registry), kept as their JSON fields. */
export class EntityRepository {
  constructor(
    private readonly sql: Sql,
    /** Seals and opens the secret fields (store/secretFields.ts). */
    private readonly secrets: SecretBox,
  ) {}

  /** A stored row with its secret fields opened. */
  private opened = (r: Parameters<typeof toEntity>[0]): EntityRecord => {
    const e = toEntity(r);
    return { ...e, data: mapEntitySecrets(e.entity, e.data, (v) => this.secrets.open(v)) };
  };
  private sealed = (e: EntityRecord): string =>
    JSON.stringify(mapEntitySecrets(e.entity, e.data, (v) => this.secrets.seal(v)));

  /** A page of an entity's rows: sorted by a field (created_at/updated_at or a data field), searched. */
  async list(entity: string, o: EntityListOptions): Promise<{ total: number; records: EntityRecord[] }> {
    const { db, dialect } = this.sql;
    let query = db.selectFrom('provider_entities').where('entity', '=', entity);
    const q = o.q?.trim().toLowerCase();
    if (q && o.searchFields.length > 0) {
      const pattern = `%${likeEscape(q)}%`;
      // Field names go in as parameters, never into the SQL text.
      query = query.where((eb) =>
        eb.or(o.searchFields.map((field) => like(sql`lower(${dialect.jsonText('data', field)})`, pattern))),
      );
    }
    for (const [field, value] of Object.entries(o.equals ?? {}))
      query = query.where(dialect.jsonText('data', field), '=', value);
    const total = num((await this.sql.first(query.select((eb) => eb.fn.countAll().as('n'))))?.n ?? 0);
    const order = o.order === 'desc' ? 'desc' : 'asc';
    let rows = query.selectAll();
    if (o.sort === 'created_at' || o.sort === 'updated_at') rows = rows.orderBy(o.sort, order);
    else for (const key of dialect.jsonOrder('data', o.sort)) rows = rows.orderBy(key, order);
    const records = await this.sql.all(rows.orderBy('id', order).limit(o.limit).offset(o.offset));
    return { total, records: records.map(this.opened) };
  }
  /** The newest rows (by created_at) whose data fields equal `equals`, and how many match. */
  newest(
    entity: string,
    equals: Readonly<Record<string, string>>,
    page: { limit: number; offset?: number },
  ): Promise<{ total: number; records: EntityRecord[] }> {
    return this.list(entity, {
      limit: page.limit,
      offset: page.offset ?? 0,
      sort: 'created_at',
      order: 'desc',
      searchFields: [],
      equals,
    });
  }
  async get(entity: string, id: string): Promise<EntityRecord | null> {
    const r = await this.sql.first(entityById, { entity, id });
    return r ? this.opened(r) : null;
  }
  /** The rows of id `id` of two entities, in one query: each, or null where there is none. */
  async getTwo(
    entities: readonly [string, string],
    id: string,
  ): Promise<[EntityRecord | null, EntityRecord | null]> {
    const [first, second] = entities;
    const rows = (await this.sql.all(twoById, { first, second, id })).map(this.opened);
    const of = (entity: string) => rows.find((r) => r.entity === entity) ?? null;
    return [of(first), of(second)];
  }
  /** False (and nothing stored) when the entity already has a row of that id. */
  async insert(e: EntityRecord): Promise<boolean> {
    const args = {
      entity: e.entity,
      id: e.id,
      data: this.sealed(e),
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
    };
    return (await this.sql.run(insert, args)) === 1;
  }
  /**
   * Replaces the data and updated_at of the row; false when there is none or, with
   * `expectedUpdatedAt`, when its updated_at is no longer that (another writer, perhaps another
   * server, changed it first: a compare-and-set, so exactly one of several claimers wins).
   */
  async update(e: EntityRecord, expectedUpdatedAt?: string): Promise<boolean> {
    const args = {
      entity: e.entity,
      id: e.id,
      data: this.sealed(e),
      updatedAt: e.updatedAt,
      expected: expectedUpdatedAt ?? '',
    };
    return (await this.sql.run(expectedUpdatedAt === undefined ? update : updateIfUnchanged, args)) === 1;
  }
  async delete(entity: string, id: string): Promise<boolean> {
    return (await this.sql.run(deleteOne, { entity, id })) === 1;
  }
  /**
   * Seals again every secret field stored clear (before sealing existed) or sealed by a key other
   * than the current one (a rotation); answers how many rows changed. Run at every start.
   */
  async resealSecrets(): Promise<number> {
    let changed = 0;
    for (const entity of Object.keys(SECRET_ENTITY_FIELDS)) {
      for (const row of await this.sql.all(rowsOf, { entity })) {
        const record = toEntity(row);
        if (!entityNeedsSealing(this.secrets, entity, record.data)) continue;
        const clear = mapEntitySecrets(entity, record.data, (v) => this.secrets.open(v));
        const data = JSON.stringify(mapEntitySecrets(entity, clear, (v) => this.secrets.seal(v)));
        const was = typeof row.data === 'string' ? row.data : JSON.stringify(row.data);
        changed += await this.sql.run(resealIfUnchanged, { entity, id: record.id, data, was });
      }
    }
    return changed;
  }
}
