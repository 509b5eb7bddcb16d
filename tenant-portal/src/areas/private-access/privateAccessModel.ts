/**
 * The private access documents as the Secure Application Access page shows them (the policy-kind
 * registry's mpa kinds, privateAccessKinds.ts): their types, labels, and the cross-references
 * between them — an access rule names applications (same document), an application names the
 * cluster that reaches it, a catalog names applications and clusters (other documents).
 */
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import type { DualListItem } from '@workbench/common';
import {
  APP_CONNECTOR_AWS_REGIONS,
  SESSION_MAX_HOURS,
} from '@workbench/common/api/contract/policy-kinds/privateAccessKinds';
import {
  POSTURE_CHECK_VOCABULARY,
  SESSION_MODE_VOCABULARY,
  sessionText,
} from '@workbench/common/vocabularies/privateAccessVocabularies';
import {
  POSTURE_CHECKS,
  SESSION_MODES,
  TIME_UNITS,
} from '@workbench/common/api/contract/policy-kinds/enumerations';

export type AccessPolicyDoc = PolicyData<'mpa/access_rules'>;
export type AccessRule = AccessPolicyDoc['access_rules'][number];
export type PrivateApp = AccessPolicyDoc['applications'][number];
export type CatalogsDoc = PolicyData<'mpa/app_catalogs'>;
export type Catalog = CatalogsDoc['list'][number];
export type ClustersDoc = PolicyData<'mpa/app_connector_clusters'>;
export type Cluster = ClustersDoc['list'][number];
export type PostureCheck = (typeof POSTURE_CHECKS)[number];
export type SessionMode = (typeof SESSION_MODES)[number];
export type TimeUnit = (typeof TIME_UNITS)[number];

export { SESSION_MAX_HOURS };

/** docs/policy.md §3 posture checks and session modes, in the words the revision diff uses too. */
export const POSTURE_CHECK_LABELS = Object.fromEntries(
  POSTURE_CHECK_VOCABULARY.map((e) => [e.code, e.label]),
) as Record<PostureCheck, string>;
export const SESSION_MODE_LABELS = Object.fromEntries(
  SESSION_MODE_VOCABULARY.map((e) => [e.code, e.label]),
) as Record<SessionMode, string>;

export const TIME_UNIT_LABELS: Record<TimeUnit, string> = {
  minutes: 'Minutes',
  hours: 'Hours',
  days: 'Days',
};

export const ACCESS_ACTION_LABELS: Record<AccessRule['action'], string> = {
  allow: 'Allow',
  block: 'Block',
};

export const APP_PROTOCOL_LABELS: Record<PrivateApp['protocol'], string> = {
  tcp: 'TCP',
  udp: 'UDP',
  any: 'Any',
};

/** "No limit", "Browser session", "8 hours". */
export const sessionSummary = (session: AccessRule['session']): string => sessionText(session);

/** A region's label with its code: "Europe (Frankfurt) · eu-central-1". */
export function regionLabel(code: string, regions: ReadonlyArray<{ code: string; label: string }>): string {
  const known =
    regions.find((r) => r.code === code) ?? APP_CONNECTOR_AWS_REGIONS.find((r) => r.code === code);
  return known ? `${known.label} · ${code}` : code;
}

/** An application id by its name, or that it was deleted from the Applications tab. */
export const appName = (id: string, apps: readonly PrivateApp[]): string =>
  apps.find((a) => a.id === id)?.name ?? `Deleted application (${id})`;
/** The applications' group in the access rule's and the catalog's dual list. */
export const APPS_GROUP = 'Applications';

/**
 * The dual list of applications works by name: the chosen ids as its items, and the way back from
 * a name to an id (a deleted application, which has no name, goes by its id).
 */
export function applicationPick(
  chosen: readonly string[],
  apps: readonly PrivateApp[],
): { idByName: Map<string, string>; selected: DualListItem[] } {
  const idByName = new Map<string, string>();
  for (const a of apps) idByName.set(a.name, a.id);
  for (const id of chosen) idByName.set(appName(id, apps), id);
  const selected = chosen.map((id) => ({ name: appName(id, apps), category: APPS_GROUP }));
  return { idByName, selected };
}

export const appMissing = (id: string, apps: readonly PrivateApp[]): boolean =>
  !apps.some((a) => a.id === id);

/** A cluster id by its name, or that it was deleted from the Connector clusters tab. */
export const clusterName = (id: string, clusters: ReadonlyArray<{ id: string; name: string }>): string =>
  clusters.find((c) => c.id === id)?.name ?? `Deleted cluster (${id})`;
export const clusterMissing = (id: string, clusters: ReadonlyArray<{ id: string }>): boolean =>
  !clusters.some((c) => c.id === id);

export const rulesUsingApp = (id: string, rules: readonly AccessRule[]): AccessRule[] =>
  rules.filter((r) => r.applications.includes(id));
export const catalogsUsingApp = (id: string, catalogs: readonly Catalog[]): Catalog[] =>
  catalogs.filter((c) => c.applications.includes(id));
export const appsUsingCluster = (id: string, apps: readonly PrivateApp[]): PrivateApp[] =>
  apps.filter((a) => a.cluster_id === id);
export const catalogsUsingCluster = (id: string, catalogs: readonly Catalog[]): Catalog[] =>
  catalogs.filter((c) => c.clusters.includes(id));

/** "Anyone", or the users and groups a rule names. */
export function whoSummary(rule: AccessRule): string {
  const who = [...rule.users, ...rule.groups.map((g) => `group ${g}`)];
  if (who.length === 0) return 'Anyone';
  return who.length > 2 ? `${who.slice(0, 2).join(', ')} +${who.length - 2} more` : who.join(', ');
}

/** "git.acme.internal, 10.0.0.5 · TCP 22, 443". */
export function appTarget(app: PrivateApp): string {
  const where = [...app.domains, ...app.addresses];
  const shown =
    where.length > 2 ? `${where.slice(0, 2).join(', ')} +${where.length - 2} more` : where.join(', ');
  const ports =
    app.protocol === 'any' ? 'any port' : `${APP_PROTOCOL_LABELS[app.protocol]} ${app.ports.join(', ')}`;
  return `${shown} · ${ports}`;
}
