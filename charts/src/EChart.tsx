/**
 * The one chart component: ECharts from `echarts/core` with only the charts and components the
 * option builders use, drawn by echarts-for-react; loading, empty and error states around it.
 */
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface ChartClick {
  /** The category's name (bar) or the point's value ([time ms, value] for a time series). */
  name: string;
  dataIndex: number;
  value: unknown;
}

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number;
  /** A bar or point was clicked (drill-down). */
  onClick?: (click: ChartClick) => void;
  /** Accessible name of the chart. */
  label: string;
  testId?: string;
}

export function EChart({ option, height = 280, onClick, label, testId }: EChartProps) {
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
        notMerge
        style={{ height, width: '100%' }}
        onEvents={onClick ? { click: (p: ChartClick) => onClick(p) } : undefined}
      />
    </div>
  );
}
