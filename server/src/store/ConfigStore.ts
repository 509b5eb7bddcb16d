import type { PastReport, ScheduledReport } from '@workbench/common/api/contract/reportFiles';
import type { ApiTokenAccess, ApiTokenArea, ApiTokenKind } from '@workbench/common/api/contract/apiTokens';
import type { AssociationStatus } from '@workbench/common/api/contract/multiTenant';
import type { Repositories } from './repositories';
/**
 * The configuration store: small, transactional data (tenants, accounts, sessions, revisions).
 * SQLite is the embedded default; PostgreSQL (WORKBENCH_CONFIG_URL) runs the same queries (one
 * implementation, store/README.md), so nothing here may mention a driver type. Every method is
 * async for that reason. Several servers may share one PostgreSQL store, so every rule that must
 * hold across them is done by the store, never by a lock in one process: transaction(),
 * withLoginLock(), scheduledReports.claimRun(), entities.update() with its expected updated_at and
 * mfa.spendStep(). Secrets (session ids, tokens) are stored as SHA-256 digests: callers pass the
 * digest, never the secret.
 */

export interface TenantRoles {
  read: string[];
  write: string[];
}

export interface TenantRecord {
  tid: string;
  name: string;
  status: 'active' | 'disabled';
  createdAt: string;
  capabilities: Record<string, unknown>;
  portalV2: boolean;
}

export interface UserRecord {
  uid: string;
  tid: string;
  username: string;
  firstName: string;
  lastName: string;
  roles: TenantRoles;
  passwordHash: string;
  showChangePassword: boolean;
  /** The name of the role held (docs/administrators.md); null or absent: the lists name it. */
  role?: string | null;
  /** A disabled account neither signs in nor keeps a session; absent on insert: active. */
  status?: 'active' | 'disabled';
}

/** A tenant's own role (the built-in ones are in common api/contract/administrators.ts). */
export interface TenantRoleRecord {
  tid: string;
  name: string;
  description: string;
  read: string[];
  write: string[];
  createdAt: string;
  updatedAt: string;
}

