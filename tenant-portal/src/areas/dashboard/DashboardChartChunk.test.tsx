/**
 * The dashboard's panels ask for the chart's chunk (ECharts, ~200 KB gzipped) only once the page's
 * first view is on the screen (issue 42): asked for as the panels mounted, the chunk's evaluation
 * came before that view's paint and delayed it (bench/README.md, "The chart's chunk after the first
 * view is shown").
 */
import { act, screen, waitFor } from '@testing-library/react';
import { dashboardIds } from '@workbench/common/test-ids/index';
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

it("asks for the chart's chunk after the frame that follows the page's first view, not as the panels mount", async () => {
  renderPortal({
    path: '/dashboard?interval=24h',
    user: demoUser('admin'),
    stubs: (mock) =>
      mock
        .onGet(/^\/api\/rep\/v1\/query\/[a-z_]+$/)
        .reply((config) => [200, { name: String(config.url).split('/').at(-1), start: 0, end: 1, rows: [] }]),
  });
  await screen.findByTestId(`${dashboardIds.panel}-top_domains`, {}, { timeout: 60_000 });
  // Mounted: nothing asked yet, nor in the task after the first frame (the view's own paint).
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(mockLoadEChart).not.toHaveBeenCalled();
  await nextFrame();
  expect(mockLoadEChart).not.toHaveBeenCalled();
  // After the next frame, that view has been shown: the chunk is asked for (once per panel; the
  // browser fetches a module once).
  await nextFrame();
  await waitFor(() => expect(mockLoadEChart).toHaveBeenCalled());
});
