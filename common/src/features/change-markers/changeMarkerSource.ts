/**
 * Which history a chart's change markers read: its own module, light, because the stores of both
 * apps hold the markers slice from their first load, while the sources' table
 * (changeMarkerSources.ts: the policy groups, both apps' revision requests) loads with the first
 * chart that asks for markers (changeMarkersSaga.ts).
 */
/** The signed-in tenant's own history (the portal), or one tenant's as the provider reads it. */
export type ChangeMarkerSource = { kind: 'tenant' } | { kind: 'provider'; tid: string };
export type ChangeMarkerSourceKind = ChangeMarkerSource['kind'];

export const OWN_TENANT_MARKERS: ChangeMarkerSource = { kind: 'tenant' };
export const providerTenantMarkers = (tid: string): ChangeMarkerSource => ({ kind: 'provider', tid });

/** One key per source (a store's entries and a hook's dependencies). */
export const markerSourceKey = (s: ChangeMarkerSource): string =>
  s.kind === 'tenant' ? 'tenant' : `provider:${s.tid}`;
