import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EChart } from './EChart';
import { CHANGE_MARKERS_LABEL } from './ChangeMarkerList';
import { CHART_THEME_NAMES } from './themes/chartThemes';
import type { ChangeMarker } from './options/changeMarkers';

// No canvas in jsdom: the drawing is the browser tests'; here only what EChart hands to ECharts,
// through a stand-in instance.
interface FakeChart {
  theme: string;
  options: unknown[];
  handlers: Record<string, (p: unknown) => void>;
  actions: unknown[];
  disposed: boolean;
}
const made: FakeChart[] = [];
jest.mock('echarts/core', () => ({
  ...jest.requireActual('echarts/core'),
  init: (_host: HTMLElement, theme: string) => {
    const fake: FakeChart = { theme, options: [], handlers: {}, actions: [], disposed: false };
    made.push(fake);
    return {
      setOption: (option: unknown) => fake.options.push(option),
      on: (event: string, handler: (p: unknown) => void) => {
        fake.handlers[event] = handler;
      },
      dispatchAction: (action: unknown) => fake.actions.push(action),
      resize: () => undefined,
      dispose: () => {
        fake.disposed = true;
      },
    };
  },
}));
const lastChart = () => made[made.length - 1];
/** The option of the latest draw, once the draw queue has run it. */
const drawnOption = async () => {
  await waitFor(() => expect(lastChart()?.options.length).toBeGreaterThan(0));
  return lastChart().options.at(-1) as {
    animation?: boolean;
    series?: { markLine?: { data: { revId: number }[] } }[];
  };
};
beforeEach(() => {
  made.length = 0;
});

