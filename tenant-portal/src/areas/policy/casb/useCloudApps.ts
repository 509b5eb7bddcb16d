import { useCallback, useEffect, useState } from 'react';
import { getDiscoveredApps } from '@workbench/common/api/casbEgress';
import type { DiscoveredApp } from '@workbench/common/api/contract/casbEgress';
import { useHttpClient } from '../../../app/httpContext';

export interface CloudApps {
  apps: DiscoveredApp[];
  status: 'loading' | 'ready' | 'failed';
  error: string | null;
  reload: () => void;
}

/**
 * The cloud-app catalogue with each app's use in the tenant's web logs of the last `days`
 * (GET …/casb/app_discovery/apps): the app pickers' options and the discovered list.
 */
export function useCloudApps(days = 30): CloudApps {
  const http = useHttpClient();
  const [state, setState] = useState<Omit<CloudApps, 'reload'>>({ apps: [], status: 'loading', error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading', error: null }));
    getDiscoveredApps(http, days).then(
      (reply) => live && setState({ apps: reply.apps, status: 'ready', error: null }),
      (error: unknown) =>
        live &&
        setState({
          apps: [],
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      live = false;
    };
  }, [http, days, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
