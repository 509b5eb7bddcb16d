import { render, screen } from '@testing-library/react';
import { KpiTile } from './KpiTile';

describe('KpiTile', () => {
  test('label, formatted value, and the change with an arrow and an accessible sentence', () => {
    render(<KpiTile label="Blocked requests" value={1120} previous={1000} testId="kpi" />);
    const tile = screen.getByTestId('kpi');
    expect(tile).toHaveTextContent('Blocked requests');
    expect(tile).toHaveTextContent('1,120');
    expect(screen.getByText('up 12% on the previous period')).toBeInTheDocument();
    // The arrow and short percentage are for the eye only.
    const visual = screen.getByText(/▲/);
    expect(visual).toHaveAttribute('aria-hidden', 'true');
    expect(visual).toHaveTextContent('▲ 12%');
  });

  test('a fall, with the value through formatValue', () => {
    render(<KpiTile label="Bytes" value={750} previous={1000} formatValue={(v) => `${v} B`} testId="kpi" />);
    expect(screen.getByTestId('kpi')).toHaveTextContent('750 B');
    expect(screen.getByText('down 25% on the previous period')).toBeInTheDocument();
    expect(screen.getByText(/▼/)).toHaveTextContent('▼ 25%');
  });

  test('from 0: no percentage; without a previous period no change is shown', () => {
    const { unmount } = render(<KpiTile label="Threats" value={3} previous={0} />);
    expect(screen.getByText('up from 0 on the previous period')).toBeInTheDocument();
    expect(screen.getByText(/▲/)).toHaveTextContent('▲ from 0');
    unmount();
    render(<KpiTile label="Threats" value={3} testId="kpi" />);
    expect(screen.getByTestId('kpi')).toHaveTextContent(/^Threats3$/);
    expect(screen.queryByText(/previous period/)).not.toBeInTheDocument();
  });
});
