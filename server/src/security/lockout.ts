/**
 * Login lockout: the first LOCKOUT_THRESHOLD consecutive failures on one account are plain
 * failures; from then on each failure locks the account for a wait that starts at
 * LOCKOUT_BASE_SECONDS and doubles, capped at LOCKOUT_MAX_SECONDS. While locked, every attempt
 * (even with the right password) is refused without checking the password. A success resets it.
 */
export const LOCKOUT_THRESHOLD = 3;
export const LOCKOUT_BASE_SECONDS = 5;
export const LOCKOUT_MAX_SECONDS = 15 * 60;

/** Lock duration in ms after the given number of consecutive failures (0 below the threshold). */
export function lockoutMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  const exponent = Math.min(failures - LOCKOUT_THRESHOLD, 20);
  return Math.min(LOCKOUT_BASE_SECONDS * 2 ** exponent, LOCKOUT_MAX_SECONDS) * 1000;
}

/** Whole seconds left of a lock, at least 1 while locked. */
export const secondsLeft = (lockedUntil: number, now: number): number =>
  Math.max(1, Math.ceil((lockedUntil - now) / 1000));

/**
 * The account-wide slow-down (issue 38): failures count per account and client too (the lockout
 * above), but a guesser with many addresses (a botnet, or an IPv6 network per try) would get
 * three guesses at each. So an account's consecutive failures from every address together, from
 * the ACCOUNT_SLOWDOWN_THRESHOLD-th on, make every attempt on the account, from any address, wait
 * ACCOUNT_SLOWDOWN_BASE_SECONDS doubling to at most ACCOUNT_SLOWDOWN_MAX_SECONDS: short enough that
 * the owner is only delayed, long enough that guessing across addresses gets ~60 tries an hour.
 */
export const ACCOUNT_SLOWDOWN_THRESHOLD = 10;
export const ACCOUNT_SLOWDOWN_BASE_SECONDS = 1;
export const ACCOUNT_SLOWDOWN_MAX_SECONDS = 60;

/** Wait in ms after the account's given number of consecutive failures from all addresses. */
export function accountSlowdownMs(failures: number): number {
  if (failures < ACCOUNT_SLOWDOWN_THRESHOLD) return 0;
  const exponent = Math.min(failures - ACCOUNT_SLOWDOWN_THRESHOLD, 20);
  return Math.min(ACCOUNT_SLOWDOWN_BASE_SECONDS * 2 ** exponent, ACCOUNT_SLOWDOWN_MAX_SECONDS) * 1000;
}
