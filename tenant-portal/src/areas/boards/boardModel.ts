/**
 * What the dashboards page derives from a board (docs/dashboards.md), as pure functions: its range
 * and variables from the URL (a copied link reopens the same view), each panel's request, the
 * fixed report dashboards as templates, a new panel's place in the grid.
 */
import {
  BOARD_COLUMNS,
  BOARD_VARIABLES,
  BOARD_VARIABLE_NAMES,
  boardChartKinds,
  panelChartKinds,
  type Board,
  type BoardChartKind,
  type BoardInput,
  type BoardLayout,
  type BoardPanel,
  type BoardPanelSource,
  type BoardVariable,
} from '@workbench/common/api/contract/customDashboards';
import type { Dashboard } from '@workbench/common/api/contract/reportDashboards';
import { REPORT_QUERY_REGISTRY, type ReportQueryName } from '@workbench/common/api/contract/reportQueries';
import type { ReportChart } from '@workbench/common/api/contract/reportCharts';
import { isTimeAxisChart } from '@workbench/charts';
import { tenantFieldsOf } from '@workbench/common/api/contract/logSchema';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import type { LogQuery } from '@workbench/common/api/logs';
import type { ReportParams } from '@workbench/common/api/reports';
import {
  LOG_INTERVALS,
  REPORT_INTERVAL_CODES,
  type ReportIntervalCode,
} from '@workbench/common/features/interval/index';
import {
  dashboardRange,
  panelParams,
  type PageFilters,
} from '@workbench/common/components/report-dashboard/dashboardPanels';
import { BOARDS_PATH } from './boardsPath';

/** The portal's path of the dashboards people build (a module of its own: boardsPath.ts). */
export { BOARDS_PATH };

/** A panel's default height in grid rows, and the row height in pixels. */
export const PANEL_ROWS = 4;
export const GRID_ROW_PX = 80;

export interface BoardRange {
  start: number;
  end: number;
}

export const isReportIntervalCode = (v: string | null | undefined): v is ReportIntervalCode =>
  (REPORT_INTERVAL_CODES as readonly (string | null | undefined)[]).includes(v);

/**
 * The board's range: a zoom in the URL (`from`, `to`, unix seconds), else the URL's interval (or the
 * board's) ending at `endMs`.
 */
export function boardRangeOf(
  board: Pick<Board, 'interval'>,
  params: URLSearchParams,
  endMs: number,
): { interval: ReportIntervalCode; range: BoardRange; zoomed: boolean } {
  const requested = params.get('interval');
  const interval = isReportIntervalCode(requested) ? requested : board.interval;
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  if (Number.isInteger(from) && Number.isInteger(to) && from > 0 && to > from)
    return { interval: intervalCovering(to - from), range: { start: from, end: to }, zoomed: true };
  return { interval, range: dashboardRange(interval, endMs), zoomed: false };
}

/** The shortest report interval that covers `seconds` (its granularity suits a zoomed range). */
export function intervalCovering(seconds: number): ReportIntervalCode {
  for (const code of REPORT_INTERVAL_CODES) {
    const row = LOG_INTERVALS.find((i) => i.code === code);
    if (row && row.ms >= seconds * 1000) return code;
  }
  return REPORT_INTERVAL_CODES[REPORT_INTERVAL_CODES.length - 1];
}

/** The board's variables in effect: the URL's value, else the board's default. */
export function variableValues(
  board: Pick<Board, 'variables'>,
  params: URLSearchParams,
): Partial<Record<BoardVariable, string>> {
  const values: Partial<Record<BoardVariable, string>> = {};
  for (const v of board.variables) values[v.name] = (params.get(v.name) ?? v.value).trim();
  return values;
}

/** The variables with a value as the report queries' filters (a panel applies those its query takes). */
export function variableFilters(values: Partial<Record<BoardVariable, string>>): PageFilters {
  const filters: Record<string, readonly string[]> = {};
  for (const name of BOARD_VARIABLE_NAMES) {
    const value = values[name];
    if (value) filters[BOARD_VARIABLES[name].param] = [value];
  }
  return filters;
}

/** A report query panel's request. */
export function queryPanelParams(
  source: Extract<BoardPanelSource, { kind: 'query' }>,
  interval: string,
  range: BoardRange,
  filters: PageFilters,
): ReportParams {
  return panelParams({ query: source.query, limit: source.limit }, interval, range, filters);
}

/** The log field each variable narrows a field panel by. */
export const VARIABLE_LOG_FIELDS: Readonly<Record<BoardVariable, string>> = {
  user: 'userid',
  group: 'groups',
  domain: 'domain',
};

/**
 * A logs field panel's query: the explorer's parameters it was made from, the range, and the
 * variables its log type has a field for; `ignored` names those it does not.
 */
