/**
 * The logs API (docs/logs.md §4 Logs), one route per log type and verb so that each declares
 * its own permission and feature rule to the server's guard (logs:<item>:*, e.g. logs:fwaas_logs:*
 * for firewall; Email Logs need menlo_email: common's logRouteAccess):
 *
 * - GET  /api/rep/v1/query/{logtype}?{query}  → {events, pagingIdentifiers}; `cursor` query param for later blocks
 *   (a cursor pins the time range it was made for: later blocks without start/end continue it);
 *   `order=desc` (default, newest first) or `order=asc` (oldest first), for queries and exports
 * - POST /api/rep/v1/query/{logtype}?{query}  body {pagingIdentifiers} → the block after that cursor
 * - GET  /api/rep/v1/export/{logtype}?{query} → the whole filtered result, streamed (chunked): CSV or
 *   NDJSON (`format`), codes or labels (`values`), some or all fields (`columns`); any `sort`
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
  logRouteAccess,
  logRouteOfType,
  type LogType,
} from '@workbench/common/vocabularies/index';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { csvLine } from './csv';
import { EventStoreInputError, type EventScan, type EventStore, type ExportOptions } from './eventStore';
import { FIELD_SPECS, LOG_TYPE_SCHEMAS, tenantFieldsOf } from '@workbench/common/api/contract/logSchema';
import {
  LOG_EXPORT_FORMATS,
  LOG_EXPORT_MEDIA_TYPES,
  LOG_EXPORT_VALUES,
  sortableLogColumns,
  type LogExportFormat,
  type LogExportValues,
} from '@workbench/common/api/contract/logColumns';
import { MAX_QUERY_LENGTH } from '@workbench/common/api/contract/logQueryLanguage';
import { LogQueryError, parseLogQuery, parseResultScan, type RawQuery } from './logQuery';
import { logBlockBody, readLogBlock } from './logPaging';
import { JSON_ANSWER_COMPRESSION } from '../http/compression';

export interface LogsRoutesOptions {
  store: EventStore;
  now: () => Date;
}

/**
 * The parameters of a query's condition and order, as every logs route takes them (the paging
 * blocks, the export, the summaries: logSummaryRoutes.ts), read by logQuery.ts parseLogScan.
 */
export function logConditionParams(logType: LogType): Record<string, TSchema> {
  const fields = Object.fromEntries(
    tenantFieldsOf(logType).map((f) => [
      f,
      Type.Optional(
        Type.String({
          description: 'Equals; comma-joined values mean any of them. `<field>!`: none of them.',
        }),
      ),
    ]),
  );
  return {
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
        description: `${LOG_ORDERS.join(' or ')}: desc newest first (default), asc oldest first (a summary ignores it).`,
      }),
    ),
    sort: Type.Optional(
      Type.String({
        description: `The column to sort by, in order: ${sortableLogColumns(logType).join(', ')} (default event_time; ties by time, then id; no value last; a summary ignores it).`,
      }),
    ),
    q: Type.Optional(
      Type.String({
        maxLength: MAX_QUERY_LENGTH,
        description:
          'A query of the logs query language (field:value, NOT, OR, ranges, patterns), ANDed with the filters and search.',
      }),
    ),
    ...fields,
  };
}

