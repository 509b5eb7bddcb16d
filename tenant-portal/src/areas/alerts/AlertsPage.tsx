/**
 * Alerts (issue 40; docs/alerts.md): the tenant's alert rules (name, log type, condition,
 * severity, state, last evaluated) with each rule's history of evaluations; the firings with
 * acknowledge and silence-until and a link to the logs of exactly their query and window; the
 * notification channels with their delivery logs. Who may write (settings:alerts:write) creates,
 * edits and deletes rules and channels and acknowledges or silences firings; a reader sees all of
 * it. Loads and writes go through the entity feature's requests (app/portalRequests.ts).
 */
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  ALERTS_READ_PERMISSION,
  ALERTS_WRITE_PERMISSION,
  FIRING_STATES,
  type AlertEvaluation,
  type AlertFiring,
  type AlertRule,
  type Channel,
  type CreatedChannel,
  type FiringState,
} from '@workbench/common/api/contract/alerts';
import { AddButton, useConfirmAction } from '@workbench/common/components/confirm-delete/index';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { StatusChip, type StatusColour } from '@workbench/common/components/status-chip/index';
import { counted } from '@workbench/common/formatting/counted';
import { localInputToIso } from '@workbench/common/formatting/localTime';
import { LOG_TYPE_REGISTRY } from '@workbench/common/vocabularies/index';
import { alertsIds as ids } from '@workbench/common/test-ids/alertsIds';
import { useEntityCall, useEntityRead } from './alertsRequests';
import { AreaPage } from '../AreaPage';
import { utcMinute } from '../settings/utcMinute';
import { AlertRuleDialog } from './AlertRuleDialog';
import { portalRouteOf } from './alertLinks';
import { SEVERITY_LABELS, conditionText } from './alertRuleForm';
import {
  CHANNEL_KIND_LABELS,
  ChannelCreateDialog,
  ChannelSecretDialog,
  DeliveriesDialog,
} from './ChannelDialogs';

export const ALERTS_TEXTS = {
  title: 'Alerts',
  intro:
    'An alert counts the events of a logs query on a schedule and tells you when its condition holds: in the header’s notifications and through the channels it names.',
  noPermission: 'You do not have permission to see the alerts.',
  noRules: 'No alert rules yet. Create one here or from a query in the logs explorer.',
  noFirings: 'Nothing has fired.',
  noChannels: 'No channels yet: alerts show in the header’s notifications only.',
  never: 'Not yet',
  deleteRuleTitle: (name: string) => `Delete the alert ${name}?`,
  deleteRuleBody: 'Its firings and its history of evaluations go with it. This cannot be undone.',
  deleteChannelTitle: (name: string) => `Delete the channel ${name}?`,
  deleteChannelBody: 'Its delivery log goes with it; rules that named it no longer notify it.',
} as const;

const TABS = ['rules', 'firings', 'channels'] as const;
type AlertsTab = (typeof TABS)[number];
const TAB_LABELS: Record<AlertsTab, string> = { rules: 'Rules', firings: 'Firings', channels: 'Channels' };

export const FIRING_STATE_LABELS: Record<FiringState, string> = {
  firing: 'Firing',
  acknowledged: 'Acknowledged',
  silenced: 'Silenced',
  resolved: 'Resolved',
};
const FIRING_STATE_COLOURS: Record<FiringState, StatusColour> = {
  firing: 'error',
  acknowledged: 'info',
  silenced: 'warning',
  resolved: 'success',
};
export const SEVERITY_COLOURS: Record<string, StatusColour> = {
  info: 'info',
  warning: 'warning',
  critical: 'error',
};

const severityChip = (severity: string) => (
  <StatusChip
    label={SEVERITY_LABELS[severity as keyof typeof SEVERITY_LABELS] ?? severity}
    colour={SEVERITY_COLOURS[severity] ?? 'default'}
  />
);

/** A rule's state as the list shows it: disabled, or its open firing's state, or quiet. */
function ruleState(rule: AlertRule, open: AlertFiring | undefined): { label: string; colour: StatusColour } {
  if (!rule.enabled) return { label: 'Disabled', colour: 'default' };
  if (open) return { label: FIRING_STATE_LABELS[open.state], colour: FIRING_STATE_COLOURS[open.state] };
  return { label: 'OK', colour: 'success' };
}

