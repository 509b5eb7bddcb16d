import {
  cidrToRange,
  ipv4ToNumber,
  isPrivateIPv4,
  maskToPrefix,
  numberToIpv4,
  parseIpv4Range,
  prefixToMask,
  rangesOverlap,
  truncateToTwoDecimals,
} from './ipHelpers';

describe("The IP helper throws 'Invalid ip address', 'invalid CIDR input' or 'invalid CIDR subnet' on malformed input", () => {
  it.each(['10.0.0', '300.1.1.1', '01.1.1.1', ''])("'Invalid ip address' for %j", (value) => {
    expect(() => ipv4ToNumber(value)).toThrow('Invalid ip address');
    expect(() => isPrivateIPv4(value)).toThrow('Invalid ip address');
  });
  it.each([
    '10.0.0.0',
    '10.0.0/8',
    '10.0.0.0/',
    '10.0.0.0/x',
    '/8',
    '10.0.0.0/8/8',
    '10.0.0.0/08',
    '10.0.0.0/011',
    '0.0.0.0/00',
  ])("'invalid CIDR input' for %j", (value) =>
    expect(() => cidrToRange(value)).toThrow('invalid CIDR input'),
  );
  it("'invalid CIDR subnet' for a prefix above 32 or a non-contiguous mask", () => {
    expect(() => cidrToRange('10.0.0.0/33')).toThrow('invalid CIDR subnet');
    expect(() => maskToPrefix('255.0.255.0')).toThrow('invalid CIDR subnet');
    expect(() => prefixToMask(33)).toThrow('invalid CIDR subnet');
    expect(() => prefixToMask(-1)).toThrow('invalid CIDR subnet');
    expect(() => prefixToMask(1.5)).toThrow('invalid CIDR subnet');
  });
  it("a CIDR prefix with a leading zero is 'invalid CIDR input' in ranges and overlap tests too", () => {
    expect(() => parseIpv4Range('10.0.0.0/08')).toThrow('invalid CIDR input');
    expect(() => rangesOverlap('10.0.0.0/08', '10.0.0.1')).toThrow('invalid CIDR input');
    expect(cidrToRange('0.0.0.0/0')).toEqual({ start: 0, end: 0xffffffff });
  });
  it("'Invalid ip address' for a range whose start is above its end", () => {
    expect(() => parseIpv4Range('10.0.0.9-10.0.0.1')).toThrow('Invalid ip address');
  });
});

describe('Private IPv4 range test (10/8, 172.16/12, 192.168/16)', () => {
  it.each(['10.0.0.0', '10.255.255.255', '172.16.0.0', '172.31.255.255', '192.168.0.1'])(
    '%s is private',
    (ip) => expect(isPrivateIPv4(ip)).toBe(true),
  );
  it.each([
    '9.255.255.255',
    '11.0.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.169.0.0',
    '8.8.8.8',
    '0.0.0.0',
    '255.255.255.255',
  ])('%s is not private', (ip) => expect(isPrivateIPv4(ip)).toBe(false));
});

describe('Overlap test between ranges', () => {
  it('ranges sharing an address overlap (ends inclusive)', () => {
    expect(rangesOverlap('10.0.0.1-10.0.0.10', '10.0.0.10-10.0.0.20')).toBe(true);
    expect(rangesOverlap('10.0.0.0/24', '10.0.0.128-10.0.1.5')).toBe(true);
    expect(rangesOverlap('10.0.0.0/8', '10.20.30.40')).toBe(true);
    expect(rangesOverlap('10.0.0.5-10.0.0.6', '10.0.0.0/24')).toBe(true);
  });
  it('adjacent or distant ranges do not overlap', () => {
    expect(rangesOverlap('10.0.0.1-10.0.0.10', '10.0.0.11-10.0.0.20')).toBe(false);
    expect(rangesOverlap('10.0.0.0/24', '10.0.1.0/24')).toBe(false);
    expect(rangesOverlap({ start: 1, end: 2 }, { start: 3, end: 4 })).toBe(false);
  });
  it('a CIDR with host bits is its whole network', () => {
    expect(cidrToRange('10.1.2.3/8')).toEqual({
      start: ipv4ToNumber('10.0.0.0'),
      end: ipv4ToNumber('10.255.255.255'),
    });
    expect(cidrToRange('0.0.0.0/0')).toEqual({ start: 0, end: 0xffffffff });
  });
});

describe('Mask-to-prefix and prefix-to-mask conversion', () => {
  it.each([
    [0, '0.0.0.0'],
    [1, '128.0.0.0'],
    [8, '255.0.0.0'],
    [20, '255.255.240.0'],
    [24, '255.255.255.0'],
    [31, '255.255.255.254'],
    [32, '255.255.255.255'],
  ])('/%i is %s and back', (prefix, mask) => {
    expect(prefixToMask(prefix)).toBe(mask);
    expect(maskToPrefix(mask)).toBe(prefix);
  });
  it('numbers and dotted quads convert both ways', () => {
    expect(numberToIpv4(ipv4ToNumber('192.168.1.254'))).toBe('192.168.1.254');
    expect(() => numberToIpv4(2 ** 32)).toThrow('Invalid ip address');
  });
});

describe('Truncating a number to two decimals', () => {
  it.each([
    [1.239, 1.23],
    [1.999, 1.99],
    [0.29, 0.29],
    [1.005, 1],
    [-1.239, -1.23],
    [-0.001, 0],
    [42, 42],
    [12.3, 12.3],
  ])('%d → %d', (value, expected) => expect(truncateToTwoDecimals(value)).toBe(expected));
  it('leaves non-finite numbers as they are', () => {
    expect(truncateToTwoDecimals(Number.NaN)).toBeNaN();
    expect(truncateToTwoDecimals(Infinity)).toBe(Infinity);
  });
});
