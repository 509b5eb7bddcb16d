import { readableMinWidth } from '../data-table/tableModel';
import { statusChipColumnWidth } from './StatusChip';

describe('statusChipColumnWidth', () => {
  test('a column shows the longest label and the chip around it (a 120 px column cut "About to expire")', () => {
    const width = statusChipColumnWidth(['Active', 'About to expire', 'Expired']);
    expect(width).toBeGreaterThan(readableMinWidth('About to expire', false));
    expect(width).toBeGreaterThan(120);
    expect(statusChipColumnWidth(['Active'])).toBeLessThan(width);
  });
});
