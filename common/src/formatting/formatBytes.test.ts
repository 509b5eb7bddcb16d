import { formatBytes } from './formatBytes';

describe("Byte display units B, KB, MB, GB, TB, base 1024; shows '0 MB' for zero or invalid", () => {
  it.each([
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 ** 2, '1 MB'],
    [5.25 * 1024 ** 3, '5.25 GB'],
    [1024 ** 4, '1 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
    [1024 * 1024 - 1, '1 MB'],
    [1234567, '1.18 MB'],
  ])('%d bytes → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
  it.each([0, -1, Number.NaN, Infinity, null, undefined, '', 'abc'])("%p → '0 MB'", (value) =>
    expect(formatBytes(value as number)).toBe('0 MB'),
  );
  it('accepts a numeric string', () => expect(formatBytes('2048')).toBe('2 KB'));
});
