import { absolutePath, httpUrl, httpsUrl, publicHttpUrl, uriStartsWithHttp } from './urls';

describe('URI must start with http:// or https:// [invalidUriStartsWith]; http(s) URL length 8 to 2048', () => {
  it('needs the http or https scheme', () => {
    expect(uriStartsWithHttp('https://acme.example')).toBeNull();
    expect(uriStartsWithHttp('HTTP://acme.example')).toBeNull();
    expect(uriStartsWithHttp('ftp://acme.example')).toBe('invalidUriStartsWith');
    expect(uriStartsWithHttp('acme.example')).toBe('invalidUriStartsWith');
    expect(httpUrl('www.acme.example/path')).toBe('invalidUriStartsWith');
  });
  it('accepts 8 and 2048 characters, refuses 7 and 2049', () => {
    expect(httpUrl('http://a')).toBeNull();
    expect(httpUrl('http://')).toBe('invalidUrl');
    const long = `https://acme.example/${'p'.repeat(2048 - 'https://acme.example/'.length)}`;
    expect(long).toHaveLength(2048);
    expect(httpUrl(long)).toBeNull();
    expect(httpUrl(`${long}p`)).toBe('invalidUrl');
  });
  it('counts the length in characters, so an emoji in the path counts as one', () => {
    const prefix = 'https://acme.example/';
    const long = `${prefix}${'😀'.repeat(2048 - prefix.length)}`;
    expect(httpUrl(long)).toBeNull();
    expect(httpUrl(`${long}😀`)).toBe('invalidUrl');
  });
  it('refuses whitespace and a missing host', () => {
    expect(httpUrl('https://acme example')).toBe('invalidUrl');
    expect(httpUrl('http://:80/path')).toBe('invalidUrl');
  });
});

describe('http(s) URL: no control characters, no host label starting or ending with a hyphen [invalidUrl]', () => {
  it.each(['0000', '0001', '0008', '001B', '001F', '007F', '0080', '0085', '009F'])(
    'refuses the control character U+%s in the path, the query and the host',
    (codePoint) => {
      const control = String.fromCodePoint(parseInt(codePoint, 16));
      expect(httpUrl(`https://acme.example/a${control}b`)).toBe('invalidUrl');
      expect(httpUrl(`https://acme.example/?q=${control}`)).toBe('invalidUrl');
      expect(httpUrl(`https://ac${control}me.example/`)).toBe('invalidUrl');
    },
  );
  it.each([
    'http://-.com',
    'http://-a.example/x',
    'http://a-.example',
    'http://www.-acme.example',
    'https://acme-.example:8443/',
    'http://user@-x.example/',
  ])('refuses the host label with a leading or trailing hyphen in %j', (value) =>
    expect(httpUrl(value)).toBe('invalidUrl'),
  );
  it.each([
    'http://a-b.example',
    'http://xn--bcher-kva.example/',
    'https://bücher.example/straße?q=ü',
    'http://[::1]:8080/',
    'http://10.0.0.1:8080/path',
  ])('accepts %j', (value) => expect(httpUrl(value)).toBeNull());
});

describe('Absolute path of slash-separated segments of letters, digits, hyphen and underscore [invalidPath]', () => {
  it.each(['/', '/api', '/api/v1_beta/items-2', '/api/'])('accepts %j', (value) =>
    expect(absolutePath(value)).toBeNull(),
  );
  it.each(['api/v1', '//api', '/api//v1', '/api/v1.json', '/a b', '/%20', '/api?x=1', '/api//', '/ä'])(
    'refuses %j',
    (value) => expect(absolutePath(value)).toBe('invalidPath'),
  );
});

describe('the one URL rule: what the parser would rewrite silently is refused [invalidUrl]', () => {
  it.each([
    ['a right-to-left override (U+202E)', 'https://a.example/\u202Egpj.exe'],
    ['a zero-width space (U+200B)', 'https://ad\u200bmin.example/'],
    ['a byte order mark (U+FEFF)', 'https://a.example/\uFEFF'],
    ['a backslash before a user-info', 'https://a.example\\@evil.example/'],
    ['a backslash in the path', 'https://a.example/a\\b'],
    ['port 0', 'https://a.example:0/'],
    ['port 00', 'http://a.example:00/x'],
    ['an empty user-info', 'https://@a.example/'],
    ['an empty user and password', 'https://:@a.example/'],
    ['a third slash after the scheme', 'https:///a.example/'],
    ['more slashes after the scheme', 'http:////a.example'],
    ['a host with *', 'https://*.example/'],
    ['a host with * inside', 'https://a*b.example/'],
    ['an unescaped < in the path', 'https://a.example/<script>'],
    ['an unescaped > in the query', 'https://a.example/?q=>'],
    ['a double quote', 'https://a.example/"x"'],
    ['a NUL', 'https://a.example/\u0000'],
    ['a DEL', 'https://a.example/\u007F'],
  ])('refuses %s', (_, value) => expect(httpUrl(value)).toBe('invalidUrl'));

  it('refuses https:\\\\evil.example with the scheme key: it does not start with https://', () =>
    expect(httpUrl('https:\\\\evil.example')).toBe('invalidUriStartsWith'));

  it.each([
    'https://a.example/path?q=1#top',
    'https://user:secret@a.example/',
    'https://a.example:8443/x',
    'https://a.example/%3Cscript%3E',
    'http://under_score.example/',
    'https://a.example./',
  ])('accepts %j', (value) => expect(httpUrl(value)).toBeNull());
});

describe('https URL (the CASB list address): the one rule and the scheme https', () => {
  it('accepts https and refuses http with the scheme key', () => {
    expect(httpsUrl('https://lists.example/ddl.txt')).toBeNull();
    expect(httpsUrl('http://lists.example/ddl.txt')).toBe('invalidUriStartsWith');
    expect(httpsUrl('https:\\\\evil.example')).toBe('invalidUriStartsWith');
  });
  it.each(['https://lists.example/\u0000', 'https://lists.example/\u007F', 'https:///lists.example'])(
    'refuses %j',
    (value) => expect(httpsUrl(value)).toBe('invalidUrl'),
  );
});

describe('public http(s) URL (feed and logo addresses): no host written as a non-public address', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'http://localhost/',
    'http://app.localhost/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://0x7f.1/',
    'http://2130706433/',
  ])('refuses %j', (value) => expect(publicHttpUrl(value)).toBe('invalidUrl'));
  it.each(['https://feeds.example/list.txt', 'http://93.184.216.34/', 'http://[2606:4700::1111]/'])(
    'accepts %j',
    (value) => expect(publicHttpUrl(value)).toBeNull(),
  );
  it('keeps the scheme key and lets an empty value pass', () => {
    expect(publicHttpUrl('ftp://feeds.example')).toBe('invalidUriStartsWith');
    expect(publicHttpUrl('')).toBeNull();
  });
});
