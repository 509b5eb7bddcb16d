import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { componentIds, logsIds, noAccessIds, type LogPagingState } from '@workbench/common';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { filterSchemaOf, logsEmptyResultsText } from './LogsPage';

afterEach(() => {
  jest.useRealTimers();
  resetPortalEnv();
});
// The grid's chunk (LogsPage loads it lazily) loaded once before the tests, as the page's import
// of it was: each test's wait is then for the grid to draw, not for the module to load.
beforeAll(() => import('./LogsGrid'));

/** One of the clocks `jest.useFakeTimers` can fake (the global jest's own type). */
type FakeableAPI = NonNullable<
  Extract<Parameters<typeof jest.useFakeTimers>[0], { doNotFake?: unknown }>['doNotFake']
>[number];
const WEB = '/api/rep/v1/query/scan_web';
/** What jest's fake clock leaves real in the live-tail test: all but setInterval, clearInterval and Date. */
const ALL_BUT_INTERVALS_AND_DATE: FakeableAPI[] = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setTimeout',
  'clearTimeout',
];
/**
 * AG Grid draws in jsdom after a few ticks; on a busy machine that takes a while, and the first test
 * also waits for the portal's lazily loaded modules (a wait limit, not a timing assertion).
 */
const GRID = { timeout: 60_000 };
/** The budget of a test that opens grids. */
const GRID_TEST_MS = 120_000;
const event = (i: number) => ({
  id: `e${i}`,
  time: 1_800_000_000_000 - i * 1000,
  event_time: new Date(1_800_000_000_000 - i * 1000).toISOString(),
  log_type: 'scan_web',
  userid: `user${i}@acme.example`,
  action: 'block',
  domain: `site${i}.example`,
});

/**
 * Renders the explorer at `path` as the admin, answering every web-log block with `events`;
 * records each query's parameters.
 */
function renderRecordingQueries(path: string, events: ReturnType<typeof event>[]) {
  const seen: Record<string, string>[] = [];
  const view = renderPortal({
    path,
    user: demoUser('admin'),
    stubs: (mock) =>
      mock.onGet(WEB).reply((config) => {
        seen.push(config.params as Record<string, string>);
        return [200, { events, pagingIdentifiers: { last_iteration: true } }];
      }),
  });
  return { view, seen };
}