function queryString(logType: LogType, forExport: boolean): TSchema {
  return Type.Object(
    {
      ...logConditionParams(logType),
      ...(forExport
        ? {
            format: Type.Optional(
              Type.String({ description: `${LOG_EXPORT_FORMATS.join(' or ')} (default csv).` }),
            ),
            values: Type.Optional(
              Type.String({
                description: `${LOG_EXPORT_VALUES.join(' or ')}: coded fields as their codes (default) or their labels (then the CSV header has the column labels too).`,
              }),
            ),
            columns: Type.Optional(
              Type.String({
                description:
                  'The fields to write after id and event_time, comma-joined, in order (default: every field of the type).',
              }),
            ),
          }
        : {
            limit: Type.Optional(Type.String({ description: 'Events per block, 1..1000 (default 100).' })),
            cursor: Type.Optional(
              Type.String({ description: 'pagingIdentifiers.cursor of the previous block.' }),
            ),
          }),
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
    tenantFieldsOf(logType).map((f) => [
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

/** The export's own parameters (not filters): format, values and columns. */
const EXPORT_PARAMS = ['format', 'values', 'columns'] as const;

/**
 * An export's options from its query: `format` csv (default) or ndjson, `values` codes (default)
 * or labels, `columns` the fields after id and event_time (comma-joined, in order; default every
 * field of the type). Anything else → LogQueryError naming the parameter.
 */
export function parseExportOptions(logType: LogType, raw: RawQuery): ExportOptions {
  const one = (name: string): string | undefined => {
    const value = raw[name];
    if (value !== undefined && typeof value !== 'string')
      throw new LogQueryError(name, `Parameter "${name}" is given more than once.`);
    return value;
  };
  const format = one('format') ?? 'csv';
  if (!(LOG_EXPORT_FORMATS as readonly string[]).includes(format))
    throw new LogQueryError(
      'format',
      `Parameter "format" must be ${LOG_EXPORT_FORMATS.join(' or ')}, got "${format}".`,
    );
  const values = one('values') ?? 'codes';
  if (!(LOG_EXPORT_VALUES as readonly string[]).includes(values))
    throw new LogQueryError(
      'values',
      `Parameter "values" must be ${LOG_EXPORT_VALUES.join(' or ')}, got "${values}".`,
    );
  const fields = tenantFieldsOf(logType);
  const columnsText = one('columns');
  let columns: readonly string[] = fields;
  if (columnsText !== undefined) {
    const named = columnsText.split(',').map((c) => c.trim());
    const unknown = named.find((c) => !fields.includes(c));
    if (unknown !== undefined)
      throw new LogQueryError('columns', `Parameter "columns": "${unknown}" is not a field of ${logType}.`);
    if (new Set(named).size !== named.length)
      throw new LogQueryError('columns', 'Parameter "columns" names a field twice.');
    columns = named;
  }
  return { format: format as LogExportFormat, values: values as LogExportValues, columns };
}

/** A CSV export's header: the column names, or with labels the columns' labels. */
function exportHeader(options: ExportOptions): string[] {
  const names = ['id', 'event_time', ...options.columns];
  if (options.values === 'codes') return names;
  return names.map((n) => (n === 'id' ? 'Event id' : n === 'event_time' ? 'Time' : FIELD_SPECS[n].label));
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
      const config = { world: 'tenant' as const, ...logRouteAccess(route) };
      const tags = ['logs'];
      const blockReply = logQueryReplyOf(logType);

      app.get(
        `/api/rep/v1/query/${logType}`,
        {
          config,
          compress: JSON_ANSWER_COMPRESSION,
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
          compress: JSON_ANSWER_COMPRESSION,
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
            summary: `Every ${logType} event of the filters as CSV or NDJSON (streamed)`,
            querystring: queryString(logType, true),
            produces: Object.values(LOG_EXPORT_MEDIA_TYPES),
            response: {
              200: { description: 'text/csv or application/x-ndjson', type: 'string' },
              ...errorResponses(400, 401, 403),
            },
          },
        },
        async (request, reply) => {
          const session = tenantSessionOf(request);
          let scan: EventScan;
          let options: ExportOptions;
          try {
            const raw = request.query as RawQuery;
            options = parseExportOptions(logType, raw);
            scan = parseResultScan(logType, session.tid, raw, now().getTime(), {
              own: EXPORT_PARAMS,
              refused: ['limit', 'cursor'],
              what: 'an export',
            });
          } catch (error) {
            throw toHttpError(error);
          }
          // The store writes the lines (EventStore.exportRows); a CSV's header is ours.
          async function* lines(): AsyncGenerator<string | Buffer> {
            if (options.format === 'csv') yield csvLine(exportHeader(options));
            yield* store.exportRows(scan, options);
          }
          const total = await store.countMatching(scan);
          const stamp = (ms: number) => new Date(ms).toISOString().replace(/[:.]/g, '-');
          reply
            .type(`${LOG_EXPORT_MEDIA_TYPES[options.format]}; charset=utf-8`)
            .header(LOGS_EXPORT_TOTAL_HEADER, String(total))
            .header(
              'content-disposition',
              `attachment; filename="${logType}_${stamp(scan.start)}_${stamp(scan.end)}.${options.format}"`,
            );
          return reply.send(Readable.from(lines()));
        },
      );
    }
  };
}
