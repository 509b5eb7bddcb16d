/**
 * Report regions (docs/provider-console.md §14): a tenant's report region decides which region's
 * servers make its scheduled reports. The regions are those of the provider's deployments; a
 * tenant without a region of its own has its deployment's. A change is previewed first (a dry run
 * that names what would move and writes nothing), then applied (audited).
 */
import { Type, type Static } from 'typebox';

const V1 = '/gdmanage/api/v1';

/** Every region (the deployments') and every tenant's report region. */
export const REPORT_REGIONS_PATH = `${V1}/ops/report_regions`;
/** One tenant's report region: read, and changed (with `dry_run`, previewed). */
export const tenantReportRegionRoute = `${V1}/tenants/:id/report_region`;
export const tenantReportRegionPath = (tid: string): string =>
  tenantReportRegionRoute.replace(':id', encodeURIComponent(tid));

export const REPORT_REGIONS_READ = 'reports:regions:read';
export const REPORT_REGIONS_WRITE = 'reports:regions:write';

/** A region name: as a deployment's `region`. */
export const RegionName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' });

/**
 * Where a tenant's report region comes from: set for it (`tenant`), or its deployment's region
 * (`deployment`), or, when that deployment is gone, the default deployment's (`default`).
 */
export const ReportRegionSource = Type.Union([
  Type.Literal('tenant'),
  Type.Literal('deployment'),
  Type.Literal('default'),
]);
export type ReportRegionSource = Static<typeof ReportRegionSource>;

export const TenantReportRegion = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  report_region: Type.String(),
  source: ReportRegionSource,
  /** The tenant's deployment. */
  deployment: Type.String(),
});
export type TenantReportRegion = Static<typeof TenantReportRegion>;

export const ReportRegionList = Type.Object({
  /** Each region with the deployments in it, by name. */
  regions: Type.Array(Type.Object({ region: Type.String(), deployments: Type.Array(Type.String()) })),
  tenants: Type.Array(TenantReportRegion),
});
export type ReportRegionList = Static<typeof ReportRegionList>;

export const ReportRegionChangeBody = Type.Object(
  {
    report_region: RegionName,
    /** True: answer what would change, write nothing. */
    dry_run: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ReportRegionChangeBody = Static<typeof ReportRegionChangeBody>;

/** What a change moves: the tenant's scheduled reports, made from then on in the new region. */
export const ReportRegionChange = Type.Object({
  tid: Type.String(),
  dry_run: Type.Boolean(),
  from: Type.String(),
  to: Type.String(),
  /** Whether anything changes (false: the region is already the tenant's). */
  changed: Type.Boolean(),
  /** The scheduled reports whose runs move (enabled ones first run there at `next_run_at`). */
  scheduled_reports: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      enabled: Type.Boolean(),
      /** The next run (ISO 8601), or null when disabled. */
      next_run_at: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  /** The reports already made: they stay where they are, readable as before. */
  past_reports: Type.Integer({ minimum: 0 }),
});
export type ReportRegionChange = Static<typeof ReportRegionChange>;

export const unknownRegionMessage = (region: string, regions: readonly string[]): string =>
  `No deployment is in the region ${region} (regions: ${regions.join(', ') || 'none'}).`;
