import { counted } from './counted';

test('one is singular; zero, many and fractions are plural; thousands are grouped', () => {
  expect(counted(1, 'event')).toBe('1 event');
  expect(counted(0, 'event')).toBe('0 events');
  expect(counted(2500, 'event')).toBe('2,500 events');
  expect(counted(1, 'entry', 'entries')).toBe('1 entry');
  expect(counted(3, 'entry', 'entries')).toBe('3 entries');
});
