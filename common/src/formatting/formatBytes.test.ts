import { BYTE_UNITS, bytesPerUnit, formatBytes } from './formatBytes';

describe("Byte display units B, KB, MB, GB, TB in decimal steps; shows '0 MB' for zero or invalid", () => {
  it.each([
    [1, '1 B'],
    [999, '999 B'],
    [1000, '1 KB'],
    [1024, '1.02 KB'],
    [1500, '1.5 KB'],
    [1e6, '1 MB'],
    [5.25e9, '5.25 GB'],
    [1e12, '1 TB'],
    [2000e12, '2000 TB'],
    [1e6 - 1, '1 MB'],
    [1234567, '1.23 MB'],
  ])('%d bytes → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
  it.each([0, -1, Number.NaN, Infinity, null, undefined, '', 'abc'])("%p → '0 MB'", (value) =>
    expect(formatBytes(value as number)).toBe('0 MB'),
  );
  it('accepts a numeric string', () => expect(formatBytes('2000')).toBe('2 KB'));

  it("a chart axis's round ticks read as round numbers (issue 31: 100,000,000 bytes read '95.37 MB')", () => {
    expect([0.5e8, 1e8, 1.5e8, 2e8, 2.5e9].map(formatBytes)).toEqual([
      '50 MB',
      '100 MB',
      '150 MB',
      '200 MB',
      '2.5 GB',
    ]);
  });

  it('each unit is a thousand of the one before', () => {
    expect(BYTE_UNITS.map(bytesPerUnit)).toEqual([1, 1e3, 1e6, 1e9, 1e12]);
  });
});
