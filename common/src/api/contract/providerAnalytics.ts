/**
 * The provider console's analytics (docs/provider-console.md §13): the analytics summaries (per
 * tenant and across tenants: events, blocks, isolations, top threats over a period) and the
 * insights of a chosen tenant (the tenant's `GET /api/insights/v1/q`, read by support).
 */
import { Type, type Static } from 'typebox';
import { ReportRow } from './reportQueries';

const V1 = '/gdmanage/api/v1';

/** The analytics summaries: one period, every tenant (or the one of `tid`). */
export const ANALYTICS_SUMMARY_PATH = `${V1}/analytics/summaries`;
/** The insights of a chosen tenant: the tenant's insights query, answered for that tenant. */
export const tenantInsightsRoute = `${V1}/tenants/:id/insights`;
export const tenantInsightsPath = (tid: string): string =>
  tenantInsightsRoute.replace(':id', encodeURIComponent(tid));

/**
 * What a summary counts: each figure is the number of web events under its condition, the same
 * condition the rows of that figure are read with (the trust rule: one condition for both).
 */
export const SUMMARY_FIGURES = {
  events: { label: 'Events', where: [] },
  blocks: { label: 'Blocks', where: [{ field: 'action', values: ['block'] }] },
  isolations: {
    label: 'Isolations',
    where: [{ field: 'action', values: ['safeview', 'safeview_readonly'] }],
  },
} as const satisfies Record<
  string,
  { label: string; where: readonly { field: string; values: readonly string[] }[] }
>;
export type SummaryFigure = keyof typeof SUMMARY_FIGURES;
export const SUMMARY_FIGURE_NAMES = Object.keys(SUMMARY_FIGURES) as SummaryFigure[];
/** The field the top threats are ranked by (events without a threat class are in no group). */
export const SUMMARY_THREAT_FIELD = 'threat_class';
/** How many threats a summary ranks. */
export const SUMMARY_TOP_THREATS = 10;
/** A summary's bucket: one day (the period is at most SUMMARY_MAX_DAYS of them). */
export const SUMMARY_BUCKET_S = 86_400;
export const SUMMARY_MAX_DAYS = 366;

const Figures = Type.Object({
  events: Type.Integer({ minimum: 0 }),
  blocks: Type.Integer({ minimum: 0 }),
  isolations: Type.Integer({ minimum: 0 }),
});
export type SummaryFigures = Static<typeof Figures>;

export const AnalyticsSummaryQuery = Type.Object(
  {
    start: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 253_402_300_799,
        description: 'Unix seconds, inclusive (default: end − 30 days).',
      }),
    ),
    end: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 253_402_300_799,
        description: 'Unix seconds, exclusive (default: now).',
      }),
    ),
    tid: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'One tenant (default: every tenant).' }),
    ),
  },
  { additionalProperties: false },
);
export type AnalyticsSummaryQuery = Static<typeof AnalyticsSummaryQuery>;

export const AnalyticsSummaryReply = Type.Object({
  start: Type.Integer(),
  end: Type.Integer(),
  /** The figures of all the tenants below together. */
  totals: Figures,
  /** Per tenant, largest event count first (ties by name). */
  tenants: Type.Array(Type.Object({ tid: Type.String(), name: Type.String(), ...Figures.properties })),
  /** The threat classes of the most events, over all the tenants below. */
  top_threats: Type.Array(ReportRow),
  /** Per day (key: the day's start, unix seconds UTC): the figures of all the tenants below. */
  by_day: Type.Array(Type.Object({ key: Type.Integer(), ...Figures.properties })),
});
export type AnalyticsSummaryReply = Static<typeof AnalyticsSummaryReply>;
