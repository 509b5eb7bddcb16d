/**
 * The histogram asks for the chart's chunk (ECharts, ~200 KB gzipped) only once the logs page's
 * first view is on the screen (issue 42): fetched and evaluated at the page's mount, the chunk's
 * evaluation came before that view's paint and delayed it.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';

const mockLoadEChart = jest.fn(() => new Promise<never>(() => {}));
jest.mock('@workbench/charts/lazyEChart', () => ({
  loadEChart: () => mockLoadEChart(),
  LazyEChart: () => null,
}));

/** The browser's frames, run by hand: each runs the callbacks asked for before it. */
let queued: FrameRequestCallback[] = [];
async function nextFrame() {
  await act(async () => {
    const now = queued;
    queued = [];
    now.forEach((callback) => callback(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  queued = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => queued.push(callback));
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
    queued[id - 1] = () => {};
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  mockLoadEChart.mockClear();
  resetPortalEnv();
});

it("asks for the chart's chunk after the frame that follows the page's first view, not at its mount", async () => {
  renderPortal({
    path: '/logs/web?interval=24h',
    user: demoUser('admin'),
    stubs: (mock) => {
      mock
        .onGet('/api/rep/v1/query/scan_web')
        .reply(200, { events: [], pagingIdentifiers: { last_iteration: true } });
      mock.onGet('/api/rep/v1/histogram/scan_web').reply(200, { total: 0, bucketMs: 60_000, buckets: [] });
    },
  });
  await screen.findByTestId(logsExplorerIds.histogram, {}, { timeout: 60_000 });
  // Mounted: nothing asked yet, nor in the task after the first frame (the view's own paint).
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(mockLoadEChart).not.toHaveBeenCalled();
  await nextFrame();
  expect(mockLoadEChart).not.toHaveBeenCalled();
  // After the next frame, that view has been shown: the chunk is asked for.
  await nextFrame();
  await waitFor(() => expect(mockLoadEChart).toHaveBeenCalledTimes(1));
});
