import { useExtension } from '@workbench/common';
import type { DiscoveredApp } from '@workbench/common/api/contract/casbEgress';
import { useEntityRead } from '../policyRequests';

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
 * Read by request name (getDiscoveredApps), so every picker of the page shares one answer.
 */
export function useCloudApps(days = 30): CloudApps {
  const served = useExtension('cloud-app-catalogue');
  const read = useEntityRead('getDiscoveredApps', [days], { enabled: served, keepPrevious: true });
  if (!served) return { apps: [], status: 'unavailable', error: null, reload: read.reload };
  if (read.status === 'failed')
    return { apps: [], status: 'failed', error: read.error?.message ?? null, reload: read.reload };
  if (read.status === 'loaded' && read.data)
    return { apps: read.data.apps, status: 'ready', error: null, reload: read.reload };
  return { apps: read.data?.apps ?? [], status: 'loading', error: null, reload: read.reload };
}
