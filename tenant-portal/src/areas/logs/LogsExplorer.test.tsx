/**
 * The explorer's summaries and filter actions (issue 15) in one render: the exact count from the
 * histogram request, a drag on the histogram, the field sidebar's values, the details drawer's
 * filter buttons, previous/next and its URL, a linked event opened on load, a cell's filter menu.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { componentIds, logsIds } from '@workbench/common';
import { absoluteRangeLabel } from './logView';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { boardsIds } from '@workbench/common/test-ids/boardsIds';
import { BOARD_PATHS } from '@workbench/common/api/contract/customDashboards';
import type { LogHistogramReply, LogTopValuesReply } from '@workbench/common/api/contract/logSummary';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';

// No canvas in jsdom: the chart stands in as a button that "drags" across a known range (the drag
// itself is the browser test's).
jest.mock('@workbench/charts/EChart', () => ({
  EChart: ({ label, onBrushX }: { label: string; onBrushX?: (from: number, to: number) => void }) => (
    <button type="button" aria-label={label} onClick={() => onBrushX?.(1_799_990_000_000, 1_799_995_000_500)}>
      chart
    </button>
  ),
}));

afterEach(() => resetPortalEnv());

const WEB = '/api/rep/v1/query/scan_web';
const GRID = { timeout: 60_000 };
const T0 = 1_799_999_000_000;
const event = (i: number) => ({
  id: String(1000 - i),
  time: T0 - i * 1000,
  event_time: new Date(T0 - i * 1000).toISOString(),
  log_type: 'scan_web',
  userid: `user${i}@acme.example`,
  action: 'block',
  domain: `site${i}.example`,
});

/** The explorer at `path`, every block answered with 100 events; records the queries. */
function renderExplorer(path: string) {
  const block = Array.from({ length: 100 }, (_, i) => event(i));
  const topValues: LogTopValuesReply = {
    field: 'userid',
    total: 1234,
    values: [{ value: 'user0@acme.example', count: 617 }],
  };
  const histogram: LogHistogramReply = {
    total: 1234,
    bucketMs: 1_800_000,
    seriesField: 'action',
    buckets: [{ time: T0 - 1_800_000, series: 'block', count: 1234 }],
  };
  const histogramParams: Record<string, string>[] = [];
  const topValuesParams: Record<string, string>[] = [];
  const gridQueries: Record<string, string>[] = [];
  const view = renderPortal({
    path,
    user: demoUser('admin'),
    stubs: (mock) => {
      mock.onGet(WEB).reply((config) => {
        const params = config.params as Record<string, string>;
        if (params.start.includes('.'))
          return [200, { events: [event(999)], pagingIdentifiers: { last_iteration: true } }];
        gridQueries.push(params);
        return [200, { events: block, pagingIdentifiers: { last_iteration: false, cursor: 'c1' } }];
      });
      mock.onGet('/api/rep/v1/histogram/scan_web').reply((config) => {
        histogramParams.push(config.params as Record<string, string>);
        return [200, histogram];
      });
      mock.onGet('/api/rep/v1/top_values/scan_web').reply((config) => {
        topValuesParams.push(config.params as Record<string, string>);
        return [200, topValues];
      });
    },
  });
  const query = () => new URLSearchParams(view.location().split('?')[1]);
  return { view, histogramParams, topValuesParams, gridQueries, query };
}

it('the count, the histogram and the Fields sidebar ask about the same condition as the rows (q included)', async () => {
  // Issue 31: "risk:R AND NOT country:US" showed 32 rows beside the whole range's histogram and shares.
  const { histogramParams, topValuesParams, gridQueries } = renderExplorer(
    `/logs/web?interval=24h&to=1800000000&risk=R&search=news&domain!=a.example&q=${encodeURIComponent('NOT country:US')}`,
  );
  await waitFor(() => expect(histogramParams.length).toBeGreaterThan(0), GRID);
  await waitFor(() => expect(gridQueries.length).toBeGreaterThan(0), GRID);
  fireEvent.click(screen.getByTestId(logsExplorerIds.sidebarToggle));
  fireEvent.click(screen.getByTestId(`${logsExplorerIds.sidebarField}-userid`));
  await waitFor(() => expect(topValuesParams.length).toBeGreaterThan(0), GRID);
  // The condition: everything but the paging's limit and cursor and the rows' order and sort.
  const conditionOf = (params: Record<string, string>, own: readonly string[]) =>
    Object.fromEntries(
      Object.entries(params).filter(([name]) => ![...own, 'limit', 'cursor', 'order', 'sort'].includes(name)),
    );
  const rows = conditionOf(gridQueries[0], []);
  expect(rows).toMatchObject({ q: 'NOT country:US', risk: 'R', search: 'news', 'domain!': 'a.example' });
  expect(conditionOf(histogramParams.at(-1)!, ['bucket', 'offset'])).toEqual(rows);
  expect(conditionOf(topValuesParams.at(-1)!, ['field'])).toEqual(rows);
});

