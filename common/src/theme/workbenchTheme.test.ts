import { getContrastRatio } from '@mui/material/styles';
import { createWorkbenchTheme, type ThemeMode } from './workbenchTheme';

const MODES: readonly ThemeMode[] = ['light', 'dark'];
const FILLED = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

describe('workbench theme contrast (WCAG AA, 4.5:1 for text)', () => {
  test.each(MODES)('%s: text on every filled colour (contained buttons, filled chips)', (mode) => {
    const { palette } = createWorkbenchTheme(mode);
    for (const colour of FILLED) {
      const { main, contrastText } = palette[colour];
      expect({ colour, ratio: getContrastRatio(contrastText, main) >= 4.5 }).toEqual({ colour, ratio: true });
    }
  });

  test.each(MODES)('%s: the helper text of a disabled field (a read-only page) stays readable', (mode) => {
    const theme = createWorkbenchTheme(mode);
    const root = theme.components?.MuiFormHelperText?.styleOverrides?.root;
    const style = typeof root === 'function' ? root({ theme, ownerState: {} } as never) : root;
    const colour = (style as Record<string, { color?: string }> | undefined)?.['&.Mui-disabled']?.color;
    expect(colour).toBeDefined();
    expect(getContrastRatio(colour as string, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
  });
});
