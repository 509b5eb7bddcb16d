/**
 * Injects a failure into one config-store method of a test server, wherever the call goes: on
 * every replica (the scaled topology's proxy may send the request to either) and inside
 * transactions (on PostgreSQL, transaction() hands its callback a store bound to its own
 * connection, another object than `app.workbench.store`, so spying on that one alone misses it).
 */
import type { ConfigStore } from '../store/ConfigStore';
import type { TestServer } from './testServer';

type AsyncMethod = {
  [K in keyof ConfigStore]: ConfigStore[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof ConfigStore];

export interface StoreFault {
  /** Calls of the method so far, on all replicas together (the failing one included). */
  calls(): number;
  restore(): void;
}

/** The `failOnCall`-th call of `method` (counted across replicas) throws `error`; the others run. */
export function failStoreCall(
  server: Pick<TestServer, 'replicas'>,
  method: Exclude<AsyncMethod, 'transaction'>,
  failOnCall: number,
  error = new Error('disk I/O error'),
): StoreFault {
  let calls = 0;
  const counted = (target: ConfigStore, args: unknown[]): Promise<unknown> => {
    calls += 1;
    if (calls === failOnCall) return Promise.reject(error);
    return (original as (...a: unknown[]) => Promise<unknown>).apply(target, args);
  };
  // Every store of the process shares its engine's prototype method: take it before any spy.
  const stores = server.replicas.map((app) => app.workbench.store);
  const original = Object.getPrototypeOf(stores[0])[method] as ConfigStore[typeof method];
  /** The transaction's store, with `method` counted (everything else as it is). */
  const faulty = (tx: ConfigStore): ConfigStore =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property === method) return (...args: unknown[]) => counted(target, args);
        // A nested transaction joins this one; its callback gets the faulty store too.
        if (property === 'transaction')
          return <T>(fn: (store: ConfigStore) => Promise<T>) =>
            target.transaction((inner) => fn(faulty(inner)));
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const spies = stores.flatMap((store) => {
    const transaction = store.transaction.bind(store);
    return [
      jest.spyOn(store, method).mockImplementation(((...args: unknown[]) => counted(store, args)) as never),
      jest
        .spyOn(store, 'transaction')
        .mockImplementation((fn) => transaction((tx) => fn(tx === store ? tx : faulty(tx)))),
    ];
  });
  return {
    calls: () => calls,
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}
