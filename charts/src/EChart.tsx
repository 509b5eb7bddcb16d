/**
 * The one chart component: ECharts from `echarts/core` with only the charts and components the
 * option builders use, drawn by echarts-for-react in the light or dark theme.
 */
import { useEffect, useMemo, useRef } from 'react';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import {
  BrushComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
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
import { changeMarkerRevIdOf, withChangeMarkers, type ChangeMarker } from './options/changeMarkers';
import { ChangeMarkerList } from './ChangeMarkerList';

echarts.use([
  BarChart,
  HeatmapChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  // The logs histogram's drag to select a time range.
  BrushComponent,
  // Change markers (options/changeMarkers.ts).
  MarkLineComponent,
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
  /**
   * A drag across the chart selected [from, to] on the x axis (a lineX brush, turned on while
   * this is given; the option needs a `brush` component): the selection is cleared after.
   */
  onBrushX?: (from: number, to: number) => void;
  /**
   * Policy publishes and rollbacks to mark on a time-axis chart (withChangeMarkers): drawn as
   * lines, and listed under the chart as buttons, which keyboard users and screen readers reach
   * (a canvas line is neither focusable nor read).
   */
  changeMarkers?: readonly ChangeMarker[];
  /** A marker was clicked (its line or its button): open that revision. */
  onChangeMarker?: (revId: number) => void;
  /** The app's time format of a marker's text (its time zone). */
  formatMarkerTime?: (ms: number) => string;
}

interface BrushEnd {
  areas?: { coordRange?: [number, number] }[];
}

export function EChart({
  option,
  height = 280,
  onClick,
  label,
  testId,
  theme = 'light',
  onBrushX,
  changeMarkers,
  onChangeMarker,
  formatMarkerTime,
}: EChartProps) {
  const chartRef = useRef<ReactEChartsCore>(null);
  // The handlers keep their identity (echarts-for-react binds them again when they change).
  const latest = useRef({ onClick, onBrushX, onChangeMarker });
  latest.current = { onClick, onBrushX, onChangeMarker };
  const brushing = onBrushX !== undefined;
  const clicking = onClick !== undefined || onChangeMarker !== undefined;
  const markers = changeMarkers ?? NO_MARKERS;
  const drawn = useMemo(() => {
    const marked = withChangeMarkers(option, markers, { formatTime: formatMarkerTime });
    // The system asks for less motion (the apps' CSS does the same for transitions): drawn at once.
    return prefersReducedMotion() ? { ...marked, animation: false } : marked;
  }, [option, markers, formatMarkerTime]);
  const onEvents = useMemo(() => {
    const events: Record<string, (p: never) => void> = {};
    if (clicking)
      events.click = (p: ChartClick & { componentType?: string; data?: unknown }) => {
        const revId = changeMarkerRevIdOf(p);
        if (revId !== null) latest.current.onChangeMarker?.(revId);
        else latest.current.onClick?.(p);
      };
    if (brushing)
      events.brushEnd = (p: BrushEnd) => {
        const range = p.areas?.[0]?.coordRange;
        chartRef.current?.getEchartsInstance().dispatchAction({ type: 'brush', areas: [] });
        if (range && range[1] > range[0]) latest.current.onBrushX?.(range[0], range[1]);
      };
    return events;
  }, [clicking, brushing]);
  // The brush cursor: taken when the chart is ready (echarts-for-react makes its instance after a
  // first sizing draw, so not at mount) and again with each new option (notMerge drops it).
  const takeBrush = (chart: echarts.EChartsType | undefined): void =>
    chart?.dispatchAction({
      type: 'takeGlobalCursor',
      key: 'brush',
      brushOption: { brushType: 'lineX', brushMode: 'single' },
    });
  useEffect(() => {
    if (brushing) takeBrush(chartRef.current?.getEchartsInstance());
  }, [brushing, drawn, theme]);
  const chart = (
    <div
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ cursor: onClick ? 'pointer' : 'default' }}
    >
      <ReactEChartsCore
        ref={chartRef}
        echarts={echarts}
        option={drawn}
        theme={CHART_THEME_NAMES[theme]}
        notMerge
        style={{ height, width: '100%' }}
        onEvents={onEvents}
        onChartReady={brushing ? takeBrush : undefined}
      />
    </div>
  );
  if (markers.length === 0) return chart;
  return (
    <div>
      {chart}
      <ChangeMarkerList markers={markers} onOpen={onChangeMarker} formatTime={formatMarkerTime} />
    </div>
  );
}

const NO_MARKERS: readonly ChangeMarker[] = [];

/** The system setting "reduce motion" (prefers-reduced-motion), read when a chart draws. */
const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
