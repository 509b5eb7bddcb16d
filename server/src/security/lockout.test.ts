import { lockoutMs, LOCKOUT_MAX_SECONDS } from './lockout';

test('after 3 consecutive failures the wait starts at 5 s and doubles', () => {
  expect([1, 2].map(lockoutMs)).toEqual([0, 0]);
  expect([3, 4, 5, 6].map(lockoutMs)).toEqual([5000, 10000, 20000, 40000]);
});

test('the wait is capped at 15 minutes', () => {
  expect(lockoutMs(12)).toBe(LOCKOUT_MAX_SECONDS * 1000);
  expect(lockoutMs(500)).toBe(15 * 60 * 1000);
});
