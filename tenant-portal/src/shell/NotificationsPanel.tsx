/**
 * The header's notifications list (shell/NotificationsBell.tsx opens it; loaded when first opened,
 * so the shell's first load does not carry it): newest first, a link from each firing to the logs of
 * exactly its query and window, mark read (one or all), and acknowledge for who may write alerts.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Divider, Link, List, ListItem, Popover, Stack, Typography } from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { AppNotification, NotificationList } from '@workbench/common/api/contract/alerts';
import { StatusChip } from '@workbench/common/components/status-chip/index';
import { alertsIds as ids } from '@workbench/common/test-ids/alertsIds';
import { useEntityCall } from './shellRequests';
import { portalRouteOf } from '../areas/alerts/alertLinks';

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

export function NotificationsPanel({
  anchor,
  onClose,
  data,
  loadError,
  canWrite,
  reload,
}: {
  anchor: HTMLElement;
  onClose(): void;
  data: NotificationList | null;
  loadError: string | null;
  canWrite: boolean;
  reload(): void;
}) {
  const markRead = useEntityCall('markNotificationsRead');
  const [error, setError] = useState<string | null>(null);
  const unread = data?.unread ?? 0;
  const notifications = data?.notifications ?? [];
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
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
        {loadError && (
          <Typography color="error" variant="body2" sx={{ px: 2, py: 1 }} role="alert">
            {loadError}
          </Typography>
        )}
        {notifications.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, py: 2 }} data-testid={ids.empty}>
            {data === null ? 'Loading…' : 'No notifications.'}
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
                onFollow={onClose}
              />
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ px: 2, py: 1 }}>
          <Link component={RouterLink} to="/alerts?tab=firings" onClick={onClose}>
            All firings
          </Link>
        </Box>
      </Box>
    </Popover>
  );
}
