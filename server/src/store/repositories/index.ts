import type { SecretBox } from '../../security/secretBox';
import type { Sql } from '../sql';
import { AlertRepository } from './alerts';
import { ApiTokenRepository } from './apiTokens';
import { MfaRepository, OperatorRepository, UserRepository } from './accounts';
import { EndUserRepository } from './endUsers';
import { EntityRepository } from './entities';
import { EventOutboxRepository } from './eventOutbox';
import { PolicyDocRepository, RevisionRepository } from './policy';
import { PastReportRepository, ScheduledReportRepository } from './reports';
import { SavedSearchRepository } from './savedSearches';
import { DashboardRepository } from './dashboards';
import { OneTimeTokenRepository, ProviderSessionRepository, SessionRepository } from './sessions';
import { LoginFailureRepository, RateLimitRepository } from './signInLimits';
import { TenantRepository } from './tenants';
import { TenantRoleRepository } from './roles';
import { TenantAssociationRepository } from './tenantAssociations';
import { LeaseRepository } from './leases';
import { ApplianceSettingsRepository } from './applianceSettings';
import { ManagedFleetRepository } from './managedFleet';
import { StreamingRepository } from './streaming';

/**
 * The store's repositories, one per domain, all running on `sql` (the store's connection, or a
 * transaction's): the one list of them (ConfigStore's shape is derived from it). `secrets` seals
 * and opens the secrets at rest (secretFields.ts).
 */
export const repositoriesOn = (sql: Sql, secrets: SecretBox) =>
  ({
    tenants: new TenantRepository(sql),
    /** Portal accounts. */
    users: new UserRepository(sql),
    /** Portal accounts' second factor. */
    mfa: new MfaRepository(sql, secrets),
    operators: new OperatorRepository(sql),
    /** Portal sessions. */
    sessions: new SessionRepository(sql),
    providerSessions: new ProviderSessionRepository(sql),
    oneTimeTokens: new OneTimeTokenRepository(sql),
    loginFailures: new LoginFailureRepository(sql),
    rateLimits: new RateLimitRepository(sql),
    /** Policy revisions and published revisions. */
    revisions: new RevisionRepository(sql),
    policyDocs: new PolicyDocRepository(sql),
    /** Provider entities (node jobs and rollouts included). */
    entities: new EntityRepository(sql, secrets),
    /** The user database. */
    endUsers: new EndUserRepository(sql),
    savedSearches: new SavedSearchRepository(sql),
    scheduledReports: new ScheduledReportRepository(sql),
    pastReports: new PastReportRepository(sql),
    /** API tokens: the tenant's and the provider's lists for it (bearer credentials). */
    apiTokens: new ApiTokenRepository(sql),
    /** A tenant's own roles (the built-in ones are not stored). */
    roles: new TenantRoleRepository(sql),
    /** Multi-tenant associations: a parent tenant and a child tenant. */
    tenantAssociations: new TenantAssociationRepository(sql),
    /** Events owed to the event store, written with their change (the audit trail's outbox). */
    eventOutbox: new EventOutboxRepository(sql),
    /** Leases: one holder at a time among the servers (store/leases.ts). */
    leases: new LeaseRepository(sql),
    /** An on-premises appliance's own settings, CA and service certificate (migration 20). */
    applianceSettings: new ApplianceSettingsRepository(sql, secrets),
    /** The central manager's appliances, groups, templates and jobs (migration 24). */
    managedFleet: new ManagedFleetRepository(sql, secrets),
    /** Alerts: rules, firings, evaluations, notification channels, deliveries, in-app notifications. */
    alerts: new AlertRepository(sql, secrets),
    /** Log streaming destinations, their cursors and health (migration 22). */
    streaming: new StreamingRepository(sql, secrets),
    /** Dashboards people build, and each user's start board (migration 23). */
    dashboards: new DashboardRepository(sql),
  }) as const;

export type Repositories = ReturnType<typeof repositoriesOn>;
