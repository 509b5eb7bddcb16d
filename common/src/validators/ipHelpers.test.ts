import {
  cidrToRange,
  ipv4ToNumber,
  isIPv6,
  isPrivateIPv4,
  isSpecialPurposeIPv4,
  maskToPrefix,
  numberToIpv4,
  parseIpv4Range,
  parseIPv6,
  prefixToMask,
  rangesOverlap,
  splitCidr,
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

describe('edges the mutants found unpinned (issue 18)', () => {
  it('overlap is the same whichever range comes first', () => {
    const pairs: [string, string, boolean][] = [
      ['10.0.0.11-10.0.0.20', '10.0.0.1-10.0.0.10', false],
      ['10.0.0.10-10.0.0.20', '10.0.0.1-10.0.0.10', true],
      ['10.0.1.0/24', '10.0.0.0/24', false],
      ['10.20.30.40', '10.0.0.0/8', true],
      ['10.0.0.0/24', '10.0.0.5-10.0.0.6', true],
    ];
    for (const [a, b, overlap] of pairs) {
      expect(rangesOverlap(a, b)).toBe(overlap);
      expect(rangesOverlap(b, a)).toBe(overlap);
    }
  });

  it('a /32 and a one-address range are the single address; /0 is everything', () => {
    const one = ipv4ToNumber('10.1.2.3');
    expect(cidrToRange('10.1.2.3/32')).toEqual({ start: one, end: one });
    expect(parseIpv4Range('10.1.2.3-10.1.2.3')).toEqual({ start: one, end: one });
    expect(parseIpv4Range(' 10.1.2.3 ')).toEqual({ start: one, end: one });
    expect(cidrToRange('10.1.2.3/31')).toEqual({ start: one - 1, end: one });
    expect(cidrToRange('1.2.3.4/0')).toEqual({ start: 0, end: 0xffffffff });
    expect(rangesOverlap('10.1.2.3/32', '10.1.2.3')).toBe(true);
    expect(rangesOverlap('10.1.2.3/32', '10.1.2.4')).toBe(false);
    expect(() => cidrToRange('10.1.2.3/33')).toThrow('invalid CIDR subnet');
    expect(() => parseIpv4Range('10.0.0.2-10.0.0.1')).toThrow('Invalid ip address');
    expect(() => parseIpv4Range('10.0.0.1-10.0.0.2-10.0.0.3')).toThrow('Invalid ip address');
  });

  it('IPv6: each side of :: has 1–4 hex digit groups, 8 groups in all, an IPv4 tail only at the end', () => {
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('fe80::')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6('ABCD:ef01::ffff')).toEqual([0xabcd, 0xef01, 0, 0, 0, 0, 0, 0xffff]);
    expect(parseIPv6('::ffff:192.168.1.2')).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc0a8, 0x0102]);
    expect(parseIPv6('1:2:3:4:5:6:10.0.0.1')).toEqual([1, 2, 3, 4, 5, 6, 0x0a00, 1]);
    expect(parseIPv6('1:2:3:4:5:6:7::')).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    for (const bad of [
      '',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4::5:6:7:8',
      '1::2::3',
      '12345::',
      '::g',
      '1:2:3:4:5:6:7:8::',
      '10.0.0.1::',
      '::10.0.0.1:1',
      '::300.0.0.1',
      ':1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:',
      '1:2:3:4:5:6:7:8:10.0.0.1',
    ]) {
      expect(parseIPv6(bad)).toBeNull();
      expect(isIPv6(bad)).toBe(false);
    }
    expect(isIPv6('2001:db8::1')).toBe(true);
  });

  it('numbers and addresses convert both ways at the ends; malformed input throws the exact message', () => {
    expect(ipv4ToNumber('255.255.255.255')).toBe(0xffffffff);
    expect(numberToIpv4(0)).toBe('0.0.0.0');
    expect(numberToIpv4(0xffffffff)).toBe('255.255.255.255');
    for (const bad of [-1, 0x100000000, 1.5, Number.NaN])
      expect(() => numberToIpv4(bad)).toThrow('Invalid ip address');
    expect(() => ipv4ToNumber('010.0.0.1')).toThrow('Invalid ip address');
    expect(prefixToMask(0)).toBe('0.0.0.0');
    expect(prefixToMask(32)).toBe('255.255.255.255');
    for (const bad of [-1, 33, 1.5]) expect(() => prefixToMask(bad)).toThrow('invalid CIDR subnet');
    expect(maskToPrefix('0.0.0.0')).toBe(0);
    expect(maskToPrefix('255.255.255.255')).toBe(32);
    expect(() => maskToPrefix('255.0.255.0')).toThrow('invalid CIDR subnet');
  });

  it('private and special-purpose blocks end where they should', () => {
    expect(isPrivateIPv4('172.16.0.0')).toBe(true);
    expect(isPrivateIPv4('172.31.255.255')).toBe(true);
    expect(isPrivateIPv4('172.32.0.0')).toBe(false);
    expect(isPrivateIPv4('172.15.255.255')).toBe(false);
    expect(isPrivateIPv4('192.168.255.255')).toBe(true);
    expect(isPrivateIPv4('11.0.0.0')).toBe(false);
    expect(isSpecialPurposeIPv4('0.255.255.255')).toBe(true);
    expect(isSpecialPurposeIPv4('1.0.0.0')).toBe(false);
    expect(isSpecialPurposeIPv4('169.254.255.255')).toBe(true);
    expect(isSpecialPurposeIPv4('169.255.0.0')).toBe(false);
    expect(isSpecialPurposeIPv4('223.255.255.255')).toBe(false);
    expect(isSpecialPurposeIPv4('224.0.0.0')).toBe(true);
  });

  it('splitCidr: address and prefix, or null for other shapes', () => {
    expect(splitCidr('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8 });
    expect(splitCidr('x/0')).toEqual({ address: 'x', prefix: 0 });
    for (const bad of [
      '10.0.0.0',
      '10.0.0.0/',
      '/8',
      '10.0.0.0/08',
      '10.0.0.0/1234',
      '10.0.0.0 /8',
      '1/2/3',
    ]) {
      expect(splitCidr(bad)).toBeNull();
    }
  });
});
