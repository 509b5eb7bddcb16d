import { lazy } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuItem } from '@mui/material';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { notFoundIds, pageLocationAttribute, shellIds } from '../../test-ids/index';
import { NotFoundPage } from '../page-states/NotFoundPage';
import { createTestStore } from '../../test-support/storeHarness';
import { STICKY_TOP_VARIABLE } from '../data-table/tableModel';
import { ShellLayout, ShellUserMenu } from './ShellLayout';
import { ShellNavLink, isAtOrUnder, navLinkClasses } from './navLinks';

function renderShell(
  children: React.ReactNode,
  actions?: React.ReactNode,
  nav: React.ReactNode = <li>Policy</li>,
) {
  const { store } = createTestStore();
  return render(
    <MemoryRouter>
      <Provider store={store}>
        <ShellLayout
          title="Workbench Portal"
          appBarTestId="bar"
          navTestId="nav"
          actions={actions}
          nav={nav}
          loading={<p>Loading page</p>}
          overlays={<p>An overlay</p>}
        >
          {children}
        </ShellLayout>
      </Provider>
    </MemoryRouter>,
  );
}

describe('ShellLayout', () => {
  test('shows the product name and the actions in the app bar, the navigation and the page', () => {
    renderShell(<p>The page</p>, <button type="button">Publish</button>);
    const bar = screen.getByTestId('bar');
    expect(within(bar).getByText('Workbench Portal')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toHaveAttribute('data-testid', 'nav');
    expect(within(nav).getByText('Policy')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('The page')).toBeInTheDocument();
    expect(screen.getByText('An overlay')).toBeInTheDocument();
  });

  test('names the route it shows on the page (path and query), and the 404 page too: a browser test waits on it', async () => {
    const { store } = createTestStore();
    render(
      <MemoryRouter initialEntries={['/logs/web?interval=7d']}>
        <Provider store={store}>
          <Routes>
            <Route
              path="/logs/*"
              element={
                <ShellLayout
                  title="Workbench Portal"
                  navTestId="nav"
                  nav={<Link to="/gone">Gone</Link>}
                  loading={null}
                >
                  <p>The page</p>
                </ShellLayout>
              }
            />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Provider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('main')).toHaveAttribute(pageLocationAttribute, '/logs/web?interval=7d');
    await userEvent.click(screen.getByRole('link', { name: 'Gone' }));
    expect(await screen.findByTestId(notFoundIds.page)).toHaveAttribute(pageLocationAttribute, '/gone');
  });

  test('tells sticky table headers on the page to stop below the app bar (its height, the dense 48 px before layout)', () => {
    renderShell(<p>The page</p>);
    const main = screen.getByRole('main');
    expect(getComputedStyle(main).getPropertyValue(STICKY_TOP_VARIABLE).trim()).toBe('48px');
  });

  test('shows the loading element while a lazily loaded page loads', async () => {
    let show: (module: { default: () => React.ReactElement }) => void = () => undefined;
    const Page = lazy(
      () => new Promise<{ default: () => React.ReactElement }>((resolve) => (show = resolve)),
    );
    renderShell(<Page />);
    expect(await screen.findByText('Loading page')).toBeInTheDocument();
    show({ default: () => <p>Loaded page</p> });
    expect(await screen.findByText('Loaded page')).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
  });
});

describe('ShellLayout in a narrow window (below 900 px) and by keyboard', () => {
  /** jsdom has no matchMedia: a window narrower than the md breakpoint. */
  beforeEach(() =>
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        onchange: null,
        dispatchEvent: () => false,
      }),
    }),
  );
  afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

  function NavLinks() {
    return (
      <>
        <Link to="/policy">Policy</Link>
        <Link to="/logs">Logs</Link>
      </>
    );
  }

  test('the navigation folds into a menu button; choosing a page closes it', async () => {
    const { store } = createTestStore();
    render(
      <MemoryRouter initialEntries={['/policy']}>
        <Provider store={store}>
          <ShellLayout title="Workbench Portal" navTestId="nav" nav={<NavLinks />} loading={<p>Loading</p>}>
            <Routes>
              <Route path="/policy" element={<p>Policy page</p>} />
              <Route path="/logs" element={<p>Logs page</p>} />
            </Routes>
          </ShellLayout>
        </Provider>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    const toggle = screen.getByTestId(shellIds.navToggle);
    expect(toggle).toHaveAccessibleName('Open navigation');
    await userEvent.click(toggle);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(nav).getByRole('link', { name: 'Logs' }));
    expect(await screen.findByText('Logs page')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument(),
    );
  });

  test('"Skip to content" is the first stop of the Tab key and moves focus to the page', async () => {
    renderShell(<p>The page</p>, <button type="button">Publish</button>);
    await userEvent.tab();
    const skip = screen.getByTestId(shellIds.skipLink);
    expect(skip).toHaveFocus();
    expect(skip).toHaveTextContent('Skip to content');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

const HELP = { appName: 'Test app', topics: [{ title: 'Our topic', text: 'What this app does.' }] };

describe('ShellUserMenu', () => {
  test("Help opens the app's topics and the shared ones (keyboard, session, theme); Close ends it", async () => {
    render(
      <ShellUserMenu
        name="Ada Admin"
        menuId="user-menu"
        buttonTestId="user-button"
        nameTestId="user-name"
        help={HELP}
        items={() => []}
      />,
    );
    await userEvent.click(screen.getByTestId('user-button'));
    await userEvent.click(screen.getByTestId(shellIds.help));
    const dialog = screen.getByTestId(shellIds.helpDialog);
    expect(screen.getByText('Test app: help')).toBeInTheDocument();
    const headings = within(dialog)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(headings).toEqual(['Our topic', 'Keyboard', 'Session', 'Theme']);
    expect(within(dialog).getByText('What this app does.')).toBeInTheDocument();
    expect(within(dialog).getByText('Ctrl+Z')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId(shellIds.helpDialog)).not.toBeInTheDocument());
  });

  test('the user button opens a menu with the name, the details and the items; an item can close it', async () => {
    const chosen: string[] = [];
    render(
      <ShellUserMenu
        name="Ada Admin"
        menuId="user-menu"
        buttonTestId="user-button"
        nameTestId="user-name"
        menuTestId="user-menu-paper"
        details={<p>Tenant: acme</p>}
        help={HELP}
        items={(close) => [
          <MenuItem key="stay" onClick={() => chosen.push('stay')}>
            Stay open
          </MenuItem>,
          <MenuItem
            key="logout"
            onClick={() => {
              chosen.push('logout');
              close();
            }}
          >
            Logout
          </MenuItem>,
        ]}
      />,
    );
    const button = screen.getByTestId('user-button');
    expect(button).toHaveTextContent('Ada Admin');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const paper = screen.getByTestId('user-menu-paper');
    expect(within(paper).getByTestId('user-name')).toHaveTextContent('Ada Admin');
    expect(within(paper).getByText('Tenant: acme')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Stay open' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(chosen).toEqual(['stay', 'logout']);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});

describe('ShellNavLink', () => {
  test('a route link with its parts as classes, aria-current on the page shown or its area, and a plain link outside the app', () => {
    renderShell(
      <p>The page</p>,
      undefined,
      <>
        <ShellNavLink to="/logs" current strong testId="logs">
          Logs
        </ShellNavLink>
        <ShellNavLink to="/logs/web" child selected current testId="web">
          Web logs
        </ShellNavLink>
        <ShellNavLink to="/policy" testId="policy">
          Policy
        </ShellNavLink>
        <ShellNavLink href="https://manager.example/" testId="manager">
          Central manager
        </ShellNavLink>
      </>,
    );
    const c = navLinkClasses;
    const logs = screen.getByTestId('logs');
    expect(logs).toHaveAttribute('href', '/logs');
    expect(logs).toHaveAttribute('aria-current', 'page');
    expect(logs).toHaveClass(c.link);
    expect(logs).not.toHaveClass(c.selected);
    expect(within(logs).getByText('Logs')).toHaveClass(c.text, c.strong);
    const web = screen.getByTestId('web');
    expect(web).toHaveClass(c.link, c.child, c.selected);
    expect(within(web).getByText('Web logs')).not.toHaveClass(c.strong);
    const policy = screen.getByTestId('policy');
    expect(policy).not.toHaveAttribute('aria-current');
    expect(policy.className).toBe(c.link);
    expect(screen.getByTestId('manager')).toHaveAttribute('href', 'https://manager.example/');
  });

  test('a link holds its own page and the pages below it, not a page whose name merely starts the same', () => {
    expect(isAtOrUnder('/logs', '/logs')).toBe(true);
    expect(isAtOrUnder('/logs/web', '/logs')).toBe(true);
    expect(isAtOrUnder('/logsx', '/logs')).toBe(false);
    expect(isAtOrUnder('/policy', '/logs')).toBe(false);
  });
});
