/**
 * Settings › TS Client Profile (docs/settings.md §11): the client on shared terminal servers, one
 * document: on or off, the client profile its sessions use (picked by name from Settings › Client
 * Profiles), and the source ports handed out per user. The form refuses what the server would
 * (the contract's tsClientProfileProblem) at the field, and shows the server's refusal there too.
 * Data through the entity feature (useEntityRead / useEntityCall), never the HTTP client here.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  tsClientProfileProblem,
  type TsClientProfile,
  type TsClientProfileBody,
} from '@workbench/common/api/contract/tsClientProfile';
import { CLIENT_PROFILES } from '@workbench/common/api/contract/settings-lists/clientProfiles';
import {
  settingsReadPermission,
  settingsWritePermission,
} from '@workbench/common/api/contract/tenantSettings';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { tsClientProfileIds as ids } from '@workbench/common/test-ids/index';
import { useEntityList } from '../../../app/portalEntities';
import { useEntityCall, useEntityRead } from '../settingsRequests';
import { AreaPage } from '../../AreaPage';

const TITLE = 'TS Client Profile';

interface Values {
  enabled: boolean;
  client_profile_id: string;
  start: string;
  end: string;
  perUser: string;
}
const valuesOf = (doc: TsClientProfile): Values => ({
  enabled: doc.enabled,
  client_profile_id: doc.client_profile_id ?? '',
  start: String(doc.port_range.start),
  end: String(doc.port_range.end),
  perUser: String(doc.ports_per_user),
});
const whole = (text: string): number => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : NaN);

function TsClientProfileForm({
  doc,
  canWrite,
  onSaved,
}: {
  doc: TsClientProfile;
  canWrite: boolean;
  onSaved(): void;
}) {
  const dispatch = useAppDispatch();
  const save = useEntityCall('saveTsClientProfile');
  const clients = useEntityList('client_profiles');
  const [values, setValues] = useState<Values>(() => valuesOf(doc));
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(valuesOf(doc)), [doc]);
  const set = (changes: Partial<Values>) => {
    setError(null);
    setValues((v) => ({ ...v, ...changes }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: TsClientProfileBody = {
      enabled: values.enabled,
      client_profile_id: values.client_profile_id === '' ? null : values.client_profile_id,
      port_range: { start: whole(values.start), end: whole(values.end) },
      ports_per_user: whole(values.perUser),
      updated_at: doc.updated_at,
    };
    const bad = (
      [
        ['port_range.start', body.port_range.start],
        ['port_range.end', body.port_range.end],
        ['ports_per_user', body.ports_per_user],
      ] as const
    ).find(([, n]) => Number.isNaN(n));
    if (bad) return setError({ field: bad[0], message: 'Enter a whole number.' });
    const problem = tsClientProfileProblem(body);
    if (problem) return setError({ field: problem[0], message: problem[1] });
    setBusy(true);
    try {
      await save(body);
      dispatch(
        snackbarShown({ kind: 'save', outcome: 'success', message: 'The TS client profile has been saved.' }),
      );
      onSaved();
    } catch (e) {
      const info = toErrorInfo(e, 'saveTsClientProfile');
      setError({ field: info.field ?? null, message: info.message });
    } finally {
      setBusy(false);
    }
  };

  const disabled = !canWrite || busy;
  const at = (field: string) => (error?.field === field ? error.message : undefined);
  const unplaced =
    error &&
    !['client_profile_id', 'port_range.start', 'port_range.end', 'ports_per_user'].includes(
      error.field ?? '',
    );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        {!canWrite && <Alert severity="info">You may read the TS client profile, not change it.</Alert>}
        {unplaced && (
          <Alert severity="error" data-testid={ids.error}>
            {error.message}
          </Alert>
        )}
        <FormControlLabel
          label="Run the client on terminal servers"
          control={
            <Checkbox
              checked={values.enabled}
              disabled={disabled}
              onChange={(e) => set({ enabled: e.target.checked })}
              slotProps={{ input: { 'data-testid': ids.enabled } as object }}
            />
          }
        />
        <TextField
          select
          label="Client profile of the sessions"
          value={values.client_profile_id}
          disabled={disabled}
          onChange={(e) => set({ client_profile_id: e.target.value })}
          error={at('client_profile_id') !== undefined}
          helperText={
            at('client_profile_id') ??
            (clients.status === 'loaded' && clients.rows.length === 0
              ? 'No client profiles yet: add one in Settings › Client Profiles.'
              : undefined)
          }
          slotProps={{ htmlInput: { 'data-testid': ids.clientProfile } }}
        >
          <MenuItem value="">None</MenuItem>
          {clients.rows.map((c) => (
            <MenuItem key={String(c.uuid)} value={String(c.uuid)}>
              {String(c.name)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={2}>
          <TextField
            label="First source port"
            value={values.start}
            disabled={disabled}
            onChange={(e) => set({ start: e.target.value })}
            error={at('port_range.start') !== undefined}
            helperText={at('port_range.start') ?? '1024 to 65535'}
            slotProps={{ htmlInput: { 'data-testid': ids.portStart, inputMode: 'numeric' } }}
          />
          <TextField
            label="Last source port"
            value={values.end}
            disabled={disabled}
            onChange={(e) => set({ end: e.target.value })}
            error={at('port_range.end') !== undefined}
            helperText={at('port_range.end')}
            slotProps={{ htmlInput: { 'data-testid': ids.portEnd, inputMode: 'numeric' } }}
          />
        </Stack>
        <TextField
          label="Source ports per user"
          value={values.perUser}
          disabled={disabled}
          onChange={(e) => set({ perUser: e.target.value })}
          error={at('ports_per_user') !== undefined}
          helperText={at('ports_per_user') ?? 'How many connections one user session may hold at once.'}
          slotProps={{ htmlInput: { 'data-testid': ids.portsPerUser, inputMode: 'numeric' } }}
        />
        {canWrite && (
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={busy} data-testid={ids.save}>
              Save
            </Button>
          </Stack>
        )}
      </Stack>
    </form>
  );
}

export function TsClientProfilePage() {
  const canRead = useAppSelector(selectCan(settingsReadPermission(CLIENT_PROFILES)));
  const canWrite = useAppSelector(selectCan(settingsWritePermission(CLIENT_PROFILES)));
  const doc = useEntityRead('getTsClientProfile', [], { enabled: canRead });
  return (
    <AreaPage title={TITLE}>
      <Stack spacing={2} data-testid={ids.page}>
        <Typography color="text.secondary">
          The client on shared terminal servers, where many users share one address: the client profile their
          sessions run with, and the source ports each user is given so the service tells them apart.
        </Typography>
        {!canRead ? (
          <Alert severity="info">You do not have permission to see the TS client profile.</Alert>
        ) : doc.status === 'failed' ? (
          <LoadFailed
            message={doc.error?.message ?? 'The TS client profile was not loaded.'}
            onRetry={doc.reload}
          />
        ) : doc.data === null ? (
          <Loading label="Loading the TS client profile" />
        ) : (
          <TsClientProfileForm doc={doc.data} canWrite={canWrite} onSaved={doc.reload} />
        )}
      </Stack>
    </AreaPage>
  );
}
