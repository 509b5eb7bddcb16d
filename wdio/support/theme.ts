/**
 * The apps' theme in the browser specs: the stored preference (common/src/theme/themeMode.tsx
 * THEME_PREFERENCE_KEY; a .tsx module, not importable here), read when a page loads, and
 * screenshots in both themes at both widths for a look while building.
 */

import { browser } from '@wdio/globals';
import { cdp } from './cdp';

export const THEME_PREFERENCE_KEY = 'workbench.theme';

export type Theme = 'light' | 'dark';

/** Stores the preference, reloads the page and waits until the page has taken the theme. */
export async function reloadInTheme(theme: Theme): Promise<void> {
  await browser.execute(
    (key: string, value: string) => window.localStorage.setItem(key, value),
    THEME_PREFERENCE_KEY,
    theme,
  );
  await browser.refresh();
  await browser.waitUntil(
    async () => (await browser.execute(() => document.documentElement.dataset.agThemeMode)) === theme,
    { timeoutMsg: `The page did not turn ${theme}.` },
  );
}

/** Removes the stored preference: the next load follows the system setting again. */
export async function forgetThemePreference(): Promise<void> {
  await browser.execute((key: string) => window.localStorage.removeItem(key), THEME_PREFERENCE_KEY);
}

/**
 * Screenshots /tmp/{name}-{width}-{theme}.png at 1400 and 800 px, light and dark, when
 * WDIO_SCREENSHOTS is set (CI skips their reloads). Each theme reloads the page, and `reshow`
 * brings back what is to be shown. Ends at 1400 px with the preference forgotten (the page stays
 * dark until it is next loaded).
 */
export async function screenshots(name: string, reshow: () => Promise<unknown>): Promise<void> {
  if (!process.env.WDIO_SCREENSHOTS) return;
  for (const theme of ['light', 'dark'] as const) {
    await reloadInTheme(theme);
    await reshow();
    for (const width of [1400, 800]) {
      await browser.setWindowSize(width, 1000);
      await browser.saveScreenshot(`/tmp/${name}-${width}-${theme}.png`);
    }
  }
  await browser.setWindowSize(1400, 900);
  await forgetThemePreference();
}

/**
 * The system's colour scheme as the page sees it (`prefers-color-scheme`, through Chrome's media
 * emulation), without a reload: with no stored preference the apps follow the system ('system',
 * the default) and turn at once, as when the operating system turns dark. Waits until the page has
 * taken the theme.
 */
export async function emulateSystemTheme(theme: Theme): Promise<void> {
  await cdp('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: theme }] });
  await browser.waitUntil(
    async () => (await browser.execute(() => document.documentElement.dataset.agThemeMode)) === theme,
    { timeoutMsg: `The page did not follow the system to ${theme}.` },
  );
}
