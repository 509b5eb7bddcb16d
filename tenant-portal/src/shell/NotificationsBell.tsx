/**
 * The header's notifications (docs/alerts.md "Notifications"): a bell with the caller's unread
 * count; opening it shows the list (NotificationsPanel.tsx, loaded when first opened). Offered when
 * the server serves alerts (the `alerts` extension) to who may read them; the list is read again
 * while the portal is open, so a new firing shows without a reload.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { selectCan, useAppSelector, useExtension } from '@workbench/common';
import {
  ALERTS_READ_PERMISSION,
  ALERTS_WRITE_PERMISSION,
} from '@workbench/common/api/contract/settingsPermissions';
import { alertsIds as ids } from '@workbench/common/test-ids/alertsIds';
import { useEntityRead } from './shellRequests';

const NotificationsPanel = lazy(() =>
  import('./NotificationsPanel').then((m) => ({ default: m.NotificationsPanel })),
);

/** How often the list is read again while the portal is open. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

export function NotificationsBell() {
  const served = useExtension('alerts');
  const canRead = useAppSelector(selectCan(ALERTS_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(ALERTS_WRITE_PERMISSION));
  const enabled = served && canRead;
  const list = useEntityRead('listNotifications', [], { enabled, keepPrevious: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { reload } = list;
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = window.setInterval(reload, NOTIFICATIONS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [enabled, reload]);
  if (!enabled) return null;
  const unread = list.data?.unread ?? 0;
  const open = (el: HTMLElement) => {
    setAnchor(el);
    reload();
  };
  return (
    <>
      <Tooltip title={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}>
        <IconButton
          color="inherit"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-haspopup="dialog"
          data-testid={ids.bell}
          onClick={(e) => open(e.currentTarget)}
          sx={{ mr: 1 }}
        >
          <Badge
            badgeContent={unread}
            color="error"
            max={99}
            slotProps={{ badge: { 'data-testid': ids.unread } as object }}
          >
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationsPanel
            anchor={anchor}
            onClose={() => setAnchor(null)}
            data={list.data}
            loadError={
              list.status === 'failed' ? (list.error?.message ?? 'The notifications were not loaded.') : null
            }
            canWrite={canWrite}
            reload={reload}
          />
        </Suspense>
      )}
    </>
  );
}
