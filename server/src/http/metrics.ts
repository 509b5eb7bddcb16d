/**
 * What an operator scrapes (issue 39 point 6): Prometheus series of one server, kept in a
 * registry of its own (prom-client), so that the many servers a test process builds never share
 * a series. The series are listed, with their meaning, in server/README.md ("Operating"); a test
 * (http/health.test.ts) reads that table and scrapes a server for every name in it.
 *
 * Routes are labelled by the pattern the router matched (`/api/udb-rest/v2/users/:id`), never by
 * the raw URL: a label per id or per probe of a scanner would grow without bound.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ipAllowed } from '../tokens/ipRestrictions';

/** Seconds: from a sub-millisecond SQLite read to a report query of many seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The label of a request the router matched no route for (404s of any path: one series). */
export const UNMATCHED_ROUTE = '(unmatched)';

export type StoreKind = 'config' | 'events';

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'workbench_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'workbench_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly requestErrors = new Counter({
    name: 'workbench_http_request_errors_total',
    help: 'Requests answered with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [this.registry],
  });
  private readonly storeSeconds = new Histogram({
    name: 'workbench_store_operation_duration_seconds',
    help: 'Time of a config-store or event-store call, by store, operation and outcome (ok, error).',
    labelNames: ['store', 'operation', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly storeUp = new Gauge({
    name: 'workbench_store_up',
    help: 'Whether a store part answered its last readiness check (1) or not (0), by store and target.',
    labelNames: ['store', 'target'] as const,
    registers: [this.registry],
  });
  private outboxDepthSource: (() => number | Promise<number>) | null = null;
  private readonly outboxDepth = new Gauge({
    name: 'workbench_outbox_depth',
    help: 'Events written to the outbox and not yet delivered to the event store.',
    registers: [this.registry],
    collect: async () => {
      if (this.outboxDepthSource) this.outboxDepth.set(await this.outboxDepthSource());
    },
  });
  private readonly seedPlanned = new Gauge({
    name: 'workbench_demo_events_planned',
    help: 'Demo events the first-start seeding creates in all (0: none planned on this server).',
    registers: [this.registry],
  });
  private readonly seedStored = new Gauge({
    name: 'workbench_demo_events_stored',
    help: 'Demo events the seeding has stored so far (equal to planned when it is done).',
    registers: [this.registry],
  });
  private readonly claims = new Counter({
    name: 'workbench_scheduler_claims_total',
    help: 'Scheduled report runs this server tried to claim, by result (won: it runs it; lost: another server did).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly leaseHeld = new Gauge({
    name: 'workbench_lease_held',
    help: 'Whether this server holds a lease of the config store (1) or not (0), by lease name.',
    labelNames: ['lease'] as const,
    registers: [this.registry],
  });

  constructor(options: { processMetrics?: boolean } = {}) {
    // The process's own series (CPU, memory, event loop): the real server only, as each call
    // starts an event-loop monitor and tests build hundreds of servers in one process.
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    for (const result of ['won', 'lost']) this.claims.inc({ result }, 0);
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
    if (status >= 500) this.requestErrors.inc({ method, route });
  }

  storeCall(store: StoreKind, operation: string, ok: boolean, seconds: number): void {
    this.storeSeconds.observe({ store, operation, outcome: ok ? 'ok' : 'error' }, seconds);
  }

  storeCheck(store: StoreKind, target: string, ok: boolean): void {
    this.storeUp.set({ store, target }, ok ? 1 : 0);
  }

  /** The outbox's depth now (the outbox calls it as it changes)... */
  setOutboxDepth(depth: number): void {
    this.outboxDepth.set(depth);
  }

  /** ...or a count read at every scrape (e.g. a COUNT of the outbox table). */
  setOutboxDepthSource(source: (() => number | Promise<number>) | null): void {
    this.outboxDepthSource = source;
  }

  seeding(stored: number, planned: number): void {
    this.seedStored.set(stored);
    this.seedPlanned.set(planned);
  }

  schedulerClaim(won: boolean): void {
    this.claims.inc({ result: won ? 'won' : 'lost' });
  }

  lease(name: string, held: boolean): void {
    this.leaseHeld.set({ lease: name }, held ? 1 : 0);
  }
}

/**
 * The store with every async method timed into `metrics` (operation = the method, or
 * `repository.method` for the config store's repositories). Async iterables (scans, exports) are
 * passed through untimed: their time is the client's reading as much as the store's.
 */
export function timedStore<T extends object>(
  store: T,
  kind: StoreKind,
  metrics: ServerMetrics,
  prefix = '',
): T {
  const wrapped = new Map<PropertyKey, unknown>();
  const timedMethods = new Map<string, { original: unknown; timed: unknown }>();
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string') return value;
      const operation = `${prefix}${property}`;
      if (value !== null && typeof value === 'object' && prefix === '' && kind === 'config') {
        // A repository of the config store (store.tenants, store.users, ...).
        if (!wrapped.has(property)) wrapped.set(property, timedStore(value, kind, metrics, `${property}.`));
        return wrapped.get(property);
      }
      if (typeof value !== 'function') return value;
      // Each method is timed as first read. One replaced on the store since (a test's spy, a patched
      // method) is answered as set, so whoever replaced it reads back what they set.
      const first = timedMethods.get(property);
      if (first && first.original !== value) return value;
      if (!first)
        timedMethods.set(property, {
          original: value,
          timed: function timed(this: unknown, ...args: unknown[]) {
            const started = process.hrtime.bigint();
            const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
            const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
            if (result instanceof Promise)
              return result.then(
                (answer: unknown) => {
                  metrics.storeCall(kind, operation, true, seconds());
                  return answer;
                },
                (error: unknown) => {
                  metrics.storeCall(kind, operation, false, seconds());
                  throw error;
                },
              );
            return result;
          },
        });
      return timedMethods.get(property)!.timed;
    },
  });
}

/** A request id a proxy may pass on: printable, no spaces, at most 128 characters. */
const REQUEST_ID = /^[\x21-\x7e]{1,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's genReqId: the `x-request-id` a trusted proxy sent (so the balancer's log line and
 * the server's join on it), else a new UUID. A client's own header is not believed: it could
 * make its requests look like another's in the logs.
 */
export function requestIdOf(trustedProxies: readonly string[]) {
  return (request: { headers: Record<string, unknown>; socket?: { remoteAddress?: string } }): string => {
    const sent = request.headers[REQUEST_ID_HEADER];
    const peer = request.socket?.remoteAddress;
    if (typeof sent === 'string' && REQUEST_ID.test(sent) && peer && ipAllowed(trustedProxies, peer))
      return sent;
    return randomUUID();
  };
}

/** The address ranges Fastify's proxy handling (proxy-addr) means by its names. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** A list of addresses, CIDR ranges and the names above, as addresses and ranges only. */
export const expandRanges = (entries: readonly string[]): string[] =>
  entries.flatMap((entry) => NAMED_RANGES[entry] ?? [entry]);

/** Whether the request comes from the operators' networks (WORKBENCH_METRICS_ALLOW). */
export const fromOperators = (allowed: readonly string[], request: FastifyRequest): boolean =>
  ipAllowed(allowed, request.ip);

/**
 * Times every answer into `metrics`, echoes the request id in `x-request-id`, and serves
 * `/metrics` to the operators' networks only (404 to any other client: the path is not theirs).
 */
export function installMetrics(
  app: FastifyInstance,
  metrics: ServerMetrics,
  allowed: readonly string[],
): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { world: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!fromOperators(allowed, request)) return reply.callNotFound();
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
