/**
 * cr_update, logs and exports of a managed system (docs/central-manager.md §12), each on the
 * appliance's own API after its pin is checked.
 *
 * cr_update changes fields of the appliance's current settings: the manager reads its settings now,
 * puts the named fields over them and sends the named documents back as an import, which the
 * appliance checks whole (its 400 names the field, and nothing changes there). Logs are the
 * appliance's own log events (its audit trail by default), a block at a time with its cursor; an
 * export is the file the appliance writes of them, handed on as it came.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ACTION_TIMEOUT_MS,
  CM_DATA_MSGS as MSGS,
  CM_SYSTEM_DATA_PATHS as PATHS,
  CR_UPDATE_EXCLUDED_FIELDS,
  CrUpdateRequest,
  CurrentSettingsReply,
  IdParams,
  SystemExportQuery,
  SystemLogsQuery,
  SystemLogsReply,
} from '@workbench/common/api/contract/centralManager';
import {
  APPLIANCE_PATHS,
  APPLIANCE_SETTINGS_KEYS,
  EXPORT_FORMAT,
  EXPORT_VERSION,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import { ApiHttpError, errorResponses } from '../http/errors';
import { noteAudit } from '../audit/auditTrail';
import { ApplianceFault } from './applianceClient';
import { applianceCallOf, type FleetRouteKit } from './lifecycleRoutes';

type Settings = Record<string, Record<string, unknown>>;
const DEFAULT_LOG_TYPE = 'scan_audit';

export const systemDataRoutes =
  (kit: FleetRouteKit): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { now } = app.workbench;
    const { tags, read, write, systemOr404, pinned, noteFault } = kit;
    const onAppliance = applianceCallOf(kit);
    const settingsOf = async (r: Parameters<typeof onAppliance>[0]) =>
      (await onAppliance<{ settings: Settings }>(r, ACTION_TIMEOUT_MS, 'GET', APPLIANCE_PATHS.exportedConfig))
        .settings;

    app.put(
      PATHS.crUpdate,
      {
        config: write('update', "Changed an appliance's current settings."),
        schema: {
          tags,
          summary:
            "cr_update: changes fields of the appliance's current settings (the appliance checks the whole result; 400 naming the field)",
          params: IdParams,
          body: CrUpdateRequest,
          response: { 200: CurrentSettingsReply, ...errorResponses(400, 401, 403, 404, 502) },
        },
      },
      async (request) => {
        const r = await systemOr404(request.params.id);
        const changes = request.body.settings;
        for (const [key, fields] of Object.entries(changes)) {
          if (!(APPLIANCE_SETTINGS_KEYS as readonly string[]).includes(key))
            throw new ApiHttpError(400, MSGS.unknownDocument(key), `settings.${key}`);
          for (const field of Object.keys(fields))
            if (CR_UPDATE_EXCLUDED_FIELDS.includes(field))
              throw new ApiHttpError(400, MSGS.excludedField(key, field), `settings.${key}.${field}`);
        }
        const current = await settingsOf(r);
        const sent: Settings = {};
        const before: Settings = {};
        for (const [key, fields] of Object.entries(changes)) {
          sent[key] = { ...current[key], ...fields };
          before[key] = Object.fromEntries(Object.keys(fields).map((f) => [f, current[key]?.[f] ?? null]));
        }
        await onAppliance(r, ACTION_TIMEOUT_MS, 'PUT', APPLIANCE_PATHS.exportedConfig, {
          format: EXPORT_FORMAT,
          version: EXPORT_VERSION,
          mode: String(r.data.mode),
          exported_at: now().toISOString(),
          settings: sent,
        });
        noteAudit(request, {
          object: String(r.data.name),
          before,
          after: changes,
          details: `Changed ${Object.keys(changes).join(', ')} on ${String(r.data.name)}.`,
        });
        return { id: r.id, settings: await settingsOf(r) };
      },
    );

    app.get(
      PATHS.logs,
      {
        config: read,
        schema: {
          tags,
          summary:
            "The appliance's own log events, newest first, a block at a time (its audit trail unless log_type says)",
          params: IdParams,
          querystring: SystemLogsQuery,
          response: { 200: SystemLogsReply, ...errorResponses(400, 401, 403, 404, 502) },
        },
      },
      async (request) => {
        const r = await systemOr404(request.params.id);
        const { log_type = DEFAULT_LOG_TYPE, limit, search, cursor } = request.query;
        const query = new URLSearchParams();
        if (limit !== undefined) query.set('limit', String(limit));
        if (search) query.set('search', search);
        const pathname = `/api/rep/v1/query/${log_type}${query.size ? `?${query}` : ''}`;
        const block = await onAppliance<{
          events: Record<string, string | number>[];
          pagingIdentifiers: { cursor?: string; last_iteration: boolean };
        }>(
          r,
          ACTION_TIMEOUT_MS,
          cursor ? 'POST' : 'GET',
          pathname,
          cursor ? { pagingIdentifiers: { cursor, last_iteration: false } } : undefined,
        ).catch((error: unknown) => {
          // The only input the appliance can refuse here is the cursor the manager passed on.
          if (cursor && error instanceof ApiHttpError && error.statusCode === 400)
            throw new ApiHttpError(400, `cursor: ${error.message}`, 'cursor');
          throw error;
        });
        return { id: r.id, log_type, events: block.events, pagingIdentifiers: block.pagingIdentifiers };
      },
    );

    app.get(
      PATHS.exports,
      {
        config: read,
        schema: {
          tags,
          summary: "The appliance's export of its log events (CSV), as the appliance wrote it",
          params: IdParams,
          querystring: SystemExportQuery,
          produces: ['text/csv'],
          response: {
            200: { description: 'text/csv', type: 'string' },
            ...errorResponses(400, 401, 403, 404, 502),
          },
        },
      },
      async (request, reply) => {
        const r = await systemOr404(request.params.id);
        const { log_type = DEFAULT_LOG_TYPE, search } = request.query;
        const query = new URLSearchParams({ format: 'csv' });
        if (search) query.set('search', search);
        let file: { text: string; contentType: string };
        try {
          file = await (
            await pinned(r, ACTION_TIMEOUT_MS)
          ).file(`/api/rep/v1/export/${log_type}?${query}`, ACTION_TIMEOUT_MS);
        } catch (error) {
          if (!(error instanceof ApplianceFault)) throw error;
          if (error.status !== 400) await noteFault(r, error);
          throw new ApiHttpError(error.status === 400 ? 400 : 502, error.message);
        }
        const name = String(r.data.name).replace(/[^A-Za-z0-9_-]+/g, '_');
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${name}-${log_type}.csv"`)
          .send(file.text);
      },
    );
  };
