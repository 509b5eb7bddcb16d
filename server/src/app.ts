import { userInfoV2Routes } from './auth/userInfoV2Routes';
import { administratorRoutes } from './administrators/administratorRoutes';
import { roleRoutes } from './administrators/roleRoutes';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Deployment, InjectedEnv, Mode } from '@workbench/common/api/contract/wire';
import type { ServerContext } from './context';
import { installErrorHandler } from './http/errors';
import { installCompression } from './http/compression';
import { installGuard } from './http/guard';
import { ALL_EXTENSIONS, extensionRoutes, installExtensions } from './http/extensions';
import type { ExtensionId } from '@workbench/common/api/contract/extensions';
import { installNulRefusal } from './http/nulCharacters';
import { installBodyRules } from './http/bodyRules';
import { installAuditTrail } from './audit/auditTrail';
import { OutboxForwarder } from './events/eventOutbox';
import type { EventStore, NewEvent } from './events/eventStore';
import { eventsPlugin, type EventsOptions } from './events/eventsPlugin';
import { openEventStore } from './events/openEventStore';
import { reportFilesPlugin } from './reports/reportFilesPlugin';
import { reportRegionRoutes } from './provider/reportRegionRoutes';
import { loginAreaRoutes } from './auth/loginAreaRoutes';
import { policyRoutes } from './policy/policyRoutes';
import { impactRoutes } from './policy/impactRoutes';
import { approvalRoutes } from './policy/approvalRoutes';
import { referenceRoutes } from './policy/referenceRoutes';
import { providerRoutes } from './provider/providerRoutes';
import { entityRoutes } from './provider/entityRoutes';
import { tenantRoutes } from './provider/tenantRoutes';
import { tenantAccountRoutes } from './provider/tenantAccountRoutes';
import { tenantEntitlementRoutes } from './provider/tenantEntitlementRoutes';
import { tenantDocumentRoutes } from './provider/tenantDocumentRoutes';
import { apiTokenRoutes } from './tokens/apiTokenRoutes';
import { tenantPolicyRoutes } from './provider/tenantPolicyRoutes';
import { tenantUserRoutes } from './provider/tenantUserRoutes';
import { tenantAuthRoutes } from './auth/tenantAuthRoutes';
import { DEMO_PASSWORD_NOTICE, seedDemoData } from './seed/demoSeed';
import { dummyPasswordHash } from './security/passwords';
import { configStoreRateLimit, memoryRateLimitWindows } from './http/rateLimitStore';
import { signInClientOf } from './security/signInClient';
import { DEFAULT_LOGIN_RATE_LIMIT, type LoginRateLimit } from './security/loginRateLimit';
import { DEFAULT_LOGIN_FAILURE_CAP } from './security/loginAttempt';
import { envScriptHash, staticApps } from './static/staticApps';
import type { ConfigStore } from './store/ConfigStore';
import { openConfigStore } from './store/openConfigStore';
import { seedEndUsers } from './udb/seedEndUsers';
import { udbRoutes } from './udb/udbRoutes';
import { signInSettingsRoutes } from './sign-in-settings/signInSettingsRoutes';
import { pacRoutes } from './pac/pacRoutes';
import { providerPacRoutes } from './pac/providerPacRoutes';
import { browserPostureRoutes } from './browser-posture/browserPostureRoutes';
import { termsRoutes } from './terms/termsRoutes';
import { multiTenantRoutes } from './multi-tenant/multiTenantRoutes';
import { settingsListRoutes } from './settings/settingsListRoutes';
import { forensicsRoutes } from './settings/forensicsRoutes';
import { settingsDocumentRoutes } from './settings/settingsDocumentRoutes';
import { savedSearchRoutes } from './saved-searches/savedSearchRoutes';
import { dashboardRoutes } from './dashboards/dashboardRoutes';
import { deploymentRoutes } from './provider/deploymentRoutes';
import { quotaRoutes } from './quota/quotaRoutes';
import { podRoutes } from './provider/podRoutes';
import { JobRunner } from './provider/jobRunner';
import { seedDemoJobs } from './seed/demoProvider';
import { rolloutRoutes } from './provider/rolloutRoutes';
import { capabilityStateRoutes } from './provider/capabilityStateRoutes';
import { named } from './http/namedPlugin';
import { contactRoutes } from './contact/contactRoutes';
import { connectivityRoutes } from './connectivity/connectivityRoutes';
import { configStoreProbe, DEFAULT_READY_TIMEOUT_MS, healthRoutes } from './http/health';
import { expandRanges, installMetrics, requestIdOf, ServerMetrics, timedStore } from './http/metrics';
import { DEFAULT_LEASE_MS, LEASE_NAMES, serverHolderId } from './store/leases';
import { SEED_RACE_NOTICE, seedUnderLease } from './seed/seedUnderLease';
import { applianceRoutes } from './appliance/applianceRoutes';
import { centralManagerRoutes } from './central-manager/centralManagerRoutes';
import { isApplianceMode } from '@workbench/common/api/contract/appliance/applianceSettings';
import { alertRoutes, type AlertsOptions } from './alerts/alertRoutes';
import type { SmtpConfig } from './alerts/mailer';
import { streamingRoutes, type StreamingOptions } from './streaming/streamingRoutes';

