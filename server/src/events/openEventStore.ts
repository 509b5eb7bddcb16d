import { ClickHouseEventStore } from './clickhouseEventStore';
import { postgresEventIds } from './clickhouseIds';
import { DuckDbEventStore } from './duckdbEventStore';
import type { EventStore } from './eventStore';

/**
 * The event store a server uses: ClickHouse when WORKBENCH_EVENTS_URL names one (README.md beside
 * this file), else DuckDB in the data directory (events.duckdb). With a PostgreSQL config store,
 * replicas may write events at once, so ids come from a counter there (clickhouseIds.ts).
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
  return options.eventsUrl
    ? ClickHouseEventStore.open(options.eventsUrl, {
        ...(options.configUrl ? { ids: postgresEventIds(options.configUrl) } : {}),
        timeoutMs: options.eventsTimeoutMs,
        replicas: options.eventsReplicas,
      })
    : DuckDbEventStore.open(options.dataDir);
}
