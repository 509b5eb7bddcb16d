/**
 * A tenant's insights, read by support (docs/provider-console.md §13): the tenant's insights query
 * (the web events matching a search, in total and by user, domain and category, as events or
 * bytes) for the tenant chosen, over the tenant's provider path. Read-only: a search, a source and
 * a period, nothing that writes, no way into the tenant's logs.
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { KpiTile, topNBarOption } from '@workbench/charts';
import { SearchField } from '@workbench/common';
import { Loading } from '@workbench/common/components/page-states/index';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import { INSIGHT_DIMENSIONS, type InsightSource } from '@workbench/common/api/contract/reportQueries';
import { providerAnalyticsIds as ids } from '@workbench/common/test-ids/providerAnalyticsIds';
import { vocabularyLabel } from '@workbench/common/vocabularies/index';
import { formatBytes } from '@workbench/common/formatting/formatBytes';
import { FilterToolbar, SelectFilter } from '../filters/FilterToolbar';
import { useEntityRead } from '../app/consoleEntities';
import { TenantSupportFrame } from '../tenants/TenantSupportFrame';
import { AnalyticsPanel } from './AnalyticsPanel';
import { ANALYTICS_PERIODS, periodRange } from './analyticsCharts';

const SOURCES: readonly { value: InsightSource; label: string }[] = [
  { value: 'web', label: 'Events' },
  { value: 'bandwidth', label: 'Bandwidth' },
];
const DEFAULT_INSIGHTS_PERIOD = '30';

const TITLES: Record<(typeof INSIGHT_DIMENSIONS)[number], string> = {
  userid: 'Top users',
  domain: 'Top domains',
  category: 'Top categories',
};

/** A dimension's key as the logs show it (a category's label, not its code). */
const labelOf = (field: (typeof INSIGHT_DIMENSIONS)[number]) => {
  const vocabulary = FIELD_SPECS[field].vocabulary;
  return (k: string | number) => (vocabulary ? vocabularyLabel(vocabulary, String(k)) : String(k));
};

export function TenantInsightsPage() {
  const tid = useParams().tid ?? '';
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [src, setSrc] = useState<InsightSource>('web');
  const [period, setPeriod] = useState(DEFAULT_INSIGHTS_PERIOD);
  // The period ends when the search runs (a new search, source or period reads it again).
  const [ranAt, setRanAt] = useState(() => Date.now());
  const range = useMemo(() => periodRange(period, ranAt), [period, ranAt]);
  const run = (change: () => void) => {
    change();
    setRanAt(Date.now());
  };
  const insights = useEntityRead('getTenantInsights', [tid, { q, src, ...range }], {
    enabled: q !== '',
    keepPrevious: true,
  });
  const format = src === 'bandwidth' ? formatBytes : (v: number) => v.toLocaleString('en-US');
  const data = insights.data;
  return (
    <TenantSupportFrame
      tid={tid}
      view="Insights"
      testId={ids.insights}
      links={
        <Link component={RouterLink} to={`/tenants/${encodeURIComponent(tid)}/reports`}>
          Reports
        </Link>
      }
    >
      {() => (
        <>
          <FilterToolbar>
            <SearchField
              size="small"
              label="Search"
              placeholder="a user, domain or text of the web logs"
              value={text}
              onChange={setText}
              onSubmit={(value) => run(() => setQ(value.trim()))}
              testId={ids.insightsSearch}
              maxLength={200}
              sx={{ minWidth: 320 }}
            />
            <Button
              variant="outlined"
              onClick={() => run(() => setQ(text.trim()))}
              disabled={text.trim() === ''}
            >
              Search
            </Button>
            <SelectFilter
              label="Measure"
              value={src}
              onChange={(value) => run(() => setSrc(value as InsightSource))}
              options={SOURCES}
              testId={ids.insightsSource}
              minWidth={150}
            />
            <SelectFilter
              label="Period"
              value={period}
              onChange={(value) => run(() => setPeriod(value))}
              options={ANALYTICS_PERIODS}
              testId={ids.insightsPeriod}
            />
          </FilterToolbar>
          {q === '' ? (
            <Typography color="text.secondary">
              Search the tenant's web events: the matching events in total and by user, domain and category.
            </Typography>
          ) : insights.status === 'failed' ? (
            <Alert severity="error" data-testid={ids.error}>
              {insights.error?.message ?? 'The insights could not be loaded.'}
            </Alert>
          ) : data === null ? (
            <Loading label="Loading the insights" />
          ) : (
            <>
              <Box sx={{ mb: 2 }}>
                <KpiTile
                  label={src === 'bandwidth' ? `Bytes matching "${data.q}"` : `Events matching "${data.q}"`}
                  value={data.total}
                  formatValue={format}
                  testId={ids.insightsTotal}
                />
              </Box>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr 1fr' } }}>
                {INSIGHT_DIMENSIONS.map((field) => (
                  <AnalyticsPanel
                    key={field}
                    title={TITLES[field]}
                    option={topNBarOption(data.top[field], { formatValue: format, labelOf: labelOf(field) })}
                    empty={data.top[field].length === 0 ? 'Nothing matches.' : null}
                    testId={`${ids.insightsChart}-${field}`}
                  />
                ))}
              </Box>
            </>
          )}
        </>
      )}
    </TenantSupportFrame>
  );
}
