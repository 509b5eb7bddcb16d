import {
  domain,
  email,
  hostAndPort,
  hostname,
  hostnameOrIp,
  ipOrIpRange,
  ipv4,
  ipv4Cidr,
  ipv6Cidr,
  portOrPortRange,
  standardDomainOrIp,
  standardIp,
} from './network';

describe('IPv4 [invalidIP]', () => {
  it.each(['0.0.0.0', '255.255.255.255', '10.0.0.1', '192.168.100.200'])('accepts %j', (value) =>
    expect(ipv4(value)).toBeNull(),
  );
  it.each([
    '010.0.0.1', // leading zero: ambiguous (octal in some tools)
    '10.0.0.01',
    '256.0.0.1',
    '10.0.0',
    '10.0.0.0.1',
    '10.0.0.-1',
    ' 10.0.0.1',
    '10.0.0.1 ',
    'a.b.c.d',
    '::1',
  ])('refuses %j', (value) => expect(ipv4(value)).toBe('invalidIP'));
});

describe('Single IP or IP range written with a hyphen, start lower than end [invalidIpRange or invalidIP]', () => {
  it.each(['10.0.0.1', '10.0.0.1-10.0.0.9', '10.0.0.1 - 10.0.0.9', '0.0.0.0-255.255.255.255'])(
    'accepts %j',
    (value) => expect(ipOrIpRange(value)).toBeNull(),
  );
  it('refuses a start not lower than the end', () => {
    expect(ipOrIpRange('10.0.0.9-10.0.0.1')).toBe('invalidIpRange');
    expect(ipOrIpRange('10.0.0.1-10.0.0.1')).toBe('invalidIpRange');
  });
  it.each([
    ' 10.0.0.1',
    '10.0.0.1 ',
    ' 10.0.0.1-10.0.0.9',
    '10.0.0.1-10.0.0.9 ',
    '\t10.0.0.1 - 10.0.0.9',
    '10.0.0.1-10.0.0.9\n',
  ])(
    'refuses whitespace around the whole value, single address or range alike, with invalidIP: %j',
    (value) => expect(ipOrIpRange(value)).toBe('invalidIP'),
  );
  it.each(['10.0.0.1-', '-10.0.0.1', '10.0.0.1-10.0.0.256', '10.0.0.1-10.0.0.5-10.0.0.9', '10.0.0.300'])(
    'refuses the malformed %j with invalidIP',
    (value) => expect(ipOrIpRange(value)).toBe('invalidIP'),
  );
});

describe('E-mail [invalidEmail]', () => {
  it.each(['admin@acme.example', 'first.last+tag@mail.example.co', "o'brien@example.com"])(
    'accepts %j',
    (value) => expect(email(value)).toBeNull(),
  );
  it.each([
    'admin',
    '@acme.example',
    'admin@',
    'admin@acme',
    'a..b@acme.example',
    '.a@acme.example',
    'a b@x.com',
    'a@b@c.com',
  ])('refuses %j', (value) => expect(email(value)).toBe('invalidEmail'));
});

describe('Hostname [invalidHostname]: up to 253 characters, each label up to 63', () => {
  const label63 = 'a'.repeat(63);
  // 3 labels of 63 + 1 label of 61 + 3 dots = 253
  const name253 = [label63, label63, label63, 'b'.repeat(61)].join('.');
  it('accepts 253 characters in all and 63 per label', () => {
    expect(name253).toHaveLength(253);
    expect(hostname(name253)).toBeNull();
    expect(hostname(`${label63}.example`)).toBeNull();
  });
  it('refuses 254 characters in all and 64 in a label', () => {
    expect(hostname(`${name253}b`)).toBe('invalidHostname');
    expect(hostname(`${'a'.repeat(64)}.example`)).toBe('invalidHostname');
  });
  it.each(['intranet', 'proxy-1.corp.example', 'xn--bcher-kva.example', '1host.example'])(
    'accepts %j',
    (value) => expect(hostname(value)).toBeNull(),
  );
  it.each([
    '-a.example',
    'a-.example',
    'a..example',
    'a_b.example',
    'example.com.',
    'a b',
    '10.0.0.300',
    '*.example.com',
  ])('refuses %j', (value) => expect(hostname(value)).toBe('invalidHostname'));
});

