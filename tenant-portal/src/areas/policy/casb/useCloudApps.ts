import { useCallback, useEffect, useState } from 'react';
import { useExtension } from '@workbench/common';
import { getDiscoveredApps } from '@workbench/common/api/casbEgress';
import type { DiscoveredApp } from '@workbench/common/api/contract/casbEgress';
import { useHttpClient } from '../../../app/httpContext';

export interface CloudApps {
  apps: DiscoveredApp[];
  /** unavailable: the server has no catalogue (the cloud-app-catalogue extension, docs/api.md). */
  status: 'loading' | 'ready' | 'failed' | 'unavailable';
  error: string | null;
  reload: () => void;
}

/**
 * The cloud-app catalogue with each app's use in the tenant's web logs of the last `days`
 * (GET …/casb/app_discovery/apps): the app pickers' options and the discovered list. A server
 * without that extension has none: the pickers then offer no names, the list is not shown.
 */
export function useCloudApps(days = 30): CloudApps {
  const http = useHttpClient();
  const served = useExtension('cloud-app-catalogue');
  const [state, setState] = useState<Omit<CloudApps, 'reload'>>({ apps: [], status: 'loading', error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!served) return;
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
  }, [http, days, attempt, served]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  if (!served) return { apps: [], status: 'unavailable', error: null, reload };
  return { ...state, reload };
}
