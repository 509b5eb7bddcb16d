import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { ConfigError, readConfig } from './config';
import { DEFAULT_DEMO_EVENTS } from './seed/seedEvents';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A reboot's pause between closing and starting again (a restart has none). */
const REBOOT_PAUSE_MS = 1500;

async function main(): Promise<void> {
  const config = readConfig(process.env, repoRoot);
  let listenPort = config.port;
  let app: Awaited<ReturnType<typeof build>>;
  let closing = false;
  // An appliance asked by its manager (appliance/applianceSystemRoutes.ts): a restart closes the
  // server and its stores and starts them again on the same port; a reboot pauses between; a
  // shutdown ends the process.
  const systemControl = (action: 'restart' | 'reboot' | 'shutdown') => {
    if (closing) return;
    if (action === 'shutdown') return close('shutdown requested by the manager');
    closing = true;
    app.log.warn(`${action} requested by the manager`);
    app
      .close()
      .then(() => new Promise((resolve) => setTimeout(resolve, action === 'reboot' ? REBOOT_PAUSE_MS : 0)))
      .then(async () => {
        closing = false;
        await start();
      })
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  const build = () =>
    buildServer({
      dataDir: config.dataDir,
      configUrl: config.configUrl,
      secretKeys: config.secretKeys,
      deployment: config.deployment,
      mode: config.mode,
      demoPassword: config.demoPassword,
      // The provider console's crowd of demo tenants (the test servers keep acme and globex).
      demoCrowd: true,
      staticRoot: repoRoot,
      insightsUrl: config.insightsUrl,
      storageEndpoint: config.storageEndpoint,
      publicIps: config.publicIps,
      smtp: config.smtp,
      extensions: config.extensions,
      secureCookies: config.secureCookies,
      trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
      ...(config.loginRatePerMinute
        ? { loginRateLimit: { max: config.loginRatePerMinute, windowMs: 60_000 } }
        : {}),
      // JSON lines (pino), each request's with its reqId: the balancer's x-request-id (http/metrics.ts).
      logger: { level: config.logLevel },
      readyTimeoutMs: config.readyTimeoutMs,
      metricsAllow: config.metricsAllow,
      processMetrics: true,
      leaseMs: config.leaseMs,
      // The event store (WORKBENCH_EVENTS_URL, else events.duckdb) and its routes; first start
      // seeds WORKBENCH_DEMO_EVENTS events in the background. The report files (scheduled, instant
      // and past reports) with their scheduler.
      events: {
        url: config.eventsUrl,
        timeoutMs: config.eventsTimeoutMs,
        replicas: config.eventsReplicas,
        demoEvents: config.demoEvents ?? DEFAULT_DEMO_EVENTS,
        liveEventsPerSecond: config.liveEventsPerSecond,
        reportFiles: { region: config.region },
      },
      systemControl,
    });
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.warn(`${signal}: closing`);
    // The server closes its stores after every plugin has stopped using them.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => close('SIGINT'));
  process.on('SIGTERM', () => close('SIGTERM'));
  const start = async () => {
    app = await build();
    await app.listen({ port: listenPort, host: config.host });
    const address = app.server.address();
    listenPort = typeof address === 'object' && address ? address.port : listenPort;
  };
  await start();
  const port = listenPort;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const origin = `http://${shownHost}:${port}`;
  console.log(`Workbench listening on ${origin}`);
  console.log(`  Tenant portal:    ${origin}/`);
  console.log(`  Provider console: ${origin}/provider/`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
