import { useCallback, useEffect, useState } from 'react';
import { toErrorInfo, type ApiCallErrorInfo } from '@workbench/common';

/** Loads with the console's client; reload after a write. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data: T | null; error: ApiCallErrorInfo | null }>({
    data: null,
    error: null,
  });
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data, error: null }),
      (e: unknown) => live && setState({ data: null, error: toErrorInfo(e) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the load depends on
  }, [...deps, n]);
  return { ...state, reload: useCallback(() => setN((x) => x + 1), []) };
}