export const DEFAULT_INACTIVITY_TIMEOUT_DAYS = 0.042;
export const DEFAULT_API_TIMEOUT_MS = 30000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ServerOptions {
  /** Directory of the stores (config.sqlite, ...); created when missing. */
  dataDir: string;
  /** WORKBENCH_CONFIG_URL: the config store on PostgreSQL instead of config.sqlite (null: SQLite). */
  configUrl?: string | null;
  deployment: Deployment;
  mode: Mode | null;
  /** Password of every demo account; generated and printed once on first start when absent. */
  demoPassword?: string;
  /**
   * Seed the demo tenants' web policy into their first revision (default true). API tests turn it
   * off so a fresh tenant reads every policy kind's defaults.
   */
  demoPolicy?: boolean;
  /** The provider demo's crowd of tenants (demoProvider.ts DEMO_CROWD): the demo server only. */
  demoCrowd?: boolean;
  /** Repo root holding tenant-portal/dist and provider-console/dist; no app serving when absent. */
  staticRoot?: string;
  inactivityTimeoutDays?: number;
  apiTimeoutMs?: number;
  /** URL of the separate insights application (WORKBENCH_INSIGHTS_URL); none by default. */
  insightsUrl?: string | null;
  /** WORKBENCH_STORAGE_ENDPOINT: the stand-in storage endpoint of settings `validate` (ServerContext). */
  storageEndpoint?: string | null;
  /** WORKBENCH_PUBLIC_IPS: the deployment's public addresses (`all_public_ips`). */
  publicIps?: readonly string[];
  /** Secure cookies (behind https). */
  secureCookies?: boolean;
  /**
   * Trust X-Forwarded-* (only behind a reverse proxy that sets them): true, or the proxy's
   * addresses (then a client's own X-Forwarded-For cannot choose its address). Default false.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  logger?: FastifyServerOptions['logger'];
  /** The clock (tests move it instead of sleeping). */
  now?: () => Date;
  /** Where the one-time notices go (the generated demo password). */
  print?: (line: string) => void;
  /**
   * The event store and what it serves (the logs, summary, report and audit-trail routes, the
   * demo events, the report files): events/eventsPlugin.ts. Absent: a server without an event
   * store (audit events are not kept; API suites that do not read events).
   */
  events?: EventsOptions;
  /** More route plugins (tests' own routes); registered after the core ones, inside the guard. */
  plugins?: FastifyPluginAsync[];
  /** An appliance's restart, reboot and shutdown of its own process (context.ts systemControl). */
  systemControl?: (action: 'restart' | 'reboot' | 'shutdown') => void;
  /**
   * The keys that seal the secrets at rest (WORKBENCH_SECRET_KEY / _FILE; security/secretBox.ts):
   * the first seals, every one opens. Absent: the data directory's key file (embedded store only).
   */
  secretKeys?: readonly Buffer[] | null;
  /** Sign-in calls per client address and window (WORKBENCH_LOGIN_RATE_LIMIT per minute). */
  loginRateLimit?: LoginRateLimit;
  /** At most this many login failure records are kept (the oldest go first). */
  loginFailureCap?: number;
  /**
   * Node-action jobs move on by themselves (default true); tests that move a clock turn it off
   * and call `workbench.jobs.tick()`. `jobStepMs` is one step of a job (default 1 s).
   */
  jobTimer?: boolean;
  jobStepMs?: number;
  /**
   * The extensions served (WORKBENCH_EXTENSIONS; default every one): the others' routes answer
   * 404 as on a backend with only the spec's calls (http/extensions.ts, docs/api.md).
   */
  extensions?: readonly ExtensionId[];
  /** WORKBENCH_READY_TIMEOUT_MS: how long /readyz waits for each store part (default 2 s). */
  readyTimeoutMs?: number;
  /**
   * WORKBENCH_METRICS_ALLOW: the addresses and CIDR ranges (or loopback, linklocal, uniquelocal)
   * that may read /metrics and the reasons of /readyz; default loopback only.
   */
  metricsAllow?: readonly string[];
  /** The Node.js process's own series in /metrics (the real server; http/metrics.ts says why). */
  processMetrics?: boolean;
  /**
   * WORKBENCH_LEASE_SECONDS: how long a lease of the config store (the demo seeding, the live demo
   * events) lasts unless renewed; a server that dies holding one loses it after this (store/leases.ts).
   */
  leaseMs?: number;
  /** Alert evaluation and notifications (alerts/alertRoutes.ts); the evaluator needs `events`. */
  alerts?: AlertsOptions;
  /** WORKBENCH_SMTP_URL / WORKBENCH_SMTP_FROM: the deployment's SMTP server (alerts/mailer.ts). */
  smtp?: SmtpConfig | null;
  /** Log streaming to SIEM destinations (streaming/streamingRoutes.ts); the streamer needs `events`. */
  streaming?: StreamingOptions;
}

