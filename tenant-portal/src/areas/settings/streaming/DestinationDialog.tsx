/**
 * Create or edit a streaming destination (docs/streaming.md "Destinations"): its kind (fixed once
 * made), where it sends (an HTTP receiver with an optional authorisation header, or a syslog host),
 * the log types (those the user may read), fields and filter query sent, its batching, and on
 * creation the time it streams from. Problems show at their field before anything is sent; the
 * server's 400 shows at the field it names (else above the form) and the dialog keeps every value.
 */
import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { selectAccessController, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  STREAM_KINDS,
  STREAM_NAME_MAX,
  type Destination,
  type StreamKind,
} from '@workbench/common/api/contract/streaming';
import { tenantFieldsOf } from '@workbench/common/api/contract/logSchema';
import { queryFieldLabel } from '@workbench/common/api/contract/logQueryLanguage';
import {
  LOG_ROUTES_IN_NAV_ORDER,
  LOG_ROUTE_TYPES,
  LOG_TYPE_REGISTRY,
  logReadPermission,
} from '@workbench/common/vocabularies/index';
import { streamingIds as ids } from '@workbench/common/test-ids/streamingIds';
import { useEntityCall } from '../settingsRequests';
import type { ServerRefusal } from '../pageActions';
import {
  STREAM_KIND_LABELS,
  destinationBody,
  destinationFieldOf,
  destinationFormSchema,
  destinationValues,
  newDestination,
  streamLogTypes,
  type DestinationFormField,
  type DestinationFormValues,
  type StreamLogType,
} from './destinationForm';

const fieldId = (f: string) => `${ids.field}-${f}`;

