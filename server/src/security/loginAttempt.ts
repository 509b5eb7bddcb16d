import type { ConfigStore, LoginFailureKey, LoginWorld } from '../store/ConfigStore';
import { LOCKOUT_THRESHOLD, lockoutMs, secondsLeft } from './lockout';
import { dummyPasswordHash, verifyPassword } from './passwords';

export type LoginOutcome<T> =
  { kind: 'ok'; account: T } | { kind: 'failed' } | { kind: 'locked'; delay: number };

/**
 * Attempts on one account run one after another, so parallel guesses cannot slip past the lock:
 * queued here within the process, and under the store's login lock across servers sharing it.
 */
const inFlight = new Map<string, Promise<unknown>>();

function oneAtATime<R>(key: string, work: () => Promise<R>): Promise<R> {
  const previous = inFlight.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  inFlight.set(key, settled);
  void settled.then(() => {
    if (inFlight.get(key) === settled) inFlight.delete(key);
  });
  return next;
}

/** At most this many failure records are kept; beyond it the oldest are forgotten. */
export const DEFAULT_LOGIN_FAILURE_CAP = 10_000;
/** A failure record is forgotten this long after its last failure, once its lock is over. */
export const LOGIN_FAILURE_MEMORY_MS = 60 * 60 * 1000;

export interface LoginAttempt {
  world: LoginWorld;
  username: string;
  password: string;
  /** The client's address: failures count per account and address (see server/README.md). */
  client: string;
  now: number;
}

/**
 * One sign-in attempt with the lockout rule of security/lockout.ts, counted per account and
 * client address: a guesser at one address locks the account for that address only, never for
 * its owner elsewhere (the per-address rate limit bounds how fast any one address can guess).
 * Unknown accounts are checked against a dummy hash and counted like known ones, so the reply and
 * its timing say nothing about whether the account exists; their records expire and are capped
 * like all others.
 */
export function attemptLogin<T extends { passwordHash: string }>(
  store: ConfigStore,
  attempt: LoginAttempt,
  findAccount: (username: string, store: ConfigStore) => Promise<T | null>,
  cap = DEFAULT_LOGIN_FAILURE_CAP,
  checks: AttemptChecks<T> = {},
): Promise<LoginOutcome<T>> {
  const key: LoginFailureKey = {
    world: attempt.world,
    username: attempt.username.trim().toLowerCase(),
    client: attempt.client,
  };
  return oneAtATime(`${key.world}:${key.username}:${key.client}`, () =>
    store.withLoginLock(key, (locked) => attemptOnce(locked, key, attempt, findAccount, cap, checks)),
  );
}

/** How an attempt other than a password is checked (the second factor's code step). */
export interface AttemptChecks<T> {
  /** Replaces the password check; runs under the lock, so it may record what it accepted. */
  verify?: (account: T | null, store: ConfigStore) => Promise<boolean>;
  /**
   * False keeps the failure count on success: a right password of an account with a second
   * factor is only half a sign-in, so it must not reset the count its wrong codes add to.
   */
  clearOnSuccess?: (account: T) => boolean;
}

async function attemptOnce<T extends { passwordHash: string }>(
  store: ConfigStore,
  key: LoginFailureKey,
  { password, now }: LoginAttempt,
  findAccount: (username: string, store: ConfigStore) => Promise<T | null>,
  cap: number,
  checks: AttemptChecks<T>,
): Promise<LoginOutcome<T>> {
  const stored = await store.loginFailures.get(key);
  const forgotten =
    stored && stored.lockedUntil <= now && stored.lastFailureAt < now - LOGIN_FAILURE_MEMORY_MS;
  const previous = forgotten ? null : stored;
  if (previous && previous.lockedUntil > now)
    return { kind: 'locked', delay: secondsLeft(previous.lockedUntil, now) };

  const account = await findAccount(key.username, store);
  const valid = checks.verify
    ? await checks.verify(account, store)
    : await verifyPassword(password, account?.passwordHash ?? (await dummyPasswordHash()));
  if (account && valid) {
    if (stored && (checks.clearOnSuccess?.(account) ?? true)) await store.loginFailures.clear(key);
    return { kind: 'ok', account };
  }
  const failures = (previous?.failures ?? 0) + 1;
  const wait = lockoutMs(failures);
  await store.loginFailures.put(
    { ...key, failures, lockedUntil: wait > 0 ? now + wait : 0, lastFailureAt: now },
    { forgetBefore: now - LOGIN_FAILURE_MEMORY_MS, cap },
  );
  return failures > LOCKOUT_THRESHOLD
    ? { kind: 'locked', delay: secondsLeft(now + wait, now) }
    : { kind: 'failed' };
}