export type WorkbenchServer = FastifyInstance;

/**
 * The server's one composition root: opens the stores (config and events), seeds the demo data,
 * builds the ServerContext every route reads, and registers every plugin in order.
 */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const print = options.print ?? ((line: string) => console.log(line));
  const metrics = new ServerMetrics({ processMetrics: options.processMetrics ?? false });
  // A store the caller passed stays the caller's to close; one opened here closes with the server.
  const openedEvents: EventStore | undefined =
    options.events &&
    (options.events.store ??
      (await openEventStore({
        ...options,
        eventsUrl: options.events.url,
        eventsTimeoutMs: options.events.timeoutMs,
        eventsReplicas: options.events.replicas,
      })));
  // Every call timed into /metrics (the store's latencies).
  const events = openedEvents && timedStore(openedEvents, 'events', metrics);
  let eventsClosed = false;
  const closeEvents = async () => {
    if (!events || options.events?.store || eventsClosed) return;
    eventsClosed = true;
    await events.close();
  };
  let store: ConfigStore;
  try {
    store = timedStore(await openConfigStore(options), 'config', metrics);
  } catch (error) {
    await closeEvents();
    throw error;
  }
  let seedPrinted = false;
  const holder = serverHolderId(options.dataDir);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  try {
    // One server seeds at a time (servers sharing a PostgreSQL store may start together); the
    // others wait for the lease, then find the data there and seed nothing (issue 39 point 4).
    const lease = { name: LEASE_NAMES.demoSeed, holder, leaseMs };
    const retrying = (error: unknown) =>
      print(`${SEED_RACE_NOTICE}${error instanceof Error ? error.message : String(error)}`);
    await seedUnderLease(
      store,
      lease,
      async () => {
        const seed = await seedDemoData(store, options.demoPassword, now(), {
          policy: options.demoPolicy ?? true,
          crowd: options.demoCrowd ?? false,
        });
        if (seed.generatedPassword) {
          print(`${DEMO_PASSWORD_NOTICE}${seed.generatedPassword}`);
          seedPrinted = true;
        }
        await seedEndUsers(store, now());
      },
      retrying,
    );
  } catch (error) {
    await store.close();
    await closeEvents();
    throw error;
  }

  // Unknown user names are checked against this hash; make it now so the first such check is not slower.
  await dummyPasswordHash();
  const inactivityTimeoutDays = options.inactivityTimeoutDays ?? DEFAULT_INACTIVITY_TIMEOUT_DAYS;
  const ctx: ServerContext = {
    store,
    dataDir: options.dataDir,
    deployment: options.deployment,
    mode: options.mode,
    now,
    idleTimeoutMs: Math.round(inactivityTimeoutDays * DAY_MS),
    secureCookies: options.secureCookies ?? false,
    loginRateLimit: options.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT,
    loginFailureCap: options.loginFailureCap ?? DEFAULT_LOGIN_FAILURE_CAP,
    storageEndpoint: options.storageEndpoint ?? null,
    publicIps: options.publicIps ?? [],
    metrics,
    lease: { holder, leaseMs },
    smtp: options.smtp ?? null,
    ...(options.systemControl ? { systemControl: options.systemControl } : {}),
    // Administrators' actions (policy saves, publishes, …) become events of the audit log type.
    ...(events ? { events, audit: (list: readonly NewEvent[]) => events.append(list) } : {}),
  };
  // The audit trail's events reach the event store through the config store's outbox.
  if (events)
    ctx.outbox = new OutboxForwarder({
      store,
      events,
      now: () => now().getTime(),
      holder,
      onError: (error) => app.log.error({ err: error }, 'delivering outbox events failed'),
    });
  const env: InjectedEnv = {
    deployment: options.deployment,
    mode: options.deployment === 'on_prem' ? options.mode : null,
    inactivityTimeoutDays,
    apiTimeoutMs: options.apiTimeoutMs ?? DEFAULT_API_TIMEOUT_MS,
    insightsUrl: options.insightsUrl ?? null,
  };

  const trustProxy = options.trustProxy ?? false;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy,
    // The balancer's x-request-id (from a trusted proxy) or a new one: in every log line (reqId)
    // and echoed in the answer, so the balancer's log and the server's join (http/metrics.ts).
    genReqId: requestIdOf(
      trustProxy === true
        ? ['0.0.0.0/0', '::/0']
        : expandRanges(
            Array.isArray(trustProxy)
              ? trustProxy
              : typeof trustProxy === 'string'
                ? trustProxy.split(',').map((e) => e.trim())
                : [],
          ),
    ),
    schemaController: {
      compilersFactory: { buildValidator: strictBodyValidators, buildSerializer: sharedSerializers },
    },
    ajv: { customOptions: { removeAdditional: false } },
  });
  // Jobs a previous server left in flight end failed before anything else reads them.
  const jobs = new JobRunner({
    store,
    now,
    stepMs: options.jobStepMs,
    onError: (error) => app.log.error({ err: error }, 'a job tick failed'),
  });
  ctx.jobs = jobs;
  app.decorate('workbench', ctx);
  // The root's hook runs after every plugin's (the seeding and the scheduler stop first).
  app.addHook('onClose', async () => {
    await jobs.stop();
    await store.close();
    await closeEvents();
  });
  try {
    await registerEverything(app, ctx, options, env);
  } catch (error) {
    await app.close().catch(() => undefined);
    await store.close();
    await closeEvents();
    throw error;
  }
  if (seedPrinted) app.log.info('demo data seeded');
  return app;
}

