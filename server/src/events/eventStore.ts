/**
 * The event store: where log events live. Callers describe what they want in store-neutral terms
 * (log type, tenant, time range, filters, search, keyset cursor, limit); an implementation turns
 * that into its own query language with bound parameters. DuckDB is the embedded default
 * (duckdbEventStore.ts); a ClickHouse store implements the same interface.
 */
import type { Table } from 'apache-arrow';
import type { FieldValue, LogType } from '@workbench/common/api/contract/logSchema';
import type { LogCondition } from '@workbench/common/api/contract/logQueryLanguage';
import type { LogExportFormat, LogExportValues } from '@workbench/common/api/contract/logColumns';

/** An event to store. `time` is epoch milliseconds; fields not in the log type's schema are rejected. */
export interface NewEvent {
  readonly tid: string;
  readonly logType: LogType;
  readonly time: number;
  readonly fields: Readonly<Record<string, FieldValue | null | undefined>>;
}

/** An event with the id its writer gave it (an outbox row's): appendOnce stores it once. */
export interface KeyedEvent {
  /** Stable across deliveries of the same event (a UUID); at most 100 characters. */
  readonly eventId: string;
  readonly event: NewEvent;
}

/** A stored event: the store assigns `id`, unique and increasing in insertion order. */
export interface StoredEvent {
  readonly id: number;
  readonly tid: string;
  readonly logType: LogType;
  readonly time: number;
  readonly fields: Readonly<Record<string, FieldValue>>;
}

/**
 * Equality on one field; several values mean any of them. `exclude`: the opposite, none of them
 * (events without a value are kept, as Kibana's and Cloudflare's "filter out" do).
 */
export interface EventFilter {
  readonly field: string;
  readonly values: readonly FieldValue[];
  readonly exclude?: boolean;
}

/** The order events are read in: `desc` newest first (time DESC, id DESC), `asc` oldest first. */
export type EventOrder = 'desc' | 'asc';

/** A position in the query's order: the last event already seen. */
export interface EventCursor {
  readonly time: number;
  readonly id: number;
  /**
   * With a `sortField`: that event's value of the field (null when it has none), the cursor's
   * first key; time and id break ties.
   */
  readonly value?: FieldValue | null;
}

/**
 * What to read. Events come newest first (ORDER BY time DESC, id DESC) unless `order` is `asc`
 * (ORDER BY time ASC, id ASC).
 */
export interface EventQuery {
  readonly logType: LogType;
  readonly tid: string;
  /** Epoch ms, inclusive. */
  readonly start: number;
  /** Epoch ms, exclusive. */
  readonly end: number;
  readonly filters: readonly EventFilter[];
  /** Case-insensitive substring over the log type's search fields. */
  readonly search?: string;
  /**
   * A condition of the query language (the logs API's `q`: NOT, OR across fields, ranges,
   * patterns), ANDed with the filters and the search.
   */
  readonly where?: LogCondition;
  /** Default `desc`. */
  readonly order?: EventOrder;
  /**
   * A field to sort by before time and id (common's logColumns.ts says which may be): ORDER BY
   * field, time, id, all in `order`, events without a value last. Absent: by time.
   */
  readonly sortField?: string;
  /**
   * Only events strictly after this position in the order: for `desc` older, or the same time with
   * a smaller id; for `asc` newer, or the same time with a larger id.
   */
  readonly after?: EventCursor;
  readonly limit: number;
}

export type EventScan = Omit<EventQuery, 'limit' | 'after'>;

/**
 * What an aggregate measures per group: its events; the sum of integer fields (a missing value
 * counts 0); the mean of an integer field over the events that have it, rounded to a whole number
 * (0 for a group without any); or how many distinct values a field takes in the group.
 */
export type AggregateMeasure =
  | { readonly kind: 'count' }
  | { readonly kind: 'sum'; readonly fields: readonly string[] }
  | { readonly kind: 'avg'; readonly field: string }
  | { readonly kind: 'distinct'; readonly field: string };

/**
 * A report's aggregate (the store-neutral entry of report queries): the scan's events grouped by
 * - a field's values: the `limit` groups with the largest measure, ties by key (or, with `order:
 *   'key'`, the `limit` smallest keys in key order); events without a value are in no group;
 * - time buckets of `bucketMs` whose edges fall at multiples of it after shifting by `offsetMs`
 *   (a time zone's offset: days start at local midnight): all buckets that have events, oldest first;
 * - nothing (`total`): one row, key null, the measure over every event of the scan.
 * With `series`, each group is split by a second field's values (null included): a field group's
 * rows follow its order by the group's total, then by series; a top-N with series needs an
 * additive measure (count or sum).
 */
export interface EventAggregate extends Omit<EventScan, 'order'> {
  readonly groupBy:
    | { readonly field: string; readonly series?: string; readonly order?: 'value' | 'key' }
    | { readonly bucketMs: number; readonly offsetMs: number; readonly series?: string }
    | { readonly total: true };
  readonly measure: AggregateMeasure;
  /** Field groups only. */
  readonly limit: number;
}

/**
 * One group: a field's value, a bucket's start (epoch ms) or null (total); with a series, the
 * second field's value (null for events without one).
 */
export interface AggregateRow {
  readonly key: string | number | null;
  readonly series?: string | number | null;
  readonly value: number;
}

/** One log type's events as an Apache Arrow table (columns `tid`, `time` and the type's fields). */
export interface ColumnsOfType {
  readonly logType: LogType;
  readonly table: Table;
}

