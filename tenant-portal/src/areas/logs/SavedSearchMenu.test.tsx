import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { logsIds } from '@workbench/common';
import { SAVED_SEARCH_PATHS, type SavedSearch } from '@workbench/common/api/contract/savedSearches';
import { serveSavedSearches } from '@workbench/common/testing/savedSearchServer';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';

afterEach(() => resetPortalEnv());

const WEB = '/api/rep/v1/query/scan_web';

/** The saved-search server of common's tests, plus an empty web log for the page around the menu. */
function savedSearchServer(initial: SavedSearch[]) {
  const server = {
    stored: [] as SavedSearch[],
    install(mock: Parameters<NonNullable<Parameters<typeof renderPortal>[0]['stubs']>>[0]) {
      mock.onGet(WEB).reply(200, { events: [], pagingIdentifiers: { last_iteration: true } });
      server.stored = serveSavedSearches(mock, initial);
    },
  };
  return server;
}

const blocked: SavedSearch = {
  id: 's0',
  name: 'Blocked',
  route: 'web',
  query: 'interval=24h&action=block',
  created_at: '2026-11-21T00:00:00.000Z',
};
const audit: SavedSearch = {
  ...blocked,
  id: 'sa',
  name: 'Logins',
  route: 'audit',
  query: 'audit_action=login',
};

describe('saved searches menu', () => {
  it('saves the current view under a name', async () => {
    const server = savedSearchServer([]);
    renderPortal({
      path: '/logs/web?interval=7d&risk=R',
      user: demoUser('admin'),
      stubs: (m) => server.install(m),
    });
    fireEvent.click(await screen.findByTestId(logsIds.savedSearchesButton));
    fireEvent.change(await screen.findByTestId(logsIds.savedSearchName), { target: { value: ' Risky ' } });
    fireEvent.click(screen.getByTestId(logsIds.savedSearchSave));
    await screen.findByTestId(`${logsIds.savedSearchItem}-Risky`);
    expect(server.stored).toEqual([
      expect.objectContaining({ name: 'Risky', route: 'web', query: 'interval=7d&risk=R' }),
    ]);
    expect(await screen.findByText('The search "Risky" has been saved.')).toBeInTheDocument();
    expect(screen.getByTestId(logsIds.savedSearchName)).toHaveValue('');
  });

  it('a blank name shows "Enter a name." and saves nothing', async () => {
    const server = savedSearchServer([]);
    const view = renderPortal({
      path: '/logs/web',
      user: demoUser('admin'),
      stubs: (m) => server.install(m),
    });
    fireEvent.click(await screen.findByTestId(logsIds.savedSearchesButton));
    fireEvent.change(await screen.findByTestId(logsIds.savedSearchName), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId(logsIds.savedSearchSave));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(view.mock.history.post.filter((r) => r.url === SAVED_SEARCH_PATHS.list)).toHaveLength(0);
  });

  it("a taken name shows the server's message and saves nothing", async () => {
    const server = savedSearchServer([blocked]);
    renderPortal({ path: '/logs/web?interval=7d', user: demoUser('admin'), stubs: (m) => server.install(m) });
    fireEvent.click(await screen.findByTestId(logsIds.savedSearchesButton));
    fireEvent.change(await screen.findByTestId(logsIds.savedSearchName), { target: { value: 'blocked' } });
    fireEvent.click(screen.getByTestId(logsIds.savedSearchSave));
    expect(await screen.findByText(/A saved search with this name already exists\./)).toBeInTheDocument();
    expect(server.stored).toEqual([blocked]);
  });

  it("another log route's menu starts without the last failure", async () => {
    const server = savedSearchServer([blocked, audit]);
    const view = renderPortal({
      path: '/logs/web',
      user: demoUser('admin'),
      stubs: (m) => server.install(m),
    });
    fireEvent.click(await screen.findByTestId(logsIds.savedSearchesButton));
    fireEvent.click(screen.getByTestId(logsIds.savedSearchSave));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    await act(() => view.router.navigate('/logs/audit'));
    fireEvent.click(await screen.findByTestId(logsIds.savedSearchesButton));
    await screen.findByTestId(`${logsIds.savedSearchItem}-Logins`);
    expect(screen.queryByText('Enter a name.')).not.toBeInTheDocument();
  });

  it("lists only this route's searches; opening one puts its view in the URL; delete removes it", async () => {
    const server = savedSearchServer([blocked, audit]);
    const view = renderPortal({
      path: '/logs/web?interval=7d',
      user: demoUser('admin'),
      stubs: (m) => server.install(m),
    });
    fireEvent.click(await screen.findByTestId(logsIds.savedSearchesButton));
    const item = await screen.findByTestId(`${logsIds.savedSearchItem}-Blocked`);
    expect(screen.queryByTestId(`${logsIds.savedSearchItem}-Logins`)).not.toBeInTheDocument();
    fireEvent.click(within(item).getByText('Blocked'));
    await waitFor(() => expect(view.location()).toBe('/logs/web?interval=24h&action=block'));

    fireEvent.click(screen.getByTestId(logsIds.savedSearchesButton));
    fireEvent.click(await screen.findByTestId(`${logsIds.savedSearchDelete}-Blocked`));
    await waitFor(() =>
      expect(screen.queryByTestId(`${logsIds.savedSearchItem}-Blocked`)).not.toBeInTheDocument(),
    );
    expect(server.stored).toEqual([audit]);
  });
});