export function DestinationDialog({
  destination,
  onCancel,
  onSaved,
}: {
  /** The destination edited; absent: a new one. */
  destination?: Destination;
  onCancel(): void;
  onSaved(destination: Destination): void;
}) {
  const saveStreamDestination = useEntityCall('saveStreamDestination');
  const access = useAppSelector(selectAccessController);
  const readable = useMemo(
    () => streamLogTypes(LOG_ROUTES_IN_NAV_ORDER, (r) => access.can(logReadPermission(r))),
    [access],
  );
  // A log type the destination sends but the user may not read is shown (checked, not changeable):
  // the server refuses a save that keeps it without its logs permission, and says so.
  const logTypes = useMemo(
    () =>
      LOG_ROUTES_IN_NAV_ORDER.filter(
        (r): r is StreamLogType =>
          readable.includes(r as StreamLogType) ||
          (destination?.log_types.includes(r as StreamLogType) ?? false),
      ),
    [readable, destination],
  );
  const [refusal, setRefusal] = useState<(ServerRefusal & { sent: DestinationFormValues }) | null>(null);
  const formik = useFormik<DestinationFormValues>({
    initialValues: destination ? destinationValues(destination) : newDestination(readable),
    validationSchema: destinationFormSchema,
    onSubmit: async (values) => {
      setRefusal(null);
      try {
        onSaved(await saveStreamDestination(destination?.id ?? null, destinationBody(values, !destination)));
      } catch (e) {
        const info = toErrorInfo(e, 'saveStreamDestination');
        setRefusal({ message: info.message, ...(info.field ? { field: info.field } : {}), sent: values });
      }
    },
  });
  const v = formik.values;
  const busy = formik.isSubmitting;
  const refusedField = destinationFieldOf(refusal?.field);

  /** The field's problem: the form's own once touched, else the server's while the value is the one sent. */
  const errorOf = (name: DestinationFormField): string | undefined => {
    const own = (formik.touched as Record<string, unknown>)[name]
      ? (formik.errors as Record<string, string | undefined>)[name]
      : undefined;
    if (own) return own;
    if (refusal && refusedField === name) {
      const key = name as keyof DestinationFormValues;
      if (JSON.stringify(refusal.sent[key]) === JSON.stringify(v[key])) return refusal.message;
    }
    return undefined;
  };
  const text = (
    name: DestinationFormField & keyof DestinationFormValues,
    label: string,
    help: string,
    extra: { required?: boolean; type?: string; numeric?: boolean; autoFocus?: boolean } = {},
  ) => (
    <TextField
      name={name}
      label={label}
      required={extra.required}
      type={extra.type}
      autoFocus={extra.autoFocus}
      autoComplete="off"
      value={v[name] as string}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name) ?? help}
      sx={{ flex: 1, minWidth: 160 }}
      slotProps={{
        htmlInput: {
          'data-testid': fieldId(name),
          spellCheck: false,
          ...(extra.numeric ? { inputMode: 'numeric' } : {}),
        },
        ...(extra.type === 'datetime-local' ? { inputLabel: { shrink: true } } : {}),
      }}
    />
  );

  const fieldChoices = useMemo(
    () => [...new Set(v.log_types.flatMap((r) => tenantFieldsOf(LOG_ROUTE_TYPES[r])))].sort(),
    [v.log_types],
  );
  const toggleLogType = (route: StreamLogType, on: boolean) => {
    const next = LOG_ROUTES_IN_NAV_ORDER.filter((r): r is StreamLogType =>
      r === route ? on : v.log_types.includes(r as StreamLogType),
    );
    void formik.setFieldValue('log_types', next);
    void formik.setFieldTouched('log_types', true, false);
  };
  const storedValue = destination?.auth_value_set === true;
  const formError = refusal && !refusedField ? refusal.message : null;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="md"
      aria-labelledby="streaming-form-title"
      data-testid={ids.dialog}
    >
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id="streaming-form-title">
          {destination ? `Edit destination ${destination.name}` : 'Add destination'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" data-testid={ids.formError}>
                {formError}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                name="name"
                label="Name"
                required
                autoFocus
                autoComplete="off"
                value={v.name}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={Boolean(errorOf('name'))}
                helperText={errorOf('name') ?? 'e.g. "Splunk" or "Security SIEM".'}
                sx={{ flex: 2 }}
                slotProps={{ htmlInput: { maxLength: STREAM_NAME_MAX + 20, 'data-testid': fieldId('name') } }}
              />
              <TextField
                select
                name="kind"
                label="Kind"
                value={v.kind}
                disabled={Boolean(destination)}
                onChange={(e) => void formik.setFieldValue('kind', e.target.value as StreamKind)}
                error={Boolean(errorOf('kind'))}
                helperText={
                  errorOf('kind') ??
                  (destination
                    ? 'A destination’s kind cannot change.'
                    : 'NDJSON over HTTP, or syslog over TCP.')
                }
                sx={{ flex: 1, minWidth: 160 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': fieldId('kind') } as object } }}
              >
                {STREAM_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {STREAM_KIND_LABELS[k]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {v.kind === 'http' ? (
              <>
                {text('url', 'URL', 'Receives gzip NDJSON batches by POST; delivered when it answers 2xx.', {
                  required: true,
                })}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {text('auth_header', 'Authorisation header', 'Optional, e.g. Authorization.')}
                  <TextField
                    name="auth_value"
                    label="Header value"
                    type="password"
                    autoComplete="new-password"
                    value={v.auth_value}
                    disabled={v.auth_value_remove}
                    onChange={formik.handleChange}
                    onBlur={formik.handleBlur}
                    placeholder={storedValue && !v.auth_value_remove ? 'A value is set' : undefined}
                    error={Boolean(errorOf('auth_value'))}
                    helperText={
                      errorOf('auth_value') ??
                      (v.auth_value_remove
                        ? 'The stored value is removed when you save.'
                        : storedValue
                          ? 'A value is set and stays unless you type a new one. It is never shown.'
                          : 'Optional, e.g. "Bearer …" or "Splunk …". Write-only: never shown again.')
                    }
                    sx={{ flex: 1, minWidth: 160 }}
                    slotProps={{
                      htmlInput: { 'data-testid': fieldId('auth_value') },
                      inputLabel: { shrink: storedValue || v.auth_value !== '' ? true : undefined },
                    }}
                  />
                  {storedValue && (
                    <Button
                      sx={{ alignSelf: 'flex-start', mt: 1 }}
                      onClick={() => {
                        void formik.setFieldValue('auth_value', '');
                        void formik.setFieldValue('auth_value_remove', !v.auth_value_remove);
                      }}
                      data-testid={fieldId('auth_value_remove')}
                    >
                      {v.auth_value_remove ? 'Keep the value' : 'Remove the value'}
                    </Button>
                  )}
                </Stack>
              </>
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
                {text('host', 'Host', 'The syslog receiver’s host name or IP address.', { required: true })}
                {text('port', 'Port', 'TCP port, e.g. 514 (6514 with TLS).', {
                  required: true,
                  numeric: true,
                })}
                <FormControlLabel
                  sx={{ mt: 1 }}
                  control={
                    <Switch
                      name="tls"
                      checked={v.tls}
                      onChange={formik.handleChange}
                      slotProps={{ input: { 'data-testid': fieldId('tls') } as object }}
                    />
                  }
                  label="TLS"
                />
              </Stack>
            )}
            <FormControl error={Boolean(errorOf('log_types'))} component="fieldset">
              <FormLabel component="legend">Log types</FormLabel>
              <FormGroup row>
                {logTypes.map((r) => (
                  <FormControlLabel
                    key={r}
                    label={LOG_TYPE_REGISTRY[r].title}
                    disabled={!readable.includes(r)}
                    control={
                      <Checkbox
                        checked={v.log_types.includes(r)}
                        onChange={(e) => toggleLogType(r, e.target.checked)}
                        slotProps={{ input: { 'data-testid': `${fieldId('log_types')}-${r}` } as object }}
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>
                {errorOf('log_types') ?? 'The log types sent: those whose logs you may read.'}
              </FormHelperText>
            </FormControl>
            <Autocomplete
              multiple
              options={fieldChoices}
              value={v.fields}
              onChange={(_, value) => void formik.setFieldValue('fields', value)}
              getOptionLabel={(f) => `${queryFieldLabel(f)} (${f})`}
              filterSelectedOptions
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Fields"
                  error={Boolean(errorOf('fields'))}
                  helperText={errorOf('fields') ?? 'Optional: none chosen sends every field of the event.'}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, 'data-testid': fieldId('fields') },
                  }}
                />
              )}
            />
            {text(
              'query',
              'Filter query',
              'The logs query language, as in the explorer; empty: every event of the log types.',
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('batch_max_events', 'Events per batch (at most)', 'A full batch is sent at once.', {
                required: true,
                numeric: true,
              })}
              {text('batch_max_seconds', 'Seconds before a partial batch', 'From 1 to 300.', {
                required: true,
                numeric: true,
              })}
            </Stack>
            {!destination &&
              text(
                'start_at',
                'Stream events from (your time)',
                'Optional: a past time sends the events stored since; empty: from now on.',
                { type: 'datetime-local' },
              )}
            <FormControlLabel
              control={
                <Switch
                  name="enabled"
                  checked={v.enabled}
                  onChange={formik.handleChange}
                  slotProps={{ input: { 'data-testid': fieldId('enabled') } as object }}
                />
              }
              label={v.enabled ? 'Enabled: events are streamed' : 'Disabled: nothing is sent'}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} data-testid={ids.cancel}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={ids.submit}>
            {destination ? 'Save' : 'Add destination'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
