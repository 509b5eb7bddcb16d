import { render, screen } from '@testing-library/react';
import { EChart } from './EChart';
import { CHART_THEME_NAMES } from './themes/chartThemes';

// No canvas in jsdom: the drawing is the browser tests'; here only what EChart hands to ECharts.
jest.mock('echarts-for-react/lib/core', () => ({
  __esModule: true,
  default: (props: { theme?: string }) => <div data-testid="echarts" data-theme={props.theme} />,
}));

describe('EChart', () => {
  test('the light theme by default, the dark one on request', () => {
    const { rerender } = render(<EChart option={{}} label="Top domains chart" />);
    expect(screen.getByRole('img', { name: 'Top domains chart' })).toBeInTheDocument();
    expect(screen.getByTestId('echarts')).toHaveAttribute('data-theme', CHART_THEME_NAMES.light);
    rerender(<EChart option={{}} label="Top domains chart" theme="dark" />);
    expect(screen.getByTestId('echarts')).toHaveAttribute('data-theme', CHART_THEME_NAMES.dark);
  });
});
