/**
 * The change markers of a chart whose x axis spans [from, to) (epoch ms): a tenant's publishes
 * and rollbacks published inside it, from a source (changeMarkerSources.ts: the portal's own
 * tenant by default, or a tenant the provider console chose). Only for a user the source allows:
 * otherwise none, and no request.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChangeMarker } from '@workbench/charts';
import { useAppDispatch, useAppSelector } from '../../store/storeHooks';
import { changeMarkersRequested, selectChangeMarkersEntry, type MarkerRequest } from './changeMarkersSlice';
import { markerSourceKey, OWN_TENANT_MARKERS, type ChangeMarkerSource } from './changeMarkerSource';
import { markerSourceDef } from './changeMarkerSources';

const NONE: readonly ChangeMarker[] = [];
const NO_WINDOW = { from: 0, to: 0 };

/** The source as a value that keeps its identity while its key does (callers pass literals). */
function useStableSource(source: ChangeMarkerSource): ChangeMarkerSource {
  const key = markerSourceKey(source);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the source's identity
  return useMemo(() => source, [key]);
}

export function useChangeMarkers(
  from: number | null,
  to: number | null,
  source: ChangeMarkerSource = OWN_TENANT_MARKERS,
): readonly ChangeMarker[] {
  const dispatch = useAppDispatch();
  const stable = useStableSource(source);
  const allowed = useAppSelector(markerSourceDef(stable).allowed);
  const request = useMemo<MarkerRequest | null>(
    () => (from !== null && to !== null && to > from ? { source: stable, window: { from, to } } : null),
    [from, to, stable],
  );
  const entry = useAppSelector(selectChangeMarkersEntry(request ?? { source: stable, window: NO_WINDOW }));
  const status = entry?.status;
  useEffect(() => {
    if (allowed && request && status === undefined) dispatch(changeMarkersRequested(request));
  }, [allowed, request, status, dispatch]);
  const items = entry?.items;
  return allowed && request && items ? items : NONE;
}

/** A marker's time as the apps show times (the browser's local time, to the minute). */
export const markerTime = (ms: number): string => {
  const d = new Date(ms);
  const dd = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${dd(d.getMonth() + 1)}-${dd(d.getDate())} ${dd(d.getHours())}:${dd(d.getMinutes())}`;
};

/**
 * What a time chart (EChart) needs for its change markers over [from, to): the markers, a click
 * that opens the revision where the source's app shows it, and the apps' time format. Null ends:
 * none.
 */
export function useChartChangeMarkers(
  from: number | null,
  to: number | null,
  source: ChangeMarkerSource = OWN_TENANT_MARKERS,
) {
  const navigate = useNavigate();
  const stable = useStableSource(source);
  const changeMarkers = useChangeMarkers(from, to, stable);
  const onChangeMarker = useCallback(
    (revId: number) => navigate(markerSourceDef(stable).openPath(stable, revId)),
    [navigate, stable],
  );
  return { changeMarkers, onChangeMarker, formatMarkerTime: markerTime };
}
