import type { PastReport, ScheduledReport } from '@workbench/common/api/contract/reportFiles';
/**
 * The configuration store: small, transactional data (tenants, accounts, sessions, revisions).
 * SQLite is the embedded default; PostgreSQL (WORKBENCH_CONFIG_URL) implements the same interface,
 * so nothing here may mention a driver type. Every method is async for that reason. Several
 * servers may share one PostgreSQL store, so every rule that must hold across them is a method of
 * the store, never a lock in one process: transaction(), withLoginLock(), claimScheduledRun() and
 * updateEntity() with its expected updated_at. Secrets (session ids, tokens)
 * are stored as SHA-256 digests: callers pass the digest, never the secret.
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

/** A rate-limited key's current window (hitRateLimit). */
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

/** A past report's metadata (its file is kept beside it: getPastReportFile). */
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

export interface ConfigStore {
  /** True when no tenant exists yet (first start). */
  isEmpty(): Promise<boolean>;
  /**
   * Runs the writes of fn atomically (all or nothing). fn must read and write through the store it
   * is given (on PostgreSQL that is the transaction's own connection; the outer store is another).
   * A revision read in it (getRevision) stays as read until the end: a concurrent writer of the
   * same tenant's revision waits, so a stale updated_at is seen and refused (409) on any server.
   */
  transaction<T>(fn: (store: ConfigStore) => Promise<T>): Promise<T>;

  insertTenant(tenant: TenantRecord): Promise<void>;
  getTenant(tid: string): Promise<TenantRecord | null>;
  listTenants(): Promise<TenantRecord[]>;
  countUsers(tid: string): Promise<number>;
  setPortalVersion(tid: string, portalV2: boolean): Promise<void>;
  /** Changes a tenant's name, status or capabilities (the provider console's tenant writes). */
  updateTenant(
    tid: string,
    changes: Partial<Pick<TenantRecord, 'name' | 'status' | 'capabilities'>>,
  ): Promise<void>;
  /** Deletes the tenant and everything kept under its id (accounts, sessions, policy, users). */
  deleteTenant(tid: string): Promise<boolean>;

  insertUser(user: UserRecord): Promise<void>;
  getUser(uid: string): Promise<UserRecord | null>;
  /** The tenant's portal accounts, by user name (the provider console's RBAC list). */
  listUsers(tid: string): Promise<UserRecord[]>;
  findUserByUsername(username: string): Promise<UserRecord | null>;
  /**
   * The user's own password change: the new hash, no more change-password prompt, and every other
   * session of the user ended (the one kept is the session that changed it); all at once.
   */
  changeUserPassword(uid: string, passwordHash: string, keepSidHash: string): Promise<void>;
  /**
   * A password someone else set (a reset): the new hash, the change at the next sign-in pending
   * (show_change_password), and every session of the account ended; all at once.
   */
  resetUserPassword(uid: string, passwordHash: string): Promise<void>;
  /** The account's second factor; null when it has none (not even a started enrolment). */
  getUserMfa(uid: string): Promise<UserMfaRecord | null>;
  /** The tenant's second-factor records (confirmed or pending). */
  listUserMfa(tid: string): Promise<UserMfaRecord[]>;
  /** Inserts or replaces the account's record. */
  putUserMfa(record: UserMfaRecord): Promise<void>;
  /**
   * Records `step` as the account's last accepted code step if it is later than the recorded one,
   * in one conditional UPDATE; false when it is not (the code was spent meanwhile, on any server).
   */
  spendMfaStep(uid: string, step: number): Promise<boolean>;
  /** False when the account had no record. */
  deleteUserMfa(uid: string): Promise<boolean>;

  insertOperator(operator: OperatorRecord): Promise<void>;
  getOperator(username: string): Promise<OperatorRecord | null>;

