import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import {
  Alert,
  Autocomplete,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { DASHBOARDS, readableDashboards } from '@workbench/common/api/contract/reportDashboards';
import {
  RECIPIENTS_NOTE,
  REPORT_FORMATS,
  REPORT_FORMAT_FILES,
  SCHEDULE_PRESETS,
  SCHEDULE_PRESET_NAMES,
  type ScheduledReport,
} from '@workbench/common/api/contract/reportFiles';
import {
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  type ReportQueryName,
} from '@workbench/common/api/contract/reportQueries';
import { REPORT_INTERVAL_CODES, intervalLabel } from '@workbench/common/features/interval/index';
import { reportsIds } from '@workbench/common/test-ids/reportsIds';
import {
  REPORT_FORM_MESSAGES,
  emptyReportForm,
  formOfReport,
  reportFormSchema,
  type ReportFormValues,
} from './reportForm';

export interface ScheduledReportDialogProps {
  /** The schedule to edit; null to create one. */
  report: ScheduledReport | null;
  /** The report queries the user may read (the panels a run of theirs includes). */
  readableQueries: readonly ReportQueryName[];
  onCancel: () => void;
  onSubmit: (values: ReportFormValues) => void;
  busy: boolean;
  serverError: string | null;
}

const PRESET_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(SCHEDULE_PRESETS).map(([k, v]) => [k, v.label])),
  custom: 'Custom (cron expression)',
};

const timeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};

