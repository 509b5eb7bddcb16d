/**
 * The log streaming API (common/src/api/contract/streaming.ts, docs/streaming.md): a tenant's SIEM
 * destinations, their health, and a test message. The session's tenant only (another tenant's id
 * is 404); reading needs `settings:streaming:read`, changing and test-sending
 * `settings:streaming:write`, plus the logs permission of every log type a destination sends (it
 * reads those logs). Every change is audited with before and after (the authorisation value never
 * is: it is write-only). Bad input is a 400 naming the field and changes nothing.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DESTINATION_NOT_FOUND,
  Destination,
  DestinationHealth,
  DestinationInput,
  DestinationList,
  STREAMING_PATHS,
  STREAMING_READ_PERMISSION,
  STREAMING_WRITE_PERMISSION,
  STREAM_KINDS,
  STREAM_KIND_FIELDS,
  StreamIdParams,
  TestSendResult,
  type DestinationInput as DestinationInputT,
} from '@workbench/common/api/contract/streaming';
import { tenantFieldsOf } from '@workbench/common/api/contract/logSchema';
import { LOG_ROUTE_TYPES, logReadPermission } from '@workbench/common/vocabularies/logTypes';
import type { TenantSession } from '../context';
import { ApiHttpError, errorResponses, forbiddenMessage } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { LogQueryError } from '../events/logQuery';
import { DEFAULT_LEASE_MS } from '../store/leases';
import type { StreamConfig, StreamCursor, StreamDestinationRecord } from '../store/repositories/streaming';
import { SendError, sendBatch, streamUrlProblem } from './senders';
import { leaseNameOf, streamScan, Streamer } from './streamer';

const tags = ['streaming'];
const read = { world: 'tenant' as const, permission: STREAMING_READ_PERMISSION };
const write = { world: 'tenant' as const, permission: STREAMING_WRITE_PERMISSION };
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const STREAM_NAME_EMPTY = 'The name must not be empty.';
export const STREAM_HOST_INVALID = 'The host must be a host name or an IP address.';
export const STREAM_START_INVALID = 'The start must be a date and time (ISO 8601).';
/** A host name (letters, digits, hyphens between dots), an IPv4 or an IPv6 address (bracketed or not). */
const HOST_PATTERN =
  /^(\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f:.]+|[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*)$/;
/** Headers the request itself sets: an authorisation header may not replace them. */
const RESERVED_HEADERS = [
  'host',
  'content-type',
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
];

const healthReply = (d: StreamDestinationRecord): DestinationHealth => ({
  lag_seconds: Math.round(d.health.lagMs / 100) / 10,
  last_success_at: iso(d.health.lastSuccessMs),
  last_error: d.health.lastError,
  last_error_at: iso(d.health.lastErrorMs),
  failures: d.health.failures,
  next_attempt_at: iso(d.health.nextAttemptMs),
  delivered: d.health.delivered,
});

export const destinationReply = (d: StreamDestinationRecord): Destination => ({
  id: d.id,
  kind: d.kind,
  name: d.name,
  log_types: d.config.logTypes as Destination['log_types'],
  fields: d.config.fields,
  query: d.config.query,
  batch_max_events: d.config.batchMaxEvents,
  batch_max_seconds: d.config.batchMaxSeconds,
  enabled: d.enabled,
  ...(d.kind === 'http'
    ? {
        url: d.config.url ?? '',
        ...(d.config.authHeader ? { auth_header: d.config.authHeader } : {}),
        auth_value_set: d.secret !== '',
      }
    : { host: d.config.host ?? '', port: d.config.port ?? 0, tls: d.config.tls ?? false }),
  created_at: d.createdAt,
  updated_at: d.updatedAt,
  updated_by: d.updatedBy,
  health: healthReply(d),
});

/** The audited form: the reply without the health (it changes by itself, not by the change). */
const audited = (d: StreamDestinationRecord) => {
  const { health: _health, ...rest } = destinationReply(d);
  return rest;
};

/** ServerOptions.streaming: how the server streams (streaming/streamer.ts). */
export interface StreamingOptions {
  /** Wake the streamer every `pollMs` (default true); tests tick `ServerContext.streamer`. */
  timer?: boolean;
  pollMs?: number;
  settleMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** The cursor that streams a log route's events from `ms` on: after (ms - 1, the largest id). */
const cursorFrom = (ms: number) => ({ time: ms - 1, id: Number.MAX_SAFE_INTEGER });

export const streamingRoutes =
  (options: StreamingOptions = {}): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const store = ctx.store;
    if (ctx.events) {
      const streamer = new Streamer({
        store,
        events: ctx.events,
        now: ctx.now,
        holder: ctx.lease?.holder ?? 'workbench',
        leaseMs: ctx.lease?.leaseMs ?? DEFAULT_LEASE_MS,
        settleMs: options.settleMs,
        pollMs: options.pollMs,
        retryBaseMs: options.retryBaseMs,
        retryMaxMs: options.retryMaxMs,
        onError: (error, d) => app.log.error({ err: error, destination: d.id }, 'log streaming failed'),
      });
      ctx.streamer = streamer;
      app.addHook('onReady', async () => streamer.start(options.timer ?? true));
      app.addHook('onClose', async () => streamer.stop());
    }

