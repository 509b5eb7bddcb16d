/**
 * The one chart component: ECharts from `echarts/core` with only the charts and components the
 * option builders use, drawn by echarts-for-react in the light or dark theme.
 */
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import { LegacyGridContainLabel } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import {
  CHART_THEME_NAMES,
  darkChartTheme,
  lightChartTheme,
  type ChartThemeMode,
} from './themes/chartThemes';

echarts.use([
  BarChart,
  HeatmapChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  // The heat map's colour scale (continuous only; no piecewise map is drawn).
  VisualMapContinuousComponent,
  // The builders' grids use containLabel (axis names inside the grid); ECharts 6 honours it only
  // with this feature, else it warns and lays the grid out without the labels' room.
  LegacyGridContainLabel,
  CanvasRenderer,
]);
echarts.registerTheme(CHART_THEME_NAMES.light, lightChartTheme);
echarts.registerTheme(CHART_THEME_NAMES.dark, darkChartTheme);

export interface ChartClick {
  /** The category's name (bar) or the point's value ([time ms, value] for a time series). */
  name: string;
  dataIndex: number;
  value: unknown;
  /** The series' name (a stacked bar's segment, or the period of a comparison). */
  seriesName?: string;
}

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number;
  /** A bar or point was clicked (drill-down). */
  onClick?: (click: ChartClick) => void;
  /** Accessible name of the chart. */
  label: string;
  testId?: string;
  /** The app's palette mode (MUI `theme.palette.mode`); changing it redraws the chart. */
  theme?: ChartThemeMode;
}

export function EChart({ option, height = 280, onClick, label, testId, theme = 'light' }: EChartProps) {
  return (
    <div
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ cursor: onClick ? 'pointer' : 'default' }}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        theme={CHART_THEME_NAMES[theme]}
        notMerge
        style={{ height, width: '100%' }}
        onEvents={onClick ? { click: (p: ChartClick) => onClick(p) } : undefined}
      />
    </div>
  );
}
