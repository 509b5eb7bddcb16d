/**
 * Settings › Forensics Profiles beside the list (docs/settings.md §3): the status (whether the
 * staged web policy records, with how many rules, and what needs attention) and the forensics
 * viewer (where a recorded session opens from the logs, and how; the spec's URL check passes any
 * non-empty value). Read with settings:bf_profiles:read, saved with :write. Loads and saves through
 * the entity feature's requests (app/portalRequests.ts).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  OPEN_LINK,
  OPEN_LINK_LABELS,
  VIEWER_MESSAGES,
  VIEWER_URL_MAX,
  viewerUrlPasses,
  type ForensicsStatus,
  type ForensicsViewer,
} from '@workbench/common/api/contract/settings-lists/forensicsProfiles';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { forensicsIds as ids } from '@workbench/common/test-ids/forensicsIds';
import { useEntityCall, useEntityRead } from '../settingsRequests';
import { FormHead } from '../sign-in/FormHead';
import { utcMinute } from '../utcMinute';

export const FORENSICS_TEXTS = {
  statusTitle: 'Status',
  viewerTitle: 'Forensics viewer',
  viewerIntro:
    'Where an administrator opens a recorded session from the logs. Any address the viewer answers on is accepted.',
  enabled: 'Open recorded sessions in the forensics viewer',
  url: 'Viewer URL',
  openLink: 'Open a recording',
  saved: 'The forensics viewer was saved.',
  readOnly: 'You may read the viewer settings; changing them needs another role.',
  states: {
    off: 'Not recording',
    ready: 'Recording',
    attention: 'Recording: needs attention',
  },
} as const;

function statusLines(s: ForensicsStatus): string[] {
  const lines = [
    s.recording
      ? `The staged web policy records sessions (Web Policy › Browsing forensics), with ${s.rules} enabled rule${s.rules === 1 ? '' : 's'}.`
      : 'The staged web policy does not record sessions: switch it on in Web Policy › Browsing forensics.',
    `${s.profiles} forensics profile${s.profiles === 1 ? '' : 's'}.`,
  ];
  if (s.recording && s.rules === 0)
    lines.push('No enabled rule: nothing is recorded. Add a rule that picks a profile.');
  if (s.unvalidated_storage.length > 0)
    lines.push(
      `Storage not validated for: ${s.unvalidated_storage.join(', ')}. Validate it in Settings › Storage Profiles.`,
    );
  lines.push(
    s.viewer.enabled
      ? s.viewer.validated
        ? 'The forensics viewer is on.'
        : 'The forensics viewer is on without a URL.'
      : 'The forensics viewer is off.',
  );
  return lines;
}

export function ForensicsStatusSection({ status }: { status: ForensicsStatus }) {
  return (
    <Card variant="outlined" data-testid={ids.status}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {FORENSICS_TEXTS.statusTitle}
          </Typography>
          <Chip
            size="small"
            color={
              status.state === 'ready' ? 'success' : status.state === 'attention' ? 'warning' : 'default'
            }
            label={FORENSICS_TEXTS.states[status.state]}
            data-testid={ids.statusState}
          />
        </Stack>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {statusLines(status).map((line) => (
            <li key={line}>
              <Typography variant="body2">{line}</Typography>
            </li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

interface Values {
  enabled: boolean;
  viewer_url: string;
  open_link: ForensicsViewer['open_link'];
}

export function ForensicsViewerSection({
  viewer,
  canWrite,
  onSaved,
}: {
  viewer: ForensicsViewer;
  canWrite: boolean;
  onSaved(): void;
}) {
  const dispatch = useAppDispatch();
  const save = useEntityCall('saveForensicsViewer');
  const [values, setValues] = useState<Values>(viewer);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(viewer), [viewer]);
  const set = (changes: Partial<Values>) => setValues((v) => ({ ...v, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setUrlError(null);
    setFormError(null);
    if (values.enabled && !viewerUrlPasses(values.viewer_url))
      return setUrlError(VIEWER_MESSAGES.urlRequired);
    setBusy(true);
    try {
      await save({ enabled: values.enabled, viewer_url: values.viewer_url, open_link: values.open_link });
      dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: FORENSICS_TEXTS.saved }));
      onSaved();
    } catch (e) {
      const info = toErrorInfo(e, 'saveForensicsViewer');
      if (info.field === 'viewer_url') setUrlError(info.message);
      else setFormError(info.message);
    } finally {
      setBusy(false);
    }
  };

  const disabled = !canWrite || busy;
  return (
    <Card variant="outlined" data-testid={ids.viewerSection}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {FORENSICS_TEXTS.viewerTitle}
          </Typography>
          {viewer.validated && (
            <Chip size="small" color="success" label="URL checked" data-testid={ids.viewerValidated} />
          )}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {FORENSICS_TEXTS.viewerIntro}
        </Typography>
        {!canWrite && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {FORENSICS_TEXTS.readOnly}
          </Alert>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack spacing={2}>
            <FormHead
              error={formError}
              errorTestId={ids.viewerError}
              onCloseError={() => setFormError(null)}
              enabled={values.enabled}
              enabledLabel={FORENSICS_TEXTS.enabled}
              enabledTestId={ids.viewerEnabled}
              disabled={disabled}
              onEnabled={(enabled) => set({ enabled })}
            />
            <TextField
              label={FORENSICS_TEXTS.url}
              value={values.viewer_url}
              disabled={disabled}
              onChange={(e) => set({ viewer_url: e.target.value })}
              error={urlError !== null}
              helperText={urlError ?? 'e.g. https://forensics.example.com/viewer'}
              slotProps={{ htmlInput: { 'data-testid': ids.viewerUrl, maxLength: VIEWER_URL_MAX } }}
            />
            <FormControl component="fieldset">
              <FormLabel component="legend">{FORENSICS_TEXTS.openLink}</FormLabel>
              <RadioGroup
                row
                value={values.open_link}
                onChange={(e) => set({ open_link: e.target.value as Values['open_link'] })}
              >
                {OPEN_LINK.map((code) => (
                  <FormControlLabel
                    key={code}
                    value={code}
                    disabled={disabled}
                    control={
                      <Radio
                        slotProps={{ input: { 'data-testid': `${ids.viewerOpenLink}-${code}` } as object }}
                      />
                    }
                    label={OPEN_LINK_LABELS[code]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {canWrite && (
              <Box>
                <Button type="submit" variant="contained" disabled={busy} data-testid={ids.viewerSave}>
                  Save viewer
                </Button>
              </Box>
            )}
            {viewer.updated_at && (
              <Typography variant="caption" color="text.secondary">
                Last changed by {viewer.updated_by ?? 'someone'}, {utcMinute(viewer.updated_at)}
              </Typography>
            )}
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}

/** Both sections, loaded; `version` changes when the list was saved (the status counts it). */
export function ForensicsSections({ canWrite, version }: { canWrite: boolean; version: number }) {
  const status = useEntityRead('getForensicsStatus', []);
  const viewer = useEntityRead('getForensicsViewer', []);
  const { reload: reloadStatus } = status;
  // The read loads once on its own; a later save of the list changes what the status counts.
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    reloadStatus();
  }, [version, reloadStatus]);
  const viewerSaved = () => {
    viewer.reload();
    status.reload();
  };
  return (
    <Stack spacing={3} sx={{ mt: 3, maxWidth: 960 }}>
      {status.status === 'failed' ? (
        <LoadFailed message={status.error?.message ?? 'The status was not loaded.'} onRetry={status.reload} />
      ) : status.data ? (
        <ForensicsStatusSection status={status.data} />
      ) : (
        <Loading label="Loading the forensics status" />
      )}
      {viewer.status === 'failed' ? (
        <LoadFailed
          message={viewer.error?.message ?? 'The forensics viewer was not loaded.'}
          onRetry={viewer.reload}
        />
      ) : viewer.data ? (
        <ForensicsViewerSection viewer={viewer.data} canWrite={canWrite} onSaved={viewerSaved} />
      ) : (
        <Loading label="Loading the forensics viewer" />
      )}
    </Stack>
  );
}