describe('Hostname or IP [invalidHostnameOrIp]; domain name [invalidDomain]', () => {
  it('hostname or IP accepts both and refuses neither', () => {
    expect(hostnameOrIp('10.0.0.1')).toBeNull();
    expect(hostnameOrIp('gateway.example')).toBeNull();
    expect(hostnameOrIp('10.0.0.256')).toBe('invalidHostnameOrIp');
    expect(hostnameOrIp('bad host')).toBe('invalidHostnameOrIp');
  });
  it('a domain needs two labels and a top-level label of letters', () => {
    expect(domain('acme.example')).toBeNull();
    expect(domain('sub.acme.co')).toBeNull();
    expect(domain('acme')).toBe('invalidDomain');
    expect(domain('acme.c')).toBe('invalidDomain');
    expect(domain('10.0.0.1')).toBe('invalidDomain');
  });
});

describe('Punycode (IDNA A-label) top-level domains: a TLD is letters, or xn-- then letters, digits, hyphens', () => {
  it.each([
    'example.xn--p1ai',
    'xn--80ak6aa92e.com',
    'EXAMPLE.XN--P1AI',
    'shop.xn--80asehdb',
    'a.xn--3e0b707e',
  ])('domain, e-mail and standard destination accept %j', (value) => {
    expect(domain(value)).toBeNull();
    expect(email(`admin@${value}`)).toBeNull();
    expect(standardDomainOrIp(value)).toBeNull();
  });
  it.each([
    'example.xn--',
    'example.xn-p1ai',
    'example.xn--p1ai-',
    'example.p1',
    'example.ab-cd',
    'example.x',
  ])('domain and e-mail still refuse %j', (value) => {
    expect(domain(value)).toBe('invalidDomain');
    expect(email(`admin@${value}`)).toBe('invalidEmail');
  });
});

describe('Non-standard domain or IP [nonStandardDomainOrIP]; non-standard IP [nonStandardIp]', () => {
  it('accepts a public-style domain and an ordinary address', () => {
    expect(standardDomainOrIp('www.acme.example')).toBeNull();
    expect(standardDomainOrIp('8.8.8.8')).toBeNull();
    expect(standardIp('10.1.2.3')).toBeNull();
  });
  it.each(['127.0.0.1', '0.0.0.0', '169.254.1.1', '224.0.0.1', '255.255.255.255'])(
    'refuses the special-purpose address %j',
    (value) => {
      expect(standardIp(value)).toBe('nonStandardIp');
      expect(standardDomainOrIp(value)).toBe('nonStandardDomainOrIP');
    },
  );
  it('refuses a single-label name as a destination, and a malformed IP as invalidIP', () => {
    expect(standardDomainOrIp('intranet')).toBe('nonStandardDomainOrIP');
    expect(standardIp('10.0.0')).toBe('invalidIP');
  });
});

describe('Port or port range, 1 to 5 digits, hyphen-separated [invalidPortOrPortRange]; a valid port is 1 to 65535 after a colon', () => {
  it.each(['1', '80', '65535', '8000-8080', '1-65535'])('accepts %j', (value) =>
    expect(portOrPortRange(value)).toBeNull(),
  );
  it.each(['0', '65536', '123456', '80-', '-80', '8080-8000', '80-80', '1-2-3', ' 80', '8o'])(
    'refuses %j',
    (value) => expect(portOrPortRange(value)).toBe('invalidPortOrPortRange'),
  );
  it('host:port takes the port after the colon, 1 to 65535', () => {
    expect(hostAndPort('proxy.example:8080')).toBeNull();
    expect(hostAndPort('10.0.0.1:1')).toBeNull();
    expect(hostAndPort('10.0.0.1:65535')).toBeNull();
    expect(hostAndPort('10.0.0.1:0')).toBe('invalidPort');
    expect(hostAndPort('10.0.0.1:65536')).toBe('invalidPort');
    expect(hostAndPort('10.0.0.1')).toBe('invalidPort');
    expect(hostAndPort('bad host:80')).toBe('invalidHostnameOrIp');
  });
});

