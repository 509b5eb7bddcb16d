import {
  bodyControlCharacter,
  mixedScripts,
  nameForbiddenCharacter,
  nameKey,
  normaliseName,
} from './controlCharacters';

test('a body string keeps tab, line feed and carriage return; other C0, DEL and C1 controls are found', () => {
  expect(bodyControlCharacter('a\tb\nc\r\n')).toBeNull();
  for (const c of [
    '\u0000',
    '\u0001',
    '\u0008',
    '\u000b',
    '\u000c',
    '\u001b',
    '\u001f',
    '\u007f',
    '\u0080',
    '\u009f',
  ])
    expect(bodyControlCharacter(`x${c}y`)).toBe(c);
  // Format characters are a name's concern, not every body's (a policy text may hold a ZWJ emoji).
  expect(bodyControlCharacter('a\u200bb')).toBeNull();
});

test('a name refuses format and control characters: ZWSP, RLO, BOM, ESC, C1, tab', () => {
  for (const c of ['\u200b', '\u202e', '\ufeff', '\u001b', '\u0085', '\t'])
    expect(nameForbiddenCharacter(`ad${c}min@acme.example`)).toBe(c);
  expect(nameForbiddenCharacter('José Ünal')).toBeNull();
  expect(nameForbiddenCharacter('\u0430dmin@acme.example')).toBeNull();
});

test('names are compared NFKC-normalised and case-folded', () => {
  expect(normaliseName('ｆｕｌｌ@acme.example')).toBe('full@acme.example');
  expect(nameKey('Ａdmin@ACME.example')).toBe(nameKey('admin@acme.example'));
  expect(nameKey('ÄRGER@x.example')).toBe(nameKey('ärger@x.example'));
  // A Cyrillic а is another letter: not the same name (the users page flags it instead).
  expect(nameKey('\u0430dmin@acme.example')).not.toBe(nameKey('admin@acme.example'));
});

test('mixed scripts: the scripts, main first, and the characters outside the main one', () => {
  expect(mixedScripts('admin@acme.example')).toBeNull();
  expect(mixedScripts('Jos\u00e9 42')).toBeNull();
  expect(mixedScripts('\u0430dmin@acme.example')).toEqual({
    scripts: ['Latin', 'Cyrillic'],
    characters: [{ character: '\u0430', codePoint: 'U+0430', script: 'Cyrillic' }],
  });
});