  insertSession(session: SessionRecord): Promise<void>;
  getSession(sidHash: string): Promise<SessionRecord | null>;
  touchSession(sidHash: string, idleExpiresAt: number): Promise<void>;
  deleteSession(sidHash: string): Promise<void>;
  deleteExpiredSessions(now: number): Promise<number>;
  /** Ends every portal session of the tenant (disabletenant); answers how many ended. */
  deleteTenantSessions(tid: string): Promise<number>;

  insertProviderSession(session: ProviderSessionRecord): Promise<void>;
  getProviderSession(keyHash: string): Promise<ProviderSessionRecord | null>;
  updateProviderSession(keyHash: string, changes: { expiresAt?: number; xsrf?: string }): Promise<void>;
  deleteProviderSession(keyHash: string): Promise<void>;

  insertOneTimeToken(token: OneTimeTokenRecord): Promise<void>;
  /** Removes and returns the token (single use); null when unknown. Expiry is the caller's check. */
  consumeOneTimeToken(kind: OneTimeTokenKind, tokenHash: string): Promise<OneTimeTokenRecord | null>;

  /**
   * Runs fn while no other sign-in attempt on the same account and client runs, on any server
   * sharing this store (the lockout's one-at-a-time rule); fn reads and writes through the store
   * it is given.
   */
  withLoginLock<T>(key: LoginFailureKey, fn: (store: ConfigStore) => Promise<T>): Promise<T>;
  getLoginFailures(key: LoginFailureKey): Promise<LoginFailureRecord | null>;
  /**
   * Writes the record, then forgets records whose lock is over and whose last failure is before
   * `forgetBefore`, and beyond `cap` records the oldest ones.
   */
  putLoginFailures(record: LoginFailureRecord, limits: { forgetBefore: number; cap: number }): Promise<void>;
  clearLoginFailures(key: LoginFailureKey): Promise<void>;
  countLoginFailures(): Promise<number>;

  /**
   * Counts one hit of a rate-limited key (the sign-in limit: client address and group) and answers
   * its window: the hits so far, this one included, and when the window ends. A key with no window
   * or an ended one (window_ends_at <= now) starts a new window of `windowMs` at this hit. One
   * atomic statement, so servers sharing the store count every hit once (security/loginRateLimit.ts).
   */
  hitRateLimit(key: string, now: number, windowMs: number): Promise<RateLimitWindow>;
  /** Forgets the windows that ended at or before `now`; answers how many. */
  deleteEndedRateLimits(now: number): Promise<number>;

  getRevision(tid: string): Promise<RevisionRecord | null>;
  putRevision(revision: RevisionRecord): Promise<void>;
  /**
   * A kind's document as revision `revId` sees it: saved in that revision exactly, or with
   * `carriedForward` the newest saved in it or before it; null when none was.
   */
  getPolicyDoc(
    tid: string,
    kind: string,
    revId: number,
    carriedForward: boolean,
  ): Promise<PolicyDocRecord | null>;
  putPolicyDoc(doc: PolicyDocRecord): Promise<void>;
  /** Drops every document saved in revision `revId` (discarding a staged revision). */
  deletePolicyDocs(tid: string, revId: number): Promise<void>;
  /** The kinds that have a document saved in revision `revId` exactly. */
  listPolicyDocKinds(tid: string, revId: number): Promise<string[]>;
  insertPublishedRevision(record: PublishedRevisionRecord): Promise<void>;
  /** Published revisions, newest first; a page of them when `page` is given. */
  listPublishedRevisions(
    tid: string,
    page?: { limit: number; offset: number },
  ): Promise<PublishedRevisionRecord[]>;
  countPublishedRevisions(tid: string): Promise<number>;
  getPublishedRevision(tid: string, revId: number): Promise<PublishedRevisionRecord | null>;