const looseValidators = AjvCompiler();
const strictValidators = AjvCompiler();
type BuildValidator = ReturnType<typeof AjvCompiler>;
/** What Fastify passes the compiler at run time (the package's typing names only the schema). */
interface RouteSchemaDef {
  schema?: unknown;
  httpPart?: string;
}

/**
 * Compiled validators and serializers by what they compile (the part and the schema's JSON),
 * shared by every server this process builds: compiling ~800 route schemas with Ajv and
 * fast-json-stringify cost ~3 s of CPU per server, which the API suites (a server per test)
 * paid hundreds of times. A schema compiles to the same function whichever server asks.
 *
 * And each compiles on its route's first use, not when the server is readied (issue 39): a test
 * server answers a handful of its routes, and a process's start paid ~2.4 s of CPU for Ajv and
 * ~0.6 s for fast-json-stringify. Fastify is handed a function that compiles on its first call
 * (with the same compiler and options) and then hands every call to the compiled one; what a
 * request is answered is unchanged. A schema that does not compile throws at that first call
 * (a 500) instead of at start: app.test.ts compiles every route's (compilePendingSchemas).
 */
interface CompiledCache<F> {
  byKey: Map<string, F>;
  /** By the schema object, per part: the route modules hand every server the same objects. */
  byObject: Map<string, WeakMap<object, F>>;
}
/** The compilations handed out and not yet run, by what they are for (method, URL, part). */
const pendingCompilations = new Map<() => unknown, string>();
function memoizedCompiler<R extends RouteSchemaDef, F>(
  cache: CompiledCache<F>,
  key: (route: R) => string,
  compile: (route: R) => F,
  /** The function Fastify is handed: runs `resolve` (the compiled function) on its first call. */
  defer: (resolve: () => F) => F,
): (route: R) => F {
  return (route) => {
    // The object first: the JSON key itself cost ~150 ms of CPU per server (large response schemas).
    const schema = typeof route.schema === 'object' && route.schema !== null ? route.schema : null;
    const part = route.httpPart ?? '';
    let objects = cache.byObject.get(part);
    if (!objects) cache.byObject.set(part, (objects = new WeakMap()));
    const known = schema ? objects.get(schema) : undefined;
    if (known !== undefined) return known;
    let compiled: F | undefined;
    const resolve = (): F => {
      if (compiled !== undefined) return compiled;
      pendingCompilations.delete(resolve);
      const k = key(route);
      compiled = cache.byKey.get(k);
      if (compiled === undefined) {
        compiled = compile(route);
        cache.byKey.set(k, compiled);
      }
      return compiled;
    };
    const { method, url, httpStatus } = route as RouteSchemaDef & {
      method?: string;
      url?: string;
      httpStatus?: string;
    };
    pendingCompilations.set(
      resolve,
      `${method ?? ''} ${url ?? ''} ${part || `response ${httpStatus ?? ''}`}`,
    );
    const deferred = defer(resolve);
    if (schema) objects.set(schema, deferred);
    return deferred;
  };
}