/**
 * How far a resumable bulk load (the first start's demo seeding, seedEvents.ts) has come: written
 * in the same transaction as its last whole batch, so after a crash it names exactly what is in.
 */
export interface LoadProgress {
  /** Which load, e.g. `demo-events`. */
  readonly load: string;
  /** What the load writes, in the loader's own terms (JSON): a restart continues from it. */
  readonly plan: string;
  /** Whole batches stored. */
  readonly batches: number;
  /** Events those batches hold. */
  readonly events: number;
  /** The last batch is in. */
  readonly complete: boolean;
}

export class EventStoreInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'EventStoreInputError';
  }
}

/** What an export writes (logs API `format`, `values`, `columns`; common's logColumns.ts). */
export interface ExportOptions {
  readonly format: LogExportFormat;
  readonly values: LogExportValues;
  /** Fields of the type, in the order written (after id and event_time). */
  readonly columns: readonly string[];
}

/** Events as JSON texts, with the (time, id) of each. */
export interface JsonEvents {
  json: string[];
  keys: EventCursor[];
}

export interface EventStore {
  /** Appends events (in one batch, atomically); returns how many were stored. */
  append(events: readonly NewEvent[]): Promise<number>;
  /**
   * Appends the events whose eventId the store has not stored before (an event delivered twice,
   * by a retry or by two forwarders, is stored once), atomically; returns how many were new.
   * The outbox's delivery (eventOutbox.ts; events/README.md "Events delivered once").
   */
  appendOnce(events: readonly KeyedEvent[]): Promise<number>;
  /**
   * Forgets the ids appendOnce recorded whose text sorts before `idsBefore` (outbox ids begin with
   * their writing time, outboxIdPrefix): the forwarder's pruning of ids no delivery can bring
   * again (eventOutbox.ts, events/README.md "Events delivered once").
   */
  pruneDelivered(idsBefore: string): Promise<void>;
  /**
   * The bulk path: appends one log type's events given as an Apache Arrow table (columns `tid`,
   * `time` and the type's fields; see arrowEvents.ts), in one batch, atomically; returns how many
   * were stored. Bad input is refused whole (EventStoreInputError naming the column).
   */
  appendColumns(logType: LogType, table: Table): Promise<number>;
  /**
   * The bulk path for a batch of several log types: every table, and `progress` when given, in
   * one transaction (all or nothing, also across a crash); returns how many events were stored.
   * Bad input is refused whole, as by appendColumns.
   */
  appendColumnsBatch(parts: readonly ColumnsOfType[], progress?: LoadProgress): Promise<number>;
  /** The progress a load last recorded with appendColumnsBatch, or null when it recorded none. */
  loadProgress(load: string): Promise<LoadProgress | null>;
  /**
   * Removes the events of a load's batches written after its last recorded progress (a crash
   * between a batch's events and its progress, where the store cannot write both at once), so that
   * a resumed load writes no batch twice; returns how many batches it removed. Called by the one
   * writer that resumes the load, before it reads where to resume (seedEvents.ts).
   */
  discardUnrecordedBatches(load: string): Promise<number>;
  /** Up to `limit` events of the query, in its order (newest first by default). */
  query(query: EventQuery): Promise<StoredEvent[]>;
  /**
   * The same events as `query`, each already written as the logs API's JSON object (id as text,
   * time, event_time in ISO 8601, log_type, then the fields that have a value, in the log
   * schema's order), with their keys: the store's engine writes the JSON, so a block goes out
   * without a JavaScript object per event.
   */
  queryJson(query: EventQuery): Promise<JsonEvents>;
  /**
   * Every event of the scan, in its order, in chunks, written by the store's engine (exports run
   * at its speed): id, event_time in ISO 8601, then `options.columns` in their order; coded
   * fields as codes or labels. CSV: lines without a header, RFC 4180 quoting, CRLF, formula-like
   * text prefixed with '. NDJSON: one object per line (LF), a field without a value as null.
   */
  exportRows(query: EventScan, options: ExportOptions): AsyncIterable<Buffer>;
  /** Every event of the scan, in its order, in batches (for exports of any size). */
  scan(query: EventScan, batchSize?: number): AsyncIterable<StoredEvent[]>;
  /** A report's groups and their measures (see EventAggregate). */
  aggregate(query: EventAggregate): Promise<AggregateRow[]>;
  /** How many events a scan would return (an export announces it so the client can show progress). */
  countMatching(query: EventScan): Promise<number>;
  /** How many events a tenant has (of one type, or of all). */
  count(tid?: string, logType?: LogType): Promise<number>;
  /** Moves appended events into the main storage (a checkpoint); bulk loads call it now and then. */
  flush(): Promise<void>;
  /**
   * The store's parts a readiness check asks (http/health.ts): each with a name (a shard names
   * its address) and a probe that resolves when the part answers, rejects with the reason if not.
   */
  probes(): readonly StoreProbe[];
  /**
   * Whether the store is another process that can be down while this server runs (ClickHouse):
   * writes that must survive that go through the config store's outbox (the live demo events,
   * eventsPlugin.ts). An embedded store (DuckDB) fails only with the server.
   */
  readonly remote: boolean;
  close(): Promise<void>;
}

/** One part of a store that must answer for the server to be ready (EventStore.probes). */
export interface StoreProbe {
  /** e.g. `shard 2 (10.0.0.7:8123)`, `events.duckdb`. */
  readonly target: string;
  probe(): Promise<void>;
}