  listEndUsers(tid: string, query: EndUserQuery): Promise<{ total: number; users: EndUserRecord[] }>;
  getEndUser(tid: string, uid: string): Promise<EndUserRecord | null>;
  findEndUserByUsername(tid: string, username: string): Promise<EndUserRecord | null>;
  insertEndUser(user: EndUserRecord): Promise<void>;
  /** Replaces the stored fields of the user (matched by tid and uid). */
  updateEndUser(user: EndUserRecord): Promise<void>;
  deleteEndUser(tid: string, uid: string): Promise<boolean>;
  countEndUsers(tid: string): Promise<number>;
  /** Domains of the usernames (the part after @), with their user counts, by domain. */
  listEndUserDomains(tid: string): Promise<{ domain: string; users: number }[]>;
  listEndUsernames(tid: string, search: string | undefined, limit: number): Promise<string[]>;
  /** True the first time for a tenant (records that its demo end users were seeded). */
  markEndUsersSeeded(tid: string, at: string): Promise<boolean>;

  /** The user's saved searches, by name. */
  listSavedSearches(tid: string, uid: string): Promise<SavedSearchRecord[]>;
  /** Inserts; false (and nothing stored) when the user already has a search of that name. */
  insertSavedSearch(search: SavedSearchRecord): Promise<boolean>;
  /** False when the user has no search of that id. */
  deleteSavedSearch(tid: string, uid: string, id: string): Promise<boolean>;

  /** The tenant's scheduled reports, by name. */
  listScheduledReports(tid: string): Promise<ScheduledReportRecord[]>;
  getScheduledReport(tid: string, id: string): Promise<ScheduledReportRecord | null>;
  /** Inserts, or replaces the row of that id and tenant (run state included). */
  putScheduledReport(record: ScheduledReportRecord): Promise<void>;
  deleteScheduledReport(tid: string, id: string): Promise<boolean>;
  /** Enabled schedules of every tenant whose next run is at or before `now` (epoch ms). */
  listDueScheduledReports(now: number): Promise<ScheduledReportRecord[]>;
  /** The earliest next run of any enabled schedule, or null. */
  nextScheduledRunAt(): Promise<number | null>;
  /**
   * Claims a run: moves next_run_at from `expected` to `next` (and sets last_run_at) only when it
   * still is `expected` and the schedule is enabled. True for exactly one of several claimers.
   */
  claimScheduledRun(id: string, expected: number, next: number | null, lastRunAt: string): Promise<boolean>;
  /** Records last_run_at of a run started by hand (run now); the schedule is unchanged otherwise. */
  markScheduledRun(tid: string, id: string, lastRunAt: string): Promise<void>;

  /** Inserts the record and its file together (a record never exists without its file). */
  insertPastReport(record: PastReportRecord, file: Uint8Array): Promise<void>;
  /** Newest first. */
  listPastReports(tid: string): Promise<PastReportRecord[]>;
  getPastReport(tid: string, id: string): Promise<PastReportRecord | null>;
  /** The file of one of the tenant's past reports; null when there is none in the store. */
  getPastReportFile(tid: string, id: string): Promise<Uint8Array | null>;
  /** Removes the tenant's past reports beyond the newest `keep`, files included; answers the removed ones. */
  prunePastReports(tid: string, keep: number): Promise<PastReportRecord[]>;

  listEntities(
    entity: string,
    options: EntityListOptions,
  ): Promise<{ total: number; records: EntityRecord[] }>;
  getEntity(entity: string, id: string): Promise<EntityRecord | null>;
  /** False (and nothing stored) when the entity already has a row of that id. */
  insertEntity(record: EntityRecord): Promise<boolean>;
  /**
   * Replaces the data and updated_at of the row; false when there is none or, with
   * `expectedUpdatedAt`, when its updated_at is no longer that (another writer, perhaps another
   * server, changed it first: a compare-and-set, so exactly one of several claimers wins).
   */
  updateEntity(record: EntityRecord, expectedUpdatedAt?: string): Promise<boolean>;
  deleteEntity(entity: string, id: string): Promise<boolean>;

  /**
   * Every table of the store (schema_migrations included) by name, with its rows as arrays of
   * cells in column order, in no particular order: for checks that a request wrote nothing
   * (testing/storeSnapshot.ts). Reads the whole store: not for request paths.
   */
  readAllTables(): Promise<Record<string, unknown[][]>>;

  close(): Promise<void>;
}
