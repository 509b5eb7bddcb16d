/** The file server (docs/reports.md §5): a tenant's inspected files and their analysis reports. */
import type { HttpClient } from './http';
import {
  FILESERVER_RESTAPI_PATH,
  fileHtmlReportPath,
  fileReportPath,
  type FileAnalysisPlugin,
  type FileAnalysisReport,
  type FileserverQuery,
  type FileserverReply,
} from './contract/fileserver';

/** The files among these hashes (or of this name) in the tenant's readable events, with their reports. */
export async function queryInspectedFiles(
  http: HttpClient,
  query: FileserverQuery,
): Promise<FileserverReply> {
  const r = await http.post<FileserverReply>(FILESERVER_RESTAPI_PATH, query, { callName: 'fileserver' });
  return r.data;
}

/** One plugin's report of a file, as data. */
export async function getFileReport(
  http: HttpClient,
  sha256: string,
  plugin: FileAnalysisPlugin,
  fileId: string,
): Promise<FileAnalysisReport> {
  const r = await http.get<FileAnalysisReport>(fileReportPath(sha256, plugin, fileId), {
    callName: 'fileserver:report',
  });
  return r.data;
}

/** One plugin's report of a file as its HTML document (to show in a sandboxed frame, never inline). */
export async function getFileHtmlReport(
  http: HttpClient,
  sha256: string,
  plugin: FileAnalysisPlugin,
  fileId: string,
): Promise<string> {
  const r = await http.get<string>(fileHtmlReportPath(sha256, plugin, fileId), {
    callName: 'fileserver:html-report',
    responseType: 'text',
  });
  return r.data;
}
