import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { ConfigError, readConfig } from './config';
import { ClickHouseEventStore } from './events/clickhouseEventStore';
import { postgresEventIds } from './events/clickhouseIds';
import { DuckDbEventStore } from './events/duckdbEventStore';
import { eventsPlugin } from './events/eventsPlugin';
import { reportFilesPlugin } from './reports/reportFilesPlugin';
import { DEFAULT_DEMO_EVENTS } from './seed/seedEvents';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const config = readConfig(process.env, repoRoot);
  // The event store is shared by the logs and report routes and the report files (their
  // scheduler); it is closed after the server, once every plugin has stopped using it.
  // WORKBENCH_EVENTS_URL=clickhouse://… selects the ClickHouse store (events/README.md); with a
  // PostgreSQL config store, replicas may write events at once, so ids come from a counter there.
  const events =
    config.eventsUrl === null
      ? await DuckDbEventStore.open(config.dataDir)
      : await ClickHouseEventStore.open(
          config.eventsUrl,
          config.configUrl === null ? {} : { ids: postgresEventIds(config.configUrl) },
        );
  const app = await buildServer({
    dataDir: config.dataDir,
    configUrl: config.configUrl,
    deployment: config.deployment,
    mode: config.mode,
    demoPassword: config.demoPassword,
    // The provider console's crowd of demo tenants (the test servers keep acme and globex).
    demoCrowd: true,
    staticRoot: repoRoot,
    insightsUrl: config.insightsUrl,
    extensions: config.extensions,
    secureCookies: process.env.WORKBENCH_SECURE_COOKIES === 'true',
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    ...(config.loginRatePerMinute
      ? { loginRateLimit: { max: config.loginRatePerMinute, windowMs: 60_000 } }
      : {}),
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    // The event store and logs API; first start seeds WORKBENCH_DEMO_EVENTS events in the background.
    // Then the report files (scheduled, instant and past reports) with their scheduler.
    plugins: [
      eventsPlugin({
        dataDir: config.dataDir,
        demoEvents: config.demoEvents ?? DEFAULT_DEMO_EVENTS,
        liveEventsPerSecond: config.liveEventsPerSecond,
        store: events,
      }),
      reportFilesPlugin({ store: events }),
    ],
  }).catch(async (error: unknown) => {
    await events.close();
    throw error;
  });
  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.warn(`${signal}: closing`);
    app
      .close()
      .then(() => events.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => close('SIGINT'));
  process.on('SIGTERM', () => close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
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
