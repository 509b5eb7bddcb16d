/**
 * Liveness and readiness (issue 39 point 1). `/livez` answers while the process runs: a
 * supervisor restarts a server that stops answering it. `/readyz` (and `/healthz`, what the
 * balancer, the browser suite and the README wait on) is honest readiness: the config store and
 * every part of the event store (each ClickHouse shard, or the DuckDB file) answer a query within
 * the bound (WORKBENCH_READY_TIMEOUT_MS, 2 s by default); otherwise 503 naming each failed part
 * and why, so the balancer takes the server out until it answers again.
 *
 * The checks run on every call, in parallel; there is no cached answer to go stale. The reason and
 * the addresses of the stores are told to the operators' networks (WORKBENCH_METRICS_ALLOW) only:
 * a client on the internet learns which part failed, not where the database servers are.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { EventStore, StoreProbe } from '../events/eventStore';
import type { ConfigStore } from '../store/ConfigStore';
import { fromOperators, type ServerMetrics, type StoreKind } from './metrics';

export const DEFAULT_READY_TIMEOUT_MS = 2000;

export interface ReadinessCheck {
  store: StoreKind;
  /** The part checked: `PostgreSQL`, `config.sqlite`, `shard 2 of 2`, `events.duckdb`. */
  target: string;
  status: 'ok' | 'failed';
  /** How long it took to answer (or to fail). */
  ms: number;
  /** Where it is (host:port) — operators' networks only. */
  address?: string;
  /** Why it failed — operators' networks only. */
  reason?: string;
}

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: ReadinessCheck[];
}

interface Probe extends StoreProbe {
  store: StoreKind;
}

/** `shard 2 of 2 (10.0.0.7:8123)` → target `shard 2 of 2`, address `10.0.0.7:8123`. */
function split(target: string): { target: string; address?: string } {
  const match = /^(.*) \(([^()]+)\)$/.exec(target);
  return match ? { target: match[1], address: match[2] } : { target };
}

/** The config store as a readiness probe: its engine, and where a PostgreSQL server is. */
export function configStoreProbe(store: ConfigStore, configUrl: string | null | undefined): StoreProbe {
  let target = 'config.sqlite';
  if (configUrl) {
    const url = new URL(configUrl);
    target = `PostgreSQL (${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname})`;
  }
  return { target, probe: () => store.ping() };
}

async function check(probe: Probe, timeoutMs: number): Promise<ReadinessCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const { target, address } = split(probe.target);
  const ms = () => Math.round(performance.now() - started);
  try {
    await Promise.race([probe.probe(), timeout]);
    return { store: probe.store, target, status: 'ok', ms: ms(), ...(address ? { address } : {}) };
  } catch (error) {
    return {
      store: probe.store,
      target,
      status: 'failed',
      ms: ms(),
      ...(address ? { address } : {}),
      reason: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Every probe of the config store and the event store, each bounded by `timeoutMs`. */
export async function readiness(
  config: StoreProbe,
  events: EventStore | undefined,
  timeoutMs: number,
  metrics?: ServerMetrics,
): Promise<Readiness> {
  const probes: Probe[] = [
    { ...config, store: 'config' },
    ...(events?.probes() ?? []).map((p) => ({ ...p, store: 'events' as const })),
  ];
  const checks = await Promise.all(probes.map((p) => check(p, timeoutMs)));
  for (const c of checks) metrics?.storeCheck(c.store, c.target, c.status === 'ok');
  return { status: checks.every((c) => c.status === 'ok') ? 'ok' : 'unavailable', checks };
}

const CheckSchema = Type.Object({
  store: Type.Union([Type.Literal('config'), Type.Literal('events')]),
  target: Type.String(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('failed')]),
  ms: Type.Integer(),
  address: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
});
const ReadinessSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  checks: Type.Array(CheckSchema),
});

export interface HealthOptions {
  config: StoreProbe;
  events: EventStore | undefined;
  timeoutMs: number;
  /** The operators' networks (WORKBENCH_METRICS_ALLOW): they are told addresses and reasons. */
  operators: readonly string[];
  metrics?: ServerMetrics;
}

/** Registers /livez, /readyz and /healthz (the same readiness as /readyz). */
export function healthRoutes(app: FastifyInstance, options: HealthOptions): void {
  app.get(
    '/livez',
    {
      config: { world: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Answers while the process runs (no store is asked)',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  for (const url of ['/readyz', '/healthz'])
    app.get(
      url,
      {
        config: { world: 'public' },
        schema: {
          tags: ['health'],
          summary:
            'Ready when the config store and every event-store part answer within the bound; 503 names each that does not',
          response: { 200: ReadinessSchema, 503: ReadinessSchema },
        },
      },
      async (request, reply) => {
        const answer = await readiness(options.config, options.events, options.timeoutMs, options.metrics);
        if (!fromOperators(options.operators, request))
          for (const c of answer.checks) {
            delete c.address;
            delete c.reason;
          }
        reply.code(answer.status === 'ok' ? 200 : 503);
        return answer;
      },
    );
}
