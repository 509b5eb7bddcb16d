/**
 * The workbench look, shared by both apps and the login area: a dense, professional admin console.
 * Colours are chosen for WCAG AA contrast on white and on the primary app bar.
 */
import { createTheme } from '@mui/material/styles';

export const workbenchTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f4e79', contrastText: '#ffffff' },
    secondary: { main: '#00695c', contrastText: '#ffffff' },
    background: { default: '#f4f6f8', paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#4a5565' },
  },
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
    MuiButton: { defaultProps: { size: 'small', disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiListItemButton: { styleOverrides: { root: { borderRadius: 4 } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiToolbar: { defaultProps: { variant: 'dense' } },
  },
});

export const NAV_WIDTH = 232;
