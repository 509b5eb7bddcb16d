/**
 * The event of the URL's `event=<id>_<epoch ms>` (the details drawer's link, logView.ts): from the
 * paging cache when the grid has it (with its row index, for previous/next), else read from the
 * logs API as the events of its one millisecond (whatever the view's filters), so a link opens the
 * event on load. 'missing' when no event of that id is at that time (or of this tenant).
 */
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { selectLogPaging, type IndexedLogEvent, type LogPagingState } from '@workbench/common';
import type { LogEvent } from '@workbench/common/api/contract/logs';
import { LOG_ROUTE_TYPES, type LogRoute } from '@workbench/common/vocabularies/index';
import { useEntityCall } from './logsRequests';
import type { PortalState } from '../../app/tenantStore';
import type { LinkedEvent } from './logView';

/** The cached event of that id, or null. */
export function cachedEvent(paging: LogPagingState, id: string): IndexedLogEvent | null {
  for (const block of Object.values(paging.blocks)) {
    const found = block.find((e) => String(e.id) === id);
    if (found) return found;
  }
  return null;
}

/** The cached event at a row index, or null while its block is not loaded. */
export function cachedEventAt(
  paging: LogPagingState,
  index: number,
  blockSize: number,
): IndexedLogEvent | null {
  return paging.blocks[Math.floor(index / blockSize)]?.[index % blockSize] ?? null;
}

export type LinkedEventState = LogEvent | IndexedLogEvent | 'loading' | 'missing' | null;

export function useLinkedEvent(route: LogRoute, linked: LinkedEvent | null): LinkedEventState {
  const store = useStore<PortalState>();
  const queryLogs = useEntityCall('queryLogs');
  const key = linked ? `${linked.id}_${linked.time}` : null;
  const cached = linked ? cachedEvent(selectLogPaging(store.getState()), linked.id) : null;
  const [read, setRead] = useState<{ key: string; event: LogEvent | 'missing' } | null>(null);
  const needsRead = key !== null && cached === null && read?.key !== key;
  useEffect(() => {
    if (!needsRead || !linked) return;
    let current = true;
    const seconds = (ms: number) => (ms / 1000).toFixed(3);
    queryLogs({
      logType: LOG_ROUTE_TYPES[route],
      params: { start: seconds(linked.time), end: seconds(linked.time + 1) },
    }).then(
      (reply) => {
        if (current)
          setRead({ key: key!, event: reply.events.find((e) => String(e.id) === linked.id) ?? 'missing' });
      },
      () => current && setRead({ key: key!, event: 'missing' }),
    );
    return () => {
      current = false;
    };
    // key stands for linked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsRead, key, queryLogs, route]);
  if (key === null) return null;
  if (cached) return cached;
  return read?.key === key ? read.event : 'loading';
}
