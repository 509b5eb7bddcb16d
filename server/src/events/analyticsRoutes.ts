/**
 * The provider console's analytics (docs/provider-console.md §13): the analytics summaries over
 * every tenant or one, and the insights of a chosen tenant. Both read the event store through its
 * store-neutral aggregates only (DuckDB and ClickHouse alike); support and operators read them.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  ANALYTICS_SUMMARY_PATH,
  AnalyticsSummaryQuery,
  AnalyticsSummaryReply,
  SUMMARY_BUCKET_S,
  SUMMARY_FIGURE_NAMES,
  SUMMARY_FIGURES,
  SUMMARY_MAX_DAYS,
  SUMMARY_THREAT_FIELD,
  SUMMARY_TOP_THREATS,
  tenantInsightsRoute,
  type SummaryFigure,
  type SummaryFigures,
} from '@workbench/common/api/contract/providerAnalytics';
import {
  INSIGHT_SOURCES,
  InsightsReply,
  TENANT_REPORTS_READ,
  reportQueryRefusal,
} from '@workbench/common/api/contract/reportQueries';
import { deriveFeatureFlags } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { ApiHttpError, errorResponses } from '../http/errors';
import { providerSessionOf } from '../http/guard';
import type { EventScan, EventStore } from './eventStore';
import {
  DEFAULT_RANGE_S,
  InsightsQuery,
  refusalMessage,
  runInsights,
  supportReader,
  type InsightsQueryString,
} from './reportRoutes';

export interface AnalyticsRoutesOptions {
  store: EventStore;
  now: () => Date;
  /** Every tenant, by id and name. */
  tenants: () => Promise<readonly { tid: string; name: string }[]>;
  /** The capabilities in effect of the tenant of that id (null: no such tenant). */
  tenantCapabilities: (tid: string) => Promise<Readonly<Record<string, unknown>> | null>;
}

const TenantParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * The events a summary figure counts, for one tenant over a period: the one condition both the
 * figure and the rows behind it are read with.
 */
export function summaryScan(figure: SummaryFigure, tid: string, start: number, end: number): EventScan {
  return {
    logType: 'scan_web',
    tid,
    start: start * 1000,
    end: end * 1000,
    filters: SUMMARY_FIGURES[figure].where.map((w) => ({ field: w.field, values: [...w.values] })),
  };
}

const noFigures = (): SummaryFigures => ({ events: 0, blocks: 0, isolations: 0 });

/** One tenant's figures per day and the counts of its threat classes. */
async function tenantSummary(store: EventStore, tid: string, start: number, end: number) {
  const byDay = new Map<number, SummaryFigures>();
  const totals = noFigures();
  for (const figure of SUMMARY_FIGURE_NAMES) {
    const rows = await store.aggregate({
      ...summaryScan(figure, tid, start, end),
      groupBy: { bucketMs: SUMMARY_BUCKET_S * 1000, offsetMs: 0 },
      measure: { kind: 'count' },
      limit: 1,
    });
    for (const row of rows) {
      const day = Number(row.key) / 1000;
      const figures = byDay.get(day) ?? noFigures();
      figures[figure] += row.value;
      byDay.set(day, figures);
      totals[figure] += row.value;
    }
  }
  // Every class (the vocabulary is small), so that the top across tenants is exact.
  const threats = await store.aggregate({
    ...summaryScan('events', tid, start, end),
    groupBy: { field: SUMMARY_THREAT_FIELD },
    measure: { kind: 'count' },
    limit: 1000,
  });
  return { totals, byDay, threats };
}

