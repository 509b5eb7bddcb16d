import type { ConfigStore, LoginFailureKey, LoginWorld } from '../store/ConfigStore';
import {
  ACCOUNT_SLOWDOWN_THRESHOLD,
  accountSlowdownMs,
  LOCKOUT_THRESHOLD,
  lockoutMs,
  secondsLeft,
} from './lockout';
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
  /**
   * The client (security/signInClient.ts: canonical IPv4, IPv6 /64): failures count per account
   * and client, and per account from every client (see server/README.md).
   */
  client: string;
  now: number;
}

/** The `client` of the failure record that counts an account's failures from every client. */
export const EVERY_CLIENT = '*';

/**
 * One sign-in attempt with the lockout rule of security/lockout.ts, counted per account and
 * client: a guesser at one address locks the account for that address only, never for its owner
 * elsewhere (the per-address rate limit bounds how fast any one address can guess). The account's
 * failures from every client together add the account-wide slow-down (lockout.ts), so many
 * addresses do not buy many guesses. Attempts on one account run one at a time (both records are
 * read and written under the account's lock).
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
  const account: LoginFailureKey = { ...key, client: EVERY_CLIENT };
  return oneAtATime(`${key.world}:${key.username}`, () =>
    store.withLoginLock(account, (locked) => attemptOnce(locked, key, attempt, findAccount, cap, checks)),
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
  const accountKey: LoginFailureKey = { ...key, client: EVERY_CLIENT };
  const remembered = async (k: LoginFailureKey) => {
    const stored = await store.loginFailures.get(k);
    const forgotten =
      stored && stored.lockedUntil <= now && stored.lastFailureAt < now - LOGIN_FAILURE_MEMORY_MS;
    return { stored, previous: forgotten ? null : stored };
  };
  const client = await remembered(key);
  const everyClient = await remembered(accountKey);
  const lockedUntil = Math.max(client.previous?.lockedUntil ?? 0, everyClient.previous?.lockedUntil ?? 0);
  if (lockedUntil > now) return { kind: 'locked', delay: secondsLeft(lockedUntil, now) };

  const account = await findAccount(key.username, store);
  const valid = checks.verify
    ? await checks.verify(account, store)
    : await verifyPassword(password, account?.passwordHash ?? (await dummyPasswordHash()));
  if (account && valid) {
    if (checks.clearOnSuccess?.(account) ?? true) {
      if (client.stored) await store.loginFailures.clear(key);
      if (everyClient.stored) await store.loginFailures.clear(accountKey);
    }
    return { kind: 'ok', account };
  }
  const limits = { forgetBefore: now - LOGIN_FAILURE_MEMORY_MS, cap };
  const failures = (client.previous?.failures ?? 0) + 1;
  const wait = lockoutMs(failures);
  await store.loginFailures.put(
    { ...key, failures, lockedUntil: wait > 0 ? now + wait : 0, lastFailureAt: now },
    limits,
  );
  const accountFailures = (everyClient.previous?.failures ?? 0) + 1;
  const slowdown = accountSlowdownMs(accountFailures);
  await store.loginFailures.put(
    {
      ...accountKey,
      failures: accountFailures,
      lockedUntil: slowdown > 0 ? now + slowdown : 0,
      lastFailureAt: now,
    },
    limits,
  );
  // The failure that reaches a threshold is answered as a failure; the wait it set, from the next.
  const longest = Math.max(
    failures > LOCKOUT_THRESHOLD ? wait : 0,
    accountFailures > ACCOUNT_SLOWDOWN_THRESHOLD ? slowdown : 0,
  );
  return longest > 0 ? { kind: 'locked', delay: secondsLeft(now + longest, now) } : { kind: 'failed' };
}
