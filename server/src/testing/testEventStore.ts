/**
 * The event store of an API suite. Embedded run: DuckDB in `dir`. Scaled run (issue 16: the API
 * suites on the scaled topology): a fresh database on the run's two ClickHouse shards, so the logs,
 * reports and audit routes answer from ClickHouse behind the two replicas, as in a deployment.
 */
import { ClickHouseEventStore } from '../events/clickhouseEventStore';
import { DuckDbEventStore } from '../events/duckdbEventStore';
import type { EventStore } from '../events/eventStore';
import { freshEventsUrl, SCALED_TOPOLOGY } from './scaledTestStores';

export async function openTestEventStore(dir: string): Promise<EventStore> {
  return SCALED_TOPOLOGY ? ClickHouseEventStore.open(freshEventsUrl()) : DuckDbEventStore.open(dir);
}
