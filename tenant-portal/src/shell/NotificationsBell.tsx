/**
 * The header's notifications (docs/alerts.md "Notifications"): a bell with the caller's unread
 * count, the list (newest first) with a link from each firing to the logs of exactly its query and
 * window, mark read (one or all), and acknowledge for who may write alerts. Offered when the server
 * serves alerts (the `alerts` extension) to who may read them; the list is read again while the
 * portal is open, so a new firing shows without a reload.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  Link,
  List,
  ListItem,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { selectCan, useAppSelector, useExtension } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  ALERTS_READ_PERMISSION,
  ALERTS_WRITE_PERMISSION,
} from '@workbench/common/api/contract/settingsPermissions';
import type { AppNotification } from '@workbench/common/api/contract/alerts';
import { StatusChip } from '@workbench/common/components/status-chip/index';
import { alertsIds as ids } from '@workbench/common/test-ids/alertsIds';
import { useEntityCall, useEntityRead } from '../app/portalEntities';
import { portalRouteOf } from '../areas/alerts/alertLinks';

/** How often the list is read again while the portal is open. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

const SEVERITY_COLOURS = { info: 'info', warning: 'warning', critical: 'error' } as const;
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function NotificationItem({
  n,
  canWrite,
  onChanged,
  onError,
  onFollow,
}: {
  n: AppNotification;
  canWrite: boolean;
  onChanged(): void;
  onError(message: string): void;
  onFollow(): void;
}) {
  const markRead = useEntityCall('markNotificationsRead');
  const acknowledge = useEntityCall('acknowledgeAlertFiring');
  const [busy, setBusy] = useState(false);
  const to = portalRouteOf(n.link);
  const run = (work: () => Promise<unknown>, call: string) => {
    setBusy(true);
    work().then(
      () => {
        setBusy(false);
        onChanged();
      },
      (e: unknown) => {
        setBusy(false);
        onError(toErrorInfo(e, call).message);
        onChanged();
      },
    );
  };
  return (
    <ListItem
      data-testid={`${ids.item}-${n.id}`}
      data-read={n.read ? 'true' : 'false'}
      sx={{ display: 'block', bgcolor: n.read ? undefined : 'action.hover', py: 1 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <StatusChip
          label={n.severity}
          colour={SEVERITY_COLOURS[n.severity as keyof typeof SEVERITY_COLOURS] ?? 'default'}
        />
        <Typography variant="subtitle2" sx={{ fontWeight: n.read ? 400 : 700, flex: 1 }}>
          {n.title}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
        {n.body}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {when(n.created_at)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {to && (
          <Link component={RouterLink} to={to} onClick={onFollow} data-testid={`${ids.itemLink}-${n.id}`}>
            Show the logs
          </Link>
        )}
        {canWrite && n.firing_id && (
          <Button
            size="small"
            disabled={busy}
            data-testid={`${ids.itemAcknowledge}-${n.id}`}
            onClick={() =>
              // Acknowledging answers the notification: it is read too.
              run(async () => {
                await acknowledge(n.firing_id!);
                if (!n.read) await markRead(n.id);
              }, 'acknowledgeAlertFiring')
            }
          >
            Acknowledge
          </Button>
        )}
        {!n.read && (
          <Button
            size="small"
            disabled={busy}
            data-testid={`${ids.itemRead}-${n.id}`}
            onClick={() => run(() => markRead(n.id), 'markNotificationsRead')}
          >
            Mark read
          </Button>
        )}
      </Stack>
    </ListItem>
  );
}

export function NotificationsBell() {
  const served = useExtension('alerts');
  const canRead = useAppSelector(selectCan(ALERTS_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(ALERTS_WRITE_PERMISSION));
  const enabled = served && canRead;
  const list = useEntityRead('listNotifications', [], { enabled, keepPrevious: true });
  const markRead = useEntityCall('markNotificationsRead');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { reload } = list;
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = window.setInterval(reload, NOTIFICATIONS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [enabled, reload]);
  if (!enabled) return null;
  const unread = list.data?.unread ?? 0;
  const notifications = list.data?.notifications ?? [];
  const open = (el: HTMLElement) => {
    setError(null);
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
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 'min(420px, calc(100vw - 16px))', maxHeight: '70vh' } } }}
      >
        <Box data-testid={ids.list} role="dialog" aria-label="Notifications">
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
            <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
              Notifications
            </Typography>
            <Button
              size="small"
              disabled={unread === 0}
              data-testid={ids.readAll}
              onClick={() =>
                markRead(null).then(reload, (e: unknown) => {
                  setError(toErrorInfo(e, 'markNotificationsRead').message);
                  reload();
                })
              }
            >
              Mark all read
            </Button>
          </Stack>
          <Divider />
          {error && (
            <Typography color="error" variant="body2" sx={{ px: 2, py: 1 }} role="alert">
              {error}
            </Typography>
          )}
          {list.status === 'failed' && (
            <Typography color="error" variant="body2" sx={{ px: 2, py: 1 }} role="alert">
              {list.error?.message ?? 'The notifications were not loaded.'}
            </Typography>
          )}
          {notifications.length === 0 ? (
            <Typography color="text.secondary" sx={{ px: 2, py: 2 }} data-testid={ids.empty}>
              {list.data === null ? 'Loading…' : 'No notifications.'}
            </Typography>
          ) : (
            <List dense disablePadding>
              {notifications.map((n) => (
                <NotificationItem
                  key={n.id}
                  n={n}
                  canWrite={canWrite}
                  onChanged={reload}
                  onError={setError}
                  onFollow={() => setAnchor(null)}
                />
              ))}
            </List>
          )}
          <Divider />
          <Box sx={{ px: 2, py: 1 }}>
            <Link component={RouterLink} to="/alerts?tab=firings" onClick={() => setAnchor(null)}>
              All firings
            </Link>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
