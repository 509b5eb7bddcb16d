/**
 * The config store's tables as Kysely sees them: one row type per table, the columns the
 * migrations (migrations.ts) leave on both engines. The queries of every repository are checked
 * against it at compile time. Conventions of both engines (dialect.ts says why):
 * - JSON documents are TEXT (JSON.stringify / JSON.parse in storeRows.ts);
 * - flags are INTEGER 0/1;
 * - epoch milliseconds are INTEGER in SQLite, BIGINT in PostgreSQL, which node-postgres answers
 *   as a string: read through num() (storeRows.ts);
 * - file bytes are a BLOB / BYTEA, a Buffer in and out.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Epoch milliseconds: a number in, a number (SQLite) or a decimal string (PostgreSQL BIGINT) out. */
export type Millis = ColumnType<number | string, number, number>;
/** A nullable epoch-milliseconds column. */
export type NullableMillis = ColumnType<number | string | null, number | null, number | null>;
/** 0 or 1. */
export type Flag = number;

export interface TenantsTable {
  tid: string;
  name: string;
  status: 'active' | 'disabled';
  created_at: string;
  /** JSON object. */
  capabilities: string;
  portal_v2: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface UsersTable {
  uid: string;
  tid: string;
  username: string;
  first_name: string;
  last_name: string;
  /** JSON {read, write}. */
  roles: string;
  password_hash: string;
  show_change_password: ColumnType<Flag, Flag | undefined, Flag>;
  /** The name of the role held (tenant_roles or a built-in one); null: the lists name it. */
  role: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<'active' | 'disabled', 'active' | 'disabled' | undefined, 'active' | 'disabled'>;
}

export interface TenantRolesTable {
  tid: string;
  name: string;
  description: string;
  /** JSON array of read entries. */
  read_list: string;
  /** JSON array of write entries. */
  write_list: string;
  created_at: string;
  updated_at: string;
}

export interface UserMfaTable {
  uid: string;
  tid: string;
  secret: string | null;
  pending_secret: string | null;
  enabled_at: string | null;
  last_step: ColumnType<number, number | undefined, number>;
}

export interface OperatorsTable {
  username: string;
  display_name: string;
  role: 'operator' | 'support';
  password_hash: string;
}

export interface SessionsTable {
  sid_hash: string;
  uid: string;
  tid: string;
  xsrf: string;
  created_at: Millis;
  idle_expires_at: Millis;
  absolute_expires_at: Millis;
}

export interface ProviderSessionsTable {
  key_hash: string;
  key_id: string;
  username: string;
  xsrf: string | null;
  created_at: Millis;
  expires_at: Millis;
}

export interface OneTimeTokensTable {
  kind: string;
  token_hash: string;
  subject: string;
  expires_at: Millis;
}

export interface LoginFailuresTable {
  world: string;
  username: string;
  client: string;
  failures: number;
  locked_until: Millis;
  last_failure_at: Millis;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_ends_at: Millis;
}

export interface RevisionsTable {
  tid: string;
  rev_id: number;
  staged_rev_id: number;
  state: 'new' | 'staged';
  updated_at: string;
  updated_by: string | null;
  rolled_back_from: number | null;
}

export interface PublishedRevisionsTable {
  tid: string;
  rev_id: number;
  published_at: string;
  published_by: string;
  note: string | null;
  rolled_back_from: number | null;
}

export interface PolicyDocsTable {
  tid: string;
  kind: string;
  rev_id: number;
  /** JSON document. */
  data: string;
}

export interface ProviderEntitiesTable {
  entity: string;
  id: string;
  /** JSON object (the row's fields). */
  data: string;
  created_at: string;
  updated_at: string;
}

export interface EndUsersTable {
  uid: string;
  tid: string;
  username: string;
  /** The username's normalised, case-folded form (common's nameKey): unique in the tenant. */
  username_key: string | null;
  first_name: string;
  last_name: string;
  email: string;
  /** JSON array of group names. */
  groups_json: string;
  status: 'active' | 'disabled';
  password_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface EndUserSeedsTable {
  tid: string;
  seeded_at: string;
}

export interface SavedSearchesTable {
  id: string;
  tid: string;
  uid: string;
  name: string;
  route: string;
  query: string;
  created_at: string;
}

export interface DashboardsTable {
  id: string;
  tid: string;
  name: string;
  name_key: string;
  data: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

export interface DashboardStartBoardsTable {
  tid: string;
  uid: string;
  board_id: string;
}

export interface ScheduledReportsTable {
  id: string;
  tid: string;
  name: string;
  /** JSON (ScheduledReportSpec). */
  spec: string;
  enabled: Flag;
  owner_uid: string;
  owner_name: string;
  created_at: string;
  updated_at: string;
  last_run_at: string | null;
  next_run_at: NullableMillis;
}

export interface PastReportsTable {
  id: string;
  tid: string;
  schedule_id: string | null;
  name: string;
  /** JSON (PastReport). */
  record: string;
  created_ms: Millis;
  /** PostgreSQL only (insertion order; SQLite has its rowid): dialect.ts insertionOrder. */
  seq: Generated<number | string>;
}

export interface ReportFilesTable {
  id: string;
  tid: string;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
}

export interface ApiTokensTable {
  id: string;
  tid: string;
  /** The list (common API_TOKEN_KINDS): api_tokens, tokens, logging_auth_tokens. */
  kind: string;
  name: string;
  /** SHA-256 of the secret. */
  hash: string;
  last4: string;
  access: string;
  /** JSON array of areas (common API_TOKEN_AREAS). */
  areas: string;
  expires_at: string | null;
  created_at: string;
  created_by: string;
  /** The portal account that made it; null for the provider's tokens. */
  created_by_uid: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
}

/** A multi-tenant association (migration 15): the parent is the primary, the child the secondary. */
/** Events owed to the event store (migration 16; audit/README.md "The outbox"). */
export interface EventOutboxTable {
  event_id: string;
  /** Epoch ms: rows are delivered oldest first. */
  created_at: number;
  /** The event (NewEvent) as JSON. */
  event: string;
  /** The token of the forwarder run that holds the row, until claimed_until. */
  claim: string | null;
  /** Epoch ms; 0: free. */
  claimed_until: Generated<number>;
}

export interface TenantAssociationsTable {
  id: string;
  primary_tid: string;
  secondary_tid: string;
  status: 'pending' | 'active' | 'rejected' | 'revoked';
  created_at: string;
  updated_at: string;
  updated_by: string;
}

export interface LeasesTable {
  name: string;
  holder: string;
  taken_at: Millis;
  expires_at: Millis;
}

/** An appliance's settings document, CA or certificate (migration 20): `secret` sealed JSON. */
export interface ManagedFleetTable {
  kind: string;
  id: string;
  /** JSON object. */
  data: string;
  secret: string | null;
  updated_at: string;
}

export interface ApplianceSettingsTable {
  key: string;
  /** JSON object. */
  data: string;
  secret: string | null;
  updated_at: string;
  updated_by: string;
}

export interface StreamDestinationsTable {
  id: string;
  tid: string;
  name: string;
  kind: string;
  /** JSON: what is sent and where (repositories/streaming.ts). */
  config: string;
  /** Sealed (secretBox), '' when none. */
  secret: string;
  enabled: number;
  /** JSON: per log type, the last delivered event's { time, id }. */
  cursor: string;
  created_at: string;
  updated_at: string;
  updated_by: string;
  delivered: number;
  lag_ms: number;
  failures: number;
  last_success_ms: number | null;
  last_error: string | null;
  last_error_ms: number | null;
  next_attempt_ms: number | null;
}

export interface AlertRulesTable {
  id: string;
  tid: string;
  name: string;
  spec: string;
  enabled: number;
  created_at: string;
  updated_at: string;
  updated_by: string;
  last_eval_at: string | null;
  next_eval_at: number | null;
}

export interface AlertFiringsTable {
  id: string;
  tid: string;
  rule_id: string;
  state: string;
  started_ms: number;
  updated_ms: number;
  resolved_ms: number | null;
  silenced_until_ms: number | null;
  acknowledged_by: string | null;
  count: number;
  groups: string;
  window_start: number;
  window_end: number;
  link: string;
  notified: string;
}

export interface AlertEvaluationsTable {
  id: string;
  tid: string;
  rule_id: string;
  at_ms: number;
  window_start: number;
  window_end: number;
  count: number;
  groups: string;
  outcome: string;
  firing_id: string | null;
  error: string | null;
}

export interface NotificationChannelsTable {
  id: string;
  tid: string;
  name: string;
  kind: string;
  config: string;
  secret: string;
  created_at: string;
}

export interface ChannelDeliveriesTable {
  id: string;
  tid: string;
  channel_id: string;
  at_ms: number;
  attempt: number;
  status: number | null;
  error: string | null;
  subject: string;
}

export interface NotificationsTable {
  id: string;
  tid: string;
  created_ms: number;
  severity: string;
  title: string;
  body: string;
  link: string;
  firing_id: string | null;
}

export interface NotificationReadsTable {
  tid: string;
  uid: string;
  notification_id: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

export interface ConfigDatabase {
  tenants: TenantsTable;
  users: UsersTable;
  tenant_roles: TenantRolesTable;
  user_mfa: UserMfaTable;
  operators: OperatorsTable;
  sessions: SessionsTable;
  provider_sessions: ProviderSessionsTable;
  one_time_tokens: OneTimeTokensTable;
  login_failures: LoginFailuresTable;
  rate_limits: RateLimitsTable;
  revisions: RevisionsTable;
  published_revisions: PublishedRevisionsTable;
  policy_docs: PolicyDocsTable;
  provider_entities: ProviderEntitiesTable;
  end_users: EndUsersTable;
  end_user_seeds: EndUserSeedsTable;
  saved_searches: SavedSearchesTable;
  scheduled_reports: ScheduledReportsTable;
  past_reports: PastReportsTable;
  report_files: ReportFilesTable;
  api_tokens: ApiTokensTable;
  tenant_associations: TenantAssociationsTable;
  event_outbox: EventOutboxTable;
  leases: LeasesTable;
  appliance_settings: ApplianceSettingsTable;
  managed_fleet: ManagedFleetTable;
  alert_rules: AlertRulesTable;
  alert_firings: AlertFiringsTable;
  alert_evaluations: AlertEvaluationsTable;
  notification_channels: NotificationChannelsTable;
  channel_deliveries: ChannelDeliveriesTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  stream_destinations: StreamDestinationsTable;
  dashboards: DashboardsTable;
  dashboard_start_boards: DashboardStartBoardsTable;
  schema_migrations: SchemaMigrationsTable;
}

/** A row of a table as a query answers it. */
export type RowOf<T extends keyof ConfigDatabase> = Selectable<ConfigDatabase[T]>;
