/**
 * Password generator (docs/settings.md §4): uppercase and lowercase letters, digits and symbols
 * from a secure random source (crypto.getRandomValues), with the caller's length.
 *
 * Decisions: every password holds at least one character of each of the four classes, so the
 * length must be an integer of at least 4 (else a RangeError). The symbols leave out the
 * characters our password validator refuses (! backslash, whitespace, single quote) and the
 * easily confused backtick and double quote, so a generated password is always accepted by
 * the `password` validator. Characters are drawn without modulo bias and shuffled
 * (Fisher–Yates) with the same source.
 */
export const PASSWORD_CLASSES = {
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lower: 'abcdefghijklmnopqrstuvwxyz',
  digits: '0123456789',
  symbols: '#$%&()*+,-./:;<=>?@[]^_{|}~',
} as const;

export const PASSWORD_MIN_LENGTH = Object.keys(PASSWORD_CLASSES).length;

/** Fills an array with random 32-bit values, like crypto.getRandomValues. */
export type RandomSource = (array: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;

const defaultSource: RandomSource = (array) => {
  globalThis.crypto.getRandomValues(array);
  return array;
};

/** A uniformly random integer in [0, bound) from the source, by rejection sampling. */
function randomBelow(bound: number, random: RandomSource): number {
  const limit = Math.floor(0x100000000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = random(buffer)[0];
    if (value < limit) return value % bound;
  }
}

export function generatePassword(length: number, random: RandomSource = defaultSource): string {
  if (!Number.isInteger(length) || length < PASSWORD_MIN_LENGTH) {
    throw new RangeError(`Password length must be an integer of at least ${PASSWORD_MIN_LENGTH}.`);
  }
  const classes = Object.values(PASSWORD_CLASSES);
  const all = classes.join('');
  const chars = classes.map((set) => set[randomBelow(set.length, random)]);
  while (chars.length < length) chars.push(all[randomBelow(all.length, random)]);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomBelow(i + 1, random);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
