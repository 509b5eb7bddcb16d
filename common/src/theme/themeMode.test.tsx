/**
 * Dark mode: the theme follows the system setting until the user chooses in the user menu; the
 * choice is remembered; AG Grid's theme mode and the palette follow.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from '@mui/material';
import { shellIds } from '../test-ids/index';
import { ShellUserMenu } from '../components/shell-layout/ShellLayout';
import { THEME_PREFERENCE_KEY, WorkbenchThemeProvider } from './themeMode';

/** jsdom has no matchMedia: the system setting, as the browser would report it. */
function systemPrefersDark(dark: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: dark && query.includes('prefers-color-scheme: dark'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    }),
  });
}

function PaletteMode() {
  return <p data-testid="mode">{useTheme().palette.mode}</p>;
}

const renderApp = () =>
  render(
    <WorkbenchThemeProvider>
      <PaletteMode />
      <ShellUserMenu
        name="Ada Admin"
        menuId="user-menu"
        help={{ appName: 'Test', topics: [] }}
        buttonTestId="user-button"
        nameTestId="user-name"
        items={() => []}
      />
    </WorkbenchThemeProvider>,
  );

afterEach(() => {
  window.localStorage.clear();
  Reflect.deleteProperty(window, 'matchMedia');
  delete document.documentElement.dataset.agThemeMode;
});

describe('theme mode', () => {
  test('without a choice it follows the system setting, the grids too', () => {
    systemPrefersDark(true);
    renderApp();
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    expect(document.documentElement.dataset.agThemeMode).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  test('a light system gives the light theme', () => {
    systemPrefersDark(false);
    renderApp();
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
    expect(document.documentElement.dataset.agThemeMode).toBe('light');
  });

  test('the user menu offers System, Light and Dark; the choice applies at once and is remembered', async () => {
    systemPrefersDark(false);
    const { unmount } = renderApp();
    await userEvent.click(screen.getByTestId('user-button'));
    const system = screen.getByTestId(`${shellIds.themeChoice}-system`);
    expect(system).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByTestId(`${shellIds.themeChoice}-dark`));
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    expect(document.documentElement.dataset.agThemeMode).toBe('dark');
    expect(window.localStorage.getItem(THEME_PREFERENCE_KEY)).toBe('dark');
    unmount();
    // A later visit (either app: one origin) opens dark whatever the system says.
    renderApp();
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    await userEvent.click(screen.getByTestId('user-button'));
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  });

  test('an unknown stored value is ignored (the system setting holds)', () => {
    systemPrefersDark(true);
    window.localStorage.setItem(THEME_PREFERENCE_KEY, 'purple');
    renderApp();
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
  });

  test('outside the provider (a page rendered alone) the menu has no theme items', async () => {
    render(
      <ShellUserMenu
        name="A"
        menuId="m"
        buttonTestId="b"
        nameTestId="n"
        help={{ appName: 'Test', topics: [] }}
        items={() => []}
      />,
    );
    await userEvent.click(screen.getByTestId('b'));
    expect(screen.queryByRole('menuitemradio')).not.toBeInTheDocument();
  });
});
