/**
 * The report dashboards (docs/sessions.md §6, docs/reports.md §4 Reports) as tabs, each with the panels the user may
 * read, over one interval for the whole page. The dashboard, the interval, the filters, Compare
 * and the pinned end are in the URL, so a copied link reopens the same view; without `to` the
 * page ends now (fixed when the interval is chosen, so every panel reads the same range).
 *
 * The tenant portal mounts it for the session's tenant, with drill-down into its logs explorer;
 * the provider console's support view mounts it read-only for a chosen tenant (`tenantId`).
 */
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import {
  Box,
  FormControlLabel,
  ListSubheader,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import type { ReportQueryName } from '../../api/contract/reportQueries';
import { readableDashboards } from '../../api/contract/reportDashboards';
import {
  DEFAULT_REPORT_INTERVAL,
  REPORT_INTERVAL_CODES,
  intervalLabel,
  isMonthInterval,
  recentMonthIntervals,
} from '../../features/interval/index';
import { dashboardIds } from '../../test-ids/index';
import { afterNextPaint } from '@workbench/charts/afterNextPaint';
import { FilterBar } from '../filter-bar/index';
import { SearchField } from '../search-field/index';
import {
  DASHBOARD_FILTER_SCHEMA,
  DASHBOARD_TEXT_FILTERS,
  dashboardRange,
  pageFiltersOf,
  panelId,
  type DashboardTextFilter,
  type DrillDown,
  type GroupAction,
  type PageFilters,
} from './dashboardPanels';
import { ReportPanel } from './ReportPanel';
import { KpiPanel } from './KpiPanel';

/** A code of the report intervals, or a whole calendar month ("October 2026"). */
const isReportInterval = (v: string | null): v is string =>
  v !== null && ((REPORT_INTERVAL_CODES as readonly string[]).includes(v) || isMonthInterval(v));

const nowAtMinute = (): number => Math.ceil(Date.now() / 60_000) * 60_000;

export interface ReportDashboardProps {
  /** The support view: this tenant's reports (default: the signed-in tenant's). */
  tenantId?: string;
  /**
   * The queries the reader may read (common's selectReadableReportQueries, or the support view's
   * readableReportQueries for the tenant's features); panels of others are left out, and a
   * dashboard with none is no tab. Default: every query.
   */
  readable?: ReadonlySet<ReportQueryName>;
  /** Where a click on a panel's group leads (the tenant portal's logs explorer); none: no drill-down. */
  drillDown?: DrillDown;
  /** An action on a group in a panel's table view (the tenant portal's file analysis). */
  groupAction?: GroupAction;
}

/** The narrowest the dashboards' tab row gets beside the interval and comparison controls. */
export const DASHBOARD_TABS_MIN_WIDTH = 520;

/**
 * A row of its own when the controls beside would leave it less than about four tabs (issue 31: at
 * 800 px it shrank to one and a half); it scrolls beyond that.
 */
const TABS_SX = { flex: `1 1 ${DASHBOARD_TABS_MIN_WIDTH}px`, minWidth: 0 };
/** MUI's Tabs' height: the space the row holds until it draws. */
const TABS_HEIGHT = 48;

/**
 * The dashboards' tab row, drawn after the page's first paint in the space it takes, and memoised.
 * MUI's scrollable Tabs measure themselves when they mount (the scrollbar's size) and after every
 * render of theirs (the selected tab, for the indicator): drawn with the page, or rendered again
 * while the page's new panels were not laid out yet, the measurement laid out the whole page inside
 * the script, each a long task in Lighthouse's trace (issue 42, bench/README.md).
 * Until then the same Tabs are rendered on an element outside the page: their styles reach the
 * page's style sheet with its first paint (new rules restyle the whole page, which a measurement
 * right after would do inside the script), and their measurements there lay nothing out. The row
 * is put in the page in a task of its own (flushSync), right after the paint.
 */
const DashboardTabs = memo(function DashboardTabs({
  boards,
  value,
  onChoose,
}: {
  boards: readonly { id: string; title: string }[];
  value: string;
  onChoose: (id: string) => void;
}) {
  const [painted, setPainted] = useState(false);
  const [offPage] = useState(() => document.createElement('div'));
  useEffect(() => afterNextPaint(() => flushSync(() => setPainted(true))), []);
  const tabs = (
    <Tabs
      value={value}
      onChange={(_e, id: string) => onChoose(id)}
      variant="scrollable"
      // Off the page its scroll buttons are always drawn, so their styles come with the page too:
      // the row overflows at narrower widths, and the buttons its IntersectionObserver shows then
      // would bring new rules, which the Tabs' next measurement applied to the whole page inside
      // a task of the page's answers.
      scrollButtons={painted ? 'auto' : true}
      allowScrollButtonsMobile
      aria-label="Report dashboards"
      data-testid={dashboardIds.tabs}
      sx={TABS_SX}
    >
      {boards.map((d) => (
        <Tab key={d.id} value={d.id} label={d.title} data-testid={`${dashboardIds.tab}-${d.id}`} />
      ))}
    </Tabs>
  );
  if (!painted) return <Box sx={{ ...TABS_SX, minHeight: TABS_HEIGHT }}>{createPortal(tabs, offPage)}</Box>;
  return tabs;
});

/**
 * Memoised, like its panels: the page around it renders again as its own reads answer (the
 * portal's start board, the file dialog's state), and every one of those renders went through the
 * whole dashboard, ~490 components, in the task of the answer (issue 42, bench/README.md "Panels
 * the page's renders leave alone").
 */
export const ReportDashboard = memo(function ReportDashboard({
  tenantId,
  readable,
  drillDown,
  groupAction,
}: ReportDashboardProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('interval');
  const interval: string = isReportInterval(requested) ? requested : DEFAULT_REPORT_INTERVAL;
  // The months offered: the last twelve (and the URL's, when it names an older one).
  const months = useMemo(() => {
    const recent = recentMonthIntervals(Date.now());
    return isMonthInterval(interval) && !recent.includes(interval) ? [...recent, interval] : recent;
  }, [interval]);
  const pinned = Number(params.get('to'));
  const to = Number.isInteger(pinned) && pinned > 0 ? pinned : null;
  // The page's end: the pinned one, else now at the minute, taken when the page opens or the
  // interval changes (stable in between, so every panel reads the same range).
  const [openedAt, setOpenedAt] = useState(nowAtMinute);
  const endMs = to !== null ? to * 1000 : openedAt;
  const range = useMemo(() => dashboardRange(interval, endMs), [interval, endMs]);
  // Compare: every panel also shows the period of the same length just before (in the URL).
  const compare = params.get('compare') === '1';
  const previousRange = useMemo(
    () => (compare ? { start: range.start - (range.end - range.start), end: range.start } : undefined),
    [compare, range],
  );
  // Stable while the filters stay the same (other parameters change: the panels keep their requests).
  const filtersText = JSON.stringify(pageFiltersOf(params));
  const filters = useMemo(() => JSON.parse(filtersText) as PageFilters, [filtersText]);
  const setTextFilter = (param: DashboardTextFilter, text: string) => {
    const next = new URLSearchParams(params);
    if (text.trim()) next.set(param, text.trim());
    else next.delete(param);
    if (next.toString() !== params.toString()) setParams(next);
  };
  const toggleCompare = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('compare', '1');
    else next.delete('compare');
    setParams(next);
  };
  // The dashboards with a panel the user may read, each with only those panels.
  const boards = useMemo(() => readableDashboards(readable), [readable]);
  const board = boards.find((d) => d.id === params.get('board')) ?? boards[0];
  const kpis = (board?.panels ?? []).filter((p) => p.view === 'kpi');
  const charts = (board?.panels ?? []).filter((p) => p.view !== 'kpi');

  const chooseBoard = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set('board', id);
      setParams(next);
    },
    [params, setParams],
  );

  const chooseInterval = (code: string) => {
    setOpenedAt(nowAtMinute());
    const next = new URLSearchParams(params);
    next.set('interval', code);
    next.delete('to');
    setParams(next);
  };

  return (
    <Box data-testid={dashboardIds.page}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {board && <DashboardTabs boards={boards} value={board.id} onChoose={chooseBoard} />}
        <TextField
          select
          size="small"
          label="Interval"
          value={interval}
          onChange={(e) => chooseInterval(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': dashboardIds.interval } }}
          sx={{ minWidth: 180 }}
        >
          {REPORT_INTERVAL_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {intervalLabel(code)}
            </MenuItem>
          ))}
          <ListSubheader>Calendar months</ListSubheader>
          {months.map((month) => (
            <MenuItem key={month} value={month}>
              {month}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={compare}
              onChange={(e) => toggleCompare(e.target.checked)}
              slotProps={{ input: { 'data-testid': dashboardIds.compare } as object }}
            />
          }
          label="Compare with the previous period"
        />
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <FilterBar schema={DASHBOARD_FILTER_SCHEMA} />
        {(Object.keys(DASHBOARD_TEXT_FILTERS) as DashboardTextFilter[]).map((param) => (
          <TextFilter
            key={param}
            param={param}
            value={params.get(param) ?? ''}
            onSubmit={(text) => setTextFilter(param, text)}
          />
        ))}
      </Box>
      {kpis.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          {kpis.map((panel) => (
            <KpiPanel
              key={panelId(panel)}
              panel={panel}
              interval={interval}
              range={range}
              filters={filters}
              tenantId={tenantId}
            />
          ))}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {charts.map((panel) => (
          <ReportPanel
            key={panelId(panel)}
            panel={panel}
            interval={interval}
            range={range}
            previousRange={previousRange}
            filters={filters}
            tenantId={tenantId}
            drillDown={drillDown}
            groupAction={groupAction}
          />
        ))}
      </Box>
    </Box>
  );
});

/** A text filter of the page: applied on Enter or when the field loses focus. */
function TextFilter({
  param,
  value,
  onSubmit,
}: {
  param: DashboardTextFilter;
  value: string;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <SearchField
      size="small"
      label={DASHBOARD_TEXT_FILTERS[param]}
      value={text}
      onChange={setText}
      onSubmit={onSubmit}
      onBlur={() => onSubmit(text)}
      testId={`${dashboardIds.textFilter}-${param}`}
      maxLength={200}
      sx={{ width: 220 }}
    />
  );
}