/** Create or edit a scheduled report (Formik + yup; the server checks the same rules again). */
export function ScheduledReportDialog({
  report,
  readableQueries,
  onCancel,
  onSubmit,
  busy,
  serverError,
}: ScheduledReportDialogProps) {
  const formik = useFormik<ReportFormValues>({
    initialValues: report ? formOfReport(report) : emptyReportForm(),
    validationSchema: reportFormSchema,
    onSubmit: (values) => onSubmit(values),
  });
  const zones = useMemo(timeZones, []);
  const [recipientText, setRecipientText] = useState('');
  const v = formik.values;
  const errorOf = (name: keyof ReportFormValues): string | undefined => {
    const error = formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined;
    const key = Array.isArray(error) ? error.find(Boolean) : error;
    return key ? (REPORT_FORM_MESSAGES[key] ?? key) : undefined;
  };
  const queryOptions = REPORT_QUERY_NAMES.filter((q) => readableQueries.includes(q) || v.queries.includes(q));
  // The dashboards with a panel the user may read (and the one the schedule names, to show it).
  const readableIds = new Set(readableDashboards(new Set(readableQueries)).map((d) => d.id));
  const dashboards = DASHBOARDS.filter((d) => readableIds.has(d.id) || d.id === v.dashboard);
  /** A typed address joins the chips on Enter, comma, space or when the field is left. */
  const addRecipients = (text: string) => {
    const added = text
      .split(/[\s,;]+/)
      .map((a) => a.trim())
      .filter(Boolean);
    if (added.length > 0) void formik.setFieldValue('recipients', [...v.recipients, ...added]);
    setRecipientText('');
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="report-form-title"
      data-testid={reportsIds.formDialog}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id="report-form-title">
          {report ? `Edit ${report.name}` : 'New scheduled report'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <TextField
              id="report-name"
              name="name"
              label="Name"
              required
              value={v.name}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(errorOf('name'))}
              helperText={errorOf('name')}
              slotProps={{ htmlInput: { 'data-testid': reportsIds.formName } }}
            />
            <ToggleButtonGroup
              exclusive
              size="small"
              value={v.sourceKind}
              onChange={(_e, kind: ReportFormValues['sourceKind'] | null) =>
                kind && void formik.setFieldValue('sourceKind', kind)
              }
              aria-label="What the report shows"
              data-testid={reportsIds.formSourceKind}
            >
              <ToggleButton value="dashboard">A dashboard</ToggleButton>
              <ToggleButton value="queries">Chosen report queries</ToggleButton>
            </ToggleButtonGroup>
            {v.sourceKind === 'dashboard' ? (
              <TextField
                select
                id="report-dashboard"
                name="dashboard"
                label="Dashboard"
                value={v.dashboard}
                onChange={formik.handleChange}
                helperText="Its panels, each one you may read."
                slotProps={{ htmlInput: { 'data-testid': reportsIds.formDashboard } }}
              >
                {dashboards.map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    {d.title}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Autocomplete
                multiple
                id="report-queries"
                options={queryOptions}
                value={v.queries}
                onChange={(_e, queries) => void formik.setFieldValue('queries', queries)}
                getOptionLabel={(q) => `${REPORT_QUERY_REGISTRY[q].title} (${q})`}
                data-testid={reportsIds.formQueries}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Report queries"
                    error={Boolean(errorOf('queries'))}
                    helperText={errorOf('queries') ?? 'One panel per query, in this order.'}
                  />
                )}
              />
            )}
            <TextField
              select
              id="report-interval"
              name="interval"
              label="Each report covers"
              value={v.interval}
              onChange={formik.handleChange}
              helperText="The time before each run."
              slotProps={{ htmlInput: { 'data-testid': reportsIds.formInterval } }}
            >
              {REPORT_INTERVAL_CODES.map((code) => (
                <MenuItem key={code} value={code}>
                  {intervalLabel(code)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                id="report-preset"
                name="preset"
                label="Runs"
                value={v.preset}
                onChange={(e) => {
                  const preset = e.target.value as ReportFormValues['preset'];
                  void formik.setFieldValue('preset', preset);
                  if (preset !== 'custom')
                    void formik.setFieldValue('cron', SCHEDULE_PRESETS[preset].cron, false);
                }}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': reportsIds.formPreset } }}
              >
                {SCHEDULE_PRESET_NAMES.map((p) => (
                  <MenuItem key={p} value={p}>
                    {PRESET_LABELS[p]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                id="report-cron"
                name="cron"
                label="Cron (minute hour day month weekday)"
                value={v.cron}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                disabled={v.preset !== 'custom'}
                error={v.preset === 'custom' && Boolean(errorOf('cron'))}
                helperText={v.preset === 'custom' ? (errorOf('cron') ?? 'At most once an hour.') : undefined}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': reportsIds.formCron } }}
              />
            </Stack>
            <Autocomplete
              id="report-timezone"
              options={zones}
              value={v.timezone}
              disableClearable
              onChange={(_e, zone) => void formik.setFieldValue('timezone', zone)}
              data-testid={reportsIds.formTimezone}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Time zone"
                  error={Boolean(errorOf('timezone'))}
                  helperText={
                    errorOf('timezone') ?? 'The schedule runs, and the file shows times, in this zone.'
                  }
                />
              )}
            />
            <TextField
              select
              id="report-format"
              name="format"
              label="Format"
              value={v.format}
              onChange={formik.handleChange}
              slotProps={{ htmlInput: { 'data-testid': reportsIds.formFormat } }}
            >
              {REPORT_FORMATS.map((f) => (
                <MenuItem key={f} value={f}>
                  {REPORT_FORMAT_FILES[f].label}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              multiple
              freeSolo
              id="report-recipients"
              options={[] as string[]}
              value={v.recipients}
              inputValue={recipientText}
              onInputChange={(_e, text, reason) => {
                if (reason === 'input' && /[\s,;]$/.test(text)) addRecipients(text);
                else if (reason !== 'reset') setRecipientText(text);
              }}
              onChange={(_e, list) => {
                void formik.setFieldValue('recipients', list.map((a) => a.trim()).filter(Boolean));
                setRecipientText('');
              }}
              renderValue={(list, getItemProps) =>
                list.map((address, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={address} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Recipients"
                  onBlur={() => addRecipients(recipientText)}
                  error={Boolean(errorOf('recipients'))}
                  helperText={errorOf('recipients') ?? RECIPIENTS_NOTE}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, 'data-testid': reportsIds.formRecipients },
                  }}
                />
              )}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={v.enabled}
                  onChange={(e) => void formik.setFieldValue('enabled', e.target.checked)}
                  slotProps={{ input: { 'data-testid': reportsIds.formEnabled } as object }}
                />
              }
              label="Enabled (runs on its schedule)"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} data-testid={reportsIds.formCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={reportsIds.formSubmit}>
            {report ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
