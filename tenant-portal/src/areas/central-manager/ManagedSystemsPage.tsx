/**
 * Settings › Managed Systems on the management station (docs/central-manager.md §11): every managed
 * appliance with its address, mode, state (with the reason when it is not online), the manager's
 * version it holds, and its groups. The table shows at once the state last seen, then each
 * appliance's state now (every appliance asked at once, each bounded by its own time-out), so an
 * appliance that is down or slow never holds up the page. Who may write adds an appliance, turns
 * maintenance mode on or off, restarts, reboots or shuts one down (confirmed; a job followed to
 * its end), changes an appliance's settings (cr_update) and stops managing one; every reader sees
 * an appliance's current settings, its software, and its logs and exports.
 */
import { useCallback, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import BuildIcon from '@mui/icons-material/Build';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import ReplayIcon from '@mui/icons-material/Replay';
import VisibilityIcon from '@mui/icons-material/Visibility';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { ManagedSystem, SystemAction } from '@workbench/common/api/contract/centralManager';
import { AddButton, useConfirmAction } from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { StatusChip, statusChipColumnWidth } from '@workbench/common/components/status-chip/index';
import { counted } from '@workbench/common/formatting/counted';
import { filterMenuLabel } from '@workbench/common/vocabularies/sharedUiMaps';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { useEntityCall, useEntityRead } from './centralManagerRequests';
import { AreaPage } from '../AreaPage';
import { RowAction } from '../settings/pageActions';
import { AddApplianceDialog } from './AddApplianceDialog';
import { CmJobProgress } from './CmJobProgress';
import { CurrentSettingsDialog } from './CurrentSettingsDialog';
import { SystemLogsDialog } from './SystemLogsDialog';
import { UpdatesDialog } from './UpdatesDialog';
import { APPLIANCE_STATE_VIEW, CM_TEXTS, useCmAccess } from './cmAccess';

export const SYSTEMS_TEXTS = {
  title: 'Managed Systems',
  intro:
    'The appliances this central manager manages. Each is asked for its state when the page opens; one that is down or does not answer shows why and holds up no other.',
  checking: 'Asking each appliance for its state now…',
  empty: 'No appliances are managed yet. Add one with its address and an administrator’s sign-in.',
  emptyReadOnly: 'No appliances are managed yet. Someone who may change them can add one.',
  noGroup: 'None',
  actionTitle: (action: SystemAction, name: string) =>
    `${action === 'shutdown' ? 'Shut down' : action === 'restart' ? 'Restart' : 'Reboot'} ${name}?`,
  actionBody: {
    restart: 'The appliance’s service stops and starts again; it does not answer for a moment.',
    reboot: 'The appliance restarts as a whole; it does not answer until it is back.',
    shutdown:
      'The appliance stops. It does not come back on its own: someone with access to it must start it again.',
  } satisfies Record<SystemAction, string>,
  removeTitle: (name: string) => `Stop managing ${name}?`,
  removeBody:
    'The appliance keeps running with its settings as they are; it leaves every group. To manage it again, add it again.',
} as const;

const ACTION_LABELS: Record<SystemAction, string> = {
  restart: 'Restart',
  reboot: 'Reboot',
  shutdown: 'Shut down',
};
const ACTION_ICONS: Record<SystemAction, typeof ReplayIcon> = {
  restart: ReplayIcon,
  reboot: RestartAltIcon,
  shutdown: PowerSettingsNewIcon,
};
const SYSTEM_ACTIONS: readonly SystemAction[] = ['restart', 'reboot', 'shutdown'];

export function ManagedSystemsPage() {
  const dispatch = useAppDispatch();
  const { canRead, canWrite } = useCmAccess();
  // The state last seen answers at once; the state now follows, appliance by appliance bounded.
  const lastSeen = useEntityRead('listManagedSystems', [], { enabled: canRead });
  const now = useEntityRead('getAppliances', [], { enabled: canRead });
  const groups = useEntityRead('listGroups', [], { enabled: canRead });
  const setMaintenance = useEntityCall('setMaintenance');
  const systemAction = useEntityCall('systemAction');
  const deleteManagedSystem = useEntityCall('deleteManagedSystem');
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<ManagedSystem | null>(null);
  const [updating, setUpdating] = useState<ManagedSystem | null>(null);
  const [reading, setReading] = useState<ManagedSystem | null>(null);
  const [job, setJob] = useState<{ id: string; title: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const confirm = useConfirmAction({
    dialog: ids.confirmDialog,
    confirm: ids.confirm,
    cancel: ids.confirmCancel,
  });

  const { reload: reloadNow } = now;
  const { reload: reloadLastSeen } = lastSeen;
  const reload = useCallback(() => {
    reloadLastSeen();
    reloadNow();
  }, [reloadLastSeen, reloadNow]);
  const done = (message: string) => dispatch(snackbarShown({ kind: 'save', outcome: 'success', message }));
  const failed = (callName: string) => (e: unknown) => setActionError(toErrorInfo(e, callName).message);

  const groupNames = (id: string): string =>
    (groups.data ?? [])
      .filter((g) => g.nodes.some((n) => n.id === id))
      .map((g) => g.name)
      .join(', ');

  const runAction = (s: ManagedSystem, action: SystemAction) =>
    confirm.ask({
      title: SYSTEMS_TEXTS.actionTitle(action, s.name),
      body: SYSTEMS_TEXTS.actionBody[action],
      confirmLabel: ACTION_LABELS[action],
      run: () => {
        setActionError(null);
        systemAction(s.id, action).then(
          (jobId) => setJob({ id: jobId, title: `${ACTION_LABELS[action]}: ${s.name}` }),
          failed('systemAction'),
        );
      },
    });

  const columns: DataTableColumn<ManagedSystem>[] = [
    {
      name: 'name',
      header: 'Name',
      flex: 1,
      minWidth: 140,
      sortable: true,
      wrap: true,
      value: (s) => s.name,
    },
    { name: 'address', header: 'Host:port', flex: 1, minWidth: 150, value: (s) => `${s.host}:${s.port}` },
    {
      name: 'mode',
      header: 'Mode',
      flex: 1,
      minWidth: 150,
      sortable: true,
      value: (s) => filterMenuLabel(s.mode),
    },
    {
      name: 'state',
      header: 'Status',
      flex: 2,
      minWidth: Math.max(220, statusChipColumnWidth(Object.values(APPLIANCE_STATE_VIEW).map((v) => v.label))),
      sortable: true,
      wrap: true,
      value: (s) => APPLIANCE_STATE_VIEW[s.state].label,
      render: (s) => (
        <Stack spacing={0.25} sx={{ py: 0.75, alignItems: 'flex-start' }}>
          <StatusChip
            label={APPLIANCE_STATE_VIEW[s.state].label}
            colour={APPLIANCE_STATE_VIEW[s.state].colour}
            data-testid={`${ids.state}-${s.id}`}
          />
          {s.reason && (
            <Typography variant="body2" color="error" data-testid={`${ids.reason}-${s.id}`}>
              {s.reason}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      name: 'version',
      header: 'Manager version',
      minWidth: 130,
      optional: true,
      value: (s) => s.system?.manager_version ?? '',
    },
    {
      name: 'group',
      header: 'Group',
      flex: 1,
      minWidth: 120,
      optional: true,
      wrap: true,
      value: (s) => groupNames(s.id) || SYSTEMS_TEXTS.noGroup,
    },
    {
      name: 'actions',
      header: 'Actions',
      center: true,
      pinned: 'right' as const,
      minWidth: canWrite ? 320 : 160,
      render: (s: ManagedSystem) => {
        const inMaintenance = s.state === 'maintenance';
        return (
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
            <RowAction
              label={`Current settings of ${s.name}`}
              testId={`${ids.settings}-${s.id}`}
              onClick={() => setViewing(s)}
            >
              <VisibilityIcon fontSize="small" />
            </RowAction>
            <RowAction
              label={`Software of ${s.name}`}
              testId={`${ids.updates}-${s.id}`}
              onClick={() => setUpdating(s)}
            >
              <SystemUpdateAltIcon fontSize="small" />
            </RowAction>
            <RowAction
              label={`Logs and exports of ${s.name}`}
              testId={`${ids.logs}-${s.id}`}
              onClick={() => setReading(s)}
            >
              <ReceiptLongIcon fontSize="small" />
            </RowAction>
            {canWrite && (
              <>
                <RowAction
                  label={
                    inMaintenance ? `End maintenance mode on ${s.name}` : `Maintenance mode on ${s.name}`
                  }
                  testId={`${ids.maintenance}-${s.id}`}
                  onClick={() => {
                    setActionError(null);
                    setMaintenance(s.id, !inMaintenance).then(() => {
                      done(`Maintenance mode is ${inMaintenance ? 'off' : 'on'} on ${s.name}.`);
                      reload();
                    }, failed('setMaintenance'));
                  }}
                >
                  {inMaintenance ? <BuildIcon fontSize="small" /> : <BuildOutlinedIcon fontSize="small" />}
                </RowAction>
                {SYSTEM_ACTIONS.map((action) => {
                  const Icon = ACTION_ICONS[action];
                  return (
                    <RowAction
                      key={action}
                      label={`${ACTION_LABELS[action]} ${s.name}`}
                      testId={`${ids.systemAction}-${action}-${s.id}`}
                      onClick={() => runAction(s, action)}
                    >
                      <Icon fontSize="small" />
                    </RowAction>
                  );
                })}
                <RowAction
                  label={`Stop managing ${s.name}`}
                  testId={`${ids.remove}-${s.id}`}
                  onClick={() =>
                    confirm.ask({
                      title: SYSTEMS_TEXTS.removeTitle(s.name),
                      body: SYSTEMS_TEXTS.removeBody,
                      confirmLabel: 'Stop managing',
                      run: () => {
                        setActionError(null);
                        deleteManagedSystem(s.id).then(() => {
                          done(`${s.name} is no longer managed.`);
                          reload();
                        }, failed('deleteManagedSystem'));
                      },
                    })
                  }
                >
                  <DeleteIcon fontSize="small" />
                </RowAction>
              </>
            )}
          </Stack>
        );
      },
    },
  ];

  if (!canRead)
    return (
      <AreaPage title={SYSTEMS_TEXTS.title}>
        <Alert severity="info">{CM_TEXTS.noAccess}</Alert>
      </AreaPage>
    );

  const rows = now.data ?? lastSeen.data;
  const add = canWrite && (
    <AddButton label="Add appliance" onClick={() => setAdding(true)} testId={ids.add} />
  );
  return (
    <AreaPage title={SYSTEMS_TEXTS.title}>
      <Box data-testid={ids.systemsPage}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {SYSTEMS_TEXTS.intro}
        </Typography>
        {actionError && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            onClose={() => setActionError(null)}
            data-testid={ids.actionError}
          >
            {actionError}
          </Alert>
        )}
        {job && (
          <CmJobProgress
            key={job.id}
            jobId={job.id}
            title={job.title}
            onClose={() => setJob(null)}
            onEnded={reload}
          />
        )}
        {lastSeen.status === 'failed' && now.status === 'failed' && (
          <LoadFailed
            sx={{ mb: 2 }}
            message={now.error?.message ?? 'The appliances were not loaded.'}
            onRetry={reload}
          />
        )}
        {rows !== null && rows.length === 0 ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid={ids.empty}>
            <Typography>{canWrite ? SYSTEMS_TEXTS.empty : SYSTEMS_TEXTS.emptyReadOnly}</Typography>
            {add}
          </Stack>
        ) : (
          <>
            <Stack
              direction="row"
              spacing={1.5}
              useFlexGap
              sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography color="text.secondary" data-testid={ids.systemsTotal} aria-live="polite">
                {rows === null ? 'Loading appliances…' : counted(rows.length, 'appliance')}
              </Typography>
              {now.status === 'loading' && (
                <Typography color="text.secondary" data-testid={ids.systemsChecking}>
                  {SYSTEMS_TEXTS.checking}
                </Typography>
              )}
              <Box sx={{ flex: 1 }} />
              <Button onClick={reload} data-testid={ids.systemsRefresh}>
                Refresh
              </Button>
              {add}
            </Stack>
            <Box data-testid={ids.systemsTable}>
              <DataTable<ManagedSystem>
                label="Managed appliances"
                rows={rows ?? []}
                rowKey={(s) => s.id}
                columns={columns}
                rowState={(s) => APPLIANCE_STATE_VIEW[s.state].row}
                initialSort={{ column: 'name', direction: 'asc' }}
                emptyText="Loading…"
              />
            </Box>
          </>
        )}
      </Box>
      {adding && (
        <AddApplianceDialog
          onCancel={() => setAdding(false)}
          onApproved={(s) => {
            setAdding(false);
            done(`${s.name} is managed now.`);
            reload();
          }}
        />
      )}
      {viewing && (
        <CurrentSettingsDialog system={viewing} canWrite={canWrite} onClose={() => setViewing(null)} />
      )}
      {reading && <SystemLogsDialog system={reading} onClose={() => setReading(null)} />}
      {updating && <UpdatesDialog system={updating} canWrite={canWrite} onClose={() => setUpdating(null)} />}
      {confirm.dialog}
    </AreaPage>
  );
}
