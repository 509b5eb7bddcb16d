export * from './dashboardPanels';
export * from './ReportDashboard';
export * from './ReportPanel';
export * from './KpiPanel';