describe('CIDR prefix 1 to 32 for IPv4; IPv6 CIDR prefix 32 to 128', () => {
  it('IPv4 accepts prefixes 1 and 32 and refuses 0 and 33', () => {
    expect(ipv4Cidr('10.0.0.0/1')).toBeNull();
    expect(ipv4Cidr('10.0.0.1/32')).toBeNull();
    expect(ipv4Cidr('10.0.0.0/0')).toBe('invalidCidr');
    expect(ipv4Cidr('10.0.0.0/33')).toBe('invalidCidr');
    expect(ipv4Cidr('10.0.0/8')).toBe('invalidCidr');
    expect(ipv4Cidr('10.0.0.0')).toBe('invalidCidr');
    expect(ipv4Cidr('10.0.0.0/')).toBe('invalidCidr');
  });
  it('IPv6 accepts prefixes 32 and 128 and refuses 31 and 129', () => {
    expect(ipv6Cidr('2001:db8::/32')).toBeNull();
    expect(ipv6Cidr('2001:db8::1/128')).toBeNull();
    expect(ipv6Cidr('2001:db8:0:0:0:0:0:0/64')).toBeNull();
    expect(ipv6Cidr('::ffff:10.0.0.1/96')).toBeNull();
    expect(ipv6Cidr('2001:db8::/31')).toBe('invalidCidr');
    expect(ipv6Cidr('2001:db8::/129')).toBe('invalidCidr');
  });
  it.each(['10.0.0.0/08', '10.0.0.0/011', '10.0.0.0/032', '10.0.0.0/00', '10.0.0.0/01'])(
    'IPv4 refuses the prefix with a leading zero %j',
    (value) => expect(ipv4Cidr(value)).toBe('invalidCidr'),
  );
  it.each(['2001:db8::/064', '2001:db8::/032', '2001:db8::1/0128', '2001:db8::/00'])(
    'IPv6 refuses the prefix with a leading zero %j',
    (value) => expect(ipv6Cidr(value)).toBe('invalidCidr'),
  );
  it.each([
    '2001:db8:::1/64',
    '2001:db8::1::2/64',
    '2001:db8:0:0:0:0:0:0:0/64',
    'g::1/64',
    '10.0.0.0/32',
    '2001:db8::10.0.0.1:1/96',
  ])('IPv6 refuses the malformed %j', (value) => expect(ipv6Cidr(value)).toBe('invalidCidr'));
});

