/**
 * Dark mode (issue 15): the theme follows the system setting unless the user chose light or dark
 * in the user menu; the choice is remembered in this browser. AG Grid follows through its theme
 * mode attribute on <html>, the charts through the palette's mode.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { createWorkbenchTheme, type ThemeMode } from './workbenchTheme';

export type ThemePreference = 'system' | ThemeMode;
export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
/** Where the choice is kept (both apps are served from one origin, so they share it). */
export const THEME_PREFERENCE_KEY = 'workbench.theme';

export interface ThemeModeState {
  /** What the user chose. */
  preference: ThemePreference;
  /** What is shown (the system's mode when the preference is system). */
  mode: ThemeMode;
  setPreference: (preference: ThemePreference) => void;
}

const ThemeModeContext = createContext<ThemeModeState | null>(null);

/** The theme choice, or null outside WorkbenchThemeProvider. */
export const useThemeMode = (): ThemeModeState | null => useContext(ThemeModeContext);

function storedPreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_PREFERENCE_KEY);
    return THEME_PREFERENCES.includes(stored as ThemePreference) ? (stored as ThemePreference) : 'system';
  } catch {
    return 'system'; // storage refused (privacy mode): follow the system
  }
}

export function WorkbenchThemeProvider({ children }: { children: ReactNode }) {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [preference, setStoredPreference] = useState<ThemePreference>(storedPreference);
  const mode: ThemeMode = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
  const theme = useMemo(() => createWorkbenchTheme(mode), [mode]);
  useEffect(() => {
    // AG Grid's theme mode, and the browser's own controls (scroll bars, date pickers).
    document.documentElement.dataset.agThemeMode = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  const setPreference = useCallback((next: ThemePreference) => {
    setStoredPreference(next);
    try {
      window.localStorage.setItem(THEME_PREFERENCE_KEY, next);
    } catch {
      // not remembered; the choice still holds for this page
    }
  }, []);
  const state = useMemo(() => ({ preference, mode, setPreference }), [preference, mode, setPreference]);
  return (
    <ThemeModeContext.Provider value={state}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
