import { themeQuartz } from 'ag-grid-community';

/** The look of every AG Grid of both apps (one theme, so tables read alike everywhere). */
export const workbenchGridTheme = themeQuartz.withParams({
  fontSize: 13,
  rowHeight: 40,
  headerHeight: 40,
  spacing: 6,
  accentColor: '#1f4e79',
});
