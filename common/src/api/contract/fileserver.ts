/**
 * The file server (docs/reports.md §5 Insights and the file server): the analysis reports of the
 * files the service inspected, one per analysis plugin. A file is known to a tenant through its
 * events: a web download or upload, an e-mail attachment or a DLP upload carries the file's
 * `sha256`. A tenant reads the reports of a file that is in its own events, of the log types its
 * reader may read (each log type's permission and feature rule).
 *
 * - `POST /api/rep/v1/fileserver/restapi` {sha256: [...]} or {file_name}: the files found and the
 *   reports each has (plugin, file_id, verdict, score).
 * - `GET /api/rep/v1/fileserver/report/{sha256}/{plugin}/{file_id}`: one report as JSON.
 * - `GET /api/rep/v1/fileserver/html-report/{sha256}/{plugin}/{file_id}`: the same report as an
 *   HTML document, served with a `sandbox` content security policy (no script runs in it); the
 *   portal shows it in a sandboxed frame.
 */
import { Type, type Static } from 'typebox';
import { LOG_TYPES, logReadPermission, logRouteOfType, type LogType } from '../../vocabularies/logTypes';
import { LOG_TYPE_SCHEMAS } from './logSchema';

export const FILESERVER_RESTAPI_PATH = '/api/rep/v1/fileserver/restapi';
export const FILESERVER_REPORT_ROUTE = '/api/rep/v1/fileserver/report/:sha256/:plugin/:file_id';
export const FILESERVER_HTML_REPORT_ROUTE = '/api/rep/v1/fileserver/html-report/:sha256/:plugin/:file_id';

/** The analysis plugins, in the order a file's reports are listed. */
export const FILE_ANALYSIS_PLUGINS = {
  static_analysis: { title: 'Static analysis' },
  av_scan: { title: 'Anti-virus scan' },
  sandbox: { title: 'Sandbox detonation' },
} as const satisfies Record<string, { title: string }>;
export type FileAnalysisPlugin = keyof typeof FILE_ANALYSIS_PLUGINS;
export const FILE_ANALYSIS_PLUGIN_NAMES = Object.keys(FILE_ANALYSIS_PLUGINS) as FileAnalysisPlugin[];

/** A report's verdict, from harmless to harmful. */
export const FILE_VERDICTS = ['clean', 'suspicious', 'malicious'] as const;
export type FileVerdict = (typeof FILE_VERDICTS)[number];

/** The log types whose events carry a file's hash (their schema has `sha256`). */
export const FILE_LOG_TYPES: readonly LogType[] = LOG_TYPES.filter((t) =>
  LOG_TYPE_SCHEMAS[t].fields.includes('sha256'),
);

/** The routes' own rule: a reader of any log type with files (each file then its log type's rule). */
export const FILESERVER_ACCESS = {
  permission: { any: FILE_LOG_TYPES.map((t) => logReadPermission(logRouteOfType(t))) },
} as const;

/** The most hashes one query asks for. */
export const FILESERVER_MAX_HASHES = 50;
/** A SHA-256 in lower-case hexadecimal, as the events carry it. */
export const SHA256_PATTERN = '^[0-9a-f]{64}$';
/** A report's id on the file server. */
export const FILE_ID_PATTERN = '^[0-9a-f]{24}$';

export const Sha256 = Type.String({
  pattern: SHA256_PATTERN,
  description: 'SHA-256, 64 lower-case hex digits.',
});

export const FileserverQuery = Type.Object(
  {
    sha256: Type.Optional(Type.Array(Sha256, { minItems: 1, maxItems: FILESERVER_MAX_HASHES })),
    file_name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'The files of this name (exact).' }),
    ),
  },
  { additionalProperties: false },
);
export type FileserverQuery = Static<typeof FileserverQuery>;

export const FileReportParams = Type.Object({
  sha256: Sha256,
  plugin: Type.Unsafe<FileAnalysisPlugin>(
    Type.String({ enum: FILE_ANALYSIS_PLUGIN_NAMES, description: 'The analysis plugin.' }),
  ),
  file_id: Type.String({ pattern: FILE_ID_PATTERN, description: 'The report id, 24 hex digits.' }),
});
export type FileReportParams = Static<typeof FileReportParams>;

const Verdict = Type.Unsafe<FileVerdict>(Type.String({ enum: [...FILE_VERDICTS] }));
const Plugin = FileReportParams.properties.plugin;

/** What the tenant's events say of a file: its first event's name and type, and when it was seen. */
export const InspectedFile = Type.Object({
  sha256: Type.String(),
  file_name: Type.String(),
  file_type: Type.String(),
  /** Bytes. */
  size: Type.Integer(),
  /** The log type of its first event. */
  log_type: Type.Unsafe<LogType>(Type.String({ enum: [...LOG_TYPES] })),
  /** Unix seconds: the first event carrying it. */
  first_seen: Type.Integer(),
  /** How many of the tenant's readable events carry it. */
  events: Type.Integer(),
});
export type InspectedFile = Static<typeof InspectedFile>;

export const FileReportSummary = Type.Object({
  plugin: Plugin,
  file_id: Type.String(),
  verdict: Verdict,
  /** 0 (harmless) to 100. */
  score: Type.Integer(),
  /** Unix seconds. */
  submitted_at: Type.Integer(),
  completed_at: Type.Integer(),
});
export type FileReportSummary = Static<typeof FileReportSummary>;

export const FileserverReply = Type.Object({
  files: Type.Array(Type.Object({ file: InspectedFile, reports: Type.Array(FileReportSummary) })),
  /** The hashes asked for that no readable event of the tenant carries. */
  not_found: Type.Array(Type.String()),
});
export type FileserverReply = Static<typeof FileserverReply>;

export const FINDING_SEVERITIES = ['info', 'low', 'medium', 'high'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export const FileFinding = Type.Object({
  severity: Type.Unsafe<FindingSeverity>(Type.String({ enum: [...FINDING_SEVERITIES] })),
  title: Type.String(),
  detail: Type.String(),
});
export type FileFinding = Static<typeof FileFinding>;

export const FileAnalysisReport = Type.Object({
  ...FileReportSummary.properties,
  file: InspectedFile,
  /** The plugin's engine and its version. */
  engine: Type.String(),
  findings: Type.Array(FileFinding),
});
export type FileAnalysisReport = Static<typeof FileAnalysisReport>;

const segment = (s: string) => encodeURIComponent(s);
export const fileReportPath = (sha256: string, plugin: string, fileId: string): string =>
  `/api/rep/v1/fileserver/report/${segment(sha256)}/${segment(plugin)}/${segment(fileId)}`;
export const fileHtmlReportPath = (sha256: string, plugin: string, fileId: string): string =>
  `/api/rep/v1/fileserver/html-report/${segment(sha256)}/${segment(plugin)}/${segment(fileId)}`;
