/**
 * Log streaming to a SIEM (issue 40 point 3; docs/streaming.md). Destinations per tenant, under
 * `/api/streaming/v1` (a sibling of the alerts API):
 * - `http`: NDJSON batches, gzip, POSTed to a URL, with an optional authorisation header whose
 *   value is a write-only secret;
 * - `syslog`: RFC 5424 messages over TCP (optionally TLS), octet-counting framing (RFC 6587).
 * Each chooses the log types and fields sent, a filter query in the logs query language, and its
 * batching (at most `batch_max_events` per batch, a partial batch after `batch_max_seconds`).
 * Delivery is at least once from a persisted cursor; the health says the lag, the last success
 * and the last error. Reading needs `settings:streaming:read`, changing and test-sending
 * `settings:streaming:write`, and the logs permission of every log type chosen.
 */
import { Type, type Static } from 'typebox';
import { LogRouteSchema } from './logs';

export { STREAMING_READ_PERMISSION, STREAMING_WRITE_PERMISSION } from './settingsPermissions';

export { STREAMING_PATHS } from './streamingPaths';

export const STREAM_NAME_MAX = 100;
export const STREAM_QUERY_MAX = 1000;
export const STREAM_URL_MAX = 2000;
export const STREAM_BATCH_EVENTS_MAX = 10_000;
export const STREAM_BATCH_SECONDS_MAX = 300;
export const STREAM_DEFAULT_BATCH_EVENTS = 500;
export const STREAM_DEFAULT_BATCH_SECONDS = 5;
export const STREAM_FIELDS_MAX = 100;
export const STREAM_KINDS = ['http', 'syslog'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/** Each kind's own fields (the others are refused). */
export const STREAM_KIND_FIELDS: Readonly<Record<StreamKind, readonly string[]>> = {
  http: ['url', 'auth_header', 'auth_value'],
  syslog: ['host', 'port', 'tls'],
};

/** The NDJSON batch's content type; each line is one event (docs/streaming.md "What is sent"). */
export const STREAM_NDJSON_TYPE = 'application/x-ndjson';
/** The header naming the batch's events (their count), for a receiver's own check. */
export const STREAM_COUNT_HEADER = 'x-workbench-events';

const Id = Type.String({ minLength: 1, maxLength: 64 });

const common = {
  name: Type.String({ minLength: 1, maxLength: STREAM_NAME_MAX }),
  log_types: Type.Array(LogRouteSchema, { minItems: 1, maxItems: 6, uniqueItems: true }),
  /** Empty: every field of the log type. */
  fields: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: STREAM_FIELDS_MAX }),
  /** The logs query language (empty: every event). */
  query: Type.String({ maxLength: STREAM_QUERY_MAX }),
  batch_max_events: Type.Integer({ minimum: 1, maximum: STREAM_BATCH_EVENTS_MAX }),
  batch_max_seconds: Type.Integer({ minimum: 1, maximum: STREAM_BATCH_SECONDS_MAX }),
  enabled: Type.Boolean(),
  /** Create only: stream events from this time on (default now); later changes keep the cursor. */
  start_at: Type.Optional(Type.String({ format: 'date-time' })),
};

/**
 * One object for both kinds (a 400 then names the field of the kind given): `url`, `auth_header`
 * and `auth_value` are an http destination's, `host`, `port` and `tls` a syslog one's.
 */
export const DestinationInput = Type.Object(
  {
    kind: Type.Union([Type.Literal('http'), Type.Literal('syslog')]),
    ...common,
    url: Type.Optional(Type.String({ minLength: 1, maxLength: STREAM_URL_MAX })),
    auth_header: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' })),
    /** Write-only; absent on a change keeps the stored value, '' removes it. */
    auth_value: Type.Optional(Type.String({ maxLength: 4000 })),
    host: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    /** Default false. */
    tls: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DestinationInput = Static<typeof DestinationInput>;

export const DestinationHealth = Type.Object({
  /** How far behind the stream is: the age of the oldest event not yet delivered (0 when caught up). */
  lag_seconds: Type.Number(),
  last_success_at: Type.Union([Type.String(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  last_error_at: Type.Union([Type.String(), Type.Null()]),
  /** Failed attempts in a row (the backoff doubles with each). */
  failures: Type.Integer(),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  /** Events delivered since the destination was made. */
  delivered: Type.Integer(),
});
export type DestinationHealth = Static<typeof DestinationHealth>;

export const Destination = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('http'), Type.Literal('syslog')]),
  name: Type.String(),
  log_types: Type.Array(LogRouteSchema),
  fields: Type.Array(Type.String()),
  query: Type.String(),
  batch_max_events: Type.Integer(),
  batch_max_seconds: Type.Integer(),
  enabled: Type.Boolean(),
  url: Type.Optional(Type.String()),
  auth_header: Type.Optional(Type.String()),
  /** Whether an authorisation value is stored (it is never answered). */
  auth_value_set: Type.Optional(Type.Boolean()),
  host: Type.Optional(Type.String()),
  port: Type.Optional(Type.Integer()),
  tls: Type.Optional(Type.Boolean()),
  created_at: Type.String(),
  updated_at: Type.String(),
  updated_by: Type.String(),
  health: DestinationHealth,
});
export type Destination = Static<typeof Destination>;
export const DestinationList = Type.Object({ destinations: Type.Array(Destination) });
export type DestinationList = Static<typeof DestinationList>;

/** A test message's outcome: delivered, or the error (the receiver's status when it answered). */
export const TestSendResult = Type.Object({
  delivered: Type.Boolean(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type TestSendResult = Static<typeof TestSendResult>;

export const StreamIdParams = Type.Object({ id: Id });

export const DESTINATION_NOT_FOUND = 'The streaming destination was not found.';
