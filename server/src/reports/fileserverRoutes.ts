/**
 * The file server's routes (docs/reports.md §5): which inspected files a tenant has and their
 * analysis reports, as JSON and as a sandboxed HTML document. A file is the tenant's when one of
 * its events carries the file's hash, in a log type the reader may read (the log type's read
 * permission and feature rule, as its logs route): otherwise the file does not exist for them (404).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  FILESERVER_ACCESS,
  FILESERVER_HTML_REPORT_ROUTE,
  FILESERVER_REPORT_ROUTE,
  FILESERVER_RESTAPI_PATH,
  FILE_LOG_TYPES,
  FileAnalysisReport,
  FileReportParams,
  FileserverQuery,
  FileserverReply,
  type InspectedFile,
} from '@workbench/common/api/contract/fileserver';
import { logRouteAccess, logRouteOfType, type LogType } from '@workbench/common/vocabularies/logTypes';
import { deriveFeatureFlags } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { ApiHttpError, errorResponses } from '../http/errors';
import { permissionAllowed, tenantSessionOf } from '../http/guard';
import type { EventStore } from '../events/eventStore';
import {
  fileIdOf,
  fileReport,
  fileReportHtml,
  fileReportSummaries,
  fileSizeOf,
  pluginsOf,
} from './fileAnalysis';

export interface FileserverRoutesOptions {
  store: EventStore;
  now: () => Date;
}

/**
 * The HTML report's own policy: `sandbox` (no script, an opaque origin even when opened on its
 * own), nothing loaded but its inline style, never framed by another site.
 */
export const FILE_REPORT_HTML_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The file log types this request's reader may read, of its tenant's features. */
function readableTypes(request: FastifyRequest): LogType[] {
  const session = tenantSessionOf(request);
  const features = deriveFeatureFlags(session.tenant.capabilities);
  return FILE_LOG_TYPES.filter((type) => {
    const { permission, features: needs } = logRouteAccess(logRouteOfType(type));
    return permissionAllowed(session.access, permission) && needs.every((f) => features[f] === true);
  });
}

/**
 * The inspected files among `hashes` (or of the name `fileName`) in the tenant's readable events,
 * each as its first event describes it, with the number of events carrying it.
 */
async function inspectedFiles(
  store: EventStore,
  tid: string,
  types: readonly LogType[],
  end: number,
  where: { sha256: readonly string[] } | { file_name: string },
): Promise<InspectedFile[]> {
  const filter =
    'sha256' in where
      ? { field: 'sha256', values: [...where.sha256] }
      : { field: 'file_name', values: [where.file_name] };
  const found = new Map<
    string,
    { count: number; first: { time: number; type: LogType; fields: Record<string, unknown> } | null }
  >();
  for (const logType of types) {
    const scan = { logType, tid, start: 0, end, filters: [filter] };
    const groups = await store.aggregate({
      ...scan,
      groupBy: { field: 'sha256' },
      measure: { kind: 'count' },
      limit: 50,
    });
    for (const g of groups) {
      const sha256 = String(g.key);
      const [first] = await store.query({
        ...scan,
        filters: [{ field: 'sha256', values: [sha256] }],
        order: 'asc',
        limit: 1,
      });
      const held = found.get(sha256) ?? { count: 0, first: null };
      held.count += g.value;
      if (first && (held.first === null || first.time < held.first.time))
        held.first = { time: first.time, type: logType, fields: first.fields };
      found.set(sha256, held);
    }
  }
  const files: InspectedFile[] = [];
  for (const [sha256, { count, first }] of found) {
    if (first === null) continue;
    const name = String(first.fields.file_name ?? sha256);
    const type = String(first.fields.file_type ?? name.split('.').pop() ?? '').toLowerCase();
    files.push({
      sha256,
      file_name: name,
      file_type: type,
      size: fileSizeOf(sha256, type),
      log_type: first.type,
      first_seen: Math.floor(first.time / 1000),
      events: count,
    });
  }
  return files.sort((a, b) => a.first_seen - b.first_seen || a.sha256.localeCompare(b.sha256));
}

export function fileserverRoutes(options: FileserverRoutesOptions): FastifyPluginAsync {
  const { store, now } = options;
  const endNow = () => now().getTime() + 1;

  /** The report the path names, or 404 when the tenant has no such file or the file no such report. */
  async function reportOf(request: FastifyRequest): Promise<FileAnalysisReport> {
    const { sha256, plugin, file_id } = request.params as Static<typeof FileReportParams>;
    const [file] = await inspectedFiles(
      store,
      tenantSessionOf(request).tid,
      readableTypes(request),
      endNow(),
      {
        sha256: [sha256],
      },
    );
    if (!file) throw new ApiHttpError(404, `No inspected file ${sha256} in this tenant's logs.`, 'sha256');
    if (!pluginsOf(file.file_type).includes(plugin))
      throw new ApiHttpError(404, `The file ${sha256} has no ${plugin} report.`, 'plugin');
    if (fileIdOf(sha256, plugin) !== file_id)
      throw new ApiHttpError(404, `No ${plugin} report ${file_id} of the file ${sha256}.`, 'file_id');
    return fileReport(file, plugin);
  }

  return async (app: FastifyInstance) => {
    app.post(
      FILESERVER_RESTAPI_PATH,
      {
        config: {
          world: 'tenant',
          ...FILESERVER_ACCESS,
          audit: { exempt: 'a query by hashes or a file name (POST for its body): reads, changes nothing' },
        },
        schema: {
          tags: ['reports'],
          summary: 'The inspected files of the tenant (by hash or by name) and their analysis reports',
          body: FileserverQuery,
          response: { 200: FileserverReply, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const body = request.body as FileserverQuery;
        const hashes = body.sha256 === undefined ? undefined : [...new Set(body.sha256)];
        if ((hashes === undefined) === (body.file_name === undefined))
          throw new ApiHttpError(400, 'Send either sha256 (a list of hashes) or file_name.', 'sha256');
        const files = await inspectedFiles(
          store,
          tenantSessionOf(request).tid,
          readableTypes(request),
          endNow(),
          hashes ? { sha256: hashes } : { file_name: body.file_name as string },
        );
        const known = new Set(files.map((f) => f.sha256));
        return {
          files: files.map((file) => ({ file, reports: fileReportSummaries(file) })),
          not_found: (hashes ?? []).filter((h) => !known.has(h)),
        };
      },
    );
    app.get(
      FILESERVER_REPORT_ROUTE,
      {
        config: { world: 'tenant', ...FILESERVER_ACCESS },
        schema: {
          tags: ['reports'],
          summary: "One analysis report of an inspected file (the plugin's verdict, score and findings)",
          params: FileReportParams,
          response: { 200: FileAnalysisReport, ...errorResponses(400, 401, 403, 404) },
        },
      },
      reportOf,
    );
    app.get(
      FILESERVER_HTML_REPORT_ROUTE,
      {
        config: { world: 'tenant', ...FILESERVER_ACCESS },
        schema: {
          tags: ['reports'],
          summary: 'One analysis report of an inspected file as an HTML document (sandboxed: no script runs)',
          params: FileReportParams,
          response: { 200: Type.String({ description: 'text/html' }), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const html = fileReportHtml(await reportOf(request));
        return reply
          .header('content-security-policy', FILE_REPORT_HTML_CSP)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );
  };
}
