/**
 * The demo data of a first start, seeded by one server of those sharing the config store
 * (store/leases.ts `demo-seed`). A server that pauses past its lease (a loaded machine, a long GC)
 * can lose it midway: another takes it, finds the store still empty (the first one's writes are not
 * committed yet) and seeds too, and one of the two transactions then fails on the tenants' unique
 * names. That failure is not an error of the start: the data is there, written by the other. The
 * loser looks again under the lease, where `seed` finds the store seeded and writes nothing.
 */
import type { ConfigStore } from '../store/ConfigStore';
import { underLease, type LeaseOptions } from '../store/leases';

/** What the server prints before it looks again (the error follows). */
export const SEED_RACE_NOTICE = 'Another server seeded the demo data at the same time; looking again after: ';

/** Attempts in all: a second attempt finds the other server's data; a third covers a second race. */
const ATTEMPTS = 3;

export async function seedUnderLease(
  store: ConfigStore,
  lease: LeaseOptions,
  seed: () => Promise<void>,
  onRetry: (error: unknown) => void = () => undefined,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    let lostMidway = false;
    try {
      await underLease(store, lease, async ({ lost }) => {
        try {
          await seed();
        } finally {
          lostMidway = lost();
        }
      });
      return;
    } catch (error) {
      // Another server's seeding won the race when this one lost its lease on the way or when the
      // store, empty when this attempt looked, has tenants now; anything else is a real failure.
      const otherSeeded = lostMidway || !(await store.tenants.isEmpty().catch(() => true));
      if (!otherSeeded || attempt >= ATTEMPTS) throw error;
      onRetry(error);
    }
  }
}
