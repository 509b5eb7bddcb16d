import { password } from '../validators/text';
import { PASSWORD_CLASSES, generatePassword, type RandomSource } from './generatePassword';

describe('Generated passwords use uppercase and lowercase letters, digits and symbols from a secure random source, with a caller-supplied length', () => {
  it('has the caller’s length and every one of the four classes', () => {
    for (const length of [4, 5, 12, 64]) {
      for (let i = 0; i < 25; i += 1) {
        const generated = generatePassword(length);
        expect(generated).toHaveLength(length);
        for (const set of Object.values(PASSWORD_CLASSES)) {
          expect([...generated].some((char) => set.includes(char))).toBe(true);
        }
      }
    }
  });
  it('draws from crypto.getRandomValues', () => {
    const spy = jest.spyOn(globalThis.crypto, 'getRandomValues');
    generatePassword(8);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
  it('uses only characters the password validator accepts', () => {
    for (let i = 0; i < 50; i += 1) expect(password(generatePassword(32))).toBeNull();
  });
  it('is driven by the given source (a constant source gives a fixed, still complete password)', () => {
    const zeros: RandomSource = (array) => array.fill(0);
    const generated = generatePassword(6, zeros);
    expect(generated).toBe(generatePassword(6, zeros));
    expect([...generated].sort()).toEqual(['#', '0', 'A', 'A', 'A', 'a'].sort());
  });
  it.each([3, 0, -1, 4.5, Number.NaN])('refuses the length %p with a clear error', (length) =>
    expect(() => generatePassword(length)).toThrow('Password length must be an integer of at least 4.'),
  );
});
