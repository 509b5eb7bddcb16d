import type { SecretBox } from '../../security/secretBox';
import { prepared, type Sql } from '../sql';
import { str } from '../storeRows';

/** One stored appliance row: its public fields, its secret ones (opened), who saved it last. */
export interface ApplianceSettingsRecord {
  key: string;
  data: Record<string, unknown>;
  secret: Record<string, unknown>;
  updatedAt: string;
  updatedBy: string;
}

const byKey = prepared((db, a: { key: string }) =>
  db.selectFrom('appliance_settings').selectAll().where('key', '=', a.key),
);
const all = prepared((db) => db.selectFrom('appliance_settings').selectAll().orderBy('key'));
const insertOne = prepared(
  (db, a: { key: string; data: string; secret: string | null; at: string; by: string }) =>
    db
      .insertInto('appliance_settings')
      .values({ key: a.key, data: a.data, secret: a.secret, updated_at: a.at, updated_by: a.by })
      .onConflict((oc) => oc.column('key').doNothing()),
);
/** Compare-and-set on the updated_at the caller read: two saves of one read cannot both win. */
const updateIfUnchanged = prepared(
  (db, a: { key: string; data: string; secret: string | null; at: string; by: string; expected: string }) =>
    db
      .updateTable('appliance_settings')
      .set({ data: a.data, secret: a.secret, updated_at: a.at, updated_by: a.by })
      .where('key', '=', a.key)
      .where('updated_at', '=', a.expected),
);

/**
 * An on-premises appliance's own settings (migration 20, docs/appliances.md): one row per settings
 * document of common's appliance registry, and the CA and service certificate rows. Write-only
 * fields and private keys are kept sealed in `secret`.
 */
export class ApplianceSettingsRepository {
  constructor(
    private readonly sql: Sql,
    private readonly secrets: SecretBox,
  ) {}

  private recordOf = (r: Record<string, unknown>): ApplianceSettingsRecord => ({
    key: str(r.key),
    data: JSON.parse(str(r.data)) as Record<string, unknown>,
    secret:
      r.secret === null || r.secret === undefined
        ? {}
        : (JSON.parse(this.secrets.open(str(r.secret))) as Record<string, unknown>),
    updatedAt: str(r.updated_at),
    updatedBy: str(r.updated_by),
  });

  async get(key: string): Promise<ApplianceSettingsRecord | null> {
    const r = await this.sql.first(byKey, { key });
    return r ? this.recordOf(r) : null;
  }

  async all(): Promise<ApplianceSettingsRecord[]> {
    return (await this.sql.all(all, {})).map(this.recordOf);
  }

  /**
   * Stores a row: a new one when `expected` is null (refused if one appeared meanwhile), else only
   * over the row saved at `expected`. Answers whether it was stored.
   */
  async put(
    key: string,
    data: Record<string, unknown>,
    secret: Record<string, unknown>,
    at: string,
    by: string,
    expected: string | null,
  ): Promise<boolean> {
    const args = {
      key,
      data: JSON.stringify(data),
      secret: Object.keys(secret).length > 0 ? this.secrets.seal(JSON.stringify(secret)) : null,
      at,
      by,
    };
    return (
      (expected === null
        ? await this.sql.run(insertOne, args)
        : await this.sql.run(updateIfUnchanged, { ...args, expected })) === 1
    );
  }
}
