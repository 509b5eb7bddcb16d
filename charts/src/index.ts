// Pure option builders (data → ECharts option), tested without rendering, the themes, and the KPI
// tile. The chart component is `@workbench/charts/EChart`, loaded lazily (ECharts is its own chunk).
export * from './options/topNBar';
export * from './options/timeSeries';
export * from './options/pie';
export * from './options/series';
export * from './options/stackedTimeSeries';
export * from './options/stackedBar';
export * from './options/hourWeekdayHeatmap';
export * from './options/reportChart';
export * from './options/country';
export * from './options/kpi';
export * from './themes/chartThemes';
export * from './themes/contrast';
export * from './KpiTile';
export * from './options/logHistogram';
export * from './options/changeMarkers';
export * from './ChangeMarkerList';
