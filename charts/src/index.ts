// ECharts wrappers (pure option builders + thin lazy components) arrive with the reports issue.
export {};
