import { isFieldInError } from './fieldState';

describe('A generic error-state rule marks a field in error when it is invalid or has a given error, and is dirty', () => {
  it.each([
    [{ invalid: true, dirty: true }, true],
    [{ invalid: false, hasError: true, dirty: true }, true],
    [{ invalid: true, dirty: false }, false],
    [{ invalid: false, hasError: true, dirty: false }, false],
    [{ invalid: false, hasError: false, dirty: true }, false],
  ])('%j → %s', (status, expected) => expect(isFieldInError(status)).toBe(expected));
});
