/**
 * Where a chart's change markers come from, one row per kind of source: the tenant portal reads
 * the signed-in tenant's own history; the provider console reads a chosen tenant's revisions
 * over the provider path. A row says who may have them (no request otherwise), how a window is
 * read, and where a marker's click leads in its app.
 */
import type { ChangeMarker } from '@workbench/charts';
import type { HttpClient } from '../../api/http';
import type { PublishedRevision } from '../../api/contract/policy';
import type { TenantRevision } from '../../api/contract/providerTenants';
import { POLICY_KIND_GROUPS } from '../../api/contract/policyKindGroups';
import { TENANTS_READ } from '../../api/contract/providerTenantPaths';
import { listRevisionsPublishedIn } from '../../api/policy';
import { listTenantRevisionsPublishedIn } from '../../api/providerTenants';
import { policyReadPermission } from '../../vocabularies/policyGroups';
import { selectAccessController } from '../rbac/rbacSelectors';
import type { AccessController } from '../rbac/permissions';
import { selectExtension, type WithExtensions } from '../extensions/extensionsSelectors';
import { selectProviderAccess } from '../provider-session/providerSessionSelectors';
import type { ProviderSessionState } from '../provider-session/providerSessionSlice';
import type { ChangeMarkerSource, ChangeMarkerSourceKind } from './changeMarkerSource';

/** Whether the user may read the revision history: any policy group's read. */
export const canReadRevisionHistory = (access: AccessController): boolean =>
  POLICY_KIND_GROUPS.some((group) => access.can(policyReadPermission(group)));

export const changeMarkerOf = (r: PublishedRevision): ChangeMarker => ({
  revId: r.rev_id,
  at: Date.parse(r.published_at),
  by: r.published_by,
  comment: r.comment,
  rolledBackFrom: r.rolled_back_from,
});

/** The provider's row of a tenant's revision names the comment `note`. */
export const tenantRevisionMarkerOf = (r: TenantRevision): ChangeMarker => ({
  revId: r.rev_id,
  at: Date.parse(r.published_at),
  by: r.published_by,
  comment: r.note,
  rolledBackFrom: r.rolled_back_from,
});

const REVISION_HISTORY_SERVED = selectExtension('revision-history');
type WithSession = Parameters<typeof selectAccessController>[0];
export type MarkersState = Partial<
  WithSession & WithExtensions & { changeMarkers: unknown; providerSession: ProviderSessionState }
>;

/**
 * Whether this store's user gets their tenant's markers: a store with the markers' slice (the
 * tenant portal's), a server that serves the history, and a user who may read it. False on a
 * store without them (the provider console's has no tenant session nor extensions list).
 */
export const selectMarkersAllowed = (state: MarkersState): boolean =>
  state.changeMarkers !== undefined &&
  state.session !== undefined &&
  state.extensions !== undefined &&
  REVISION_HISTORY_SERVED(state as WithExtensions) &&
  canReadRevisionHistory(selectAccessController(state as WithSession));

/**
 * Whether the console's user gets a tenant's markers: a store with the markers' slice and a
 * provider session whose role reads tenants (what the server's revisions route checks).
 */
export const selectProviderMarkersAllowed = (state: MarkersState): boolean =>
  state.changeMarkers !== undefined &&
  state.providerSession?.user != null &&
  selectProviderAccess(state as { providerSession: ProviderSessionState }).can(TENANTS_READ);

/** The portal's revision history (its policy area's `history` page). */
export const REVISION_HISTORY_PAGE = '/policy/history';
/** The history's (and the console's tenant revisions tab's) parameter naming the revision opened. */
export const REVISION_DIFF_PARAM = 'rev';
/** The history opened at one revision's diff (what it changed from the revision before it). */
export const revisionDiffPath = (revId: number): string =>
  `${REVISION_HISTORY_PAGE}?${REVISION_DIFF_PARAM}=${revId}`;

/** The console's tenant page opens on the tab this parameter names. */
export const TENANT_TAB_PARAM = 'tab';
/** The console's tenant page on its Policy revisions tab, that revision marked. */
export const tenantRevisionPath = (tid: string, revId: number): string =>
  `/tenants/${encodeURIComponent(tid)}?${TENANT_TAB_PARAM}=revisions&${REVISION_DIFF_PARAM}=${revId}`;

interface MarkerSourceDef<K extends ChangeMarkerSourceKind> {
  allowed: (state: MarkersState) => boolean;
  load: (
    http: HttpClient,
    source: Extract<ChangeMarkerSource, { kind: K }>,
    window: { from: string; to: string },
  ) => Promise<ChangeMarker[]>;
  /** The app's path a marker's click opens. */
  openPath: (source: Extract<ChangeMarkerSource, { kind: K }>, revId: number) => string;
}

export const CHANGE_MARKER_SOURCES: { [K in ChangeMarkerSourceKind]: MarkerSourceDef<K> } = {
  tenant: {
    allowed: selectMarkersAllowed,
    load: async (http, _source, window) =>
      (await listRevisionsPublishedIn(http, window)).items.map(changeMarkerOf),
    openPath: (_source, revId) => revisionDiffPath(revId),
  },
  provider: {
    allowed: selectProviderMarkersAllowed,
    load: async (http, source, window) =>
      (await listTenantRevisionsPublishedIn(http, source.tid, window)).revisions.map(tenantRevisionMarkerOf),
    openPath: (source, revId) => tenantRevisionPath(source.tid, revId),
  },
};

/**
 * A source's row, called with that source: TypeScript does not follow that the row picked by
 * `s.kind` takes `s`, so the row is read as taking any source (the table's type keeps each row
 * to its own kind).
 */
export const markerSourceDef = (s: ChangeMarkerSource): MarkerSourceDef<ChangeMarkerSourceKind> =>
  CHANGE_MARKER_SOURCES[s.kind] as unknown as MarkerSourceDef<ChangeMarkerSourceKind>;
