/**
 * `scripts/scale-out-demo.sh`: the scaled topology of issue 16 on one machine, for a try (README,
 * "Running on more than one machine"): a throw-away PostgreSQL, two ClickHouse shards, two server
 * replicas and HAProxy in round robin (scaledTopology.ts), with demo events and live events.
 * Prints the address and the demo password; Ctrl-C stops and removes everything.
 */
import { startScaledTopology } from './scaledTopology';

const PASSWORD = process.env.WORKBENCH_DEMO_PASSWORD ?? 'scale-out-demo';
const DEMO_EVENTS = process.env.WORKBENCH_DEMO_EVENTS ?? '200000';

async function main(): Promise<void> {
  console.log('Starting PostgreSQL, two ClickHouse shards, two server replicas and HAProxy ...');
  const topology = await startScaledTopology({
    env: {
      WORKBENCH_DEMO_PASSWORD: PASSWORD,
      WORKBENCH_LIVE_EVENTS: process.env.WORKBENCH_LIVE_EVENTS ?? '2',
      // HAProxy on this machine sets X-Forwarded-For: the sign-in limit counts per browser.
      WORKBENCH_TRUST_PROXY: 'loopback',
      // The apps are served by every replica when they are built (npm run build).
      LOG_LEVEL: 'warn',
    },
    firstReplicaEnv: { WORKBENCH_DEMO_EVENTS: DEMO_EVENTS },
  });
  // process.exit, not exitCode: the stopped children's pipes and timers may still hold the event
  // loop open, and a demo stopped with Ctrl-C must end at once.
  const stop = (signal: string) => {
    console.log(`\n${signal}: stopping the proxy, the replicas, ClickHouse and PostgreSQL ...`);
    topology.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  console.log(`
  PostgreSQL (config store):  ${topology.configUrl}
  ClickHouse (event store):   ${topology.eventsUrl}
  Replicas:                   ${topology.replicas.map((r) => `${r.name} ${r.server.baseUrl}`).join(', ')}
  HAProxy (round robin):      ${topology.url}

  Tenant portal:     ${topology.url}/
  Provider console:  ${topology.url}/provider/
  Demo accounts (admin@acme.example, operator@provider.example, ...), password: ${PASSWORD}
  The first replica seeds ${DEMO_EVENTS} demo events in the background.
  Every answer names its replica in the x-workbench-replica header. Ctrl-C stops it all.`);
}

// A failed start has already stopped what it started (startScaledTopology); exit at once.
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
