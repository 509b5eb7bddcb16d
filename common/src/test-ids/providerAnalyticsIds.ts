/**
 * data-testid values of the provider console's analytics: the Analytics page (summaries per
 * tenant and across tenants) and a tenant's insights (support view). Never rename one.
 */
export const providerAnalyticsIds = {
  page: 'provider-analytics',
  periodFilter: 'provider-analytics-period',
  tenantFilter: 'provider-analytics-tenant',
  /** `${figure}-${events|blocks|isolations}`: a figure's tile. */
  figure: 'provider-analytics-figure',
  /** `${chart}-${by_day|tenants|threats}` */
  chart: 'provider-analytics-chart',
  /** `${insightsLink}-${tid}`: a tenant's insights, from the summary's table or its reports. */
  insightsLink: 'provider-analytics-insights-link',
  error: 'provider-analytics-error',
  /** The per-day chart's note that across tenants no policy change is marked. */
  markersCaption: 'provider-analytics-markers-caption',
  /** A tenant's insights (read-only). */
  insights: 'provider-tenant-insights',
  insightsSearch: 'provider-tenant-insights-search',
  insightsSource: 'provider-tenant-insights-source',
  insightsPeriod: 'provider-tenant-insights-period',
  insightsTotal: 'provider-tenant-insights-total',
  /** `${insightsChart}-${userid|domain|category}` */
  insightsChart: 'provider-tenant-insights-chart',
} as const;

/** The Report regions page: every tenant's report region, and the change with its dry run. */
export const reportRegionIds = {
  page: 'report-regions',
  table: 'report-regions-table',
  /** `${region}-${tid}`: a tenant's report region cell. */
  region: 'report-region',
  /** `${change}-${tid}`: opens the change of a tenant's report region (operators). */
  change: 'report-region-change',
  dialog: 'report-region-dialog',
  select: 'report-region-select',
  preview: 'report-region-preview',
  /** What the dry run answered: what would move. */
  plan: 'report-region-plan',
  apply: 'report-region-apply',
  error: 'report-region-error',
} as const;
