import type { ConfigStore, LoginWorld } from '../store/ConfigStore';
import { LOCKOUT_THRESHOLD, lockoutMs, secondsLeft } from './lockout';
import { dummyPasswordHash, verifyPassword } from './passwords';

export type LoginOutcome<T> =
  { kind: 'ok'; account: T } | { kind: 'failed' } | { kind: 'locked'; delay: number };

/** Attempts on one account run one after another, so parallel guesses cannot slip past the lock. */
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

/**
 * One sign-in attempt with the lockout rule of security/lockout.ts. Unknown accounts are checked
 * against a dummy hash and counted like known ones, so the reply and its timing say nothing about
 * whether the account exists.
 */
export function attemptLogin<T extends { passwordHash: string }>(
  store: ConfigStore,
  world: LoginWorld,
  username: string,
  password: string,
  findAccount: (username: string) => Promise<T | null>,
  now: number,
): Promise<LoginOutcome<T>> {
  const key = username.trim().toLowerCase();
  return oneAtATime(`${world}:${key}`, () => attemptOnce(store, world, key, password, findAccount, now));
}

async function attemptOnce<T extends { passwordHash: string }>(
  store: ConfigStore,
  world: LoginWorld,
  key: string,
  password: string,
  findAccount: (username: string) => Promise<T | null>,
  now: number,
): Promise<LoginOutcome<T>> {
  const previous = await store.getLoginFailures(world, key);
  if (previous && previous.lockedUntil > now)
    return { kind: 'locked', delay: secondsLeft(previous.lockedUntil, now) };

  const account = await findAccount(key);
  const valid = await verifyPassword(password, account?.passwordHash ?? (await dummyPasswordHash()));
  if (account && valid) {
    if (previous) await store.clearLoginFailures(world, key);
    return { kind: 'ok', account };
  }
  const failures = (previous?.failures ?? 0) + 1;
  const wait = lockoutMs(failures);
  await store.putLoginFailures({ world, username: key, failures, lockedUntil: wait > 0 ? now + wait : 0 });
  return failures > LOCKOUT_THRESHOLD
    ? { kind: 'locked', delay: secondsLeft(now + wait, now) }
    : { kind: 'failed' };
}
