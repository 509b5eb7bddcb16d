/**
 * The logs API (api-client-layer §7 Logs), one route per log type and verb so that each declares
 * its own permission to the server's guard (logs:<item>:*, e.g. logs:fwaas_logs:* for firewall):
 *
 * - GET  /api/rep/v1/query/{logtype}?{query}  → {events, pagingIdentifiers}; `cursor` query param for later blocks
 *   (a cursor pins the time range it was made for: later blocks without start/end continue it);
 *   `order=desc` (default, newest first) or `order=asc` (oldest first), for queries and exports
 * - POST /api/rep/v1/query/{logtype}?{query}  body {pagingIdentifiers} → the block after that cursor
 * - GET  /api/rep/v1/export/{logtype}?{query} → text/csv, streamed (chunked), the whole filtered result
 *
 * Always the session's tenant. Bad filters, values or cursors → 400 naming the parameter.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  LOGS_EXPORT_TOTAL_HEADER,
  LOG_ORDERS,
  LogQueryBody,
  PagingIdentifiers,
} from '@workbench/common/api/contract/logs';
import {
  LOG_TYPES,
  logReadPermission,
  logRouteOfType,
  type LogType,
} from '@workbench/common/vocabularies/index';
import { ApiHttpError, errorResponses, tenantSessionOf } from '../app';
import { csvLine } from './csv';
import { EventStoreInputError, type EventStore } from './eventStore';
import { FIELD_SPECS, LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
import { MAX_QUERY_LENGTH } from '@workbench/common/api/contract/logQueryLanguage';
import { LogQueryError, parseLogQuery, type RawQuery } from './logQuery';
import { logBlockBody, readLogBlock } from './logPaging';

export interface LogsRoutesOptions {
  store: EventStore;
  now: () => Date;
}

function queryString(logType: LogType, forExport: boolean): TSchema {
  const fields = Object.fromEntries(
    LOG_TYPE_SCHEMAS[logType].fields.map((f) => [
      f,
      Type.Optional(Type.String({ description: 'Equals; comma-joined values mean any of them.' })),
    ]),
  );
  return Type.Object(
    {
      start: Type.Optional(
        Type.String({
          description: "Unix seconds, inclusive (default: end − 7 days; with a cursor, the cursor's start).",
        }),
      ),
      end: Type.Optional(
        Type.String({
          description: "Unix seconds, exclusive (default: now; with a cursor, the cursor's end).",
        }),
      ),
      search: Type.Optional(
        Type.String({
          description: `Case-insensitive text in: ${LOG_TYPE_SCHEMAS[logType].searchFields.join(', ')}.`,
        }),
      ),
      order: Type.Optional(
        Type.String({
          description: `${LOG_ORDERS.join(' or ')}: desc newest first (default), asc oldest first.`,
        }),
      ),
      q: Type.Optional(
        Type.String({
          maxLength: MAX_QUERY_LENGTH,
          description:
            'A query of the logs query language (field:value, NOT, OR, ranges, patterns), ANDed with the filters and search.',
        }),
      ),
      ...(forExport
        ? {}
        : {
            limit: Type.Optional(Type.String({ description: 'Events per block, 1..1000 (default 100).' })),
            cursor: Type.Optional(
              Type.String({ description: 'pagingIdentifiers.cursor of the previous block.' }),
            ),
          }),
      ...fields,
    },
    { additionalProperties: true },
  );
}

/**
 * The contract's LogQueryReply with the events' properties spelled out for one log type (its
 * fields, integer or text): the response serializer (fast-json-stringify) then writes each
 * property straight away, where the contract's open record (string | number per value) made it
 * check every value against both. Same JSON; about a third of the serializing time.
 */
function logQueryReplyOf(logType: LogType): TSchema {
  const fields = Object.fromEntries(
    LOG_TYPE_SCHEMAS[logType].fields.map((f) => [
      f,
      Type.Optional(FIELD_SPECS[f].kind === 'integer' ? Type.Integer() : Type.String()),
    ]),
  );
  return Type.Object({
    events: Type.Array(
      Type.Object({
        id: Type.String(),
        time: Type.Integer({ description: 'Epoch milliseconds.' }),
        event_time: Type.String({ description: 'ISO 8601.' }),
        log_type: Type.String(),
        ...fields,
      }),
    ),
    pagingIdentifiers: PagingIdentifiers,
  });
}

function toHttpError(error: unknown): unknown {
  if (error instanceof LogQueryError || error instanceof EventStoreInputError) {
    return new ApiHttpError(400, error.message, error.field);
  }
  return error;
}