describe('logs explorer', () => {
  it('a copied link reproduces the same query: interval, pinned end, filters and search come from the URL', async () => {
    const { view, seen } = renderRecordingQueries(
      '/logs/web?interval=24h&to=1800000000&action=block,allow&search=news&sort=event_time:desc',
      [event(0), event(1)],
    );
    await waitFor(() => expect(seen.length).toBeGreaterThan(0), GRID);
    expect(seen[0]).toEqual({
      start: String(1800000000 - 86400),
      end: '1800000000',
      order: 'desc',
      action: 'block,allow',
      search: 'news',
      limit: '100',
    });
    await waitFor(() => expect(screen.getByTestId(logsIds.rowCount)).toHaveTextContent('2 events'), GRID);
    expect(view.location()).toContain('to=1800000000');
  });

  it('Copy link copies the view with the range end of the rows shown pinned, and leaves the URL as it was', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { view, seen } = renderRecordingQueries('/logs/web?interval=7d&action=block', []);
    await waitFor(() => expect(seen.length).toBeGreaterThan(0), GRID);
    fireEvent.click(screen.getByTestId(logsIds.copyLink));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    const link = new URL(String((writeText.mock.calls[0] as unknown[])[0]));
    const copied = new URLSearchParams(link.hash.split('?')[1]);
    expect(link.hash.startsWith('#/logs/web?')).toBe(true);
    expect(copied.get('to')).toBe(seen[0].end);
    expect(copied.get('action')).toBe('block');
    expect(copied.get('interval')).toBe('7d');
    expect(view.location()).toBe('/logs/web?interval=7d&action=block');
  });

  it("Empty results: 'No ... were found to match your search/filters. Try modifying or resetting your criteria.'", async () => {
    const view = renderPortal({
      path: '/logs/web?interval=24h&to=1800000000&action=block&search=zzz&columns=domain',
      user: demoUser('admin'),
      stubs: (mock) =>
        mock.onGet(WEB).reply(200, { events: [], pagingIdentifiers: { last_iteration: true } }),
    });
    expect(await screen.findByTestId(logsIds.empty, {}, GRID)).toHaveTextContent(
      'No web logs were found to match your search/filters. Try modifying or resetting your criteria.',
    );
    expect(logsEmptyResultsText('dlp')).toBe(
      'No DLP logs were found to match your search/filters. Try modifying or resetting your criteria.',
    );
    // Resetting the criteria drops the filters and the search, and keeps interval and columns.
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(view.location()).toBe('/logs/web?interval=24h&columns=domain'));
  });

  it('Logs load failure shows the error message', async () => {
    renderPortal({
      path: '/logs/web?interval=7d&to=1800000000&action=nope',
      user: demoUser('admin'),
      stubs: (mock) =>
        mock.onGet(WEB).reply(400, { message: "Unknown value 'nope' of filter action.", field: 'action' }),
    });
    expect(await screen.findByTestId(logsIds.error, {}, GRID)).toHaveTextContent(
      "Unknown value 'nope' of filter action.",
    );
  });

  it('an unknown interval in the URL is named, and nothing is fetched', async () => {
    const calls: unknown[] = [];
    renderPortal({
      path: '/logs/web?interval=forever&to=1800000000',
      user: demoUser('admin'),
      stubs: (mock) =>
        mock
          .onGet(WEB)
          .reply(() => (calls.push(1), [200, { events: [], pagingIdentifiers: { last_iteration: true } }])),
    });
    expect(await screen.findByTestId(logsIds.error)).toHaveTextContent('Unknown interval "forever"');
    expect(calls).toEqual([]);
  });

  // docs/logs.md §2: the interval is always one of the codes (15m to 30d, 180d on the management
  // station); an "Any" item wrote `interval=` and still asked for the last 7 days (issue 37 point 5).
  it('the interval menu offers the codes and no "Any"', async () => {
    renderRecordingQueries('/logs/web?interval=24h&to=1800000000', []);
    fireEvent.click(await screen.findByTestId(`${componentIds.filterMenuButton}-interval`));
    const menu = await screen.findByTestId(`${componentIds.filterMenu}-interval`);
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual([
      'Last 15 minutes',
      'Last hour',
      'Last 12 hours',
      'Last 24 hours',
      'Last 2 days',
      'Last 7 days',
      'Last 30 days',
    ]);
  });

  it.each(['interval=', 'interval=any'])(
    'an old URL with %s falls back to the default 7d, in the URL and the menu',
    async (old) => {
      const { view, seen } = renderRecordingQueries(`/logs/web?${old}&to=1800000000&action=block`, []);
      await waitFor(() => expect(view.location()).toBe('/logs/web?interval=7d&to=1800000000&action=block'));
      await waitFor(() =>
        expect(screen.getByTestId(`${componentIds.filterMenuButton}-interval`)).toHaveTextContent(
          'Interval: Last 7 days',
        ),
      );
      await waitFor(() => expect(seen.length).toBeGreaterThan(0), GRID);
      expect(seen[0]).toMatchObject({ start: String(1800000000 - 604800), end: '1800000000' });
      expect(screen.queryByTestId(logsIds.error)).toBeNull();
    },
  );

  it('the interval filter offers 180d (All time) only on the management station', () => {
    const cloud = filterSchemaOf('web', false).interval.options.map((o) => o.code);
    const ms = filterSchemaOf('web', true).interval.options.map((o) => o.code);
    expect(cloud).not.toContain('180d');
    expect(ms).toContain('180d');
    expect(filterSchemaOf('web', false).interval.defaultValue).toBe('7d');
  });

  it('the auditor without logs:dlp does not get the DLP logs grid', async () => {
    const paths: string[] = [];
    const view = renderPortal({
      path: '/logs/dlp?interval=7d',
      user: demoUser('auditor'),
      stubs: (mock) =>
        mock.onGet(/\/api\/rep\/v1\/query\//).reply((config) => {
          paths.push(String(config.url));
          return [200, { events: [], pagingIdentifiers: { last_iteration: true } }];
        }),
    });
    // The link keeps its address and says why (issue 15's No access page) instead of a grid.
    expect(await screen.findByTestId(noAccessIds.text)).toHaveTextContent('does not give access to DLP Logs');
    expect(view.location()).toMatch(/^\/logs\/dlp/);
    expect(screen.queryByTestId(logsIds.grid)).toBeNull();
    expect(paths.filter((p) => p.endsWith('scan_dlp'))).toEqual([]);
  });

  it(
    'a header sorts by its column (the registry says which): sort and order go to the URL and the query; a column the server cannot sort shows no affordance',
    async () => {
      const { view, seen } = renderRecordingQueries(
        '/logs/web?interval=24h&to=1800000000&columns=userid,domain,url',
        [event(0), event(1)],
      );
      await waitFor(() => expect(seen.length).toBeGreaterThan(0), GRID);
      expect(seen[0].order).toBe('desc');
      expect(seen[0].sort).toBeUndefined();
      const header = (colId: string) =>
        document.querySelector<HTMLElement>(`.ag-header-cell[col-id="${colId}"]`) as HTMLElement;
      await waitFor(() => expect(header('url')).not.toBeNull(), GRID);
      expect(header('event_time')).toHaveAttribute('aria-sort', 'descending');
      expect(header('domain').classList.contains('ag-header-cell-sortable')).toBe(true);
      // URL is long free text: no sort affordance.
      expect(header('url').classList.contains('ag-header-cell-sortable')).toBe(false);
      expect(header('url')).not.toHaveAttribute('aria-sort');

      fireEvent.click(within(header('url')).getByText('URL'));
      fireEvent.click(within(header('domain')).getByText('Domain'));
      await waitFor(() => expect(view.location()).toContain('sort=domain%3Aasc'));
      await waitFor(() => expect(seen.some((p) => p.sort === 'domain' && p.order === 'asc')).toBe(true));
      expect(view.location()).not.toContain('url%3A');
      await waitFor(() => expect(header('domain')).toHaveAttribute('aria-sort', 'ascending'));
      expect(header('event_time')).not.toHaveAttribute('aria-sort', 'descending');

      fireEvent.click(within(header('event_time')).getByText('Time'));
      await waitFor(() => expect(view.location()).toContain('sort=event_time%3Adesc'));
      await waitFor(() => expect(header('event_time')).toHaveAttribute('aria-sort', 'descending'));
      fireEvent.click(within(header('event_time')).getByText('Time'));
      await waitFor(() => expect(view.location()).toContain('sort=event_time%3Aasc'));
      await waitFor(() => expect(seen.some((p) => p.sort === undefined && p.order === 'asc')).toBe(true));
    },
    GRID_TEST_MS,
  );

  it(
    'slow replies: the query changed twice while rows were on their way, the grid still loads the last query',
    async () => {
      // The first replies are held back, as a slow network or a busy server would.
      const held: (() => void)[] = [];
      const searches: string[] = [];
      const view = renderPortal({
        path: '/logs/web?interval=24h&to=1800000000',
        user: demoUser('admin'),
        stubs: (mock) =>
          mock.onGet(WEB).reply((config) => {
            const search = (config.params as Record<string, string>).search ?? '';
            searches.push(search);
            const reply: [number, unknown] = [
              200,
              { events: [event(0), event(1), event(2)], pagingIdentifiers: { last_iteration: true } },
            ];
            if (search === 'third') return reply;
            return new Promise((resolve) => held.push(() => resolve(reply)));
          }),
      });
      const paging = () => (view.store.getState() as { logPaging: LogPagingState }).logPaging;
      /** Searches for `text`, then waits until the grid asked the new query for rows. */
      const searchFor = async (text: string) => {
        const generation = paging().generation;
        const box = screen.getByTestId(logsIds.search);
        fireEvent.change(box, { target: { value: text } });
        fireEvent.keyDown(box, { key: 'Enter' });
        await waitFor(() => {
          expect(paging().generation).toBeGreaterThan(generation);
          expect(paging().status).toBe('loading');
        }, GRID);
      };
      await waitFor(() => expect(searches).toEqual(['']), GRID);
      await searchFor('second');
      await searchFor('third');
      for (const release of held.splice(0)) release();
      await waitFor(() => expect(screen.getByTestId(logsIds.rowCount)).toHaveTextContent('3 events'), GRID);
      expect(searches).toContain('third');
      expect(view.location()).toContain('search=third');
    },
    GRID_TEST_MS,
  );

  it(
    'a typed query: a syntax error is shown with its position and sends nothing; the corrected one becomes chips, search and q',
    async () => {
      const { view, seen } = renderRecordingQueries('/logs/web?interval=24h&to=1800000000', [event(0)]);
      await waitFor(() => expect(seen).toHaveLength(1), GRID);
      const box = screen.getByTestId(logsIds.search);
      fireEvent.change(box, { target: { value: 'action:block AND' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(await screen.findByTestId(logsIds.queryError)).toHaveTextContent(
        'AND needs a term after it. (at character 14)',
      );
      expect(view.location()).not.toContain('action=');
      fireEvent.change(box, { target: { value: 'action:block AND news AND NOT Country:France' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() => expect(seen).toHaveLength(2), GRID);
      expect(seen[1]).toMatchObject({ action: 'block', search: 'news', q: 'NOT country:FR' });
      expect(screen.queryByTestId(logsIds.queryError)).toBeNull();
      // The box shows the canonical query; the Action chip shows the typed value.
      expect(box).toHaveValue('action:block AND news AND NOT country:FR');
      expect(screen.getByTestId('filter-menu-button-action')).toHaveTextContent('Action: Block');
    },
    GRID_TEST_MS,
  );

  it(
    'live tail: off by default; on, the query runs again ending now and the new row is highlighted',
    async () => {
      let calls = 0;
      const view = renderPortal({
        path: '/logs/web?interval=24h&to=1800000000',
        user: demoUser('admin'),
        stubs: (mock) =>
          mock.onGet(WEB).reply(() => {
            calls += 1;
            // From the third query on, each answer has one event more than the one before, so a
            // refresh always brings exactly one new row, however late the test looks at it.
            const newer = Array.from({ length: Math.max(0, calls - 2) }, (_, i) => event(-(calls - 2 - i)));
            const events = [...newer, event(0), event(1)];
            return [200, { events, pagingIdentifiers: { last_iteration: true } }];
          }),
      });
      await waitFor(() => expect(screen.getByTestId(logsIds.rowCount)).toHaveTextContent('2 events'), GRID);
      const live = screen.getByTestId(logsIds.liveTail);
      expect(live).not.toBeChecked();
      // From here intervals and Date run on jest's fake clock (timeouts, promises and the grid's
      // own timers stay real): the refresh period's 5 s pass at once instead of being waited, and
      // the refresh's "now" is 5 s later. (waitFor then checks on each change of the DOM.)
      jest.useFakeTimers({ doNotFake: ALL_BUT_INTERVALS_AND_DATE });
      fireEvent.click(live);
      // Turning it on ends the range now (the pinned end goes), then it ticks every 5 s.
      await waitFor(() => expect(view.location()).not.toContain('to='), GRID);
      fireEvent.mouseDown(
        within(screen.getByTestId(logsIds.page)).getByRole('combobox', { name: 'Live tail refresh period' }),
      );
      fireEvent.click(await screen.findByRole('option', { name: '5 s' }));
      // 5 s pass: the query runs again, ending at the new now.
      act(() => jest.advanceTimersByTime(5_000));
      await waitFor(() => expect(calls).toBeGreaterThanOrEqual(3));
      await waitFor(() => {
        const fresh = document.querySelectorAll('.ag-row.logs-row-new');
        expect(fresh).toHaveLength(1);
        // The newest event of the latest answer (user-1, user-2, … as the refreshes come).
        expect(fresh[0]).toHaveTextContent(`user-${calls - 2}@acme.example`);
      }, GRID);
    },
    GRID_TEST_MS,
  );

  it(
    'the Time header clicked twice: the grid loads the rows of each order (no grid request is left unanswered)',
    async () => {
      const orders: string[] = [];
      const view = renderPortal({
        path: '/logs/web?interval=24h&to=1800000000',
        user: demoUser('admin'),
        stubs: (mock) =>
          mock.onGet(WEB).reply((config) => {
            const order = (config.params as Record<string, string>).order;
            orders.push(order);
            // Newest first has three events in this stub, oldest first two: the count tells which loaded.
            const events = order === 'asc' ? [event(1), event(0)] : [event(0), event(1), event(2)];
            return [200, { events, pagingIdentifiers: { last_iteration: true } }];
          }),
      });
      const rowCount = () => screen.getByTestId(logsIds.rowCount);
      const timeHeader = () =>
        document.querySelector<HTMLElement>('.ag-header-cell[col-id="event_time"]') as HTMLElement;
      await waitFor(() => expect(rowCount()).toHaveTextContent('3 events'), GRID);

      fireEvent.click(within(timeHeader()).getByText('Time'));
      await waitFor(() => expect(view.location()).toContain('sort=event_time%3Aasc'));
      await waitFor(() => expect(rowCount()).toHaveTextContent('2 events'), GRID);

      fireEvent.click(within(timeHeader()).getByText('Time'));
      await waitFor(() => expect(view.location()).toContain('sort=event_time%3Adesc'));
      await waitFor(() => expect(rowCount()).toHaveTextContent('3 events'), GRID);
      await waitFor(() =>
        expect(document.querySelectorAll('.ag-row[row-index="2"]').length).toBeGreaterThan(0),
      );
      expect(orders).toEqual(['desc', 'asc', 'desc']);
    },
    GRID_TEST_MS,
  );

  it(
    'a link with sort=event_time:asc opens oldest first',
    async () => {
      const { seen } = renderRecordingQueries('/logs/web?interval=24h&to=1800000000&sort=event_time:asc', [
        event(1),
        event(0),
      ]);
      await waitFor(() => expect(seen.length).toBeGreaterThan(0), GRID);
      expect(seen.every((p) => p.order === 'asc')).toBe(true);
      await waitFor(() =>
        expect(document.querySelector('.ag-header-cell[col-id="event_time"]')).toHaveAttribute(
          'aria-sort',
          'ascending',
        ),
      );
    },
    GRID_TEST_MS,
  );

  it(
    'the Columns dialog: a checkbox shows a column, a typed position moves it, Apply writes the order to the URL',
    async () => {
      const view = renderPortal({
        path: '/logs/web?interval=24h&to=1800000000&columns=userid,domain',
        user: demoUser('admin'),
        stubs: (mock) =>
          mock.onGet(WEB).reply(200, { events: [event(0)], pagingIdentifiers: { last_iteration: true } }),
      });
      fireEvent.click(await screen.findByTestId(logsIds.columnsButton));
      const dialog = await screen.findByTestId(logsIds.columnsDialog);
      // The shown columns first, in URL order (AG Grid draws its rows after a few ticks).
      expect(await within(dialog).findByTestId(`${logsIds.columnOption}-userid`, {}, GRID)).toBeChecked();
      expect(within(dialog).getByTestId(`${logsIds.columnOption}-domain`)).toBeChecked();
      expect(within(dialog).getByTestId(`${logsIds.columnOption}-action`)).not.toBeChecked();
      fireEvent.click(within(dialog).getByTestId(`${logsIds.columnOption}-action`));
      // Move Domain (position 2) to position 1.
      const position = await within(dialog).findByLabelText('Position of row 2', {}, GRID);
      fireEvent.change(position, { target: { value: '1' } });
      fireEvent.keyDown(position, { key: 'Enter' });
      await waitFor(() => expect(within(dialog).getByLabelText('Position of row 1')).toBeInTheDocument());
      fireEvent.click(within(dialog).getByTestId(logsIds.columnsApply));
      await waitFor(() => expect(view.location()).toContain('columns=domain%2Cuserid%2Caction'));
    },
    GRID_TEST_MS,
  );

  it(
    'the Columns dialog: Cancel changes nothing; with no column shown Apply is refused; Reset to defaults puts back the defaults',
    async () => {
      const view = renderPortal({
        path: '/logs/web?interval=24h&to=1800000000&columns=userid',
        user: demoUser('admin'),
        stubs: (mock) =>
          mock.onGet(WEB).reply(200, { events: [event(0)], pagingIdentifiers: { last_iteration: true } }),
      });
      const before = view.location();
      fireEvent.click(await screen.findByTestId(logsIds.columnsButton));
      let dialog = await screen.findByTestId(logsIds.columnsDialog);
      fireEvent.click(await within(dialog).findByTestId(`${logsIds.columnOption}-domain`, {}, GRID));
      fireEvent.click(within(dialog).getByTestId(logsIds.columnsCancel));
      await waitFor(() => expect(screen.queryByTestId(logsIds.columnsDialog)).toBeNull());
      expect(view.location()).toBe(before);

      fireEvent.click(screen.getByTestId(logsIds.columnsButton));
      dialog = await screen.findByTestId(logsIds.columnsDialog);
      expect(await within(dialog).findByTestId(`${logsIds.columnOption}-domain`, {}, GRID)).not.toBeChecked();
      fireEvent.click(within(dialog).getByTestId(`${logsIds.columnOption}-userid`));
      expect(within(dialog).getByTestId(logsIds.columnsError)).toHaveTextContent('Show at least one column.');
      expect(within(dialog).getByTestId(logsIds.columnsApply)).toBeDisabled();

      fireEvent.click(within(dialog).getByTestId(logsIds.columnsReset));
      fireEvent.click(within(dialog).getByTestId(logsIds.columnsApply));
      await waitFor(() =>
        expect(view.location()).toContain('columns=userid%2Cdomain%2Ccategory%2Caction%2Crisk%2Ccountry'),
      );
    },
    GRID_TEST_MS,
  );
});
