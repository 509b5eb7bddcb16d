/**
 * The central manager's calls (docs/central-manager.md): the appliance certificate (an answer
 * without one fails with 'Could not fetch appliance certificate'), approve_sv (45 s; ok false
 * fails with the server's reason), the appliances with their state, groups (nodes' auto_group
 * read as the 'True' rule), templates, and their jobs (polled by the common job polling).
 */
import type { Static } from 'typebox';
import type { HttpClient } from './http';
import {
  APPROVE_SV_TIMEOUT_MS,
  CM_MSGS,
  CM_LIFECYCLE_PATHS,
  CM_OWN_PATHS,
  CM_PATHS,
  CM_SYSTEM_DATA_PATHS,
  type APPLIANCE_LOG_TYPES,
  cmPath,
  normaliseGroupNodes,
  type CmJob,
  type Group,
  type ManagedSystem,
  type SvCert,
  type SystemAction,
  type Template,
  type ApproveSvRequest,
  type GetSvCertRequest,
  type GroupWrite,
  type DriftReply,
  type UpdateState,
  type CmSettings,
  type CmAbout,
  type CmSettingsWrite,
  type SystemLogsReply,
} from './contract/centralManager';
import type { Job } from './contract/jobs';

/** The appliance's certificate; throws 'Could not fetch appliance certificate' (and the reason given) when none came. */
export async function getSvCert(
  http: HttpClient,
  body: Static<typeof GetSvCertRequest>,
): Promise<SvCert & { cert: string }> {
  const reply = (
    await http.post<SvCert>(CM_PATHS.getSvCert, body, {
      callName: 'getSvCert',
      timeout: APPROVE_SV_TIMEOUT_MS,
    })
  ).data;
  // The spec's text first, then why (the appliance's or the transport's words) when the server says.
  if (!reply.cert)
    throw new Error(
      reply.reason && reply.reason !== CM_MSGS.certFetch
        ? `${CM_MSGS.certFetch}. ${reply.reason}`
        : CM_MSGS.certFetch,
    );
  return { ...reply, cert: reply.cert };
}

/** Approves an appliance; throws with the server's reason when ok is false. */
export async function approveSv(
  http: HttpClient,
  body: Static<typeof ApproveSvRequest>,
): Promise<ManagedSystem> {
  const reply = (
    await http.post<{ ok: boolean; reason?: string; system?: ManagedSystem }>(CM_PATHS.approveSv, body, {
      callName: 'approveSv',
      timeout: APPROVE_SV_TIMEOUT_MS,
    })
  ).data;
  if (!reply.ok || !reply.system) throw new Error(reply.reason ?? CM_MSGS.certFetch);
  return reply.system;
}

export async function getAppliances(http: HttpClient): Promise<ManagedSystem[]> {
  return (
    await http.get<{ appliances: ManagedSystem[] }>(CM_PATHS.getAppliances, { callName: 'getAppliances' })
  ).data.appliances;
}

export async function setMaintenance(http: HttpClient, id: string, enabled: boolean): Promise<ManagedSystem> {
  return (
    await http.put<ManagedSystem>(
      cmPath(CM_PATHS.maintenance, { id }),
      { enabled },
      { callName: 'setMaintenance' },
    )
  ).data;
}

/** Starts a restart, reboot or shutdown: the job's id. */
export async function systemAction(http: HttpClient, id: string, action: SystemAction): Promise<string> {
  return (
    await http.post<{ job_id: string }>(cmPath(CM_PATHS.action, { id, action }), undefined, {
      callName: 'systemAction',
    })
  ).data.job_id;
}

/** A group as answered, its nodes' auto_group read by the 'True' rule whatever the server sent. */
const groupOf = (g: Group): Group => ({ ...g, nodes: normaliseGroupNodes(g.nodes) });

export async function listGroups(http: HttpClient): Promise<Group[]> {
  return (await http.get<{ groups: Group[] }>(CM_PATHS.groups, { callName: 'listGroups' })).data.groups.map(
    groupOf,
  );
}

export async function createGroup(http: HttpClient, body: Static<typeof GroupWrite>): Promise<Group> {
  return groupOf((await http.post<Group>(CM_PATHS.groups, body, { callName: 'createGroup' })).data);
}

export async function createTemplate(http: HttpClient, name: string, fromSystem: string): Promise<Template> {
  return (
    await http.post<Template>(
      CM_PATHS.templates,
      { name, from_system: fromSystem },
      { callName: 'createTemplate' },
    )
  ).data;
}

/** Applies a template to a group: the job's id. */
export async function applyTemplate(http: HttpClient, templateId: string, groupId: string): Promise<string> {
  return (
    await http.post<{ job_id: string }>(
      cmPath(CM_PATHS.templateApply, { id: templateId }),
      { group_id: groupId },
      { callName: 'applyTemplate' },
    )
  ).data.job_id;
}

/** A central-manager job, for the common job polling (`pollJob`'s `read`). */
export async function getCmJob(http: HttpClient, id: string): Promise<Job & CmJob> {
  return (await http.get<Job & CmJob>(cmPath(CM_PATHS.job, { id }), { callName: 'getCmJob' })).data;
}

// --- What the portal's central-manager pages read and change (docs/central-manager.md §11) -------

/** The managed appliances as last seen: answers at once, no appliance is asked. */
export async function listManagedSystems(http: HttpClient): Promise<ManagedSystem[]> {
  return (
    await http.get<{ appliances: ManagedSystem[] }>(CM_PATHS.systems, { callName: 'listManagedSystems' })
  ).data.appliances;
}

/** Stops managing an appliance (it is left as it is). */
export async function deleteManagedSystem(http: HttpClient, id: string): Promise<void> {
  await http.delete(cmPath(CM_PATHS.system, { id }), { callName: 'deleteManagedSystem' });
}