    /** The input checked beyond its schema: name, where, query, fields, logs permissions. */
    const checked = (s: TenantSession, body: DestinationInputT) => {
      const name = body.name.trim();
      if (!name) throw new ApiHttpError(400, STREAM_NAME_EMPTY, 'name');
      for (const route of body.log_types) {
        const permission = logReadPermission(route);
        if (!s.access.can(permission)) throw new ApiHttpError(403, forbiddenMessage(permission));
      }
      const base = {
        logTypes: [...body.log_types],
        fields: [...new Set(body.fields)],
        query: body.query.trim(),
        batchMaxEvents: body.batch_max_events,
        batchMaxSeconds: body.batch_max_seconds,
      };
      for (const route of body.log_types) {
        try {
          streamScan({ tid: s.tid, config: base }, route, cursorFrom(0), 60_000);
        } catch (error) {
          if (error instanceof LogQueryError)
            throw new ApiHttpError(400, `${route}: ${error.message}`, 'query');
          throw error;
        }
      }
      const known = new Set(body.log_types.flatMap((route) => tenantFieldsOf(LOG_ROUTE_TYPES[route])));
      const unknown = base.fields.find((f) => !known.has(f));
      if (unknown !== undefined)
        throw new ApiHttpError(
          400,
          `The field "${unknown}" is in none of the chosen log types; known: ${[...known].join(', ')}.`,
          'fields',
        );
      const other = STREAM_KINDS.find((k) => k !== body.kind)!;
      const foreign = STREAM_KIND_FIELDS[other].find((f) => body[f as keyof DestinationInputT] !== undefined);
      if (foreign) throw new ApiHttpError(400, `${foreign} is a field of a ${other} destination.`, foreign);
      let config: StreamConfig;
      if (body.kind === 'http') {
        if (body.url === undefined) throw new ApiHttpError(400, 'url is required.', 'url');
        const problem = streamUrlProblem(body.url);
        if (problem) throw new ApiHttpError(400, problem, 'url');
        if (body.auth_header && RESERVED_HEADERS.includes(body.auth_header.toLowerCase()))
          throw new ApiHttpError(
            400,
            `The header ${body.auth_header} is set by the request itself.`,
            'auth_header',
          );
        config = { ...base, url: body.url, ...(body.auth_header ? { authHeader: body.auth_header } : {}) };
      } else {
        if (body.host === undefined) throw new ApiHttpError(400, 'host is required.', 'host');
        if (body.port === undefined) throw new ApiHttpError(400, 'port is required.', 'port');
        const host = body.host.trim();
        if (!HOST_PATTERN.test(host)) throw new ApiHttpError(400, STREAM_HOST_INVALID, 'host');
        config = { ...base, host: host.replace(/^\[|\]$/g, ''), port: body.port, tls: body.tls ?? false };
      }
      let startMs: number | null = null;
      if (body.start_at !== undefined) {
        startMs = Date.parse(body.start_at);
        if (!Number.isFinite(startMs)) throw new ApiHttpError(400, STREAM_START_INVALID, 'start_at');
      }
      return { name, config, startMs };
    };

    const destinationOr404 = async (tid: string, id: string) => {
      const d = await store.streaming.get(tid, id);
      if (!d) throw new ApiHttpError(404, DESTINATION_NOT_FOUND, 'id');
      return d;
    };

