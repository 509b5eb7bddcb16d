import type { Deployment, Mode } from '@workbench/common/api/contract/wire';
import type { ApiTokenKind } from '@workbench/common/api/contract/apiTokens';
import type { PendingStep } from '@workbench/common/api/contract/pendingSteps';
import type { AccessController, AccessRule } from '@workbench/common/features/rbac/permissions';
import type { LoginRateLimit } from './security/loginRateLimit';
import type { EventStore, NewEvent } from './events/eventStore';
import type { OutboxForwarder } from './events/eventOutbox';
import type { JobRunner } from './provider/jobRunner';
import type { ReportScheduler } from './reports/reportScheduler';
import type { AlertEvaluator } from './alerts/alertEvaluator';
import type { Streamer } from './streaming/streamer';
import type { SmtpConfig } from './alerts/mailer';
import type { ConfigStore, OperatorRecord, TenantRecord, UserRecord } from './store/ConfigStore';
import type { ServerMetrics } from './http/metrics';

/** The world a route belongs to: the tenant portal's, the provider console's, or none (sign-in calls). */
export type World = 'tenant' | 'provider' | 'public';

/**
 * What a route needs: one permission (api:action:item:id), an any/all rule (docs/access.md §3), or
 * null for "any signed-in user of the world".
 */
export type RoutePermission = string | AccessRule | null;

/** Route option read by the auth guard: `config: { world: 'tenant', permission: 'logs:web:*' }`. */
export interface RouteAccess {
  world: World;
  permission?: RoutePermission;
  /** The handler answers a missing session itself (logout, provider me); the session may be null. */
  optional?: boolean;
  /** Tenant routes: feature flags (docs/access.md §5) the tenant's capabilities must all turn on. */
  features?: readonly string[];
  /**
   * Tenant routes a session may call while a step is pending (auth/pendingSteps.ts): 'any' for
   * sign-out, user info and the session refresh, or the steps whose page needs the route.
   */
  whilePending?: WhilePending;
  /**
   * Tenant routes an API token may never call, whatever its scope (its own management, ...). Routes
   * open to any signed-in user (permission null: sign-out, password, user info) are session-only
   * too (tokens/bearerTokens.ts, docs/api-tokens.md).
   */
  sessionOnly?: boolean;
}

/** Which pending steps a route stays open during. */
export type WhilePending = 'any' | readonly PendingStep[];

export interface TenantSession {
  tid: string;
  uid: string;
  username: string;
  sidHash: string;
  xsrf: string;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
  user: UserRecord;
  tenant: TenantRecord;
  /** The user's permissions (roles turned into item:read / item:write). */
  permissions: string[];
  /** Checks against those permissions, or allows everything when RBAC is not enforced for the tenant. */
  access: AccessController;
  /** What the account must do before anything else opens, in order (auth/pendingSteps.ts). */
  pendingSteps: PendingStep[];
  /** True when the caller is an API token (`Authorization: Bearer`): no cookie, so no xsrf. */
  viaBearer: boolean;
  /** The API token the call came with (null for a signed-in session). */
  apiToken: { id: string; kind: ApiTokenKind; name: string } | null;
}

export interface ProviderSession {
  /** The raw session key (Bearer value, gd_sid cookie). */
  key: string;
  keyHash: string;
  keyId: string;
  /** The xsrf token issued with the session cookie (null for bearer-only sessions). */
  xsrf: string | null;
  username: string;
  createdAt: number;
  expiresAt: number;
  operator: OperatorRecord;
  permissions: string[];
  access: AccessController;
  /** True when the key came in the Authorization header (bearer clients need no xsrf). */
  viaBearer: boolean;
}

export interface ServerContext {
  store: ConfigStore;
  /**
   * What an appliance does to its own process when its manager asks it to restart, reboot or shut
   * down (main.ts supplies it; absent in a server run inside another program, e.g. a test).
   */
  systemControl?: (action: 'restart' | 'reboot' | 'shutdown') => void;
  /** The data directory (config.sqlite; report files under reports/). */
  dataDir: string;
  deployment: Deployment;
  mode: Mode | null;
  now: () => Date;
  idleTimeoutMs: number;
  secureCookies: boolean;
  loginRateLimit: LoginRateLimit;
  loginFailureCap: number;
  /**
   * The event store (logs, reports, the audit trail), opened or taken by buildServer (app.ts,
   * ServerOptions.events); unset on a server built without one.
   */
  events?: EventStore;
  /**
   * Where audit events go (the audit log type of the event store): set with `events`; unset (a
   * server without an event store) they are not kept.
   */
  audit?: (events: readonly NewEvent[]) => Promise<unknown>;
  /**
   * The forwarder of the config store's event outbox to `events` (events/eventOutbox.ts): set
   * with `events`. The audit trail writes its events into the outbox in the change's transaction.
   */
  outbox?: OutboxForwarder;
  /** The node-action jobs (provider/jobRunner.ts), set when the server is built. */
  jobs?: JobRunner;
  /** The report files' scheduler (reports/reportScheduler.ts), on a server that serves report files. */
  reportScheduler?: ReportScheduler;
  /** The alert rules' evaluator (alerts/alertEvaluator.ts), on a server with an event store. */
  alerts?: AlertEvaluator;
  /** Log streaming to SIEM destinations (streaming/streamer.ts), on a server with an event store. */
  streamer?: Streamer;
  /** The deployment's SMTP server (WORKBENCH_SMTP_URL, alerts/mailer.ts): alert and report e-mail. */
  smtp?: SmtpConfig | null;
  /**
   * WORKBENCH_STORAGE_ENDPOINT: a stand-in that settings `validate` knocks at instead of the cloud
   * (settings/endpointProbe.ts); null: the real endpoints.
   */
  storageEndpoint: string | null;
  /** WORKBENCH_PUBLIC_IPS: the deployment's public addresses (settings/settingsDocumentRoutes.ts). */
  publicIps: readonly string[];
  /** The server's Prometheus series (/metrics, http/metrics.ts); absent on a context built by hand. */
  metrics?: ServerMetrics;
  /** This server's name as a lease holder and how long its leases last (store/leases.ts). */
  lease?: { holder: string; leaseMs: number };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    world?: World;
    permission?: RoutePermission;
    optional?: boolean;
    features?: readonly string[];
    whilePending?: WhilePending;
    sessionOnly?: boolean;
  }
  interface FastifyRequest {
    /** The tenant session on tenant routes (null on others, or when optional and signed out). */
    session: TenantSession | null;
    /** The operator session on provider routes. */
    providerSession: ProviderSession | null;
  }
  interface FastifyInstance {
    workbench: ServerContext;
  }
}
