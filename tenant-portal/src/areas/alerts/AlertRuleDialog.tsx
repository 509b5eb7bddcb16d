/**
 * Create or edit an alert rule (docs/alerts.md "Rules"): a logs query of one log type, a condition
 * (a count over a window above a threshold, optionally per value of a field; or a value not seen in
 * the days before), a schedule, a severity and the channels notified. Problems show at their field
 * before anything is sent; the server's 400 shows at the field it names, else above the form.
 * The logs explorer opens it with its query, log type and window ("Create alert from this query").
 */
import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { selectAccessController, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  ALERT_SEVERITIES,
  ALERT_NAME_MAX,
  type AlertRule,
  type AlertSeverity,
  type Channel,
} from '@workbench/common/api/contract/alerts';
import { tenantFieldsOf } from '@workbench/common/api/contract/logSchema';
import { queryFieldLabel } from '@workbench/common/api/contract/logQueryLanguage';
import {
  LOG_ROUTES_IN_NAV_ORDER,
  LOG_ROUTE_TYPES,
  LOG_TYPE_REGISTRY,
  logReadPermission,
} from '@workbench/common/vocabularies/index';
import { alertsIds as ids } from '@workbench/common/test-ids/alertsIds';
import { useEntityCall, useEntityRead } from './alertsRequests';
import {
  CONDITION_LABELS,
  SEVERITY_LABELS,
  alertLogTypes,
  alertRuleBody,
  alertRuleFieldOf,
  alertRuleFormErrors,
  alertRuleValues,
  newAlertRule,
  type AlertLogType,
  type AlertPrefill,
  type AlertRuleField,
  type AlertRuleFormErrors,
  type AlertRuleFormValues,
  type ConditionKind,
} from './alertRuleForm';

const fieldId = (f: string) => `${ids.ruleField}-${f}`;

