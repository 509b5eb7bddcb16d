/**
 * Rows of the config store's tables as records, for both engines, whose tables have the same
 * columns (numbers may come back as strings from PostgreSQL's BIGINT, so every number goes
 * through num()).
 */
import type {
  EndUserRecord,
  EntityRecord,
  OperatorRecord,
  PastReportRecord,
  ProviderSessionRecord,
  PublishedRevisionRecord,
  RevisionRecord,
  ScheduledReportRecord,
  SessionRecord,
  TenantRecord,
  UserMfaRecord,
  UserRecord,
} from './ConfigStore';

export type Row = Record<string, unknown>;
export const str = (v: unknown): string => String(v);
export const num = (v: unknown): number => Number(v);
/** A flag column's value (INTEGER 0/1 on both engines). */
export const flag = (on: boolean): number => (on ? 1 : 0);

export const toTenant = (r: Row): TenantRecord => ({
  tid: str(r.tid),
  name: str(r.name),
  status: r.status === 'disabled' ? 'disabled' : 'active',
  createdAt: str(r.created_at),
  capabilities: JSON.parse(str(r.capabilities)) as Record<string, unknown>,
  portalV2: num(r.portal_v2) === 1,
});
export const toUser = (r: Row): UserRecord => ({
  uid: str(r.uid),
  tid: str(r.tid),
  username: str(r.username),
  firstName: str(r.first_name),
  lastName: str(r.last_name),
  roles: JSON.parse(str(r.roles)) as UserRecord['roles'],
  passwordHash: str(r.password_hash),
  showChangePassword: num(r.show_change_password) === 1,
  role: r.role == null ? null : str(r.role),
  status: r.status === 'disabled' ? 'disabled' : 'active',
});
export const toUserMfa = (r: Row): UserMfaRecord => ({
  uid: str(r.uid),
  tid: str(r.tid),
  secret: r.secret == null ? null : str(r.secret),
  pendingSecret: r.pending_secret == null ? null : str(r.pending_secret),
  enabledAt: r.enabled_at == null ? null : str(r.enabled_at),
  lastStep: num(r.last_step),
});
export const toOperator = (r: Row): OperatorRecord => ({
  username: str(r.username),
  displayName: str(r.display_name),
  role: r.role === 'operator' ? 'operator' : 'support',
  passwordHash: str(r.password_hash),
});
export const toSession = (r: Row): SessionRecord => ({
  sidHash: str(r.sid_hash),
  uid: str(r.uid),
  tid: str(r.tid),
  xsrf: str(r.xsrf),
  createdAt: num(r.created_at),
  idleExpiresAt: num(r.idle_expires_at),
  absoluteExpiresAt: num(r.absolute_expires_at),
});
export const toProviderSession = (r: Row): ProviderSessionRecord => ({
  keyHash: str(r.key_hash),
  keyId: str(r.key_id),
  username: str(r.username),
  xsrf: r.xsrf === null ? null : str(r.xsrf),
  createdAt: num(r.created_at),
  expiresAt: num(r.expires_at),
});
export const toRevision = (r: Row): RevisionRecord => ({
  tid: str(r.tid),
  revId: num(r.rev_id),
  stagedRevId: num(r.staged_rev_id),
  state: r.state === 'staged' ? 'staged' : 'new',
  updatedAt: str(r.updated_at),
  updatedBy: r.updated_by === null || r.updated_by === undefined ? null : str(r.updated_by),
  rolledBackFrom:
    r.rolled_back_from === null || r.rolled_back_from === undefined ? null : num(r.rolled_back_from),
});

export const toPublishedRevision = (r: Row): PublishedRevisionRecord => ({
  tid: str(r.tid),
  revId: num(r.rev_id),
  publishedAt: str(r.published_at),
  publishedBy: str(r.published_by),
  note: r.note === null ? null : str(r.note),
  rolledBackFrom:
    r.rolled_back_from === null || r.rolled_back_from === undefined ? null : num(r.rolled_back_from),
});

export const toEndUser = (r: Row): EndUserRecord => ({
  uid: str(r.uid),
  tid: str(r.tid),
  username: str(r.username),
  firstName: str(r.first_name),
  lastName: str(r.last_name),
  email: str(r.email),
  groups: JSON.parse(str(r.groups_json)) as string[],
  status: r.status === 'disabled' ? 'disabled' : 'active',
  passwordHash: r.password_hash === null ? null : str(r.password_hash),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});
export const toEntity = (r: Row): EntityRecord => ({
  entity: str(r.entity),
  id: str(r.id),
  data: JSON.parse(str(r.data)) as Record<string, unknown>,
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});
export const toScheduledReport = (r: Row): ScheduledReportRecord => ({
  id: str(r.id),
  tid: str(r.tid),
  name: str(r.name),
  spec: JSON.parse(str(r.spec)) as ScheduledReportRecord['spec'],
  enabled: num(r.enabled) === 1,
  ownerUid: str(r.owner_uid),
  ownerName: str(r.owner_name),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
  lastRunAt: r.last_run_at === null ? null : str(r.last_run_at),
  nextRunAt: r.next_run_at === null ? null : num(r.next_run_at),
});
export const toPastReport = (r: Row): PastReportRecord => ({
  tid: str(r.tid),
  createdMs: num(r.created_ms),
  report: JSON.parse(str(r.record)) as PastReportRecord['report'],
});
/** Escapes LIKE's wildcards (the queries say ESCAPE '\\'). */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