export function logsRoutes(options: LogsRoutesOptions): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const { store, now } = options;

    /**
     * A block's reply: the body is written here (the events as the store wrote them), so the
     * route's response schema documents it but does not serialise it again.
     */
    const block = async (
      logType: LogType,
      request: FastifyRequest,
      reply: FastifyReply,
      bodyCursor: string | undefined,
      finished = false,
    ) => {
      const session = tenantSessionOf(request);
      try {
        const parsed = parseLogQuery(logType, session.tid, request.query as RawQuery, now().getTime());
        if (bodyCursor !== undefined && parsed.cursor !== undefined) {
          throw new LogQueryError('cursor', 'Give the cursor either in the body or in the query, not both.');
        }
        // Asking for the block after the last one: nothing more (the query is still checked).
        const cursor = bodyCursor ?? parsed.cursor;
        const result = finished
          ? { events: [], pagingIdentifiers: { last_iteration: true } }
          : await readLogBlock(store, parsed.query, cursor, {
              cursorField: bodyCursor !== undefined ? 'pagingIdentifiers' : 'cursor',
              rangeGiven: parsed.rangeGiven,
            });
        return reply.type('application/json; charset=utf-8').send(logBlockBody(result));
      } catch (error) {
        throw toHttpError(error);
      }
    };

    for (const logType of LOG_TYPES) {
      const route = logRouteOfType(logType);
      const config = { world: 'tenant' as const, permission: logReadPermission(route) };
      const tags = ['logs'];
      const blockReply = logQueryReplyOf(logType);

      app.get(
        `/api/rep/v1/query/${logType}`,
        {
          config,
          schema: {
            tags,
            summary: `First (or, with cursor, next) block of ${logType} events, newest first (order=asc: oldest first)`,
            querystring: queryString(logType, false),
            response: { 200: blockReply, ...errorResponses(400, 401, 403) },
          },
        },
        async (request, reply) => block(logType, request, reply, undefined),
      );

      app.post(
        `/api/rep/v1/query/${logType}`,
        {
          config: {
            ...config,
            audit: { exempt: 'reads the next block of events (POST for the paging body)' },
          },
          schema: {
            tags,
            summary: `The block of ${logType} events after body.pagingIdentifiers`,
            querystring: queryString(logType, false),
            body: LogQueryBody,
            response: { 200: blockReply, ...errorResponses(400, 401, 403) },
          },
        },
        async (request, reply) => {
          const body = request.body as LogQueryBody;
          const cursor =
            body.pagingIdentifiers?.last_iteration === false ? body.pagingIdentifiers.cursor : undefined;
          if (body.pagingIdentifiers?.last_iteration === false && !cursor) {
            throw new ApiHttpError(
              400,
              'pagingIdentifiers.cursor is required unless last_iteration is true.',
              'pagingIdentifiers',
            );
          }
          return block(logType, request, reply, cursor, body.pagingIdentifiers?.last_iteration === true);
        },
      );

      app.get(
        `/api/rep/v1/export/${logType}`,
        {
          config,
          schema: {
            tags,
            summary: `Every ${logType} event of the filters as CSV (streamed)`,
            querystring: queryString(logType, true),
            produces: ['text/csv'],
            response: { 200: { description: 'text/csv', type: 'string' }, ...errorResponses(400, 401, 403) },
          },
        },
        async (request, reply) => {
          const session = tenantSessionOf(request);
          const raw = request.query as RawQuery;
          let query;
          try {
            for (const name of ['limit', 'cursor']) {
              if (raw[name] !== undefined)
                throw new LogQueryError(name, `Parameter "${name}" does not apply to an export.`);
            }
            query = parseLogQuery(logType, session.tid, raw, now().getTime()).query;
          } catch (error) {
            throw toHttpError(error);
          }
          const fields = LOG_TYPE_SCHEMAS[logType].fields;
          const scan = {
            logType,
            tid: query.tid,
            start: query.start,
            end: query.end,
            filters: query.filters,
            search: query.search,
            order: query.order,
            ...(query.where ? { where: query.where } : {}),
          };
          // The store writes the lines (EventStore.exportCsv); the header is ours.
          async function* lines(): AsyncGenerator<string | Buffer> {
            yield csvLine(['id', 'event_time', ...fields]);
            yield* store.exportCsv(scan);
          }
          const total = await store.countMatching(scan);
          const stamp = (ms: number) => new Date(ms).toISOString().replace(/[:.]/g, '-');
          reply
            .type('text/csv; charset=utf-8')
            .header(LOGS_EXPORT_TOTAL_HEADER, String(total))
            .header(
              'content-disposition',
              `attachment; filename="${logType}_${stamp(query.start)}_${stamp(query.end)}.csv"`,
            );
          return reply.send(Readable.from(lines()));
        },
      );
    }
  };
}