const OUTCOME_LABELS: Record<AlertEvaluation['outcome'], string> = {
  ok: 'OK',
  fired: 'Fired',
  still_firing: 'Still firing',
  changed: 'Changed',
  resolved: 'Resolved',
  error: 'Error',
};
const groupsText = (groups: AlertFiring['groups']) =>
  groups
    .filter((g) => g.key !== null)
    .map((g) => `${g.key} (${g.count.toLocaleString('en')})`)
    .join(', ');

function HistoryDialog({ rule, onClose }: { rule: AlertRule; onClose(): void }) {
  const list = useEntityRead('listAlertEvaluations', [rule.id]);
  const columns: DataTableColumn<AlertEvaluation>[] = [
    {
      name: 'at',
      header: 'Evaluated',
      flex: 1.2,
      minWidth: 160,
      sortable: true,
      value: (e) => utcMinute(e.at),
    },
    {
      name: 'window',
      header: 'Window',
      flex: 1.6,
      minWidth: 200,
      wrap: true,
      value: (e) => `${utcMinute(e.window_start)} – ${utcMinute(e.window_end)}`,
    },
    { name: 'count', header: 'Count', minWidth: 90, value: (e) => e.count.toLocaleString('en') },
    {
      name: 'groups',
      header: 'Groups',
      flex: 1.5,
      minWidth: 140,
      wrap: true,
      value: (e) => groupsText(e.groups),
    },
    {
      name: 'outcome',
      header: 'Outcome',
      flex: 1.4,
      minWidth: 130,
      wrap: true,
      value: (e) => (e.outcome === 'error' ? `Error: ${e.error ?? ''}` : OUTCOME_LABELS[e.outcome]),
    },
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="alert-history-title"
      data-testid={ids.historyDialog}
    >
      <DialogTitle id="alert-history-title">Evaluations of {rule.name}</DialogTitle>
      <DialogContent>
        {list.status === 'failed' && (
          <LoadFailed
            sx={{ mb: 2 }}
            message={list.error?.message ?? 'The evaluations were not loaded.'}
            onRetry={list.reload}
          />
        )}
        <Box data-testid={ids.historyTable}>
          <DataTable<AlertEvaluation>
            label={`Evaluations of ${rule.name}`}
            rows={list.data ?? []}
            rowKey={(e) => e.id}
            columns={columns}
            initialSort={{ column: 'at', direction: 'desc' }}
            emptyText={list.status === 'loading' ? 'Loading…' : 'Not evaluated yet.'}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={ids.historyClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const SILENCE_CHOICES = [
  { value: '60', label: '1 hour' },
  { value: '240', label: '4 hours' },
  { value: '1440', label: '1 day' },
  { value: '10080', label: '7 days' },
  { value: 'time', label: 'Until a time…' },
] as const;

export function SilenceDialog({
  firing,
  onCancel,
  onDone,
}: {
  firing: AlertFiring;
  onCancel(): void;
  onDone(firing: AlertFiring): void;
}) {
  const silenceAlertFiring = useEntityCall('silenceAlertFiring');
  const [choice, setChoice] = useState<string>('60');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const until =
      choice === 'time'
        ? localInputToIso(time)
        : new Date(Date.now() + Number(choice) * 60_000).toISOString();
    if (until === null) {
      setError('Choose the time the silence ends.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onDone(await silenceAlertFiring(firing.id, until));
    } catch (e) {
      setError(toErrorInfo(e, 'silenceAlertFiring').message);
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="xs"
      aria-labelledby="alert-silence-title"
      data-testid={ids.silenceDialog}
    >
      <DialogTitle id="alert-silence-title">Silence {firing.rule_name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            No notification until then; if it still holds afterwards, it is firing again.
          </Typography>
          <TextField select label="For" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {SILENCE_CHOICES.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
          {choice === 'time' && (
            <TextField
              type="datetime-local"
              label="Until (your time)"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              error={Boolean(error)}
              helperText={error}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': ids.silenceUntil } }}
            />
          )}
          {error && choice !== 'time' && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => void submit()}
          data-testid={ids.silenceSubmit}
        >
          Silence
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The link to the logs of exactly the firing's query and window. */
export function FiringLogsLink({ firing, testId }: { firing: Pick<AlertFiring, 'link'>; testId: string }) {
  const to = portalRouteOf(firing.link);
  if (to === null) return null;
  return (
    <Link component={RouterLink} to={to} data-testid={testId}>
      Show the logs
    </Link>
  );
}

export function AlertsPage() {
  const dispatch = useAppDispatch();
  const canRead = useAppSelector(selectCan(ALERTS_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(ALERTS_WRITE_PERMISSION));
  const [params, setParams] = useSearchParams();
  const tab: AlertsTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as AlertsTab)
    : 'rules';
  const stateFilter = params.get('state');
  const firingState = (FIRING_STATES as readonly string[]).includes(stateFilter ?? '')
    ? (stateFilter as FiringState)
    : undefined;
  const rules = useEntityRead('listAlertRules', [], { enabled: canRead });
  // The rules' states come from their open firings; the Firings tab lists those of its filter.
  const openFirings = useEntityRead('listAlertFirings', [{}], { enabled: canRead });
  const firings = useEntityRead('listAlertFirings', [firingState ? { state: firingState } : {}], {
    enabled: canRead && tab === 'firings',
    keepPrevious: true,
  });
  const channels = useEntityRead('listAlertChannels', [], { enabled: canRead });
  const deleteAlertRule = useEntityCall('deleteAlertRule');
  const deleteAlertChannel = useEntityCall('deleteAlertChannel');
  const acknowledgeAlertFiring = useEntityCall('acknowledgeAlertFiring');
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [history, setHistory] = useState<AlertRule | null>(null);
  const [silencing, setSilencing] = useState<AlertFiring | null>(null);
  const [addingChannel, setAddingChannel] = useState(false);
  const [createdChannel, setCreatedChannel] = useState<CreatedChannel | null>(null);
  const [deliveries, setDeliveries] = useState<Channel | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const confirm = useConfirmAction({
    dialog: ids.confirmDialog,
    confirm: ids.confirm,
    cancel: ids.confirmCancel,
  });

  const reloadFirings = () => {
    openFirings.reload();
    firings.reload();
  };
  const done = (message: string) => dispatch(snackbarShown({ kind: 'save', outcome: 'success', message }));
  const failed = (call: string) => (e: unknown) => setActionError(toErrorInfo(e, call).message);

  const setTab = (next: AlertsTab) => {
    const p = new URLSearchParams(params);
    p.set('tab', next);
    setParams(p, { replace: true });
  };
  const setStateFilter = (state: string) => {
    const p = new URLSearchParams(params);
    if (state) p.set('state', state);
    else p.delete('state');
    setParams(p, { replace: true });
  };

  const acknowledge = (f: AlertFiring) => {
    setActionError(null);
    acknowledgeAlertFiring(f.id).then(() => {
      done(`The alert ${f.rule_name} was acknowledged.`);
      reloadFirings();
    }, failed('acknowledgeAlertFiring'));
  };

  // The newest firing of each rule that is not resolved (the list is newest first).
  const openOf = new Map<string, AlertFiring>();
  for (const f of openFirings.data ?? [])
    if (f.state !== 'resolved' && !openOf.has(f.rule_id)) openOf.set(f.rule_id, f);

  const ruleColumns: DataTableColumn<AlertRule>[] = [
    {
      name: 'name',
      header: 'Name',
      flex: 1.6,
      minWidth: 160,
      sortable: true,
      wrap: true,
      value: (r) => r.name,
    },
    {
      name: 'log_type',
      header: 'Log type',
      flex: 1,
      minWidth: 120,
      sortable: true,
      value: (r) => LOG_TYPE_REGISTRY[r.log_type].title,
    },
    {
      name: 'condition',
      header: 'Condition',
      flex: 2.4,
      minWidth: 220,
      wrap: true,
      value: (r) => (r.query ? `${r.query}: ${conditionText(r)}` : `Every event: ${conditionText(r)}`),
    },
    {
      name: 'severity',
      header: 'Severity',
      minWidth: 120,
      sortable: true,
      value: (r) => r.severity,
      render: (r) => severityChip(r.severity),
    },
    {
      name: 'state',
      header: 'State',
      minWidth: 140,
      value: (r) => ruleState(r, openOf.get(r.id)).label,
      render: (r) => {
        const s = ruleState(r, openOf.get(r.id));
        return (
          <StatusChip label={s.label} colour={s.colour} data-testid={`${ids.firingState}-rule-${r.id}`} />
        );
      },
    },
    {
      name: 'last_evaluated_at',
      header: 'Last evaluated',
      flex: 1,
      minWidth: 160,
      sortable: true,
      value: (r) => (r.last_evaluated_at ? utcMinute(r.last_evaluated_at) : ALERTS_TEXTS.never),
    },
    {
      name: 'actions',
      header: 'Actions',
      center: true,
      pinned: 'right',
      minWidth: canWrite ? 140 : 70,
      render: (r) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
          <Tooltip title="History of evaluations">
            <IconButton
              size="small"
              aria-label={`History of ${r.name}`}
              data-testid={`${ids.ruleHistory}-${r.id}`}
              onClick={() => setHistory(r)}
            >
              <HistoryIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canWrite && (
            <>
              <IconButton
                size="small"
                aria-label={`Edit ${r.name}`}
                data-testid={`${ids.editRule}-${r.id}`}
                onClick={() => setEditing(r)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Delete ${r.name}`}
                data-testid={`${ids.deleteRule}-${r.id}`}
                onClick={() =>
                  confirm.ask({
                    title: ALERTS_TEXTS.deleteRuleTitle(r.name),
                    body: ALERTS_TEXTS.deleteRuleBody,
                    confirmLabel: 'Delete',
                    run: () => {
                      setActionError(null);
                      deleteAlertRule(r.id).then(() => {
                        done(`The alert ${r.name} was deleted.`);
                        rules.reload();
                        reloadFirings();
                      }, failed('deleteAlertRule'));
                    },
                  })
                }
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </>
          )}
        </Stack>
      ),
    },
  ];

  const firingColumns: DataTableColumn<AlertFiring>[] = [
    {
      name: 'started_at',
      header: 'Started',
      flex: 1,
      minWidth: 160,
      sortable: true,
      value: (f) => utcMinute(f.started_at),
    },
    {
      name: 'rule_name',
      header: 'Alert',
      flex: 1.4,
      minWidth: 150,
      sortable: true,
      wrap: true,
      value: (f) => f.rule_name,
    },
    {
      name: 'severity',
      header: 'Severity',
      minWidth: 120,
      value: (f) => f.severity,
      render: (f) => severityChip(f.severity),
    },
    {
      name: 'state',
      header: 'State',
      flex: 1.2,
      minWidth: 150,
      wrap: true,
      value: (f) => FIRING_STATE_LABELS[f.state],
      render: (f) => (
        <Stack spacing={0.5} sx={{ py: 0.5 }}>
          <StatusChip
            label={FIRING_STATE_LABELS[f.state]}
            colour={FIRING_STATE_COLOURS[f.state]}
            data-testid={`${ids.firingState}-${f.id}`}
          />
          {f.state === 'silenced' && f.silenced_until && (
            <Typography variant="caption" color="text.secondary">
              until {utcMinute(f.silenced_until)}
            </Typography>
          )}
          {f.state === 'acknowledged' && f.acknowledged_by && (
            <Typography variant="caption" color="text.secondary">
              by {f.acknowledged_by}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      name: 'count',
      header: 'Count',
      minWidth: 90,
      sortable: true,
      value: (f) => f.count,
      render: (f) => f.count.toLocaleString('en'),
    },
    {
      name: 'groups',
      header: 'Groups',
      flex: 1.4,
      minWidth: 140,
      wrap: true,
      value: (f) => groupsText(f.groups),
    },
    {
      name: 'window',
      header: 'Logs',
      flex: 1.6,
      minWidth: 200,
      wrap: true,
      value: (f) => f.window_start,
      render: (f) => (
        <Stack sx={{ py: 0.5 }}>
          <Typography variant="body2">
            {utcMinute(f.window_start)} – {utcMinute(f.window_end)}
          </Typography>
          <FiringLogsLink firing={f} testId={`${ids.firingLink}-${f.id}`} />
        </Stack>
      ),
    },
    ...(canWrite
      ? [
          {
            name: 'actions',
            header: 'Actions',
            center: true,
            pinned: 'right' as const,
            minWidth: 200,
            render: (f: AlertFiring) =>
              f.state === 'resolved' ? null : (
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
                  {f.state !== 'acknowledged' && (
                    <Button
                      size="small"
                      data-testid={`${ids.acknowledge}-${f.id}`}
                      onClick={() => acknowledge(f)}
                    >
                      Acknowledge
                    </Button>
                  )}
                  <Button size="small" data-testid={`${ids.silence}-${f.id}`} onClick={() => setSilencing(f)}>
                    Silence
                  </Button>
                </Stack>
              ),
          },
        ]
      : []),
  ];

  const channelColumns: DataTableColumn<Channel>[] = [
    {
      name: 'name',
      header: 'Name',
      flex: 1.4,
      minWidth: 150,
      sortable: true,
      wrap: true,
      value: (c) => c.name,
    },
    {
      name: 'kind',
      header: 'Kind',
      minWidth: 110,
      sortable: true,
      value: (c) => CHANNEL_KIND_LABELS[c.kind],
    },
    {
      name: 'to',
      header: 'Sends to',
      flex: 2.4,
      minWidth: 220,
      wrap: true,
      value: (c) => (c.kind === 'email' ? (c.addresses ?? []).join(', ') : (c.url ?? '')),
    },
    {
      name: 'created_at',
      header: 'Created',
      flex: 1,
      minWidth: 160,
      sortable: true,
      value: (c) => utcMinute(c.created_at),
    },
    {
      name: 'actions',
      header: 'Actions',
      center: true,
      pinned: 'right',
      minWidth: canWrite ? 110 : 70,
      render: (c) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
          <Tooltip title="Delivery log">
            <IconButton
              size="small"
              aria-label={`Delivery log of ${c.name}`}
              data-testid={`${ids.channelDeliveries}-${c.id}`}
              onClick={() => setDeliveries(c)}
            >
              <ListAltIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canWrite && (
            <IconButton
              size="small"
              aria-label={`Delete ${c.name}`}
              data-testid={`${ids.deleteChannel}-${c.id}`}
              onClick={() =>
                confirm.ask({
                  title: ALERTS_TEXTS.deleteChannelTitle(c.name),
                  body: ALERTS_TEXTS.deleteChannelBody,
                  confirmLabel: 'Delete',
                  run: () => {
                    setActionError(null);
                    deleteAlertChannel(c.id).then(() => {
                      done(`The channel ${c.name} was deleted.`);
                      channels.reload();
                    }, failed('deleteAlertChannel'));
                  },
                })
              }
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
      ),
    },
  ];

  if (!canRead)
    return (
      <AreaPage title={ALERTS_TEXTS.title}>
        <Alert severity="info">{ALERTS_TEXTS.noPermission}</Alert>
      </AreaPage>
    );

  const loadFailed = (
    read: { status: string; error?: { message: string } | null; reload(): void },
    what: string,
  ) =>
    read.status === 'failed' && (
      <LoadFailed
        sx={{ mb: 2 }}
        message={read.error?.message ?? `The ${what} were not loaded.`}
        onRetry={read.reload}
      />
    );
  const ruleList = rules.data ?? [];
  const firingList = firings.data ?? [];
  const channelList = channels.data ?? [];

  return (
    <AreaPage title={ALERTS_TEXTS.title}>
      <Box data-testid={ids.page}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {ALERTS_TEXTS.intro}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_, v: AlertsTab) => setTab(v)}
          sx={{ mb: 2 }}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((t) => (
            <Tab key={t} value={t} label={TAB_LABELS[t]} data-testid={`${ids.tab}-${t}`} />
          ))}
        </Tabs>
        {actionError && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setActionError(null)}>
            {actionError}
          </Alert>
        )}
        {tab === 'rules' && (
          <>
            <Stack
              direction="row"
              spacing={1.5}
              useFlexGap
              sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography color="text.secondary" data-testid={ids.rulesTotal} aria-live="polite">
                {rules.data === null ? 'Loading alert rules…' : counted(ruleList.length, 'rule')}
              </Typography>
              <Box sx={{ flex: 1 }} />
              {canWrite && (
                <AddButton label="Create alert" onClick={() => setEditing('new')} testId={ids.createRule} />
              )}
            </Stack>
            {loadFailed(rules, 'alert rules')}
            <Box data-testid={ids.rulesTable}>
              <DataTable<AlertRule>
                label="Alert rules"
                rows={ruleList}
                rowKey={(r) => r.id}
                columns={ruleColumns}
                initialSort={{ column: 'name', direction: 'asc' }}
                emptyText={ALERTS_TEXTS.noRules}
              />
            </Box>
          </>
        )}
        {tab === 'firings' && (
          <>
            <Stack
              direction="row"
              spacing={1.5}
              useFlexGap
              sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <TextField
                select
                size="small"
                label="State"
                value={firingState ?? ''}
                onChange={(e) => setStateFilter(e.target.value)}
                sx={{ minWidth: 180 }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">Any state</MenuItem>
                {FIRING_STATES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {FIRING_STATE_LABELS[s]}
                  </MenuItem>
                ))}
              </TextField>
              <Typography color="text.secondary" data-testid={ids.firingsTotal} aria-live="polite">
                {firings.data === null ? 'Loading firings…' : counted(firingList.length, 'firing')}
              </Typography>
              <Box sx={{ flex: 1 }} />
              <Button onClick={reloadFirings}>Refresh</Button>
            </Stack>
            {loadFailed(firings, 'firings')}
            <Box data-testid={ids.firingsTable}>
              <DataTable<AlertFiring>
                label="Alert firings"
                rows={firingList}
                rowKey={(f) => f.id}
                columns={firingColumns}
                initialSort={{ column: 'started_at', direction: 'desc' }}
                emptyText={ALERTS_TEXTS.noFirings}
              />
            </Box>
          </>
        )}
        {tab === 'channels' && (
          <>
            <Stack
              direction="row"
              spacing={1.5}
              useFlexGap
              sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography color="text.secondary" aria-live="polite">
                {channels.data === null ? 'Loading channels…' : counted(channelList.length, 'channel')}
              </Typography>
              <Box sx={{ flex: 1 }} />
              {canWrite && (
                <AddButton
                  label="Add channel"
                  onClick={() => setAddingChannel(true)}
                  testId={ids.createChannel}
                />
              )}
            </Stack>
            {loadFailed(channels, 'channels')}
            <Box data-testid={ids.channelsTable}>
              <DataTable<Channel>
                label="Notification channels"
                rows={channelList}
                rowKey={(c) => c.id}
                columns={channelColumns}
                initialSort={{ column: 'name', direction: 'asc' }}
                emptyText={ALERTS_TEXTS.noChannels}
              />
            </Box>
          </>
        )}
      </Box>
      {editing && (
        <AlertRuleDialog
          rule={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(null)}
          onSaved={(r) => {
            setEditing(null);
            done(editing === 'new' ? `The alert ${r.name} was created.` : `The alert ${r.name} was saved.`);
            rules.reload();
          }}
        />
      )}
      {history && <HistoryDialog rule={history} onClose={() => setHistory(null)} />}
      {silencing && (
        <SilenceDialog
          firing={silencing}
          onCancel={() => setSilencing(null)}
          onDone={(f) => {
            setSilencing(null);
            done(`The alert ${f.rule_name} was silenced.`);
            reloadFirings();
          }}
        />
      )}
      {addingChannel && (
        <ChannelCreateDialog
          onCancel={() => setAddingChannel(false)}
          onCreated={(c) => {
            setAddingChannel(false);
            channels.reload();
            if (c.secret) setCreatedChannel(c);
            else done(`The channel ${c.name} was added.`);
          }}
        />
      )}
      {createdChannel && (
        <ChannelSecretDialog channel={createdChannel} onDone={() => setCreatedChannel(null)} />
      )}
      {deliveries && <DeliveriesDialog channel={deliveries} onClose={() => setDeliveries(null)} />}
      {confirm.dialog}
    </AreaPage>
  );
}
