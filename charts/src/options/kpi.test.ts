import { kpiChangeText, kpiOf, percentText } from './kpi';

describe('kpiOf', () => {
  test('a rise, a fall and no change against the previous period', () => {
    expect(kpiOf(112, 100)).toEqual({ value: 112, previous: 100, change: 0.12, direction: 'up' });
    expect(kpiOf(75, 100)).toEqual({ value: 75, previous: 100, change: -0.25, direction: 'down' });
    expect(kpiOf(5, 5)).toEqual({ value: 5, previous: 5, change: 0, direction: 'flat' });
  });

  test('previous 0: no change (not Infinity), the direction still tells', () => {
    expect(kpiOf(7, 0)).toEqual({ value: 7, previous: 0, change: null, direction: 'up' });
    expect(kpiOf(0, 0)).toEqual({ value: 0, previous: 0, change: null, direction: 'flat' });
  });

  test('no previous period: neither change nor direction', () => {
    expect(kpiOf(3, null)).toEqual({ value: 3, previous: null, change: null, direction: null });
  });
});

describe('the change in words', () => {
  test('percent and direction on the previous period', () => {
    expect(kpiChangeText(kpiOf(112, 100))).toBe('up 12% on the previous period');
    expect(kpiChangeText(kpiOf(75, 100))).toBe('down 25% on the previous period');
    expect(kpiChangeText(kpiOf(5, 5))).toBe('flat on the previous period');
    expect(kpiChangeText(kpiOf(7, 0), (v) => `${v} B`)).toBe('up from 0 B on the previous period');
    expect(kpiChangeText(kpiOf(7, null))).toBeNull();
  });

  test('a tiny change is "<1%", not "0%"', () => {
    expect(percentText(0.001)).toBe('<1%');
    expect(percentText(-0.126)).toBe('13%');
    expect(percentText(0)).toBe('0%');
  });
});
