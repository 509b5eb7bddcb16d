import { readableMinWidth } from '../data-table/tableModel';
import { statusColumnMinWidth } from './StatusChip';

describe('statusColumnMinWidth', () => {
  test('a column shows the longest label and the chip around it (a 120 px column cut "About to expire")', () => {
    const width = statusColumnMinWidth(['Active', 'About to expire', 'Expired']);
    expect(width).toBeGreaterThan(readableMinWidth('About to expire', false));
    expect(width).toBeGreaterThan(120);
    expect(statusColumnMinWidth(['Active'])).toBeLessThan(width);
  });
});
