/**
 * Injects a failure into one config-store repository method of a test server, wherever the call
 * goes: on every replica (the scaled topology's proxy may send the request to either) and inside
 * transactions (on PostgreSQL, transaction() hands its callback a store bound to its own
 * connection, with repositories of its own). The method is replaced on the repository's class, so
 * calls of it by any store of this process count; a test server's tests are the only callers.
 */
import type { ConfigStore } from '../store/ConfigStore';
import type { TestServer } from './testServer';

type Repository = Exclude<keyof ConfigStore, 'transaction' | 'withLoginLock' | 'readAllTables' | 'close'>;
type AsyncMethod<R extends Repository> = {
  [K in keyof ConfigStore[R]]: ConfigStore[R][K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof ConfigStore[R]];

export interface StoreFault {
  /** Calls of the method so far, on all replicas together (the failing one included). */
  calls(): number;
  restore(): void;
}

/**
 * The `failOnCall`-th call of `repository.method` (counted across replicas) throws `error`; the
 * others run.
 */
export function failStoreCall<R extends Repository>(
  server: Pick<TestServer, 'replicas'>,
  repository: R,
  method: AsyncMethod<R>,
  failOnCall: number,
  error = new Error('disk I/O error'),
): StoreFault {
  let calls = 0;
  // Every store of the process shares the repository's prototype method.
  const prototype = Object.getPrototypeOf(server.replicas[0].workbench.store[repository]) as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  const name = method as string;
  const original = prototype[name];
  const spy = jest.spyOn(prototype, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
    calls += 1;
    if (calls === failOnCall) return Promise.reject(error);
    return original.apply(this, args);
  });
  return {
    calls: () => calls,
    restore: () => spy.mockRestore(),
  };
}