describe('edges the mutants found unpinned (issue 18)', () => {
  it('e-mail: 254 characters in all and 64 before the @ are the limits', () => {
    const local64 = 'a'.repeat(64);
    expect(email(`${local64}@example.com`)).toBeNull();
    expect(email(`${local64}a@example.com`)).toBe('invalidEmail');
    // 254 in all: a 64-character local part, @, and a 189-character domain of 63-character labels.
    const domain189 = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(`${local64}@${domain189}`).toHaveLength(254);
    expect(email(`${local64}@${domain189}`)).toBeNull();
    expect(email(`${local64}@e${domain189}`)).toBe('invalidEmail');
    expect(email('@example.com')).toBe('invalidEmail');
    expect(email('.a@example.com')).toBe('invalidEmail');
    expect(email('a.@example.com')).toBe('invalidEmail');
    expect(email('a..b@example.com')).toBe('invalidEmail');
    expect(email('a.b+tag@example.com')).toBeNull();
    expect(email('a@b@example.com')).toBe('invalidEmail');
    expect(email('a@intranet')).toBe('invalidEmail');
    expect(email('')).toBeNull();
  });

  it('IPv4 ranges: the later address first is a bad range; one address written as a range is refused', () => {
    expect(ipOrIpRange('10.0.0.2-10.0.0.1')).toBe('invalidIpRange');
    expect(ipOrIpRange('10.0.0.1-10.0.0.1')).toBe('invalidIpRange');
    expect(ipOrIpRange('10.0.0.1 - 10.0.0.2')).toBeNull();
    expect(ipOrIpRange('10.0.0.1-10.0.0.2-10.0.0.3')).toBe('invalidIP');
    expect(ipOrIpRange('10.0.0.1-x')).toBe('invalidIP');
    expect(ipOrIpRange('x-10.0.0.1')).toBe('invalidIP');
    expect(ipOrIpRange(' 10.0.0.1')).toBe('invalidIP');
  });

  it('CIDR prefixes: IPv4 1 to 32, IPv6 32 to 128, at both ends', () => {
    expect(ipv4Cidr('10.0.0.0/1')).toBeNull();
    expect(ipv4Cidr('10.0.0.0/0')).toBe('invalidCidr');
    expect(ipv4Cidr('10.0.0.0/33')).toBe('invalidCidr');
    expect(ipv6Cidr('2001:db8::/128')).toBeNull();
    expect(ipv6Cidr('2001:db8::/31')).toBe('invalidCidr');
    expect(ipv6Cidr('2001:db8::/129')).toBe('invalidCidr');
  });

  it('ports: 1 and 65535 are the ends; a range must rise', () => {
    expect(portOrPortRange('1')).toBeNull();
    expect(portOrPortRange('65535')).toBeNull();
    expect(portOrPortRange('0')).toBe('invalidPortOrPortRange');
    expect(portOrPortRange('65536')).toBe('invalidPortOrPortRange');
    expect(portOrPortRange('80-81')).toBeNull();
    expect(portOrPortRange('81-80')).toBe('invalidPortOrPortRange');
    expect(portOrPortRange('80-80')).toBe('invalidPortOrPortRange');
    expect(portOrPortRange('1-2-3')).toBe('invalidPortOrPortRange');
    expect(hostAndPort('proxy:1')).toBeNull();
    expect(hostAndPort('proxy:65535')).toBeNull();
    expect(hostAndPort('proxy:0')).toBe('invalidPort');
    expect(hostAndPort('proxy')).toBe('invalidPort');
    expect(hostAndPort(':80')).toBe('invalidHostnameOrIp');
    expect(hostAndPort('10.0.0.1:8080')).toBeNull();
  });

  it('hostnames: 253 characters and 63 per label are the limits; the last label may not be all digits', () => {
    const name253 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(name253).toHaveLength(253);
    expect(hostname(name253)).toBeNull();
    expect(hostname(`${name253}e`)).toBe('invalidHostname');
    expect(hostname(`${'a'.repeat(63)}.example`)).toBeNull();
    expect(hostname('host.123')).toBe('invalidHostname');
    expect(hostname('123.host')).toBeNull();
    expect(domain('example.xn--p1ai')).toBeNull();
    expect(domain('example.c')).toBe('invalidDomain');
    expect(domain('intranet')).toBe('invalidDomain');
    expect(hostnameOrIp('10.0.0.1')).toBeNull();
    expect(hostnameOrIp('intranet')).toBeNull();
    expect(hostnameOrIp('-bad')).toBe('invalidHostnameOrIp');
  });

  it('standard addresses and destinations', () => {
    expect(standardIp('8.8.8.8')).toBeNull();
    expect(standardIp('127.0.0.1')).toBe('nonStandardIp');
    expect(standardIp('example.com')).toBe('invalidIP');
    expect(standardDomainOrIp('8.8.8.8')).toBeNull();
    expect(standardDomainOrIp('127.0.0.1')).toBe('nonStandardDomainOrIP');
    expect(standardDomainOrIp('example.com')).toBeNull();
    expect(standardDomainOrIp('intranet')).toBe('nonStandardDomainOrIP');
    expect(ipv4('10.0.0.256')).toBe('invalidIP');
    expect(ipv4(null)).toBeNull();
  });
});
