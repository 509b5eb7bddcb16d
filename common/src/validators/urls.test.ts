import { absolutePath, httpUrl, uriStartsWithHttp } from './urls';

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
