/**
 * The entity feature's requests: what a page loads or changes besides an entity's paged list (one
 * tenant, a tenant's SKUs or documents, an import batch, a log's summary). An app names each
 * request once in its table (`EntityRequests`: name to API call); a page reads one through
 * `useEntityRead(name, args)` (state kept per name and arguments, a newer read of the same key
 * cancels the older) or runs one through `useEntityCall(name)` (awaited by the page, run by the
 * feature's watcher). Components never hold the HTTP client: the watcher does.
 */
import { createAction, createReducer } from '@reduxjs/toolkit';
import type { HttpClient } from '../../api/http';
import type { ApiCallErrorInfo } from '../../api/ApiCallError';

/**
 * One request of an app's table: an API call, given the app's client and its other arguments as a
 * plain tuple (actions carry them, so they stay serialisable). Method syntax keeps the parameter
 * bivariant, so a table of differently typed requests is one type.
 */
export interface EntityRequest<Args extends readonly unknown[] = never, Result = unknown> {
  run(http: HttpClient, args: Args): Promise<Result>;
}

/** An app's table of requests, by name. */
export type EntityRequests = Record<string, EntityRequest<never, unknown>>;

export type ArgsOf<R> = R extends EntityRequest<infer A extends readonly unknown[], unknown> ? A : never;
export type ResultOf<R> = R extends EntityRequest<never, infer T> ? T : never;

/** A request from an API module's function (`tenant: request(getTenant)`): the client comes first. */
export function request<Args extends unknown[], Result>(
  call: (http: HttpClient, ...args: Args) => Promise<Result>,
): EntityRequest<Args, Result> {
  return { run: (http, args) => call(http, ...args) };
}

export type EntityReadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** A read's state: its data stays shown while it loads again; a failed load shows its error. */
export interface EntityReadState<Data = unknown> {
  status: EntityReadStatus;
  data: Data | null;
  error: ApiCallErrorInfo | null;
}

export interface EntityCallState {
  status: 'running' | 'done' | 'failed';
  result: unknown;
  error: ApiCallErrorInfo | null;
}

export interface EntityRequestsState {
  /** By read key (name and arguments, readKey). */
  reads: Record<string, EntityReadState>;
  /** By call id, until the page that ran the call has its answer. */
  calls: Record<string, EntityCallState>;
}

export interface WithEntityRequests {
  entityRequests: EntityRequestsState;
}

/** The key of a read: its name and its arguments (object keys sorted, so equal arguments share it). */
export function readKey(name: string, args: unknown): string {
  const stable = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
        )
      : Array.isArray(v)
        ? v.map(stable)
        : v;
  return `${name}:${JSON.stringify(stable(args ?? null))}`;
}

export const entityReadRequested = createAction(
  'entityRequests/readRequested',
  (name: string, args: unknown) => ({ payload: { name, args, key: readKey(name, args) } }),
);
export const entityReadLoaded = createAction<{ key: string; data: unknown }>('entityRequests/readLoaded');
export const entityReadFailed = createAction<{ key: string; error: ApiCallErrorInfo }>(
  'entityRequests/readFailed',
);
export const entityCallRequested = createAction<{ name: string; args: unknown; id: string }>(
  'entityRequests/callRequested',
);
export const entityCallDone = createAction<{ id: string; result: unknown }>('entityRequests/callDone');
export const entityCallFailed = createAction<{ id: string; error: ApiCallErrorInfo }>(
  'entityRequests/callFailed',
);
/** The page took the call's answer: its entry goes. */
export const entityCallSettled = createAction<{ id: string }>('entityRequests/callSettled');

const initial: EntityRequestsState = { reads: {}, calls: {} };

/**
 * How many reads the state keeps: the most recently asked. A page that pages or filters asks a
 * new key each time; older answers go rather than grow with the session.
 */
export const MAX_KEPT_READS = 100;

export const entityRequestsReducer = createReducer(initial, (builder) => {
  builder
    .addCase(entityReadRequested, (state, { payload }) => {
      const r = state.reads[payload.key];
      // Asked again: it moves to the end, the most recent.
      delete state.reads[payload.key];
      state.reads[payload.key] = { status: 'loading', data: r?.data ?? null, error: null };
      const keys = Object.keys(state.reads);
      for (const key of keys.slice(0, Math.max(0, keys.length - MAX_KEPT_READS))) delete state.reads[key];
    })
    .addCase(entityReadLoaded, (state, { payload }) => {
      state.reads[payload.key] = { status: 'loaded', data: payload.data, error: null };
    })
    .addCase(entityReadFailed, (state, { payload }) => {
      state.reads[payload.key] = { status: 'failed', data: null, error: payload.error };
    })
    .addCase(entityCallRequested, (state, { payload }) => {
      state.calls[payload.id] = { status: 'running', result: null, error: null };
    })
    .addCase(entityCallDone, (state, { payload }) => {
      if (state.calls[payload.id])
        state.calls[payload.id] = { status: 'done', result: payload.result, error: null };
    })
    .addCase(entityCallFailed, (state, { payload }) => {
      if (state.calls[payload.id])
        state.calls[payload.id] = { status: 'failed', result: null, error: payload.error };
    })
    .addCase(entityCallSettled, (state, { payload }) => {
      delete state.calls[payload.id];
    });
});

const idleRead: EntityReadState = { status: 'idle', data: null, error: null };

export const selectEntityRead =
  (key: string) =>
  (state: WithEntityRequests): EntityReadState =>
    state.entityRequests.reads[key] ?? idleRead;

export const selectEntityCall =
  (id: string) =>
  (state: WithEntityRequests): EntityCallState | undefined =>
    state.entityRequests.calls[id];