/** The appliance's settings now, document by document (a 502 with its reason when it cannot say). */
export async function getCurrentSettings(
  http: HttpClient,
  id: string,
): Promise<Record<string, Record<string, unknown>>> {
  return (
    await http.get<{ id: string; settings: Record<string, Record<string, unknown>> }>(
      cmPath(CM_PATHS.currentSettings, { id }),
      { callName: 'getCurrentSettings' },
    )
  ).data.settings;
}

export async function deleteGroup(http: HttpClient, id: string): Promise<void> {
  await http.delete(cmPath(CM_PATHS.group, { id }), { callName: 'deleteGroup' });
}

/** The templates without their settings. */
export type TemplateSummary = Omit<Template, 'settings'>;

export async function listTemplates(http: HttpClient): Promise<TemplateSummary[]> {
  return (await http.get<{ templates: TemplateSummary[] }>(CM_PATHS.templates, { callName: 'listTemplates' }))
    .data.templates;
}

export async function deleteTemplate(http: HttpClient, id: string): Promise<void> {
  await http.delete(cmPath(CM_PATHS.template, { id }), { callName: 'deleteTemplate' });
}

/** Per member of the group: in_sync, drifted with the fields that differ, or unknown with the reason. */
export async function getTemplateDrift(
  http: HttpClient,
  templateId: string,
  groupId: string,
): Promise<Static<typeof DriftReply>> {
  return (
    await http.get<Static<typeof DriftReply>>(cmPath(CM_PATHS.templateDrift, { id: templateId }), {
      params: { group_id: groupId },
      callName: 'getTemplateDrift',
    })
  ).data;
}

/** An appliance's software: its version, slots, the last check's releases, the rollback list. */
export async function getUpdates(http: HttpClient, id: string): Promise<UpdateState> {
  return (await http.get<UpdateState>(cmPath(CM_LIFECYCLE_PATHS.updates, { id }), { callName: 'getUpdates' }))
    .data;
}

/** The update actions, each a job of one target (docs/central-manager.md §9), and their paths. */
export const UPDATE_ACTION_PATHS = {
  check: CM_LIFECYCLE_PATHS.updateCheck,
  download: CM_LIFECYCLE_PATHS.updateDownload,
  install: CM_LIFECYCLE_PATHS.updateInstall,
  rollback: CM_LIFECYCLE_PATHS.updateRollback,
} as const;
export type UpdateAction = keyof typeof UPDATE_ACTION_PATHS;

/** Starts an update action (`body` as its path takes it: `{version}`, `{slot_id}`): the job's id. */
export async function updateAction(
  http: HttpClient,
  id: string,
  action: UpdateAction,
  body?: Record<string, unknown>,
): Promise<string> {
  return (
    await http.post<{ job_id: string }>(cmPath(UPDATE_ACTION_PATHS[action], { id }), body, {
      callName: 'updateAction',
    })
  ).data.job_id;
}

// --- cr_update, logs and exports of a managed system; the station's own about and settings ------
// (docs/central-manager.md §12, §13)

/** Changes fields of an appliance's current settings: its settings after, as the appliance answers them. */
export async function crUpdate(
  http: HttpClient,
  id: string,
  settings: Record<string, Record<string, unknown>>,
): Promise<Record<string, Record<string, unknown>>> {
  return (
    await http.put<{ id: string; settings: Record<string, Record<string, unknown>> }>(
      cmPath(CM_SYSTEM_DATA_PATHS.crUpdate, { id }),
      { settings },
      { callName: 'crUpdate' },
    )
  ).data.settings;
}

export type ApplianceLogType = (typeof APPLIANCE_LOG_TYPES)[number];
export type SystemLogsBlock = Static<typeof SystemLogsReply>;

/** A block of an appliance's own log events, newest first; the next block with the previous one's cursor. */
export async function getSystemLogs(
  http: HttpClient,
  id: string,
  query: { log_type: ApplianceLogType; limit?: number; search?: string; cursor?: string },
): Promise<SystemLogsBlock> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return (
    await http.get<SystemLogsBlock>(cmPath(CM_SYSTEM_DATA_PATHS.logs, { id }), {
      params,
      callName: 'getSystemLogs',
    })
  ).data;
}

/** The appliance's export of its log events (CSV as it wrote it) and the file name the answer gives. */
export async function getSystemExport(
  http: HttpClient,
  id: string,
  query: { log_type: ApplianceLogType; search?: string },
): Promise<{ filename: string; text: string; contentType: string }> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  const r = await http.get<string>(cmPath(CM_SYSTEM_DATA_PATHS.exports, { id }), {
    params,
    responseType: 'text',
    transformResponse: (data: unknown) => data,
    callName: 'getSystemExport',
  });
  const disposition = String(r.headers['content-disposition'] ?? '');
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${id}-${query.log_type}.csv`;
  return { filename, text: String(r.data), contentType: String(r.headers['content-type'] ?? 'text/csv') };
}

/** What the management station says of itself. */
export async function getCmAbout(http: HttpClient): Promise<Static<typeof CmAbout>> {
  return (await http.get<Static<typeof CmAbout>>(CM_OWN_PATHS.about, { callName: 'getCmAbout' })).data;
}

/** The station's own settings: the default appliance port and the status time-out. */
export async function getCmSettings(http: HttpClient): Promise<CmSettings> {
  return (await http.get<CmSettings>(CM_OWN_PATHS.settings, { callName: 'getCmSettings' })).data;
}

export async function saveCmSettings(
  http: HttpClient,
  body: Static<typeof CmSettingsWrite>,
): Promise<CmSettings> {
  return (await http.put<CmSettings>(CM_OWN_PATHS.settings, body, { callName: 'saveCmSettings' })).data;
}
