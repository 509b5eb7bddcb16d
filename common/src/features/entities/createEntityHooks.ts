/**
 * An app's typed hooks over the entity feature: its entity sources and its requests, each by
 * name. The names are the keys of the app's tables, so a mistyped name fails to compile, and a
 * page's rows, a read's data and a call's arguments and result take their types from the row.
 */
import type { EntitySource } from './entitySource';
import type { ArgsOf, EntityRequests, ResultOf } from './entityRequests';
import { useEntityList } from './useEntityList';
import { useEntityPage } from './useEntityPage';
import {
  useEntityCallOf,
  useEntityReadOf,
  type EntityRead,
  type EntityReadOptions,
} from './useEntityRequest';

/** Any app's table of entity sources, by name (each row's key is its source's name). */
export type EntitySources = Record<string, EntitySource<unknown, never, never>>;

export type RowOf<S> = S extends EntitySource<infer Row, never, never> ? Row : never;

export function createEntityHooks<S extends EntitySources, R extends EntityRequests>(
  sources: S,
  requests: R,
) {
  for (const [name, source] of Object.entries(sources))
    if (source.name !== name) throw new Error(`The entity source under ${name} is named ${source.name}.`);
  return {
    /** The rows and state of one entity's current query (useEntityList). */
    useEntityList<N extends keyof S & string>(name: N, options?: { enabled?: boolean }) {
      return useEntityList<RowOf<S[N]>>(sources[name] as EntitySource<RowOf<S[N]>, never, never>, options);
    },
    /** A data page's whole behaviour around one entity (useEntityPage). */
    useEntityPage<N extends keyof S & string>(name: N, options?: { enabled?: boolean }) {
      return useEntityPage<RowOf<S[N]>>(sources[name] as EntitySource<RowOf<S[N]>, never, never>, options);
    },
    /** One request's answer for these arguments, kept in the store. */
    useEntityRead<N extends keyof R & string>(
      name: N,
      args: ArgsOf<R[N]>,
      options?: EntityReadOptions,
    ): EntityRead<ResultOf<R[N]>> {
      return useEntityReadOf<ResultOf<R[N]>>(name, args, options);
    },
    /** A request the page runs and awaits (a write, an import batch, a one-off read). */
    useEntityCall<N extends keyof R & string>(name: N): (...args: ArgsOf<R[N]>) => Promise<ResultOf<R[N]>> {
      return useEntityCallOf<ArgsOf<R[N]>, ResultOf<R[N]>>(name);
    },
    sources,
    requests,
  };
}
