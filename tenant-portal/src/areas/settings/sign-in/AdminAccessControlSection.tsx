/**
 * Administration access control (docs/sign-in-settings.md "admin_access_control"): from which
 * addresses and by which ways in the tenant's administration may be reached. Editable with
 * settings:admin_access_control:write, read-only otherwise. A bad range shows at the ranges with
 * the server's reason (which line); a list that would lock the caller out is refused by the server
 * (409) and the reason shown.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  ADMIN_SIGN_IN_METHODS,
  type AdminAccessControl,
  type AdminAccessControlReply,
  type AdminSignInMethod,
} from '@workbench/common/api/contract/signInSettings';
import { signInSettingsIds as ids } from '@workbench/common/test-ids/signInSettingsIds';
import { useEntityCall } from '../settingsRequests';
import { FormHead } from './FormHead';
import { utcMinute } from '../utcMinute';
import { ADMIN_METHOD_LABELS, accessControlProblem, rangesOf } from './signInForms';

export const ACCESS_TEXTS = {
  title: 'Administration access control',
  intro:
    'Limit where and how this tenant’s administration may be reached. Sign-in, sign-out and the user info stay reachable, so a refused administrator sees why.',
  enabled: 'Only from these addresses, and only these ways in',
  ranges: 'Allowed addresses and ranges',
  rangesHint: 'One IPv4 or IPv6 address or CIDR range per line, e.g. 203.0.113.0/24',
  methods: 'Allowed ways in',
  saved: 'The administration access control was saved.',
  readOnly: 'You may read this setting; changing it needs another role.',
} as const;

interface Values {
  enabled: boolean;
  ranges: string;
  methods: AdminSignInMethod[];
}
const valuesOf = (a: AdminAccessControl): Values => ({
  enabled: a.enabled,
  ranges: a.allowed_ranges.join('\n'),
  methods: [...a.allowed_methods],
});

export function AdminAccessControlSection({
  access,
  canWrite,
  onSaved,
}: {
  access: AdminAccessControlReply;
  canWrite: boolean;
  onSaved(): void;
}) {
  const dispatch = useAppDispatch();
  const save = useEntityCall('saveAdminAccessControl');
  const [values, setValues] = useState<Values>(() => valuesOf(access));
  const [errors, setErrors] = useState<{ allowed_ranges?: string; allowed_methods?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(valuesOf(access)), [access]);

  const set = (changes: Partial<Values>) => setValues((v) => ({ ...v, ...changes }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    const ranges = rangesOf(values.ranges);
    const body: AdminAccessControl = {
      enabled: values.enabled,
      allowed_ranges: ranges,
      allowed_methods: ADMIN_SIGN_IN_METHODS.filter((m) => values.methods.includes(m)),
    };
    const problem = accessControlProblem(body);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    setBusy(true);
    try {
      await save(body);
      dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: ACCESS_TEXTS.saved }));
      onSaved();
    } catch (e) {
      const info = toErrorInfo(e, 'saveAdminAccessControl');
      const line = /^allowed_ranges\.(\d+)$/.exec(info.field ?? '');
      if (line) setErrors({ allowed_ranges: `Line with ${ranges[Number(line[1])]}: ${info.message}` });
      else if (info.field === 'allowed_ranges' || info.field === 'allowed_methods')
        setErrors({ [info.field]: info.message });
      else setFormError(info.message);
    } finally {
      setBusy(false);
    }
  };

  const disabled = !canWrite || busy;
  return (
    <Card variant="outlined" data-testid={ids.accessSection}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {ACCESS_TEXTS.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {ACCESS_TEXTS.intro}
        </Typography>
        {!canWrite && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {ACCESS_TEXTS.readOnly}
          </Alert>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack spacing={2}>
            <FormHead
              error={formError}
              errorTestId={ids.accessError}
              onCloseError={() => setFormError(null)}
              enabled={values.enabled}
              enabledLabel={ACCESS_TEXTS.enabled}
              enabledTestId={ids.accessEnabled}
              disabled={disabled}
              onEnabled={(enabled) => set({ enabled })}
            />
            <TextField
              label={ACCESS_TEXTS.ranges}
              multiline
              minRows={3}
              maxRows={10}
              value={values.ranges}
              disabled={disabled}
              onChange={(e) => set({ ranges: e.target.value })}
              error={Boolean(errors.allowed_ranges)}
              helperText={errors.allowed_ranges ?? ACCESS_TEXTS.rangesHint}
              slotProps={{ htmlInput: { 'data-testid': ids.accessRanges, spellCheck: false } }}
            />
            {/* The checkboxes are disabled one by one: a disabled fieldset greys its legend below the
                contrast a reader needs (axe, color-contrast). */}
            <FormControl error={Boolean(errors.allowed_methods)} component="fieldset">
              <FormLabel component="legend">{ACCESS_TEXTS.methods}</FormLabel>
              <FormGroup row>
                {ADMIN_SIGN_IN_METHODS.map((m) => (
                  <FormControlLabel
                    key={m}
                    control={
                      <Checkbox
                        checked={values.methods.includes(m)}
                        disabled={disabled}
                        onChange={(e) =>
                          set({
                            methods: e.target.checked
                              ? [...values.methods, m]
                              : values.methods.filter((x) => x !== m),
                          })
                        }
                        slotProps={{ input: { 'data-testid': `${ids.accessMethod}-${m}` } as object }}
                      />
                    }
                    label={ADMIN_METHOD_LABELS[m]}
                  />
                ))}
              </FormGroup>
              {errors.allowed_methods && (
                <FormHelperText data-testid={ids.accessMethodsError}>{errors.allowed_methods}</FormHelperText>
              )}
            </FormControl>
            {canWrite && (
              <Box>
                <Button type="submit" variant="contained" disabled={busy} data-testid={ids.accessSave}>
                  Save access control
                </Button>
              </Box>
            )}
            {access.updated_at && (
              <Typography variant="caption" color="text.secondary">
                Last changed by {access.updated_by ?? 'someone'}, {utcMinute(access.updated_at)}
              </Typography>
            )}
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
