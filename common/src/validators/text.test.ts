import {
  fileName,
  integer,
  maxLength,
  minLength,
  noLeadingTrailingSpaces,
  noLineBreaks,
  numericInput,
  password,
  regex,
  userName,
} from './text';

describe('Text length after trimming: at most 200 [maxlength], at least 3 [minlength]; an empty value passes', () => {
  it('accepts 200 characters and refuses 201', () => {
    expect(maxLength('a'.repeat(200))).toBeNull();
    expect(maxLength('a'.repeat(201))).toBe('maxlength');
  });
  it('counts after trimming', () => {
    expect(maxLength(`  ${'a'.repeat(200)}  `)).toBeNull();
    expect(minLength('  ab  ')).toBe('minlength');
    expect(minLength(' abc ')).toBeNull();
  });
  it('accepts 3 characters and refuses 2', () => {
    expect(minLength('abc')).toBeNull();
    expect(minLength('ab')).toBe('minlength');
  });
  it('lets an empty value (or only spaces) pass', () => {
    for (const empty of ['', null, undefined]) {
      expect(minLength(empty)).toBeNull();
      expect(maxLength(empty)).toBeNull();
    }
    expect(minLength('   ')).toBeNull();
  });
  it('counts characters, so an emoji counts as one', () => {
    expect(maxLength('😀'.repeat(200))).toBeNull();
    expect(maxLength('😀'.repeat(201))).toBe('maxlength');
    expect(maxLength(` ${'😀'.repeat(200)} `)).toBeNull();
    expect(minLength('😀😀')).toBe('minlength');
    expect(minLength('😀😀😀')).toBeNull();
  });
  it('takes other limits from the caller', () => {
    expect(minLength('abcd', 5)).toBe('minlength');
    expect(maxLength('abcdef', 5)).toBe('maxlength');
  });
});

describe('No line breaks [lineBreaks]', () => {
  it.each(['a\nb', 'a\r\nb', 'a\rb', 'end\n'])('refuses %j', (value) =>
    expect(noLineBreaks(value)).toBe('lineBreaks'),
  );
  it.each([
    ['000B', 'vertical tab'],
    ['000C', 'form feed'],
    ['0085', 'next line (NEL)'],
    ['2028', 'line separator'],
    ['2029', 'paragraph separator'],
  ])('refuses U+%s (%s), a Unicode mandatory line break', (codePoint) =>
    expect(noLineBreaks(`a${String.fromCodePoint(parseInt(codePoint, 16))}b`)).toBe('lineBreaks'),
  );
  it('accepts one line with tabs and spaces', () => expect(noLineBreaks('one line\twith tab')).toBeNull());
  it('accepts other spaces and control characters that do not break a line', () =>
    expect(noLineBreaks('a\u00a0b\u2003c\u0084d')).toBeNull());
});

describe('No leading or trailing spaces [noLeadingTrailingSpaces]', () => {
  it.each([' a', 'a ', '\ta', 'a\n'])('refuses %j', (value) =>
    expect(noLeadingTrailingSpaces(value)).toBe('noLeadingTrailingSpaces'),
  );
  it('accepts inner spaces', () => expect(noLeadingTrailingSpaces('a b')).toBeNull());
});

describe('Integer [invalidInteger]; digits-only numeric text [invalidNumericInput]', () => {
  it.each(['0', '42', '-7', '007'])('integer accepts %j', (value) => expect(integer(value)).toBeNull());
  it.each(['1.5', '+3', '1e3', ' 4', '4 ', '--1', '-', '1,000', '99999999999999999999'])(
    'integer refuses %j',
    (value) => expect(integer(value)).toBe('invalidInteger'),
  );
  it.each(['0', '0123', '12345678901234567890'])('numeric text accepts %j', (value) =>
    expect(numericInput(value)).toBeNull(),
  );
  it.each(['-1', '1.0', '12a', ' 1'])('numeric text refuses %j', (value) =>
    expect(numericInput(value)).toBe('invalidNumericInput'),
  );
});

describe('Valid regular expression [invalidRegex]', () => {
  it.each(['^a+$', '(foo|bar)\\d{2}', '.*'])('accepts %j', (value) => expect(regex(value)).toBeNull());
  it.each(['(', '[a-', '*a', 'a{2,1}'])('refuses %j', (value) => expect(regex(value)).toBe('invalidRegex'));
});

describe('User name must not contain ! < backslash, whitespace, single or double quote [invalidUserName]', () => {
  it.each(['!', '<', '\\', ' ', '\t', "'", '"'])('refuses a name with %j', (char) =>
    expect(userName(`ad${char}min`)).toBe('invalidUserName'),
  );
  it('accepts e-mail-like names and other punctuation', () => {
    expect(userName('admin@acme.example')).toBeNull();
    expect(userName('first.last-1>_#')).toBeNull();
  });
});

describe('Password must not contain ! backslash, whitespace or single quote [invalidPassword]', () => {
  it.each(['!', '\\', ' ', '\n', "'"])('refuses a password with %j', (char) =>
    expect(password(`Pa${char}ss1`)).toBe('invalidPassword'),
  );
  it('accepts < and " (allowed in passwords, unlike user names)', () =>
    expect(password('Pa<ss"1#')).toBeNull());
});

describe('File-name style: a letter first, then 1 to 20 letters, digits, underscore or hyphen, a dot, then 1 to 3 letters', () => {
  it.each(['ab.c', 'report_2024-v2.csv', `a${'b'.repeat(20)}.txt`])('accepts %j', (value) =>
    expect(fileName(value)).toBeNull(),
  );
  it.each([
    'a.txt', // only one character before the dot
    `a${'b'.repeat(21)}.txt`, // 22 before the dot
    '1report.csv', // digit first
    '_report.csv',
    'report.json', // 4-letter extension
    'report.c5v',
    'report', // no dot
    'my report.csv',
    'report.tar.gz',
  ])('refuses %j', (value) => expect(fileName(value)).toBe('invalidFileName'));
});
