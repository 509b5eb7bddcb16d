import { formatInZone, rangeInZone } from './timeInZone';

test('a time reads in the zone given, summer and winter time included', () => {
  const winter = Date.UTC(2026, 0, 15, 23, 30);
  expect(formatInZone(winter, 'UTC')).toBe('2026-01-15 23:30');
  // One hour ahead in winter: the next day already.
  expect(formatInZone(winter, 'Europe/Berlin')).toBe('2026-01-16 00:30');
  // Two hours ahead in summer.
  expect(formatInZone(Date.UTC(2026, 6, 15, 8, 5), 'Europe/Berlin')).toBe('2026-07-15 10:05');
});

test('a range names its zone once, after both ends', () => {
  expect(rangeInZone(Date.UTC(2026, 10, 29, 14, 5), Date.UTC(2026, 10, 29, 14, 10), 'America/New_York')).toBe(
    '2026-11-29 09:05 to 2026-11-29 09:10 (America/New_York)',
  );
});
