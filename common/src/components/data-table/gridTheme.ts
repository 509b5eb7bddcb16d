import { themeQuartz } from 'ag-grid-community';

/**
 * The look of every AG Grid of both apps (one theme, so tables read alike everywhere), light or
 * dark by the theme mode attribute the theme provider sets on <html> (`data-ag-theme-mode`), in
 * the colours of the app's palettes (workbenchTheme.ts).
 */
export const workbenchGridTheme = themeQuartz
  .withParams({ fontSize: 13, rowHeight: 40, headerHeight: 40, spacing: 6 })
  .withParams(
    {
      accentColor: '#1f4e79',
      backgroundColor: '#ffffff',
      foregroundColor: '#1c2430',
      browserColorScheme: 'light',
    },
    'light',
  )
  .withParams(
    {
      accentColor: '#8fbbe8',
      backgroundColor: '#1b1f24',
      foregroundColor: '#e7eaee',
      browserColorScheme: 'dark',
    },
    'dark',
  );
