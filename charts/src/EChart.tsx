/**
 * The one chart component: ECharts from `echarts/core` with only the charts and components the
 * option builders use, drawn in the light or dark theme.
 *
 * Its own binding rather than echarts-for-react's (issue 42): that one initialised every chart
 * twice (a first instance drawn only to read the element's size, then disposed and made again),
 * deep-compared the whole option at each update, and drew inside React's commit. Here one instance
 * per theme is made by the chart's first draw, each draw runs in a task of its own after the page
 * has painted (drawQueue.ts) once the chart is in view or near it (useInView.ts), and a
 * ResizeObserver redraws when the element's size changes.
 */
import { useEffect, useMemo, useRef } from 'react';
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
import { scheduleDraw } from './drawQueue';
import { useInView } from './useInView';

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
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<MountedChart | null>(null);
  // What the instance shows: a chart scrolled away and back is not drawn again.
  const shownRef = useRef<{ drawn: EChartsCoreOption; brushing: boolean; cursorTaken: boolean } | null>(null);
  const inView = useInView(hostRef);
  // The instance's handlers read the latest props, so they are bound once per instance.
  const latest = useRef({ onClick, onBrushX, onChangeMarker });
  latest.current = { onClick, onBrushX, onChangeMarker };
  const brushing = onBrushX !== undefined;
  const markers = changeMarkers ?? NO_MARKERS;
  const drawn = useMemo(() => {
    const marked = withChangeMarkers(option, markers, { formatTime: formatMarkerTime });
    // The system asks for less motion (the apps' CSS does the same for transitions): drawn at once.
    return prefersReducedMotion() ? { ...marked, animation: false } : marked;
  }, [option, markers, formatMarkerTime]);
  // ECharts fixes the theme when it makes an instance: a new theme disposes it, the next draw
  // makes one in the new theme. Unmounting disposes it too.
  useEffect(
    () => () => {
      chartRef.current?.dispose();
      chartRef.current = null;
      shownRef.current = null;
    },
    [theme],
  );
  useEffect(() => {
    // Out of view, a new option or theme waits until the chart comes into view.
    const shown = shownRef.current;
    if (!inView || (chartRef.current && shown?.drawn === drawn && shown.brushing === brushing)) return;
    return scheduleDraw(() => {
      const host = hostRef.current;
      if (!host) return;
      chartRef.current ??= mountChart(host, CHART_THEME_NAMES[theme], latest);
      chartRef.current.chart.setOption(drawn, { notMerge: true });
      shownRef.current = { drawn, brushing, cursorTaken: false };
      // A redraw under the pointer (the range a drag just chose) takes the brush again at once.
      if (brushing && host.matches(':hover')) scheduleDraw(takeBrushCursor);
    });
  }, [drawn, theme, brushing, inView]);
  // The brush cursor is taken when the pointer comes over the chart, not with the draw (issue 42:
  // the first take updates the whole chart, as long as a small chart's draw, in the page's load);
  // notMerge drops it with the old option, so each draw's is taken anew.
  function takeBrushCursor(): void {
    const shown = shownRef.current;
    if (!chartRef.current || !shown?.brushing || shown.cursorTaken) return;
    chartRef.current.chart.dispatchAction({
      type: 'takeGlobalCursor',
      key: 'brush',
      brushOption: { brushType: 'lineX', brushMode: 'single' },
    });
    shown.cursorTaken = true;
  }
  const chart = (
    <div
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ cursor: onClick ? 'pointer' : 'default' }}
    >
      <div
        ref={hostRef}
        style={{ height, width: '100%' }}
        onPointerEnter={brushing ? takeBrushCursor : undefined}
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

interface MountedChart {
  chart: echarts.EChartsType;
  dispose: () => void;
}

type Handlers = Pick<EChartProps, 'onClick' | 'onBrushX' | 'onChangeMarker'>;

/** An instance on `host` with the click and brush handlers, resized with its element. */
function mountChart(
  host: HTMLDivElement,
  themeName: string,
  handlers: { readonly current: Handlers },
): MountedChart {
  const chart = echarts.init(host, themeName);
  chart.on('click', (p) => {
    const click = p as unknown as ChartClick & { componentType?: string; data?: unknown };
    const revId = changeMarkerRevIdOf(click);
    if (revId !== null) handlers.current.onChangeMarker?.(revId);
    else handlers.current.onClick?.(click);
  });
  chart.on('brushEnd', (p) => {
    const range = (p as BrushEnd).areas?.[0]?.coordRange;
    chart.dispatchAction({ type: 'brush', areas: [] });
    if (range && range[1] > range[0]) handlers.current.onBrushX?.(range[0], range[1]);
  });
  // Redrawn only when the size differs from the one drawn at (the observer also reports the
  // element once when it starts watching it).
  let size = { width: host.clientWidth, height: host.clientHeight };
  const observer =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => {
          const now = { width: host.clientWidth, height: host.clientHeight };
          if (now.width === size.width && now.height === size.height) return;
          size = now;
          chart.resize();
        })
      : null;
  observer?.observe(host);
  return {
    chart,
    dispose: () => {
      observer?.disconnect();
      chart.dispose();
    },
  };
}

const NO_MARKERS: readonly ChangeMarker[] = [];

/** The system setting "reduce motion" (prefers-reduced-motion), read when a chart draws. */
const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