describe('EChart', () => {
  test('the light theme by default; a new theme disposes the instance and draws in a new one', async () => {
    const { rerender } = render(<EChart option={{}} label="Top domains chart" />);
    expect(screen.getByRole('img', { name: 'Top domains chart' })).toBeInTheDocument();
    await drawnOption();
    expect(made.map((c) => c.theme)).toEqual([CHART_THEME_NAMES.light]);
    rerender(<EChart option={{}} label="Top domains chart" theme="dark" />);
    await waitFor(() => expect(made).toHaveLength(2));
    expect(made[0].disposed).toBe(true);
    expect(lastChart().theme).toBe(CHART_THEME_NAMES.dark);
    await drawnOption();
  });

  test('one instance per chart: a new option is drawn in it, after the page has painted', async () => {
    const { rerender, unmount } = render(<EChart option={{ series: [] }} label="Requests chart" />);
    // Nothing is drawn inside React's commit: the draw waits for the next paint.
    expect(made).toHaveLength(0);
    await drawnOption();
    rerender(<EChart option={{ series: [{ type: 'bar', data: [1] }] }} label="Requests chart" />);
    await waitFor(() => expect(lastChart().options).toHaveLength(2));
    expect(made).toHaveLength(1);
    expect(lastChart().options[1]).toEqual({ series: [{ type: 'bar', data: [1] }] });
    unmount();
    expect(lastChart().disposed).toBe(true);
  });

  test('a chart gone before its turn is never drawn', async () => {
    const { unmount } = render(<EChart option={{ series: [] }} label="Requests chart" />);
    unmount();
    render(<EChart option={{ series: [] }} label="Bandwidth chart" />);
    await drawnOption();
    expect(made).toHaveLength(1);
  });

  test('drawn without animation when the system asks for reduced motion, animated otherwise', async () => {
    const original = window.matchMedia;
    const reduce = { value: true };
    window.matchMedia = ((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)' && reduce.value,
    })) as unknown as typeof window.matchMedia;
    try {
      const { unmount } = render(<EChart option={{ series: [] }} label="Requests chart" />);
      expect(await drawnOption()).toMatchObject({ animation: false, series: [] });
      unmount();
      reduce.value = false;
      render(<EChart option={{ series: [] }} label="Requests chart" />);
      await waitFor(() => expect(made).toHaveLength(2));
      expect(await drawnOption()).toEqual({ series: [] });
    } finally {
      window.matchMedia = original;
    }
  });

  test('a drag on the x axis reports its range and clears the selection; the brush is taken when the pointer comes over the chart, anew after each draw', async () => {
    const ranges: [number, number][] = [];
    const { rerender } = render(
      <EChart option={{ brush: {} }} label="Histogram" onBrushX={(from, to) => ranges.push([from, to])} />,
    );
    await drawnOption();
    const takes = () =>
      lastChart().actions.filter((a) => (a as { type: string }).type === 'takeGlobalCursor');
    const host = screen.getByRole('img', { name: 'Histogram' }).firstElementChild as HTMLElement;
    // Not with the draw: the page's load does not pay for it.
    expect(takes()).toHaveLength(0);
    fireEvent.pointerEnter(host);
    fireEvent.pointerEnter(host);
    expect(takes()).toHaveLength(1);
    lastChart().handlers.brushEnd({ areas: [{ coordRange: [100, 200] }] });
    // An empty or reversed range is only cleared.
    lastChart().handlers.brushEnd({ areas: [{ coordRange: [300, 300] }] });
    expect(ranges).toEqual([[100, 200]]);
    expect(lastChart().actions).toContainEqual({ type: 'brush', areas: [] });
    rerender(
      <EChart
        option={{ brush: {}, series: [] }}
        label="Histogram"
        onBrushX={(from, to) => ranges.push([from, to])}
      />,
    );
    await waitFor(() => expect(lastChart().options).toHaveLength(2));
    expect(takes()).toHaveLength(1);
    fireEvent.pointerEnter(host);
    expect(takes()).toHaveLength(2);
  });

  test('a chart without onBrushX never takes the brush', async () => {
    render(<EChart option={{}} label="Top domains chart" />);
    await drawnOption();
    fireEvent.pointerEnter(screen.getByRole('img', { name: 'Top domains chart' }).firstElementChild!);
    expect(lastChart().actions).toEqual([]);
  });

  test('change markers: drawn as mark lines, listed as buttons; a line or a button opens its revision', async () => {
    const markers: ChangeMarker[] = [
      {
        revId: 12,
        at: Date.UTC(2026, 10, 29, 14, 5),
        by: 'admin@acme.example',
        comment: 'Block gambling',
        rolledBackFrom: null,
      },
      { revId: 13, at: Date.UTC(2026, 10, 29, 15, 0), by: 'ann', comment: null, rolledBackFrom: 9 },
    ];
    const opened: number[] = [];
    const clicked: number[] = [];
    render(
      <EChart
        option={{ xAxis: { type: 'time' }, series: [{ type: 'line', data: [] }] }}
        label="Requests chart"
        changeMarkers={markers}
        onChangeMarker={(rev) => opened.push(rev)}
        onClick={(c) => clicked.push(c.dataIndex)}
      />,
    );
    expect((await drawnOption()).series?.[0].markLine?.data.map((d) => d.revId)).toEqual([12, 13]);
    const list = screen.getByRole('list', { name: CHANGE_MARKERS_LABEL });
    fireEvent.click(
      within(list).getByRole('button', {
        name: 'Revision 12 published by admin@acme.example, 2026-11-29 14:05: Block gambling',
      }),
    );
    lastChart().handlers.click({ componentType: 'markLine', data: { revId: 13 } });
    lastChart().handlers.click({ componentType: 'series', dataIndex: 4, data: [0, 1] });
    expect(opened).toEqual([12, 13]);
    expect(clicked).toEqual([4]);
  });

  // Last: useInView keeps its one observer for the rest of the file.
  test('a chart out of view is drawn when it comes into view, and not again when it scrolls away and back', async () => {
    const targets = new Map<string, Element>();
    let report: IntersectionObserverCallback = () => undefined;
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback) {
        report = callback;
      }
      observe(element: Element) {
        targets.set(element.parentElement?.getAttribute('aria-label') ?? '', element);
      }
      unobserve() {}
      disconnect() {}
    }
    const global = globalThis as { IntersectionObserver?: unknown };
    global.IntersectionObserver = FakeObserver;
    try {
      const inView = (label: string, isIntersecting: boolean) =>
        act(() =>
          report(
            [{ target: targets.get(label), isIntersecting } as unknown as IntersectionObserverEntry],
            {} as IntersectionObserver,
          ),
        );
      const below = { series: [] };
      const { rerender } = render(
        <>
          <EChart option={{ series: [] }} label="Top chart" />
          <EChart option={below} label="Below the fold chart" />
        </>,
      );
      inView('Top chart', true);
      await drawnOption();
      // The queue has drawn the chart in view; the one below has not been asked for.
      expect(made).toHaveLength(1);

      inView('Below the fold chart', true);
      await waitFor(() => expect(made).toHaveLength(2));
      await waitFor(() => expect(made[1].options).toHaveLength(1));

      inView('Below the fold chart', false);
      inView('Below the fold chart', true);
      // A new option for the top chart: once it is drawn, the queue has had its turn.
      rerender(
        <>
          <EChart option={{ series: [{ type: 'bar', data: [1] }] }} label="Top chart" />
          <EChart option={below} label="Below the fold chart" />
        </>,
      );
      await waitFor(() => expect(made[0].options).toHaveLength(2));
      expect(made[1].options).toHaveLength(1);
    } finally {
      delete global.IntersectionObserver;
    }
  });
});