export function AlertRuleDialog({
  rule,
  prefill,
  onCancel,
  onSaved,
}: {
  /** The rule edited; absent: a new rule. */
  rule?: AlertRule;
  /** A new rule's query, log type and window (the logs explorer's). */
  prefill?: AlertPrefill;
  onCancel(): void;
  onSaved(rule: AlertRule): void;
}) {
  const saveAlertRule = useEntityCall('saveAlertRule');
  const channels = useEntityRead('listAlertChannels', []);
  const access = useAppSelector(selectAccessController);
  const logTypes = useMemo(
    () => alertLogTypes(LOG_ROUTES_IN_NAV_ORDER, (r) => access.can(logReadPermission(r))),
    [access],
  );
  const [values, setValues] = useState<AlertRuleFormValues>(() =>
    rule ? alertRuleValues(rule) : newAlertRule(logTypes[0] ?? 'web', prefill),
  );
  const [errors, setErrors] = useState<AlertRuleFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = tenantFieldsOf(LOG_ROUTE_TYPES[values.log_type]);

  const set = (changes: Partial<AlertRuleFormValues>) => setValues((v) => ({ ...v, ...changes }));
  const setLogType = (logType: AlertLogType) => {
    const next = tenantFieldsOf(LOG_ROUTE_TYPES[logType]);
    // A field of the previous log type may not be one of the new one's.
    set({
      log_type: logType,
      group_by: next.includes(values.group_by) ? values.group_by : '',
      field: next.includes(values.field) ? values.field : '',
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = alertRuleFormErrors(values);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      onSaved(await saveAlertRule(rule?.id ?? null, alertRuleBody(values)));
    } catch (e) {
      const info = toErrorInfo(e, 'saveAlertRule');
      const field = alertRuleFieldOf(info.field);
      if (field) setErrors({ [field]: info.message });
      else setFormError(info.message);
      setBusy(false);
    }
  };

  const numberField = (
    field: AlertRuleField,
    key: 'window_minutes' | 'threshold' | 'lookback_days' | 'every_minutes',
    label: string,
    help: string,
  ) => (
    <TextField
      label={label}
      required
      value={values[key]}
      onChange={(e) => set({ [key]: e.target.value } as Partial<AlertRuleFormValues>)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? help}
      sx={{ flex: 1, minWidth: 160 }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': fieldId(key) } }}
    />
  );
  const channelList: Channel[] = channels.data ?? [];

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="md"
      aria-labelledby="alert-rule-form-title"
      data-testid={ids.ruleDialog}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="alert-rule-form-title">
          {rule ? `Edit alert ${rule.name}` : 'Create alert'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" data-testid={ids.ruleError}>
                {formError}
              </Alert>
            )}
            <TextField
              label="Name"
              required
              autoFocus
              value={values.name}
              onChange={(e) => set({ name: e.target.value })}
              error={Boolean(errors.name)}
              helperText={errors.name ?? 'What the alert says when it fires, e.g. "Blocked downloads".'}
              slotProps={{ htmlInput: { maxLength: ALERT_NAME_MAX + 20, 'data-testid': fieldId('name') } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Log type"
                value={values.log_type}
                onChange={(e) => setLogType(e.target.value as AlertLogType)}
                error={Boolean(errors.log_type)}
                helperText={errors.log_type}
                sx={{ minWidth: 200 }}
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': fieldId('log_type') } as object },
                }}
              >
                {logTypes.map((r) => (
                  <MenuItem key={r} value={r}>
                    {LOG_TYPE_REGISTRY[r].title}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Query"
                value={values.query}
                onChange={(e) => set({ query: e.target.value })}
                error={Boolean(errors.query)}
                helperText={
                  errors.query ??
                  'The logs query language, as in the explorer; empty: every event of the type.'
                }
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': fieldId('query'), spellCheck: false } }}
              />
            </Stack>
            <TextField
              select
              label="Condition"
              value={values.kind}
              onChange={(e) => set({ kind: e.target.value as ConditionKind })}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': fieldId('kind') } as object } }}
            >
              {(Object.keys(CONDITION_LABELS) as ConditionKind[]).map((k) => (
                <MenuItem key={k} value={k}>
                  {CONDITION_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {numberField(
                'condition.window_minutes',
                'window_minutes',
                'Window (minutes)',
                'The last minutes counted.',
              )}
              {values.kind === 'threshold' ? (
                <>
                  {numberField(
                    'condition.threshold',
                    'threshold',
                    'Threshold',
                    'Fires when the count is above it.',
                  )}
                  <TextField
                    select
                    label="Per value of"
                    value={values.group_by}
                    onChange={(e) => set({ group_by: e.target.value })}
                    error={Boolean(errors['condition.group_by'])}
                    helperText={errors['condition.group_by'] ?? 'Optional: count each value apart.'}
                    sx={{ flex: 1, minWidth: 160 }}
                    slotProps={{
                      select: { SelectDisplayProps: { 'data-testid': fieldId('group_by') } as object },
                    }}
                  >
                    <MenuItem value="">
                      <em>All events together</em>
                    </MenuItem>
                    {fields.map((f) => (
                      <MenuItem key={f} value={f}>
                        {queryFieldLabel(f)}
                      </MenuItem>
                    ))}
                  </TextField>
                </>
              ) : (
                <>
                  <TextField
                    select
                    required
                    label="Field"
                    value={values.field}
                    onChange={(e) => set({ field: e.target.value })}
                    error={Boolean(errors['condition.field'])}
                    helperText={errors['condition.field'] ?? 'Fires on a value of it new in the window.'}
                    sx={{ flex: 1, minWidth: 160 }}
                    slotProps={{
                      select: { SelectDisplayProps: { 'data-testid': fieldId('field') } as object },
                    }}
                  >
                    {fields.map((f) => (
                      <MenuItem key={f} value={f}>
                        {queryFieldLabel(f)}
                      </MenuItem>
                    ))}
                  </TextField>
                  {numberField(
                    'condition.lookback_days',
                    'lookback_days',
                    'Not seen in (days)',
                    'The days before the window compared.',
                  )}
                </>
              )}
            </Stack>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {numberField('every_minutes', 'every_minutes', 'Evaluate every (minutes)', 'The schedule.')}
              <TextField
                select
                label="Severity"
                value={values.severity}
                onChange={(e) => set({ severity: e.target.value as AlertSeverity })}
                error={Boolean(errors.severity)}
                helperText={errors.severity}
                sx={{ flex: 1, minWidth: 160 }}
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': fieldId('severity') } as object },
                }}
              >
                {ALERT_SEVERITIES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {SEVERITY_LABELS[s]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              select
              label="Notify"
              value={values.channel_ids}
              onChange={(e) => set({ channel_ids: e.target.value as unknown as string[] })}
              error={Boolean(errors.channel_ids)}
              helperText={
                errors.channel_ids ??
                (channelList.length === 0
                  ? 'No channels yet: the alert shows in the header only. Add e-mail or a webhook under Channels.'
                  : 'Besides the header’s notifications.')
              }
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) =>
                    (selected as string[])
                      .map((id) => channelList.find((c) => c.id === id)?.name ?? id)
                      .join(', ') || 'The header only',
                  displayEmpty: true,
                  SelectDisplayProps: { 'data-testid': fieldId('channels') } as object,
                },
                inputLabel: { shrink: true },
              }}
            >
              {channelList.map((c) => (
                <MenuItem key={c.id} value={c.id} data-testid={`${fieldId('channels')}-${c.id}`}>
                  <Checkbox size="small" checked={values.channel_ids.includes(c.id)} />
                  {c.name} ({c.kind === 'email' ? 'e-mail' : 'webhook'})
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Switch
                  checked={values.enabled}
                  onChange={(e) => set({ enabled: e.target.checked })}
                  slotProps={{ input: { 'data-testid': fieldId('enabled') } as object }}
                />
              }
              label={values.enabled ? 'Enabled: evaluated on its schedule' : 'Disabled: not evaluated'}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} data-testid={ids.ruleCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={ids.ruleSubmit}>
            {rule ? 'Save' : 'Create alert'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