/**
 * Compiles every route schema not compiled yet (of every server this process built), as a start
 * did before compilation waited for a route's first use: a schema Ajv or fast-json-stringify
 * refuses throws here, naming its route.
 */
export function compilePendingSchemas(): number {
  let count = 0;
  for (const [resolve, what] of [...pendingCompilations]) {
    try {
      resolve();
    } catch (error) {
      throw new Error(`The schema of ${what} does not compile: ${(error as Error).message}`, {
        cause: error,
      });
    }
    count += 1;
  }
  return count;
}

/** A validator compiled on its first call; Fastify reads `errors` (and `schemaEnv`) off it. */
function deferredValidator(resolve: () => Validate): Validate {
  const run = ((data: unknown, ...rest: unknown[]) => {
    const validate = resolve();
    const valid = (validate as (...args: unknown[]) => unknown)(data, ...rest);
    run.errors = validate.errors;
    return valid;
  }) as Validate;
  // Fastify gives Ajv the parent object (to coerce a root value) when the validator has a schemaEnv.
  Object.defineProperty(run, 'schemaEnv', { get: () => resolve().schemaEnv });
  Object.defineProperty(run, 'schema', { get: () => resolve().schema });
  return run;
}

const compiledValidators: CompiledCache<Validate> = { byKey: new Map(), byObject: new Map() };
const compiledSerializers: CompiledCache<unknown> = { byKey: new Map(), byObject: new Map() };
const defaultSerializers = SerializerSelector();
/** fast-json-stringify's compiler (Fastify's default), its functions shared and deferred as above. */
const sharedSerializers: typeof defaultSerializers = (externalSchemas, options) => {
  const compile = defaultSerializers(externalSchemas, options);
  type Serialize = ReturnType<typeof compile>;
  return memoizedCompiler(
    compiledSerializers as CompiledCache<Serialize>,
    (route: RouteSchemaDef) => JSON.stringify(route.schema),
    compile as (route: RouteSchemaDef) => Serialize,
    (resolve) => ((data: unknown) => resolve()(data)) as Serialize,
  ) as typeof compile;
};

/**
 * Bodies are JSON and must have the declared types as they are (a number is not a name, 0 and
 * "true" are not booleans): no coercion. Query strings and path parameters are text by nature
 * and may convert, but only to values their schema accepts (bounds included).
 */
