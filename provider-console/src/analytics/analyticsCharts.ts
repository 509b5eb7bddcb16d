/**
 * The analytics summary's rows as the charts' rows (docs/provider-console.md §13): pure functions,
 * so that what a panel draws is tested without a canvas. Blocks and isolations are part of the
 * events, so a stack shows them with the rest of the events ("Other events") and its top is the
 * events' count.
 */
import type { ChartRow } from '@workbench/charts';
import type { AnalyticsSummaryReply, SummaryFigures } from '@workbench/common/api/contract/providerAnalytics';

export const OTHER_EVENTS = 'Other events';

/** A stack of blocks, isolations and the other events. */
const stackOf = (key: string | number, f: SummaryFigures): ChartRow[] => [
  { key, series: 'Blocks', value: f.blocks },
  { key, series: 'Isolations', value: f.isolations },
  { key, series: OTHER_EVENTS, value: Math.max(0, f.events - f.blocks - f.isolations) },
];

/** Per day (a stacked time series; keys in unix seconds). */
export const byDayRows = (reply: AnalyticsSummaryReply): ChartRow[] =>
  reply.by_day.flatMap((d) => stackOf(d.key, d));

/** Per tenant, by name (a stacked bar, the tenant of the most events on top). */
export const byTenantRows = (reply: AnalyticsSummaryReply): ChartRow[] =>
  reply.tenants.flatMap((t) => stackOf(t.name, t));

/** The top threats (a top-N bar). */
export const threatRows = (reply: AnalyticsSummaryReply): ChartRow[] =>
  reply.top_threats.map((r) => ({ key: r.key, value: r.value }));

/** The periods a summary or an insight is read over, in days (the report intervals' longer ones). */
export const ANALYTICS_PERIODS = [
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
] as const;
export const DEFAULT_ANALYTICS_PERIOD = '7';

/** The period's start and end in unix seconds, ending at `now` (ms) rounded up to the minute. */
export function periodRange(days: string, now: number): { start: number; end: number } {
  const end = Math.ceil(now / 60_000) * 60;
  return { start: end - Number(days) * 86_400, end };
}