export function analyticsRoutes(options: AnalyticsRoutesOptions): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const { store, now } = options;
    /** Whether the tenant's features let its web reports be read (as the support view's rule). */
    const readable = (capabilities: Readonly<Record<string, unknown>>) =>
      reportQueryRefusal(INSIGHT_SOURCES.web, {
        allows: () => true,
        features: deriveFeatureFlags(capabilities),
      });

    app.get(
      ANALYTICS_SUMMARY_PATH,
      {
        config: { world: 'provider', permission: TENANT_REPORTS_READ },
        schema: {
          tags: ['provider', 'reports'],
          summary:
            'Analytics summaries: events, blocks, isolations and top threats over a period, per tenant and in all',
          querystring: AnalyticsSummaryQuery,
          response: { 200: AnalyticsSummaryReply, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request): Promise<AnalyticsSummaryReply> => {
        providerSessionOf(request);
        const query = request.query as Static<typeof AnalyticsSummaryQuery>;
        const end = query.end ?? Math.ceil(now().getTime() / 1000);
        const start = query.start ?? Math.max(0, end - DEFAULT_RANGE_S);
        if (start >= end) throw new ApiHttpError(400, 'start must be before end.', 'start');
        if (end - start > SUMMARY_MAX_DAYS * SUMMARY_BUCKET_S)
          throw new ApiHttpError(400, `The period must be at most ${SUMMARY_MAX_DAYS} days.`, 'start');
        const all = await options.tenants();
        let chosen = all;
        if (query.tid !== undefined) {
          chosen = all.filter((t) => t.tid === query.tid);
          if (chosen.length === 0) throw new ApiHttpError(404, `No tenant ${query.tid}.`, 'tid');
        }
        const tenants: AnalyticsSummaryReply['tenants'] = [];
        const totals = noFigures();
        const byDay = new Map<number, SummaryFigures>();
        const threats = new Map<string, number>();
        for (const tenant of chosen) {
          const capabilities = await options.tenantCapabilities(tenant.tid);
          if (capabilities === null) continue;
          const refusal = readable(capabilities);
          // A tenant without the web reports' features is left out (refused when it is the one chosen).
          if (refusal) {
            if (query.tid !== undefined) throw new ApiHttpError(403, refusalMessage(refusal));
            continue;
          }
          const one = await tenantSummary(store, tenant.tid, start, end);
          tenants.push({ tid: tenant.tid, name: tenant.name, ...one.totals });
          for (const figure of SUMMARY_FIGURE_NAMES) totals[figure] += one.totals[figure];
          for (const [day, figures] of one.byDay) {
            const sum = byDay.get(day) ?? noFigures();
            for (const figure of SUMMARY_FIGURE_NAMES) sum[figure] += figures[figure];
            byDay.set(day, sum);
          }
          for (const row of one.threats)
            threats.set(String(row.key), (threats.get(String(row.key)) ?? 0) + row.value);
        }
        tenants.sort((a, b) => b.events - a.events || a.name.localeCompare(b.name));
        return {
          start,
          end,
          totals,
          tenants,
          top_threats: [...threats]
            .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
            .slice(0, SUMMARY_TOP_THREATS)
            .map(([key, value]) => ({ key, value })),
          by_day: everyDay(start, end, byDay),
        };
      },
    );

    // The insights of a chosen tenant (support view, read-only): the tenant's own query, for it.
    app.get(
      tenantInsightsRoute,
      {
        config: { world: 'provider', permission: TENANT_REPORTS_READ },
        schema: {
          tags: ['provider', 'reports'],
          summary: "A tenant's insights (support view; as GET /api/insights/v1/q)",
          params: TenantParams,
          querystring: InsightsQuery,
          response: { 200: InsightsReply, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        providerSessionOf(request);
        const { id } = request.params as Static<typeof TenantParams>;
        // Support reads every source, of the tenant's features only (as the tenant's own users).
        const reader = await supportReader(options.tenantCapabilities, id);
        return runInsights(store, id, request.query as InsightsQueryString, reader, now());
      },
    );
  };
}

/** Every day of the period, oldest first, with 0 where no event fell: the chart's axis has no holes. */
function everyDay(start: number, end: number, found: ReadonlyMap<number, SummaryFigures>) {
  const rows: AnalyticsSummaryReply['by_day'] = [];
  for (let day = Math.floor(start / SUMMARY_BUCKET_S) * SUMMARY_BUCKET_S; day < end; day += SUMMARY_BUCKET_S)
    rows.push({ key: day, ...(found.get(day) ?? noFigures()) });
  return rows;
}