const strictBodyValidators: BuildValidator = (externalSchemas, options = {}) => {
  const loose = looseValidators(externalSchemas, options);
  const strict = strictValidators(externalSchemas, {
    ...options,
    customOptions: { ...options.customOptions, coerceTypes: false },
  } as typeof options);
  const compile = memoizedCompiler(
    compiledValidators,
    (route: RouteSchemaDef) => `${route.httpPart ?? ''} ${JSON.stringify(route.schema)}`,
    (route: RouteSchemaDef) =>
      route.httpPart === 'body'
        ? strict(route as Parameters<typeof strict>[0])
        : finiteOnly(loose(route as Parameters<typeof loose>[0])),
    deferredValidator,
  );
  return (route) => compile(route as RouteSchemaDef);
};

type Validate = ReturnType<ReturnType<BuildValidator>>;

/**
 * Ajv's coercion turns "Infinity" or "1e400" in a query string or path into ±Infinity and then
 * skips the minimum/maximum checks for it; a coerced value that is not a finite number is
 * refused here, naming the parameter (it reached SQLite once and answered 500).
 */
function finiteOnly(validate: Validate): Validate {
  const checked = ((data: unknown, ...rest: unknown[]) => {
    const valid = (validate as (...args: unknown[]) => unknown)(data, ...rest);
    checked.errors = validate.errors;
    if (valid !== true || typeof data !== 'object' || data === null) return valid;
    const bad = Object.entries(data).find(([, v]) => typeof v === 'number' && !Number.isFinite(v));
    if (!bad) return true;
    checked.errors = [
      {
        instancePath: `/${bad[0]}`,
        keyword: 'type',
        message: 'must be a finite number',
        params: {},
        schemaPath: '',
      },
    ];
    return false;
  }) as Validate;
  return Object.assign(checked, { schemaEnv: validate.schemaEnv, schema: validate.schema });
}

