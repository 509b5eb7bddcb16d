/**
 * The change markers of a chart whose x axis spans [from, to) (epoch ms): the tenant's publishes
 * and rollbacks published inside it. Only for a user who may read the revision history (any
 * policy group's read, the server's rule) on a server that serves it: otherwise none, and no request.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChangeMarker } from '@workbench/charts';
import { POLICY_KIND_GROUPS } from '../../api/contract/policyKinds';
import { policyReadPermission } from '../../vocabularies/policyGroups';
import { useAppDispatch, useAppSelector } from '../../store/storeHooks';
import { selectAccessController } from '../rbac/rbacSelectors';
import type { AccessController } from '../rbac/permissions';
import { selectExtension, type WithExtensions } from '../extensions/extensionsSelectors';
import { changeMarkersRequested, selectChangeMarkersEntry } from './changeMarkersSlice';
import type { PublishedRevision } from '../../api/contract/policy';

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

const NONE: readonly ChangeMarker[] = [];
const REVISION_HISTORY_SERVED = selectExtension('revision-history');
type WithSession = Parameters<typeof selectAccessController>[0];

/**
 * Whether this store's user gets markers: a store with the markers' slice (the tenant portal's;
 * the provider console's has neither it nor a tenant session, and its report panels must draw
 * without them), a server that serves the history, and a user who may read it.
 */
const selectMarkersAllowed = (state: Partial<WithSession & WithExtensions & { changeMarkers: unknown }>) =>
  state.changeMarkers !== undefined &&
  state.session !== undefined &&
  state.extensions !== undefined &&
  REVISION_HISTORY_SERVED(state as WithExtensions) &&
  canReadRevisionHistory(selectAccessController(state as WithSession));

export function useChangeMarkers(from: number | null, to: number | null): readonly ChangeMarker[] {
  const dispatch = useAppDispatch();
  const allowed = useAppSelector(selectMarkersAllowed);
  const window = useMemo(() => (from !== null && to !== null && to > from ? { from, to } : null), [from, to]);
  const entry = useAppSelector(selectChangeMarkersEntry(window ?? { from: 0, to: 0 }));
  const status = entry?.status;
  useEffect(() => {
    if (allowed && window && status === undefined) dispatch(changeMarkersRequested(window));
  }, [allowed, window, status, dispatch]);
  const items = entry?.items;
  return useMemo(
    () => (allowed && window && items ? items.map(changeMarkerOf) : NONE),
    [allowed, window, items],
  );
}

/** The portal's revision history (its policy area's `history` page). */
export const REVISION_HISTORY_PAGE = '/policy/history';
/** The history opened at one revision's diff (what it changed from the revision before it). */
export const revisionDiffPath = (revId: number): string => `${REVISION_HISTORY_PAGE}?rev=${revId}`;
/** The history page's parameter naming the revision whose diff opens. */
export const REVISION_DIFF_PARAM = 'rev';

/** A marker's time as the portal shows times (the browser's local time, to the minute). */
export const markerTime = (ms: number): string => {
  const d = new Date(ms);
  const dd = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${dd(d.getMonth() + 1)}-${dd(d.getDate())} ${dd(d.getHours())}:${dd(d.getMinutes())}`;
};

/**
 * What a time chart (EChart) needs for its change markers over [from, to): the markers, a click
 * that opens the revision's diff in the history, and the portal's time format. Null ends: none.
 */
export function useChartChangeMarkers(from: number | null, to: number | null) {
  const navigate = useNavigate();
  const changeMarkers = useChangeMarkers(from, to);
  const onChangeMarker = useCallback((revId: number) => navigate(revisionDiffPath(revId)), [navigate]);
  return { changeMarkers, onChangeMarker, formatMarkerTime: markerTime };
}
