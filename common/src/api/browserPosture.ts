/**
 * The Browser Posture Manager's calls (docs/browser-posture.md): config policies (list, upload,
 * inputPolicy, PATCH, DELETE, batchDelete, export), the catalogue, the benchmarks, assessments and
 * their review status. Shapes: contract/browser-posture/browserPosture.ts.
 */
import {
  BROWSER_POSTURE_PATHS as PATHS,
  browserPosturePath,
} from './contract/browser-posture/browserPosturePaths';
import type {
  Assessment,
  AssessmentList,
  BenchmarkPolicy,
  ConfigPolicy,
  ConfigPolicyList,
  ConfigPolicyPatch,
  ExportFormat,
  InputPolicyBody,
  PostureBrowser,
  PosturePlatform,
  ReviewStatusBody,
  SettingDefinitionList,
} from './contract/browser-posture/browserPosture';
import type { HttpClient } from './http';

export async function listConfigPolicies(http: HttpClient): Promise<ConfigPolicyList> {
  return (await http.get<ConfigPolicyList>(PATHS.configPolicies, { callName: 'listConfigPolicies' })).data;
}

/** What an upload sends besides the file's text (the file is made here: actions carry plain values). */
export interface PolicyUpload {
  filename: string;
  text: string;
  name?: string;
  browser?: PostureBrowser;
  platform?: PosturePlatform;
}

/** The multipart upload of a policy file. */
export async function uploadConfigPolicy(http: HttpClient, upload: PolicyUpload): Promise<ConfigPolicy> {
  const form = new FormData();
  for (const field of ['name', 'browser', 'platform'] as const) {
    const value = upload[field];
    if (value) form.append(field, value);
  }
  form.append('file', new Blob([upload.text], { type: 'application/octet-stream' }), upload.filename);
  return (await http.post<ConfigPolicy>(PATHS.configPolicies, form, { callName: 'uploadConfigPolicy' })).data;
}

export async function inputConfigPolicy(http: HttpClient, body: InputPolicyBody): Promise<ConfigPolicy> {
  return (await http.post<ConfigPolicy>(PATHS.inputPolicy, body, { callName: 'inputConfigPolicy' })).data;
}

export async function patchConfigPolicy(http: HttpClient, body: ConfigPolicyPatch): Promise<ConfigPolicy> {
  return (await http.patch<ConfigPolicy>(PATHS.configPolicies, body, { callName: 'patchConfigPolicy' })).data;
}

export async function deleteConfigPolicies(http: HttpClient, ids: string[]): Promise<{ deleted: string[] }> {
  return (
    await http.post<{ deleted: string[] }>(PATHS.batchDelete, { ids }, { callName: 'deleteConfigPolicies' })
  ).data;
}

/** The exported file: its name (from the answer's content-disposition) and its text. */
export async function exportConfigPolicy(
  http: HttpClient,
  id: string,
  format: ExportFormat,
): Promise<{ filename: string; text: string; contentType: string }> {
  const r = await http.get<string>(PATHS.export, {
    params: { id, format },
    responseType: 'text',
    transformResponse: (data: unknown) => data,
    callName: 'exportConfigPolicy',
  });
  const disposition = String(r.headers['content-disposition'] ?? '');
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `policy-${format}`;
  return { filename, text: String(r.data), contentType: String(r.headers['content-type'] ?? 'text/plain') };
}

export async function listSettingDefinitions(
  http: HttpClient,
  query: { browser?: PostureBrowser; platform?: PosturePlatform; version?: string; q?: string },
): Promise<SettingDefinitionList> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return (
    await http.get<SettingDefinitionList>(PATHS.settingDefinitions, {
      params,
      callName: 'listSettingDefinitions',
    })
  ).data;
}

export async function listBenchmarkPolicies(
  http: HttpClient,
): Promise<{ benchmarkPolicies: BenchmarkPolicy[] }> {
  return (
    await http.get<{ benchmarkPolicies: BenchmarkPolicy[] }>(PATHS.benchmarkPolicies, {
      callName: 'listBenchmarkPolicies',
    })
  ).data;
}

export async function assessConfigPolicy(
  http: HttpClient,
  id: string,
  benchmarkPolicyId?: string,
): Promise<Assessment> {
  return (
    await http.post<Assessment>(
      browserPosturePath(PATHS.assessOne, id),
      benchmarkPolicyId ? { benchmarkPolicyId } : {},
      { callName: 'assessConfigPolicy' },
    )
  ).data;
}

export async function reassess(http: HttpClient, id: string): Promise<Assessment> {
  return (await http.post<Assessment>(browserPosturePath(PATHS.reassess, id), {}, { callName: 'reassess' }))
    .data;
}

export async function listAssessments(http: HttpClient): Promise<AssessmentList> {
  return (await http.get<AssessmentList>(PATHS.assessments, { callName: 'listAssessments' })).data;
}

export async function setReviewStatus(
  http: HttpClient,
  id: string,
  body: ReviewStatusBody,
): Promise<Assessment> {
  return (
    await http.put<Assessment>(browserPosturePath(PATHS.reviewStatus, id), body, {
      callName: 'setReviewStatus',
    })
  ).data;
}
