/**
 * A page's hooks over the entity feature's requests (entityRequests.ts): a read kept in the store
 * per name and arguments, and a call the page awaits while the feature's watcher runs it.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { ApiCallError } from '../../api/ApiCallError';
import {
  entityCallRequested,
  entityCallSettled,
  entityReadRequested,
  readKey,
  selectEntityRead,
  type EntityReadState,
  type WithEntityRequests,
} from './entityRequests';

export interface EntityRead<Data> extends EntityReadState<Data> {
  /** Load again (after a write, or Retry); the data stays shown until the answer lands. */
  reload(): void;
}

export interface EntityReadOptions {
  /** False: not asked for (yet); its status stays `idle`. */
  enabled?: boolean;
  /**
   * While other arguments load (another page, another filter), show the answer to the previous
   * ones rather than nothing, as a list does between pages.
   */
  keepPrevious?: boolean;
}

/**
 * An enabled read not asked for yet is asked as the page mounts (its effect): it shows as loading
 * from the first render, so the store's idle → loading is no change to the page. Issue 42: that
 * change rendered the page's root again inside its mount task (react-redux's subscription, set up
 * in the same commit, found the store changed by the page's own request and rendered
 * synchronously); a dashboard's and the web logs' each did.
 */
const ASKING: EntityReadState = { status: 'loading', data: null, error: null };

const shownRead = (read: EntityReadState, enabled: boolean): EntityReadState =>
  enabled && read.status === 'idle' ? ASKING : read;

/** What a page shows of a read: its status, data and error (not which object holds them). */
const sameShownRead = (a: EntityReadState, b: EntityReadState): boolean =>
  a.status === b.status && a.data === b.data && a.error === b.error;

/** Loads the read when the page mounts and whenever its arguments change (unless not enabled). */
export function useEntityReadOf<Data>(
  name: string,
  args: unknown,
  { enabled = true, keepPrevious = false }: EntityReadOptions = {},
): EntityRead<Data> {
  const dispatch = useDispatch();
  const key = readKey(name, args);
  const state = useSelector(
    (s: WithEntityRequests) => shownRead(selectEntityRead(key)(s), enabled),
    sameShownRead,
  ) as EntityReadState<Data>;
  // The key stands for the name and the arguments.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const reload = useCallback(() => dispatch(entityReadRequested(name, args)), [dispatch, key]);
  useEffect(() => {
    if (enabled) reload();
  }, [reload, enabled]);
  const previous = useRef<Data | null>(null);
  if (state.data !== null) previous.current = state.data;
  if (keepPrevious && state.status === 'loading' && state.data === null)
    return { ...state, data: previous.current, reload };
  return { ...state, reload };
}

let callSeq = 0;

/**
 * Runs the request through the feature's watcher and answers its result; rejects with the
 * ApiCallError of a refusal (status, message, field), as the API call itself would.
 */
export function useEntityCallOf<Args extends readonly unknown[], Result>(
  name: string,
): (...args: Args) => Promise<Result> {
  const store = useStore<WithEntityRequests>();
  return useCallback(
    (...args: Args) =>
      new Promise<Result>((resolve, reject) => {
        callSeq += 1;
        const id = `${name}#${callSeq}`;
        const settle = (): void => {
          const c = store.getState().entityRequests.calls[id];
          if (!c || c.status === 'running') return;
          unsubscribe();
          store.dispatch(entityCallSettled({ id }));
          if (c.status === 'done') resolve(c.result as Result);
          else reject(new ApiCallError(c.error ?? { message: 'The request failed.', callName: name }));
        };
        const unsubscribe = store.subscribe(settle);
        store.dispatch(entityCallRequested({ name, args, id }));
      }),
    [store, name],
  );
}