it('the exact count, a drag on the histogram and the field sidebar write the URL', async () => {
  const { view, histogramParams, gridQueries, query } = renderExplorer('/logs/web?interval=24h');
  // The exact count of the query, beside the first block (not "More than 100 events").
  await waitFor(() => expect(screen.getByTestId(logsIds.rowCount)).toHaveTextContent('1,234 events'), GRID);
  // The same range as the grid's query, in buckets of 30 minutes for 24 hours.
  await waitFor(() => expect(gridQueries.length).toBeGreaterThan(0), GRID);
  expect(histogramParams[0]).toEqual(
    expect.objectContaining({ start: gridQueries[0].start, end: gridQueries[0].end, bucket: '1800' }),
  );

  // A drag on the histogram narrows the range: an absolute from/to in the URL, shown with a way back.
  fireEvent.click(await screen.findByRole('button', { name: /drag across the chart/ }));
  await waitFor(() => expect([query().get('from'), query().get('to')]).toEqual(['1799990000', '1799995001']));
  expect(screen.getByTestId(logsExplorerIds.timeRange)).toBeInTheDocument();
  await waitFor(() => expect(histogramParams.at(-1)?.start).toBe('1799990000'));
  // The interval chip shows the dragged range, not the interval it came from.
  const chipText = () => screen.getByTestId(`${componentIds.filterMenuButton}-interval`).textContent;
  expect(chipText()).toBe(`Interval: ${absoluteRangeLabel(1799990000, 1799995001)}`);
  expect(chipText()).not.toContain('24');
  // Back to the interval: the view before the drag (24 hours), not the default interval.
  fireEvent.click(screen.getByTestId(logsExplorerIds.timeRangeReset));
  await waitFor(() => expect(view.location()).not.toContain('from='));
  expect(query().get('interval')).toBe('24h');
  expect(chipText()).toBe('Interval: Last 24 hours');

  // The field sidebar: a field's top values with their share; a click filters in, the minus out.
  fireEvent.click(screen.getByTestId(logsExplorerIds.sidebarToggle));
  fireEvent.click(screen.getByTestId(`${logsExplorerIds.sidebarField}-userid`));
  const value = await screen.findByTestId(`${logsExplorerIds.sidebarValue}-userid-user0@acme.example`);
  expect(value).toHaveTextContent('50%');
  fireEvent.click(value);
  await waitFor(() => expect(query().get('userid')).toBe('user0@acme.example'));
  // The bar does not show User: its own chip does, and removing it drops the filter.
  fireEvent.click(screen.getByTestId(logsExplorerIds.filterOut + '-userid'));
  await waitFor(() => expect(query().get('userid!')).toBe('user0@acme.example'));
  const chip = screen.getByTestId(`${logsExplorerIds.excludeChip}-userid-user0@acme.example`);
  expect(chip).toHaveTextContent('is not user0@acme.example');
  fireEvent.click(within(chip).getByTestId('CancelIcon'));
  await waitFor(() => expect(view.location()).not.toContain('userid'));
});

