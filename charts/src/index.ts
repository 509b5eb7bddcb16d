// Pure option builders (data → ECharts option), tested without rendering, and the chart component.
export * from './options/topNBar';
export * from './options/timeSeries';
export * from './options/pie';
export * from './options/stacked';