/** A multi-tenant association with both tenants' names (common api/contract/multiTenant.ts). */
export interface TenantAssociationRecord {
  id: string;
  primaryTid: string;
  primaryName: string;
  secondaryTid: string;
  secondaryName: string;
  status: AssociationStatus;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

/**
 * A portal account's second factor (TOTP, RFC 6238). `pendingSecret` is an enrolment started and
 * not yet confirmed; `secret` the confirmed one. `lastStep` is the 30-second step of the last code
 * accepted: a code of that step or an earlier one is refused (no replay within its window).
 */
export interface UserMfaRecord {
  uid: string;
  tid: string;
  secret: string | null;
  pendingSecret: string | null;
  /** ISO time the enrolment was confirmed; null while only pending. */
  enabledAt: string | null;
  lastStep: number;
}

export type OperatorRole = 'operator' | 'support';

export interface OperatorRecord {
  username: string;
  displayName: string;
  role: OperatorRole;
  passwordHash: string;
}

export interface SessionRecord {
  /** SHA-256 of the session id held in the httpOnly cookie. */
  sidHash: string;
  uid: string;
  tid: string;
  xsrf: string;
  createdAt: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

export interface ProviderSessionRecord {
  /** SHA-256 of the session key (Bearer value and gd_sid cookie). */
  keyHash: string;
  /** Public id of the key, shown to the operator. */
  keyId: string;
  username: string;
  xsrf: string | null;
  createdAt: number;
  expiresAt: number;
}

/** A single-use secret with an expiry: login-form csrf tokens, identity-provider access tokens. */
export type OneTimeTokenKind = 'login_csrf' | 'idp_access' | 'mfa_challenge';
export interface OneTimeTokenRecord {
  kind: OneTimeTokenKind;
  tokenHash: string;
  /** Who the token is for (the operator of an access token); empty when nobody in particular. */
  subject: string;
  expiresAt: number;
}

export type LoginWorld = 'tenant' | 'provider';
/** Consecutive sign-in failures on one account from one client address (security/loginAttempt.ts). */
export interface LoginFailureKey {
  world: LoginWorld;
  username: string;
  client: string;
}
export interface LoginFailureRecord extends LoginFailureKey {
  failures: number;
  lockedUntil: number;
  lastFailureAt: number;
}

/** A rate-limited key's current window (rateLimits.hit). */
export interface RateLimitWindow {
  hits: number;
  /** Epoch ms. */
  windowEndsAt: number;
}

export interface RevisionRecord {
  tid: string;
  revId: number;
  stagedRevId: number;
  state: 'new' | 'staged';
  updatedAt: string;
  /** Who made the last change (a username); null for a revision nobody has changed yet. */
  updatedBy: string | null;
  /** The published revision the staged one was copied from by a rollback (absent or null: none). */
  rolledBackFrom?: number | null;
}

/** A policy document (a row of common's policy-kind registry) as saved in one revision. */
export interface PolicyDocRecord {
  tid: string;
  kind: string;
  /** The revision it was saved in. */
  revId: number;
  /** The document's `data`, as the kind's schema accepted it. */
  data: unknown;
}

/** A row of a provider entity (common's provider-entity registry), kept as its JSON fields. */
export interface EntityRecord {
  entity: string;
  id: string;
  /** The row's fields as the entity's body schema accepted them (id included). */
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** A page of an entity's rows: sorted by a field (created_at/updated_at or a data field), searched. */
export interface EntityListOptions {
  limit: number;
  offset: number;
  sort: string;
  order: 'asc' | 'desc';
  /** Text searched, case-insensitively, in `searchFields`. */
  q?: string;
  searchFields: readonly string[];
  /** Top-level data fields that must equal these texts (a tenant's contact messages, an account's). */
  equals?: Readonly<Record<string, string>>;
}

export interface PublishedRevisionRecord {
  tid: string;
  revId: number;
  publishedAt: string;
  publishedBy: string;
  note: string | null;
  /** The published revision this one restored (it was staged by a rollback), else null. */
  rolledBackFrom: number | null;
}

/** An end user of the tenant's user database (people browsing through the service). */
export interface EndUserRecord {
  uid: string;
  tid: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  groups: string[];
  status: 'active' | 'disabled';
  /** Null when the user has no local password (SSO, or not set yet). */
  passwordHash: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An API token (common api/contract/apiTokens.ts): the secret itself is never kept, only its digest. */
export interface ApiTokenRecord {
  id: string;
  tid: string;
  kind: ApiTokenKind;
  name: string;
  hash: string;
  last4: string;
  access: ApiTokenAccess;
  areas: ApiTokenArea[];
  expiresAt: string | null;
  createdAt: string;
  createdBy: string;
  createdByUid: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

/** A named filter set of the logs area, kept per tenant and user. */
export interface SavedSearchRecord {
  id: string;
  tid: string;
  uid: string;
  /** Unique per user, case-insensitively. */
  name: string;
  route: string;
  query: string;
  createdAt: string;
}

/** A dashboard people build (migration 23): its document is common's BoardInput less the name. */
export interface DashboardRecord {
  id: string;
  tid: string;
  name: string;
  /** JSON: { interval, variables, panels }. */
  data: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

/** A scheduled report (report files, issue 11): its definition as saved, and its run state. */
export interface ScheduledReportRecord {
  id: string;
  tid: string;
  name: string;
  /** Source, filters, interval, schedule (with its cron), format, recipients: as the contract's reply. */
  spec: ScheduledReportSpec;
  enabled: boolean;
  /** The user whose permissions the runs use (whoever saved it last). */
  ownerUid: string;
  ownerName: string;
  createdAt: string;
  updatedAt: string;
  lastRunAt: string | null;
  /** Epoch ms of the next run; null while disabled. The scheduler claims a run by changing it. */
  nextRunAt: number | null;
}
export type ScheduledReportSpec = Pick<
  ScheduledReport,
  'source' | 'filters' | 'interval' | 'schedule' | 'format' | 'recipients'
>;

/** A past report's metadata (its file is kept beside it: pastReports.getFile). */
export interface PastReportRecord {
  tid: string;
  createdMs: number;
  report: PastReport;
}

export type EndUserSortField = 'username' | 'first_name' | 'last_name' | 'email' | 'status' | 'created_at';

export interface EndUserQuery {
  /** Case-insensitive substring of username, names, e-mail or a group. */
  search?: string;
  sort?: EndUserSortField;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The store, reached as `ctx.store`: one repository per domain (repositories/index.ts), each a set
 * of queries written once for both engines, plus what spans them. A transaction hands its callback a
 * store of the same shape whose repositories all run in it.
 */
export interface ConfigStore extends Repositories {
  /**
   * Runs the writes of fn atomically (all or nothing). fn must read and write through the store it
   * is given (on PostgreSQL that is the transaction's own connection; the outer store is another).
   * A revision read in it (revisions.get) stays as read until the end: a concurrent writer of the
   * same tenant's revision waits, so a stale updated_at is seen and refused (409) on any server.
   * Inside a transaction already, fn joins it.
   */
  transaction<T>(fn: (store: ConfigStore) => Promise<T>): Promise<T>;
  /**
   * True when this store's writes run in an open transaction (a transaction's store; on SQLite,
   * whose one connection no other request interleaves with, any store while one is open): the
   * audit outbox's writes require it (audit/README.md "The outbox").
   */
  inTransaction(): boolean;
  /**
   * Runs fn while no other sign-in attempt on the same account and client runs, on any server
   * sharing this store (the lockout's one-at-a-time rule); fn reads and writes through the store
   * it is given.
   */
  withLoginLock<T>(key: LoginFailureKey, fn: (store: ConfigStore) => Promise<T>): Promise<T>;
  /**
   * Inside a transaction: no other change of the tenant's administrators runs until it ends, on
   * any server sharing this store (the last full administrator's check reads, then writes).
   */
  lockTenantAdministrators(tid: string): Promise<void>;
  /**
   * Every table of the store (schema_migrations included) by name, with its rows as arrays of
   * cells in column order, in no particular order: for checks that a request wrote nothing
   * (testing/storeSnapshot.ts). Reads the whole store: not for request paths.
   */
  readAllTables(): Promise<Record<string, unknown[][]>>;
  /** Resolves when the database answers a query (the readiness check, http/health.ts). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
