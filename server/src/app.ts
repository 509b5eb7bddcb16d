import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deployment, InjectedEnv, Mode } from '@workbench/common/api/contract/wire';
import type { ServerContext } from './context';
import { installErrorHandler } from './http/errors';
import { installGuard } from './http/guard';
import { loginAreaRoutes } from './routes/loginAreaRoutes';
import { policyRoutes } from './routes/policyRoutes';
import { providerRoutes } from './routes/providerRoutes';
import { tenantAuthRoutes } from './routes/tenantAuthRoutes';
import { DEMO_PASSWORD_NOTICE, seedDemoData } from './seed/demoSeed';
import { dummyPasswordHash } from './security/passwords';
import { staticApps } from './static/staticApps';
import type { ConfigStore } from './store/ConfigStore';
import { SqliteConfigStore } from './store/sqliteConfigStore';
import { seedEndUsers } from './udb/seedEndUsers';
import { udbRoutes } from './udb/udbRoutes';
import { savedSearchRoutes } from './saved-searches/savedSearchRoutes';

export const DEFAULT_INACTIVITY_TIMEOUT_DAYS = 0.042;
export const DEFAULT_API_TIMEOUT_MS = 30000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ServerOptions {
  /** Directory of the stores (config.sqlite, ...); created when missing. */
  dataDir: string;
  deployment: Deployment;
  mode: Mode | null;
  /** Password of every demo account; generated and printed once on first start when absent. */
  demoPassword?: string;
  /** Repo root holding tenant-portal/dist and provider-console/dist; no app serving when absent. */
  staticRoot?: string;
  inactivityTimeoutDays?: number;
  apiTimeoutMs?: number;
  /** URL of the separate insights application (WORKBENCH_INSIGHTS_URL); none by default. */
  insightsUrl?: string | null;
  /** Secure cookies (behind https). */
  secureCookies?: boolean;
  /** Trust X-Forwarded-* (only behind a reverse proxy that sets them). Default false. */
  trustProxy?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The clock (tests move it instead of sleeping). */
  now?: () => Date;
  /** Where the one-time notices go (the generated demo password). */
  print?: (line: string) => void;
  /** More route plugins (e.g. the logs routes); registered after the core ones, inside the guard. */
  plugins?: FastifyPluginAsync[];
}

export type WorkbenchServer = FastifyInstance;

/** Every route of the server is registered with the TypeBox type provider. */
export const withTypes = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const print = options.print ?? ((line: string) => console.log(line));
  const store: ConfigStore = SqliteConfigStore.open(options.dataDir);
  let seedPrinted = false;
  try {
    const seed = await seedDemoData(store, options.demoPassword, now());
    if (seed.generatedPassword) {
      print(`${DEMO_PASSWORD_NOTICE}${seed.generatedPassword}`);
      seedPrinted = true;
    }
    await seedEndUsers(store, now());
  } catch (error) {
    await store.close();
    throw error;
  }

  // Unknown user names are checked against this hash; make it now so the first such check is not slower.
  await dummyPasswordHash();
  const inactivityTimeoutDays = options.inactivityTimeoutDays ?? DEFAULT_INACTIVITY_TIMEOUT_DAYS;
  const ctx: ServerContext = {
    store,
    deployment: options.deployment,
    mode: options.mode,
    now,
    idleTimeoutMs: Math.round(inactivityTimeoutDays * DAY_MS),
    secureCookies: options.secureCookies ?? false,
  };
  const env: InjectedEnv = {
    deployment: options.deployment,
    mode: options.deployment === 'on_prem' ? options.mode : null,
    inactivityTimeoutDays,
    apiTimeoutMs: options.apiTimeoutMs ?? DEFAULT_API_TIMEOUT_MS,
    insightsUrl: options.insightsUrl ?? null,
  };

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.decorate('workbench', ctx);
  app.addHook('onClose', async () => store.close());
  try {
    await registerEverything(app, ctx, options, env);
  } catch (error) {
    await app.close().catch(() => undefined);
    await store.close();
    throw error;
  }
  if (seedPrinted) app.log.info('demo data seeded');
  return app;
}

async function registerEverything(
  app: FastifyInstance,
  ctx: ServerContext,
  options: ServerOptions,
  env: InjectedEnv,
) {
  installErrorHandler(app);
  // Cookies are parsed in an onRequest hook: it must run before the guard's.
  await app.register(fastifyCookie);
  installGuard(app, ctx);
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
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
          providerSession: { type: 'apiKey', in: 'cookie', name: 'gd_sid' },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs/api' });

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready when the stores are open',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(tenantAuthRoutes);
  await app.register(loginAreaRoutes);
  await app.register(policyRoutes);
  await app.register(providerRoutes);
  await app.register(udbRoutes);
  await app.register(savedSearchRoutes);
  for (const plugin of options.plugins ?? []) await app.register(plugin);
  if (options.staticRoot) await app.register(staticApps({ staticRoot: options.staticRoot, env }));

  await app.ready();
}

export type {
  ServerContext,
  RouteAccess,
  RoutePermission,
  TenantSession,
  ProviderSession,
  World,
} from './context';
export { tenantSessionOf, providerSessionOf, permissionAllowed } from './http/guard';
export { ApiHttpError, apiError, errorResponses } from './http/errors';