    app.get(
      STREAMING_PATHS.destinations,
      {
        config: read,
        schema: {
          tags,
          summary: "The tenant's log streaming destinations, by name, with their health",
          response: { 200: DestinationList, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        destinations: (await store.streaming.list(tenantSessionOf(request).tid)).map(destinationReply),
      }),
    );

    app.post(
      STREAMING_PATHS.destinations,
      {
        config: {
          ...write,
          audit: {
            action: 'create',
            area: 'streaming',
            what: 'Created a streaming destination.',
            inTransaction: true,
          },
        },
        schema: {
          tags,
          summary: 'Creates a log streaming destination (its authorisation value is never answered)',
          body: DestinationInput,
          response: { 200: Destination, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const { name, config, startMs } = checked(s, request.body);
        const now = ctx.now();
        const from = startMs ?? now.getTime();
        const record: StreamDestinationRecord = {
          id: crypto.randomUUID(),
          tid: s.tid,
          name,
          kind: request.body.kind,
          config,
          secret: request.body.kind === 'http' ? (request.body.auth_value ?? '') : '',
          enabled: request.body.enabled,
          cursor: Object.fromEntries(config.logTypes.map((route) => [route, cursorFrom(from)])),
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
          updatedBy: s.username,
          health: {
            delivered: 0,
            lagMs: 0,
            failures: 0,
            lastSuccessMs: null,
            lastError: null,
            lastErrorMs: null,
            nextAttemptMs: null,
          },
        };
        // The destination and its audit event commit together.
        return auditedChange(request, async (tx) => {
          await tx.streaming.insert(record);
          noteAudit(request, {
            object: name,
            after: audited(record),
            details: `Created the streaming destination ${name}.`,
          });
          return destinationReply(record);
        });
      },
    );

    app.get(
      STREAMING_PATHS.destination,
      {
        config: read,
        schema: {
          tags,
          summary: 'One log streaming destination with its health',
          params: StreamIdParams,
          response: { 200: Destination, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        destinationReply(await destinationOr404(tenantSessionOf(request).tid, request.params.id)),
    );

    app.put(
      STREAMING_PATHS.destination,
      {
        config: {
          ...write,
          audit: {
            action: 'update',
            area: 'streaming',
            what: 'Changed a streaming destination.',
            inTransaction: true,
          },
        },
        schema: {
          tags,
          summary: 'Replaces a destination; a log type kept keeps its cursor, one added starts now',
          params: StreamIdParams,
          body: DestinationInput,
          response: { 200: Destination, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const before = await destinationOr404(s.tid, request.params.id);
        const { name, config, startMs } = checked(s, request.body);
        if (request.body.kind !== before.kind)
          throw new ApiHttpError(
            400,
            `The kind of a destination cannot change (it is ${before.kind}).`,
            'kind',
          );
        const now = ctx.now();
        const from = startMs ?? now.getTime();
        const cursor: StreamCursor = Object.fromEntries(
          config.logTypes.map((route) => [route, before.cursor[route] ?? cursorFrom(from)]),
        );
        const body = request.body;
        const secret =
          body.kind === 'http' && body.auth_value !== undefined ? body.auth_value : before.secret;
        const record: StreamDestinationRecord = {
          ...before,
          name,
          config,
          secret,
          enabled: body.enabled,
          cursor,
          updatedAt: now.toISOString(),
          updatedBy: s.username,
          // A change is tried at the next tick, whatever the backoff of the old settings was.
          health: { ...before.health, failures: 0, nextAttemptMs: null },
        };
        return auditedChange(request, async (tx) => {
          if (!(await tx.streaming.update(record))) throw new ApiHttpError(404, DESTINATION_NOT_FOUND, 'id');
          noteAudit(request, {
            object: name,
            before: audited(before),
            after: audited(record),
            details: `Changed the streaming destination ${name}.`,
          });
          return destinationReply(record);
        });
      },
    );

    app.delete(
      STREAMING_PATHS.destination,
      {
        config: {
          ...write,
          audit: {
            action: 'delete',
            area: 'streaming',
            what: 'Deleted a streaming destination.',
            inTransaction: true,
          },
        },
        schema: {
          tags,
          summary: 'Deletes a destination with its cursor',
          params: StreamIdParams,
          response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const before = await destinationOr404(s.tid, request.params.id);
        await auditedChange(request, async (tx) => {
          if (!(await tx.streaming.delete(s.tid, before.id)))
            throw new ApiHttpError(404, DESTINATION_NOT_FOUND, 'id');
          noteAudit(request, {
            object: before.name,
            before: audited(before),
            details: `Deleted the streaming destination ${before.name}.`,
          });
        });
        await store.leases
          .release(leaseNameOf(before.id), ctx.lease?.holder ?? 'workbench')
          .catch(() => undefined);
        return { deleted: true };
      },
    );

    app.get(
      STREAMING_PATHS.health,
      {
        config: read,
        schema: {
          tags,
          summary: "A destination's health: lag, last success, last error, backoff",
          params: StreamIdParams,
          response: { 200: DestinationHealth, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => healthReply(await destinationOr404(tenantSessionOf(request).tid, request.params.id)),
    );

    app.post(
      STREAMING_PATHS.test,
      {
        config: {
          ...write,
          audit: { exempt: 'sends one test message to the destination; no setting and no cursor changes' },
        },
        schema: {
          tags,
          summary: 'Sends one test message to the destination now and answers how it went',
          params: StreamIdParams,
          response: { 200: TestSendResult, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const d = await destinationOr404(s.tid, request.params.id);
        const line = {
          id: 0,
          log_type: 'test',
          time: ctx.now().toISOString(),
          message: `Test message from the workbench to ${d.name}.`,
        };
        try {
          const status = await sendBatch(d.kind, d.config, d.secret, [line]);
          return { delivered: true, status, error: null };
        } catch (error) {
          return {
            delivered: false,
            status: error instanceof SendError ? error.status : null,
            error: (error as Error).message,
          };
        }
      },
    );
  };
