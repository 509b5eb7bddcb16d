import { postgresEventIds } from './clickhouseIds';
import type { EventStore } from './eventStore';

/**
 * The event store a server uses: ClickHouse when WORKBENCH_EVENTS_URL names one (README.md beside
 * this file), else DuckDB in the data directory (events.duckdb). With a PostgreSQL config store,
 * replicas may write events at once, so ids come from a counter there (clickhouseIds.ts).
 *
 * Each store's module is loaded here, when it is opened (issue 39): DuckDB's client and Apache
 * Arrow cost ~0.75 s of CPU to load, which a server without an event store (most API suites)
 * paid at every start.
 */
export async function openEventStore(options: {
  dataDir: string;
  eventsUrl?: string | null;
  configUrl?: string | null;
  /** WORKBENCH_EVENTS_TIMEOUT_MS: each ClickHouse request's bound (default 30 s). */
  eventsTimeoutMs?: number;
  /** WORKBENCH_EVENTS_REPLICAS: replicas per ClickHouse shard (default 1). */
  eventsReplicas?: number;
}): Promise<EventStore> {
  if (options.eventsUrl) {
    const { ClickHouseEventStore } = await import('./clickhouseEventStore');
    return ClickHouseEventStore.open(options.eventsUrl, {
      ...(options.configUrl ? { ids: postgresEventIds(options.configUrl) } : {}),
      timeoutMs: options.eventsTimeoutMs,
      replicas: options.eventsReplicas,
    });
  }
  const { DuckDbEventStore } = await import('./duckdbEventStore');
  return DuckDbEventStore.open(options.dataDir);
}
