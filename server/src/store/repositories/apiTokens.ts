import type { Insertable } from 'kysely';
import type { ApiTokenAccess, ApiTokenArea, ApiTokenKind } from '@workbench/common/api/contract/apiTokens';
import type { ApiTokenRecord } from '../ConfigStore';
import type { ApiTokensTable, RowOf } from '../schema';
import { prepared, type Sql } from '../sql';
import { str } from '../storeRows';

const optStr = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

const toApiToken = (r: RowOf<'api_tokens'>): ApiTokenRecord => ({
  id: str(r.id),
  tid: str(r.tid),
  kind: str(r.kind) as ApiTokenKind,
  name: str(r.name),
  hash: str(r.hash),
  last4: str(r.last4),
  access: str(r.access) as ApiTokenAccess,
  areas: JSON.parse(str(r.areas)) as ApiTokenArea[],
  expiresAt: optStr(r.expires_at),
  createdAt: str(r.created_at),
  createdBy: str(r.created_by),
  createdByUid: optStr(r.created_by_uid),
  lastUsedAt: optStr(r.last_used_at),
  lastUsedIp: optStr(r.last_used_ip),
});

const ofKind = prepared((db, a: { tid: string; kind: string }) =>
  db
    .selectFrom('api_tokens')
    .selectAll()
    .where('tid', '=', a.tid)
    .where('kind', '=', a.kind)
    .orderBy('created_at')
    .orderBy('id'),
);
const byHash = prepared((db, a: { hash: string }) =>
  db.selectFrom('api_tokens').selectAll().where('hash', '=', a.hash),
);
const byId = prepared((db, a: { tid: string; kind: string; id: string }) =>
  db
    .selectFrom('api_tokens')
    .selectAll()
    .where('tid', '=', a.tid)
    .where('kind', '=', a.kind)
    .where('id', '=', a.id),
);
const insert = prepared((db, r: Insertable<ApiTokensTable>) =>
  db.insertInto('api_tokens').values({
    id: r.id,
    tid: r.tid,
    kind: r.kind,
    name: r.name,
    hash: r.hash,
    last4: r.last4,
    access: r.access,
    areas: r.areas,
    expires_at: r.expires_at,
    created_at: r.created_at,
    created_by: r.created_by,
    created_by_uid: r.created_by_uid,
    last_used_at: r.last_used_at,
    last_used_ip: r.last_used_ip,
  }),
);
const deleteOne = prepared((db, a: { tid: string; kind: string; id: string }) =>
  db.deleteFrom('api_tokens').where('tid', '=', a.tid).where('kind', '=', a.kind).where('id', '=', a.id),
);
// One conditional statement: a token used by many calls at once (or on several servers) is
// written at most once per `since` (ISO texts of one format compare as times).
const markUsed = prepared((db, a: { id: string; at: string; ip: string; since: string }) =>
  db
    .updateTable('api_tokens')
    .set({ last_used_at: a.at, last_used_ip: a.ip })
    .where('id', '=', a.id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', a.since)])),
);

/**
 * API tokens: the tenant's own (`api_tokens`) and the provider's lists for it (`tokens`,
 * `logging_auth_tokens`), one table (common api/contract/apiTokens.ts API_TOKEN_KINDS).
 */
export class ApiTokenRepository {
  constructor(private readonly sql: Sql) {}

  /** The tenant's tokens of a list, oldest first. */
  async list(tid: string, kind: ApiTokenKind): Promise<ApiTokenRecord[]> {
    return (await this.sql.all(ofKind, { tid, kind })).map(toApiToken);
  }
  async get(tid: string, kind: ApiTokenKind, id: string): Promise<ApiTokenRecord | null> {
    const row = await this.sql.first(byId, { tid, kind, id });
    return row ? toApiToken(row) : null;
  }
  /** The token whose secret has this digest (any tenant, any list): a bearer call's lookup. */
  async findByHash(hash: string): Promise<ApiTokenRecord | null> {
    const row = await this.sql.first(byHash, { hash });
    return row ? toApiToken(row) : null;
  }
  async insert(t: ApiTokenRecord): Promise<void> {
    await this.sql.run(insert, {
      id: t.id,
      tid: t.tid,
      kind: t.kind,
      name: t.name,
      hash: t.hash,
      last4: t.last4,
      access: t.access,
      areas: JSON.stringify(t.areas),
      expires_at: t.expiresAt,
      created_at: t.createdAt,
      created_by: t.createdBy,
      created_by_uid: t.createdByUid,
      last_used_at: t.lastUsedAt,
      last_used_ip: t.lastUsedIp,
    });
  }
  /** Revokes; false when the tenant's list has no token of that id. */
  async delete(tid: string, kind: ApiTokenKind, id: string): Promise<boolean> {
    return (await this.sql.run(deleteOne, { tid, kind, id })) > 0;
  }
  /** Records a use (time and client address), unless one was recorded at or after `since`. */
  async markUsed(id: string, at: string, ip: string, since: string): Promise<void> {
    await this.sql.run(markUsed, { id, at, ip, since });
  }
}
