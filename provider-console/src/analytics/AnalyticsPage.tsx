/**
 * Analytics (docs/provider-console.md §13): the analytics summaries over a chosen period, for every
 * tenant or one: events, blocks and isolations (tiles, per day and per tenant) and the top
 * threats, as ECharts panels; each tenant's row leads to its insights. With one tenant chosen
 * the per-day chart marks that tenant's policy publishes and rollbacks (docs/provider-console.md
 * §3), a click opening the revision on the tenant's page. Read-only (support and operators).
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { KpiTile, stackedBarOption, stackedTimeSeriesOption, topNBarOption } from '@workbench/charts';
import { providerIds, providerTenantMarkers, useChartChangeMarkers } from '@workbench/common';
import { Loading } from '@workbench/common/components/page-states/index';
import { DataTable } from '@workbench/common/components/data-table/index';
import { SUMMARY_FIGURE_NAMES, SUMMARY_FIGURES } from '@workbench/common/api/contract/providerAnalytics';
import { providerAnalyticsIds as ids } from '@workbench/common/test-ids/providerAnalyticsIds';
import { THREAT_CLASSES, vocabularyLabel } from '@workbench/common/vocabularies/index';
import { FilterToolbar, SelectFilter, TenantFilter } from '../filters/FilterToolbar';
import { useEntityRead } from '../app/consoleEntities';
import type { ProviderPageProps } from '../app/providerAreaModel';
import { AnalyticsPanel } from './AnalyticsPanel';
import {
  ANALYTICS_PERIODS,
  byDayRows,
  byTenantRows,
  DEFAULT_ANALYTICS_PERIOD,
  periodRange,
  threatRows,
} from './analyticsCharts';

/** Across tenants the per-day chart marks no policy change: each is one tenant's. */
export const ALL_TENANTS_NO_MARKERS = 'Policy changes are marked when one tenant is chosen.';

type TenantRow = { tid: string; name: string; events: number; blocks: number; isolations: number };

export function AnalyticsPage({ area }: ProviderPageProps) {
  const [period, setPeriod] = useState<string>(DEFAULT_ANALYTICS_PERIOD);
  const [tid, setTid] = useState('');
  // The period ends when it is chosen (not on every render: the read's arguments stay the same).
  const range = useMemo(() => periodRange(period, Date.now()), [period]);
  const summary = useEntityRead('getAnalyticsSummary', [{ ...range, ...(tid ? { tid } : {}) }], {
    keepPrevious: true,
  });
  const data = summary.data;
  // One tenant chosen: its publishes and rollbacks over the period (unix seconds; markers in ms).
  const markers = useChartChangeMarkers(
    tid ? range.start * 1000 : null,
    tid ? range.end * 1000 : null,
    providerTenantMarkers(tid),
  );
  return (
    <Box data-testid={ids.page}>
      <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ mb: 2 }}>
        {area.title}
      </Typography>
      <FilterToolbar>
        <SelectFilter
          label="Period"
          value={period}
          onChange={setPeriod}
          options={ANALYTICS_PERIODS}
          testId={ids.periodFilter}
        />
        <TenantFilter value={tid} onChange={setTid} allLabel="All tenants" testId={ids.tenantFilter} />
      </FilterToolbar>
      {summary.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={ids.error}>
          {summary.error?.message ?? 'The summary could not be loaded.'}
        </Alert>
      )}
      {data === null ? (
        summary.status !== 'failed' && <Loading label="Loading the summary" />
      ) : (
        <>
          <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
            {SUMMARY_FIGURE_NAMES.map((figure) => (
              <KpiTile
                key={figure}
                label={SUMMARY_FIGURES[figure].label}
                value={data.totals[figure]}
                testId={`${ids.figure}-${figure}`}
              />
            ))}
          </Stack>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 2 }}>
            <AnalyticsPanel
              title="Events per day"
              option={stackedTimeSeriesOption(byDayRows(data))}
              testId={`${ids.chart}-by_day`}
              markers={markers}
              caption={tid ? null : ALL_TENANTS_NO_MARKERS}
              captionTestId={ids.markersCaption}
            />
            <AnalyticsPanel
              title="Top threats"
              option={topNBarOption(threatRows(data), {
                labelOf: (k) => vocabularyLabel(THREAT_CLASSES, String(k)),
              })}
              empty={data.top_threats.length === 0 ? 'No threats in the period.' : null}
              testId={`${ids.chart}-threats`}
            />
            <AnalyticsPanel
              title="Events per tenant"
              option={stackedBarOption(byTenantRows(data))}
              empty={data.tenants.length === 0 ? 'No tenant in the summary.' : null}
              testId={`${ids.chart}-tenants`}
            />
          </Box>
          <DataTable<TenantRow>
            label="Tenants"
            rows={data.tenants}
            rowKey={(t) => t.tid}
            columns={[
              {
                name: 'name',
                header: 'Tenant',
                flex: 2,
                render: (t) => (
                  <Link
                    component={RouterLink}
                    to={`/tenants/${encodeURIComponent(t.tid)}/insights`}
                    aria-label={`Insights of ${t.name}`}
                    data-testid={`${ids.insightsLink}-${t.tid}`}
                  >
                    {t.name}
                  </Link>
                ),
              },
              ...SUMMARY_FIGURE_NAMES.map((figure) => ({
                name: figure,
                header: SUMMARY_FIGURES[figure].label,
                flex: 1,
                sortable: true,
                reverseSort: true,
                render: (t: TenantRow) => t[figure].toLocaleString('en-US'),
              })),
            ]}
            emptyText="No tenant in the summary."
          />
        </>
      )}
    </Box>
  );
}