it('the details drawer: a linked event on load, labels, previous/next, its URL, filter out; a cell menu filters in', async () => {
  // AG Grid reports an API call whose module is not registered on the console and does nothing:
  // next's ensureIndexVisible once scrolled nothing for want of ScrollApiModule.
  const consoleError = jest.spyOn(console, 'error');
  const agGridErrors = () =>
    consoleError.mock.calls.filter(([message]) => String(message).startsWith('AG Grid'));
  // A linked event that is not among the first rows: read by its millisecond on load.
  const { view, gridQueries, query } = renderExplorer(`/logs/web?interval=24h&event=1_${T0 - 999_000}`);
  // The linked event opens on load, found by its millisecond; it is not in the grid's cache yet.
  const drawer = await screen.findByTestId(logsIds.detail, undefined, GRID);
  expect(within(drawer).getByTestId(`${logsIds.detailField}-userid`)).toHaveTextContent(
    'user999@acme.example',
  );
  expect(within(drawer).queryByTestId(`${logsIds.detailField}-index`)).toBeNull();
  // Labels, not codes: 'block' reads as its vocabulary label.
  expect(within(drawer).getByTestId(`${logsIds.detailField}-action`)).toHaveTextContent('Block');
  expect(within(drawer).getByTestId(`${logsIds.detailField}-action`)).not.toHaveTextContent('(block)');
  expect(within(drawer).getByTestId(`${logsIds.detailField}-event_time`)).toHaveTextContent(
    new Date(T0 - 999_000).toLocaleString(),
  );
  fireEvent.click(within(drawer).getByTestId(logsIds.detailClose));
  await waitFor(() => expect(view.location()).not.toContain('event='));

  // A row opens the drawer with its own URL; next follows the grid's order; filter out from it.
  const cell = await screen.findByText('site0.example', undefined, GRID);
  // Opening an event keeps the query: the relative range is not run again with a new end.
  const queriesBefore = gridQueries.length;
  fireEvent.click(cell);
  await waitFor(() => expect(view.location()).toContain(`event=1000_${T0}`));
  const opened = await screen.findByTestId(logsIds.detail);
  expect(within(opened).getByTestId(logsExplorerIds.detailPrevious)).toBeDisabled();
  fireEvent.click(within(opened).getByTestId(logsExplorerIds.detailNext));
  await waitFor(() => expect(view.location()).toContain(`event=999_${T0 - 1000}`));
  expect(gridQueries.length).toBe(queriesBefore);
  await waitFor(() =>
    expect(
      within(screen.getByTestId(logsIds.detail)).getByTestId(`${logsIds.detailField}-userid`),
    ).toHaveTextContent('user1@acme.example'),
  );
  fireEvent.click(
    within(screen.getByTestId(logsIds.detail)).getByTestId(`${logsExplorerIds.filterOut}-domain`),
  );
  await waitFor(() => expect(query().get('domain!')).toBe('site1.example'));
  expect(view.location()).not.toContain('event=');

  // Any cell: its context menu filters in (or out) on its value.
  fireEvent.contextMenu(await screen.findByText('site2.example', undefined, GRID));
  fireEvent.click(await screen.findByTestId(`${logsExplorerIds.filterIn}-domain`));
  await waitFor(() => expect(query().get('domain')).toBe('site2.example'));
  expect(agGridErrors()).toEqual([]);
  consoleError.mockRestore();
});

it('Visualise opens its dialog (loaded on first use) and keeps its choices from one opening to the next', async () => {
  const { view } = renderExplorer('/logs/web?interval=24h&to=1800000000');
  view.mock.onGet(BOARD_PATHS.list).reply(200, { boards: [], start_board: null });
  fireEvent.click(await screen.findByTestId(logsExplorerIds.sidebarToggle));
  fireEvent.click(await screen.findByTestId(`${boardsIds.visualise}-userid`));
  const dialog = await screen.findByTestId(boardsIds.visualiseDialog);
  fireEvent.change(within(dialog).getByTestId(boardsIds.visualiseNewName), { target: { value: 'Users' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByTestId(boardsIds.visualiseDialog)).toBeNull());
  fireEvent.click(screen.getByTestId(`${boardsIds.visualise}-userid`));
  expect(await screen.findByTestId(boardsIds.visualiseNewName)).toHaveValue('Users');
});

it('the Visualise buttons share one tooltip: it shows at the button hovered, follows to the next, and goes when the pointer leaves', async () => {
  renderExplorer('/logs/web?interval=24h&to=1800000000');
  fireEvent.click(await screen.findByTestId(logsExplorerIds.sidebarToggle));
  const user = await screen.findByTestId(`${boardsIds.visualise}-userid`);
  expect(user).toHaveAccessibleName('Visualise User');
  expect(screen.queryByRole('tooltip')).toBeNull();
  fireEvent.mouseEnter(user);
  expect(await screen.findByRole('tooltip')).toHaveTextContent('Visualise on a dashboard');
  const action = screen.getByTestId(`${boardsIds.visualise}-action`);
  fireEvent.mouseLeave(user);
  fireEvent.mouseEnter(action);
  await waitFor(() => expect(screen.getAllByRole('tooltip')).toHaveLength(1));
  fireEvent.mouseLeave(action);
  await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
});
