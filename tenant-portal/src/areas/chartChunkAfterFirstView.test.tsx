/**
 * The logs histogram and the dashboard's panels ask for the chart's chunk (ECharts, ~200 KB
 * gzipped) only once the page's first view is on the screen (issue 42): asked for as they mounted,
 * the chunk's evaluation came before that view's paint and delayed it (bench/README.md, "The
 * chart's chunk after the first view is shown").
 */
import { act, screen, waitFor } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { handRunFrames } from '@workbench/charts/handRunFrames';
import { dashboardIds } from '@workbench/common/test-ids/index';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { demoUser, renderPortal, resetPortalEnv } from '../testing/renderPortal';

const mockLoadEChart = jest.fn(() => new Promise<never>(() => {}));
jest.mock('@workbench/charts/lazyEChart', () => ({
  loadEChart: () => mockLoadEChart(),
  LazyEChart: () => null,
}));

let browser: ReturnType<typeof handRunFrames>;
beforeEach(() => {
  browser = handRunFrames();
});
afterEach(() => {
  browser.restore();
  mockLoadEChart.mockClear();
  resetPortalEnv();
});

const PAGES: {
  page: string;
  path: string;
  shown: string;
  stubs: (mock: MockAdapter) => void;
  /** How many times the chunk is asked for: once by the histogram; by each panel on the dashboard. */
  times?: number;
}[] = [
  {
    page: 'the web logs (the histogram)',
    path: '/logs/web?interval=24h',
    shown: logsExplorerIds.histogram,
    times: 1,
    stubs: (mock) => {
      mock
        .onGet('/api/rep/v1/query/scan_web')
        .reply(200, { events: [], pagingIdentifiers: { last_iteration: true } });
      mock.onGet('/api/rep/v1/histogram/scan_web').reply(200, { total: 0, bucketMs: 60_000, buckets: [] });
    },
  },
  {
    page: 'the dashboard (its panels)',
    path: '/dashboard?interval=24h',
    shown: `${dashboardIds.panel}-top_domains`,
    stubs: (mock) => {
      mock
        .onGet(/^\/api\/rep\/v1\/query\/[a-z_]+$/)
        .reply((config) => [200, { name: String(config.url).split('/').at(-1), start: 0, end: 1, rows: [] }]);
    },
  },
];

it.each(PAGES)(
  "$page: the chart's chunk is asked for after the frame that follows the first view, not at its mount",
  async ({ path, shown, stubs, times }) => {
    renderPortal({ path, user: demoUser('admin'), stubs });
    await screen.findByTestId(shown, {}, { timeout: 60_000 });
    // Mounted: nothing asked yet, nor in the task after the first frame (the view's own paint).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(mockLoadEChart).not.toHaveBeenCalled();
    await act(() => browser.next());
    expect(mockLoadEChart).not.toHaveBeenCalled();
    // After the next frame, that view has been shown: the chunk is asked for (the browser fetches
    // a module once however many ask).
    await act(() => browser.next());
    await waitFor(() =>
      times === undefined
        ? expect(mockLoadEChart).toHaveBeenCalled()
        : expect(mockLoadEChart).toHaveBeenCalledTimes(times),
    );
  },
);
