import { characterLength, hasMoreCharactersThan } from './characterLength';

describe('Length limits count characters (code points), not UTF-16 units', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['😀', 1],
    ['a😀b', 3],
    ['😀'.repeat(200), 200],
    ['𝔸𝔹ℂ', 3], // two astral letters and one from the basic plane
    ['e\u0301', 2], // e + combining acute: two code points, one grapheme
    ['\ud800', 1], // a lone high surrogate is one (broken) character
    ['\udc00', 1],
    ['\ud800a', 2],
    ['\udc00\ud800', 2], // a low then a high surrogate is no pair
  ])('%j has %i characters', (value, expected) => expect(characterLength(value)).toBe(expected));
});

describe('More characters than a cap', () => {
  it.each([
    ['abc', 3, false],
    ['abcd', 3, true],
    ['😀😀😀', 3, false], // 6 units, 3 characters
    ['😀😀😀a', 3, true],
    ['a'.repeat(7), 3, true], // more than twice the cap in units
    ['', 0, false],
    ['a', 0, true],
  ])('%j has more than %i characters: %s', (value, max, expected) =>
    expect(hasMoreCharactersThan(value, max)).toBe(expected),
  );
});
