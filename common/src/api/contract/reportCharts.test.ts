import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPORT_QUERY_NAMES, REPORT_QUERY_REGISTRY, type ReportQueryDef } from './reportQueries';
import { reportChartOf } from './reportCharts';

const def = (name: string): ReportQueryDef => (REPORT_QUERY_REGISTRY as Record<string, ReportQueryDef>)[name];

describe('the chart a report query gets', () => {
  it.each(REPORT_QUERY_NAMES)('%s: a chart of its dimension', (name) => {
    const d = def(name);
    const chart = reportChartOf(name);
    if (d.dimension.series !== undefined)
      expect(chart).toBe(d.dimension.kind === 'date' ? 'stacked-time' : 'stacked-bar');
    else if (d.dimension.kind === 'date') expect(chart).toBe(d.chart === 'area' ? 'area' : 'line');
    else expect(chart).toBe(d.chart === 'pie' ? 'pie' : 'bar');
    // A heat map is a view of any query; comparing, a donut shows as bars, the rest stay.
    expect(reportChartOf(name, { heatmap: true })).toBe('heatmap');
    expect(reportChartOf(name, { comparing: true })).toBe(chart === 'pie' ? 'bar' : chart);
  });

  it('the registry has every chart a query can get', () => {
    expect(new Set(REPORT_QUERY_NAMES.map((n) => reportChartOf(n)))).toEqual(
      new Set(['stacked-time', 'stacked-bar', 'line', 'area', 'pie', 'bar']),
    );
  });

  // One decision: the dashboard's panel and the report files' PDF both ask reportChartOf and draw
  // with reportChartOption; neither picks a chart builder or reads the row's chart itself.
  it.each([
    ['the dashboard', '../../components/report-dashboard/ReportPanel.tsx'],
    ['the report files', '../../../../server/src/reports/reportDocument.ts'],
  ])('%s draw the chart reportChartOf picks, and pick none themselves', (_, file) => {
    const source = readFileSync(join(__dirname, file), 'utf8');
    expect(source).toMatch(/reportChartOption\(\s*(chart|reportChartOf\(panel\.query)/);
    expect(source).not.toMatch(
      /\b(pieOption|topNBarOption|timeSeriesOption|stackedBarOption|stackedTimeSeriesOption|hourWeekdayHeatmapOption)\b|\.chart\b\s*===/,
    );
  });
});
