import { fireEvent, render, screen, within } from '@testing-library/react';
import { EChart } from './EChart';
import { CHANGE_MARKERS_LABEL } from './ChangeMarkerList';
import { CHART_THEME_NAMES } from './themes/chartThemes';
import type { ChangeMarker } from './options/changeMarkers';

// No canvas in jsdom: the drawing is the browser tests'; here only what EChart hands to ECharts.
const handed: {
  option?: { series?: { markLine?: { data: { revId: number }[] } }[] };
  onEvents?: Record<string, (p: unknown) => void>;
} = {};
jest.mock('echarts-for-react/lib/core', () => ({
  __esModule: true,
  default: (props: { theme?: string; option: never; onEvents: never }) => {
    handed.option = props.option;
    handed.onEvents = props.onEvents;
    return <div data-testid="echarts" data-theme={props.theme} />;
  },
}));

describe('EChart', () => {
  test('the light theme by default, the dark one on request', () => {
    const { rerender } = render(<EChart option={{}} label="Top domains chart" />);
    expect(screen.getByRole('img', { name: 'Top domains chart' })).toBeInTheDocument();
    expect(screen.getByTestId('echarts')).toHaveAttribute('data-theme', CHART_THEME_NAMES.light);
    rerender(<EChart option={{}} label="Top domains chart" theme="dark" />);
    expect(screen.getByTestId('echarts')).toHaveAttribute('data-theme', CHART_THEME_NAMES.dark);
  });

  test('drawn without animation when the system asks for reduced motion, animated otherwise', () => {
    const original = window.matchMedia;
    const reduce = { value: true };
    window.matchMedia = ((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)' && reduce.value,
    })) as unknown as typeof window.matchMedia;
    try {
      const { unmount } = render(<EChart option={{ series: [] }} label="Requests chart" />);
      expect(handed.option).toMatchObject({ animation: false, series: [] });
      unmount();
      reduce.value = false;
      render(<EChart option={{ series: [] }} label="Requests chart" />);
      expect(handed.option).toEqual({ series: [] });
    } finally {
      window.matchMedia = original;
    }
  });

  test('change markers: drawn as mark lines, listed as buttons; a line or a button opens its revision', () => {
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
    expect(handed.option?.series?.[0].markLine?.data.map((d) => d.revId)).toEqual([12, 13]);
    const list = screen.getByRole('list', { name: CHANGE_MARKERS_LABEL });
    fireEvent.click(
      within(list).getByRole('button', {
        name: 'Revision 12 published by admin@acme.example, 2026-11-29 14:05: Block gambling',
      }),
    );
    handed.onEvents?.click({ componentType: 'markLine', data: { revId: 13 } });
    handed.onEvents?.click({ componentType: 'series', dataIndex: 4, data: [0, 1] });
    expect(opened).toEqual([12, 13]);
    expect(clicked).toEqual([4]);
  });
});