export function fieldPanelQuery(
  source: Extract<BoardPanelSource, { kind: 'field' }>,
  range: BoardRange,
  values: Partial<Record<BoardVariable, string>>,
): { query: LogQuery; ignored: string[] } {
  const params: Record<string, string> = Object.fromEntries(new URLSearchParams(source.query));
  delete params.start;
  delete params.end;
  const fields = tenantFieldsOf(source.log_type);
  const ignored: string[] = [];
  for (const name of BOARD_VARIABLE_NAMES) {
    const value = values[name];
    if (!value) continue;
    const field = VARIABLE_LOG_FIELDS[name];
    if (fields.includes(field)) params[field] = value;
    else ignored.push(BOARD_VARIABLES[name].label);
  }
  return {
    query: {
      logType: source.log_type,
      params: { ...params, start: String(range.start), end: String(range.end) },
    },
    ignored,
  };
}

/** The chart a panel is drawn as (a two-dimensional query keeps its stacked chart); null: a table. */
export function panelChart(panel: Pick<BoardPanel, 'source' | 'chart'>): ReportChart | null {
  if (panel.chart === 'table') return null;
  if (panel.source.kind === 'query') {
    const { dimension } = REPORT_QUERY_REGISTRY[panel.source.query];
    if (dimension.series !== undefined) return dimension.kind === 'date' ? 'stacked-time' : 'stacked-bar';
  }
  return panel.chart;
}

/** A time chart: a drag across it zooms the whole board (the charts package's rule). */
export const isTimeChart = isTimeAxisChart;

/** A source's first chart kind; a query drawn as a donut by the registry starts as one. */
export function defaultChartOf(source: BoardPanelSource): BoardChartKind {
  const kinds = panelChartKinds(source);
  if (source.kind === 'query') {
    const own = REPORT_QUERY_REGISTRY[source.query].chart;
    if ((kinds as readonly string[]).includes(own)) return own as BoardChartKind;
  }
  return kinds[0];
}

/** A panel's default title: the query's, or "Top <field>" / "<field> over time". */
export function sourceTitle(source: BoardPanelSource): string {
  if (source.kind === 'query') return REPORT_QUERY_REGISTRY[source.query].title;
  const label = FIELD_SPECS[source.field]?.label ?? source.field;
  return source.view === 'top' ? `Top ${label.toLowerCase()}` : `${label} over time`;
}

/** Where a new panel of the given width goes: below every panel, at the left. */
export function nextPlace(panels: readonly Pick<BoardPanel, 'layout'>[], w = 6, h = PANEL_ROWS): BoardLayout {
  const y = panels.reduce((bottom, p) => Math.max(bottom, p.layout.y + p.layout.h), 0);
  return { x: 0, y, w: Math.min(w, BOARD_COLUMNS), h };
}

/** A panel id not yet on the board. */
export function newPanelId(panels: readonly Pick<BoardPanel, 'id'>[]): string {
  const taken = new Set(panels.map((p) => p.id));
  for (let n = panels.length + 1; ; n += 1) if (!taken.has(`p${n}`)) return `p${n}`;
}

/** The board with one more panel of `source`, placed below the others. */
export function withPanel(
  input: BoardInput,
  source: BoardPanelSource,
  chart: BoardChartKind = defaultChartOf(source),
  title = sourceTitle(source),
): BoardInput {
  const panel: BoardPanel = {
    id: newPanelId(input.panels),
    title,
    source,
    chart,
    layout: nextPlace(input.panels),
  };
  return { ...input, panels: [...input.panels, panel] };
}

/** A saved board as the body that saves it again. */
export const inputOf = (board: Board): BoardInput => ({
  name: board.name,
  interval: board.interval,
  variables: board.variables,
  panels: board.panels,
});

/**
 * A fixed report dashboard as a new board (the templates a user copies): its chart panels two to
 * a row (a KPI tile or heat map of a by-date query becomes its line), variables user and domain.
 */
export function boardFromTemplate(dashboard: Dashboard, name = `${dashboard.title} (copy)`): BoardInput {
  let input: BoardInput = {
    name,
    interval: '7d',
    variables: [
      { name: 'user', value: '' },
      { name: 'domain', value: '' },
    ],
    panels: [],
  };
  const seen = new Set<ReportQueryName>();
  for (const p of dashboard.panels) {
    if (seen.has(p.query)) continue;
    seen.add(p.query);
    const source: BoardPanelSource = {
      kind: 'query',
      query: p.query,
      ...(p.limit ? { limit: p.limit } : {}),
    };
    const before = input.panels.length;
    input = withPanel(
      input,
      source,
      boardChartKinds(p.query).includes('bar') ? 'bar' : defaultChartOf(source),
    );
    // Two to a row.
    const added = input.panels[before];
    added.layout = { x: (before % 2) * 6, y: Math.floor(before / 2) * PANEL_ROWS, w: 6, h: PANEL_ROWS };
  }
  return input;
}

/** The link that reopens a board as shown: its id, interval or zoom, and variables. */
export function boardLink(
  boardId: string,
  view: { interval: string; range: BoardRange | null; values: Partial<Record<BoardVariable, string>> },
): string {
  const params = new URLSearchParams({ board: boardId, interval: view.interval });
  if (view.range) {
    params.set('from', String(view.range.start));
    params.set('to', String(view.range.end));
  }
  for (const name of BOARD_VARIABLE_NAMES) {
    const value = view.values[name];
    if (value) params.set(name, value);
  }
  return `${BOARDS_PATH}?${params.toString()}`;
}
