/**
 * `npm run seed -- --events N [--seed S]` (or `npm run seed -w server -- ...`): appends N
 * synthetic events (default 200,000) for the tenants of the config store to
 * `<WORKBENCH_DATA>/events.duckdb`, printing progress. On an empty data directory it first
 * creates the demo tenants and accounts, as a first server start would (printing a generated
 * demo password once when WORKBENCH_DEMO_PASSWORD is unset). Stop the server first: DuckDB lets
 * one process at a time open the file.
 */
import path from 'node:path';
import { readConfig } from '../config';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import { openConfigStore } from '../store/openConfigStore';
import { DEMO_PASSWORD_NOTICE, seedDemoData } from './demoSeed';
import { DEFAULT_DEMO_EVENTS, percentPrinter, seedEvents } from './seedEvents';
import { generatorTenantsOf, withAuditFacts } from './seedTenants';
import { withWebDeciders } from '../policy/webDeciders';

export interface SeedCliArgs {
  events: number;
  seed?: number;
}

export class UsageError extends Error {}

const USAGE = 'Usage: npm run seed -- [--events N] [--seed S]';

export function parseSeedArgs(argv: readonly string[]): SeedCliArgs {
  const args: SeedCliArgs = { events: DEFAULT_DEMO_EVENTS };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = inline ?? argv[i + 1];
    if (flag !== '--events' && flag !== '--seed')
      throw new UsageError(`Unknown option "${argv[i]}". ${USAGE}`);
    if (value === undefined || !/^\d+$/.test(value.replace(/_/g, ''))) {
      throw new UsageError(`${flag} needs a whole number, got "${value ?? ''}". ${USAGE}`);
    }
    if (inline === undefined) i += 1;
    const n = Number(value.replace(/_/g, ''));
    if (!Number.isSafeInteger(n)) throw new UsageError(`${flag} is too large.`);
    if (flag === '--events') args.events = n;
    else args.seed = n;
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const config = readConfig(process.env, repoRoot);

  const configStore = await openConfigStore(config);
  let tenants;
  try {
    const seeded = await seedDemoData(configStore, config.demoPassword, new Date(), { crowd: true });
    if (seeded.generatedPassword) console.log(`${DEMO_PASSWORD_NOTICE}${seeded.generatedPassword}`);
    tenants = await withWebDeciders(
      configStore,
      await withAuditFacts(configStore, generatorTenantsOf(await configStore.tenants.list())),
    );
  } finally {
    await configStore.close();
  }
  if (tenants.length === 0) throw new Error('The config store has no active tenant to create events for.');

  let store: DuckDbEventStore;
  try {
    store = await DuckDbEventStore.open(config.dataDir);
  } catch (error) {
    throw new Error(
      `Cannot open the event store in ${config.dataDir} (is the server running?): ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    console.log(
      `Creating ${args.events.toLocaleString('en-US')} events for ${tenants.map((t) => t.name).join(', ')} in ${config.dataDir}`,
    );
    const started = Date.now();
    const created = await seedEvents(store, {
      tenants,
      count: args.events,
      seed: args.seed,
      // One DuckDB row group per batch: DuckDB writes it straight to the file (see server/bench/run.ts).
      batchSize: 122_880,
      onProgress: percentPrinter((line) => console.log(line)),
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `Done: ${created.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s (${Math.round(created / Math.max(seconds, 0.001)).toLocaleString('en-US')} events/s); the store now holds ${(await store.count()).toLocaleString('en-US')}.`,
    );
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(
      error instanceof UsageError ? error.message : `Seeding failed: ${(error as Error).message}`,
    );
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
