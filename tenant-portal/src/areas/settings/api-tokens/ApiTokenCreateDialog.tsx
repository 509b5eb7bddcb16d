/**
 * Create an API token: name, read-only or read-write, the areas, the expiry (docs/api-tokens.md).
 * Problems show at their field before anything is sent; the server's refusal shows at the field it
 * names (a 403 naming `areas` when the scope exceeds the creator's role), else above the form.
 * Areas the signed-in administrator's role does not allow at the chosen access are offered
 * disabled, saying why: the server would refuse them.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
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
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { selectAccessController, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  API_TOKEN_AREAS,
  API_TOKEN_AREA_REGISTRY,
  API_TOKEN_NAME_MAX,
  apiTokenScopePermissions,
  type ApiTokenAccess,
  type ApiTokenArea,
  type ApiTokenCreated,
} from '@workbench/common/api/contract/apiTokens';
import { apiTokensIds as ids } from '@workbench/common/test-ids/apiTokensIds';
import { useEntityCall } from '../settingsRequests';
import {
  API_TOKEN_EXPIRY_CHOICES,
  NEW_API_TOKEN,
  apiTokenCreateBody,
  apiTokenFieldOf,
  apiTokenFormErrors,
  type ApiTokenExpiryChoice,
  type ApiTokenFormErrors,
  type ApiTokenFormValues,
} from './apiTokenForm';

export const ACCESS_LABELS: Record<ApiTokenAccess, string> = {
  read: 'Read only',
  write: 'Read and write',
};

export function ApiTokenCreateDialog({
  onCancel,
  onCreated,
}: {
  onCancel(): void;
  onCreated(token: ApiTokenCreated): void;
}) {
  const createApiToken = useEntityCall('createApiToken');
  const access = useAppSelector(selectAccessController);
  const [values, setValues] = useState<ApiTokenFormValues>(NEW_API_TOKEN);
  const [errors, setErrors] = useState<ApiTokenFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const allowed = (area: ApiTokenArea, a: ApiTokenAccess) =>
    apiTokenScopePermissions(a, [area]).every((p) => access.can(p));
  const set = (changes: Partial<ApiTokenFormValues>) => setValues((v) => ({ ...v, ...changes }));
  const setAccess = (a: ApiTokenAccess) =>
    // Areas the role does not allow at the new access go (write may be refused where read is not).
    set({ access: a, areas: values.areas.filter((area) => allowed(area, a)) });
  const toggleArea = (area: ApiTokenArea, on: boolean) =>
    set({ areas: on ? [...values.areas, area] : values.areas.filter((x) => x !== area) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const now = Date.now();
    const problems = apiTokenFormErrors(values, now);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      onCreated(await createApiToken(apiTokenCreateBody(values, now)));
    } catch (e) {
      const info = toErrorInfo(e, 'createApiToken');
      const field = apiTokenFieldOf(info.field);
      if (field) setErrors({ [field]: info.message });
      else setFormError(info.message);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="api-token-form-title"
      data-testid={ids.formDialog}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="api-token-form-title">Create API token</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" data-testid={ids.formError}>
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
              helperText={errors.name ?? 'What the token is for, e.g. "SIEM export".'}
              slotProps={{
                htmlInput: { maxLength: API_TOKEN_NAME_MAX + 20, 'data-testid': `${ids.formField}-name` },
              }}
            />
            <FormControl>
              <FormLabel id="api-token-access">Access</FormLabel>
              <RadioGroup
                row
                aria-labelledby="api-token-access"
                value={values.access}
                onChange={(e) => setAccess(e.target.value as ApiTokenAccess)}
                data-testid={`${ids.formField}-access`}
              >
                {(Object.keys(ACCESS_LABELS) as ApiTokenAccess[]).map((a) => (
                  <FormControlLabel
                    key={a}
                    value={a}
                    control={
                      <Radio
                        slotProps={{ input: { 'data-testid': `${ids.formField}-access-${a}` } as object }}
                      />
                    }
                    label={ACCESS_LABELS[a]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControl error={Boolean(errors.areas)} component="fieldset">
              <FormLabel component="legend">Areas</FormLabel>
              <FormGroup>
                {API_TOKEN_AREAS.map((area) => {
                  const ok = allowed(area, values.access);
                  return (
                    <FormControlLabel
                      key={area}
                      disabled={!ok}
                      control={
                        <Checkbox
                          checked={values.areas.includes(area)}
                          onChange={(e) => toggleArea(area, e.target.checked)}
                          slotProps={{ input: { 'data-testid': `${ids.formField}-areas-${area}` } as object }}
                        />
                      }
                      label={
                        ok
                          ? API_TOKEN_AREA_REGISTRY[area].label
                          : `${API_TOKEN_AREA_REGISTRY[area].label} (your role does not allow it)`
                      }
                    />
                  );
                })}
              </FormGroup>
              <FormHelperText>
                {errors.areas ?? 'The token reaches nothing else, and no settings.'}
              </FormHelperText>
            </FormControl>
            <TextField
              select
              label="Expires"
              value={values.expiry}
              onChange={(e) => set({ expiry: e.target.value as ApiTokenExpiryChoice })}
              error={Boolean(errors.expires_at) && values.expiry !== 'date'}
              helperText={values.expiry === 'date' ? undefined : errors.expires_at}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': `${ids.formField}-expiry` } as object },
              }}
            >
              {API_TOKEN_EXPIRY_CHOICES.map((c) => (
                <MenuItem key={c.value} value={c.value}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            {values.expiry === 'date' && (
              <TextField
                type="date"
                label="Expires on (end of day, UTC)"
                value={values.expiresOn}
                onChange={(e) => set({ expiresOn: e.target.value })}
                error={Boolean(errors.expires_at)}
                helperText={errors.expires_at}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': `${ids.formField}-expires_at` },
                }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} data-testid={ids.formCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={ids.formSubmit}>
            Create token
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
