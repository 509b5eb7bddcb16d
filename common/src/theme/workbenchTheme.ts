/**
 * The workbench look, shared by both apps and the login area: a dense, professional admin console,
 * light or dark. Colours are chosen for WCAG AA contrast: on white and on the primary app bar in
 * light mode, on the dark page and paper in dark mode.
 */
import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

const PALETTES: Record<ThemeMode, PaletteOptions> = {
  light: {
    mode: 'light',
    primary: { main: '#1f4e79', contrastText: '#ffffff' },
    secondary: { main: '#00695c', contrastText: '#ffffff' },
    background: { default: '#f4f6f8', paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#4a5565' },
  },
  dark: {
    mode: 'dark',
    primary: { main: '#8fbbe8', contrastText: '#0d1b2a' },
    secondary: { main: '#5cc2b4', contrastText: '#00201c' },
    background: { default: '#121417', paper: '#1b1f24' },
    text: { primary: '#e7eaee', secondary: '#aeb8c4' },
  },
};

const focusRing: Record<ThemeMode, string> = { light: '#1f4e79', dark: '#8fbbe8' };

/** A plain control (not one of MUI's) with this class has the focus ring MUI's buttons have. */
export const FOCUS_RING_CLASS = 'Workbench-focusRing';

export function createWorkbenchTheme(mode: ThemeMode): Theme {
  return createTheme({
    // Text on a filled colour (a contained button, a filled chip) is the one of the two that reaches
    // 4.5:1 (MUI's default, 3, put white on the light warning and info and on the dark error).
    palette: { ...PALETTES[mode], contrastThreshold: 4.5 },
    shape: { borderRadius: 4 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: 13,
      h1: { fontSize: '1.5rem', fontWeight: 600 },
      h2: { fontSize: '1.25rem', fontWeight: 600 },
      h3: { fontSize: '1.1rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // A visible focus ring on every control reached by keyboard (issue 15): the page's primary
      // colour, or the text colour on the app bar (whose background is the primary colour).
      MuiCssBaseline: {
        styleOverrides: {
          [`.MuiButtonBase-root.Mui-focusVisible, a:focus-visible, [role="tab"]:focus-visible, .${FOCUS_RING_CLASS}:focus-visible`]:
            {
              outline: `2px solid ${focusRing[mode]}`,
              outlineOffset: 2,
            },
          '.MuiAppBar-root .MuiButtonBase-root.Mui-focusVisible': { outlineColor: 'currentColor' },
          // The system asks for less motion (WCAG 2.3.3): transitions and animations (MUI's and AG
          // Grid's) end at once; a spinner shows its arc still. The charts do the same (EChart.tsx).
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiButton: { defaultProps: { size: 'small', disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small' } },
      // A read-only page shows its fields disabled; their helper text still explains them, so it
      // keeps the secondary text's contrast (the disabled grey is below AA, axe in the sweep, wdio/support/sweep.ts).
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
      MuiListItemButton: { styleOverrides: { root: { borderRadius: 4 } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiToolbar: { defaultProps: { variant: 'dense' } },
    },
  });
}

/** The light theme (tests and pages that render outside the theme-mode provider). */
export const workbenchTheme = createWorkbenchTheme('light');

export const NAV_WIDTH = 232;
