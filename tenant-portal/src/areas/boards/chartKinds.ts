import type { BoardChartKind } from '@workbench/common/api/contract/customDashboards';

/** How each chart kind of a board panel is named in the pickers. */
export const CHART_KIND_LABELS: Readonly<Record<BoardChartKind, string>> = {
  bar: 'Bars',
  pie: 'Donut',
  table: 'Table',
  line: 'Line over time',
  area: 'Area over time',
};
