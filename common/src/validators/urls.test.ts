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
  it('refuses whitespace and a missing host', () => {
    expect(httpUrl('https://acme example')).toBe('invalidUrl');
    expect(httpUrl('http://:80/path')).toBe('invalidUrl');
  });
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