async function registerEverything(
  app: FastifyInstance,
  ctx: ServerContext,
  options: ServerOptions,
  env: InjectedEnv,
) {
  installErrorHandler(app);
  const operators = expandRanges(options.metricsAllow ?? ['loopback']);
  if (ctx.metrics) installMetrics(app, ctx.metrics, operators);
  // Security headers on every answer: helmet's middleware, built once here. (@fastify/helmet
  // built it again for every request, parsing the CSP directives each time: ~2 % of the main
  // thread of a logs block under load, server/src/events/README.md.)
  const securityHeaders = helmet({
    // The built apps load their scripts from this origin; the one inline script (the injected
    // environment) is allowed by its hash. MUI's emotion and AG Grid inject <style> elements.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'sha256-${envScriptHash(env)}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(ctx.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // same-origin: no referrer leaves the site, and same-origin form posts keep their Origin.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: ctx.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  // Only the sign-in calls are limited (per route config): one budget per client for all of them
  // (security/signInClient.ts); on a shared (PostgreSQL) store the counts live there, so all
  // servers count one budget (http/rateLimitStore.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: signInClientOf,
    store: configStoreRateLimit(
      options.configUrl ? ctx : { store: { rateLimits: memoryRateLimitWindows() }, now: ctx.now },
    ),
  });
  // Cookies are parsed in an onRequest hook: it must run before the guard's.
  await app.register(fastifyCookie);
  // Before the routes: the large JSON answers opt in per route (http/compression.ts).
  await installCompression(app);
  // Before the guard: a route of an extension this server runs without is unknown (404), not refused.
  const extensions = new Set(options.extensions ?? ALL_EXTENSIONS);
  installExtensions(app, extensions);
  installGuard(app, ctx);
  installNulRefusal(app);
  installBodyRules(app);
  // Before any route: every state-changing route's audit declaration is read as it registers.
  installAuditTrail(app, ctx);
  // The API takes JSON only (415 otherwise); the login area's form target registers its own parser.
  app.removeContentTypeParser('text/plain');
  await app.register(named(fastifySwagger), {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Workbench reference backend',
        description:
          'Tenant portal API (/api), provider console API (/gdmanage), local identity provider (/idp).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          tenantSession: { type: 'apiKey', in: 'cookie', name: 'wb_sid' },
          providerKey: { type: 'http', scheme: 'bearer' },
          // An API token of the tenant (tokens/bearerTokens.ts): the routes its scope can reach.
          apiToken: { type: 'http', scheme: 'bearer' },
          providerSession: { type: 'apiKey', in: 'cookie', name: 'gd_sid' },
        },
      },
    },
  });
  await app.register(named(fastifySwaggerUi), { routePrefix: '/docs/api' });

  healthRoutes(app, {
    config: configStoreProbe(ctx.store, options.configUrl),
    events: ctx.events,
    timeoutMs: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
    operators,
    metrics: ctx.metrics,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(named(extensionRoutes(extensions)));
  await app.register(named(tenantAuthRoutes));
  await app.register(named(userInfoV2Routes));
  await app.register(named(administratorRoutes));
  await app.register(named(roleRoutes));
  await app.register(named(loginAreaRoutes));
  await app.register(named(policyRoutes));
  await app.register(named(approvalRoutes));
  await app.register(named(referenceRoutes));
  await app.register(named(providerRoutes));
  await app.register(named(entityRoutes));
  // A tenant in the provider console, by resource (their shared helpers: provider/tenantRouteKit.ts).
  await app.register(named(tenantRoutes));
  await app.register(named(tenantAccountRoutes));
  await app.register(named(tenantEntitlementRoutes));
  await app.register(named(tenantDocumentRoutes));
  await app.register(named(apiTokenRoutes));
  await app.register(named(tenantPolicyRoutes));
  await app.register(named(tenantUserRoutes));
  await app.register(named(deploymentRoutes));
  await app.register(named(reportRegionRoutes));
  await app.register(named(quotaRoutes));
  if (ctx.jobs) await app.register(named(podRoutes(ctx.jobs)));
  await app.register(named(rolloutRoutes({ timer: options.jobTimer ?? true })));
  await app.register(named(capabilityStateRoutes));
  await app.register(named(udbRoutes));
  await app.register(named(signInSettingsRoutes));
  await app.register(named(termsRoutes));
  await app.register(named(multiTenantRoutes));
  await app.register(named(settingsListRoutes));
  await app.register(named(forensicsRoutes));
  await app.register(named(settingsDocumentRoutes));
  await app.register(named(pacRoutes));
  await app.register(named(providerPacRoutes));
  await app.register(named(browserPostureRoutes));
  await app.register(named(savedSearchRoutes));
  await app.register(named(contactRoutes));
  await app.register(named(connectivityRoutes));
  // An on-premises appliance's own API (docs/appliances.md): elsewhere its paths are unknown (404).
  if (ctx.deployment === 'on_prem' && isApplianceMode(ctx.mode)) await app.register(named(applianceRoutes));
  // The central manager (docs/central-manager.md): the management station's only; elsewhere 404.
  if (ctx.deployment === 'on_prem' && ctx.mode === 'management_station')
    await app.register(named(centralManagerRoutes));
  if (options.events && ctx.events) {
    await app.register(named(eventsPlugin(options.events)));
    await app.register(named(impactRoutes));
    const { reportFiles } = options.events;
    if (reportFiles)
      await app.register(
        named(reportFilesPlugin({ store: ctx.events, timer: reportFiles.timer, region: reportFiles.region })),
      );
  }
  await app.register(named(alertRoutes(options.alerts)));
  await app.register(named(streamingRoutes(options.streaming)));
  await app.register(named(dashboardRoutes));
  for (const plugin of options.plugins ?? []) await app.register(named(plugin));
  if (options.staticRoot) await app.register(named(staticApps({ staticRoot: options.staticRoot, env })));

  await app.ready();
  if (ctx.jobs) {
    // A shared (PostgreSQL) store's jobs are moved by whichever server ticks: one server starting
    // interrupts nothing, and failing "its" jobs would fail the other servers' (jobRunner.ts).
    if (!options.configUrl) await ctx.jobs.failInterrupted();
    await seedDemoJobs(ctx.store, ctx.jobs, ctx.now());
    if (options.jobTimer ?? true) ctx.jobs.startTimer();
  }
}
