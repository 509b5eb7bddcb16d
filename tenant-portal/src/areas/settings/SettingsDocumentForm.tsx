/**
 * The form of a settings document (docs/settings.md §9 and §10), drawn from its registry row, for
 * every page that shows one (Settings › Network and General, Web, Safemail): its fields (a `list`
 * field edits a list one entry per line; a write-only field starts empty and says whether one is
 * stored), the registry's checks before sending (every field's error at once), and the server's
 * refusal shown at the field it names (with the line, for a list), a refusal of the whole (409:
 * saved meanwhile) above the form with a reload. Read-only without the row's write permission.
 * Saves through the entity feature's request, with the `updated_at` it was read with, so a save
 * over a newer one is refused (409) and said so; a save is in effect at once.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  SETTINGS_DOCUMENTS,
  type SettingsDocumentArea,
  type SettingsDocumentDef,
  type SettingsDocumentKey,
  type SettingsDocumentValue,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import {
  documentErrorAt,
  documentFormErrors,
  documentFormValues,
  documentOfForm,
  linesOf,
  writeOnlyStored,
  type DocumentFormValues,
} from '@workbench/common/features/settings-lists/settingsDocumentForm';
import { settingsDocumentIds } from '@workbench/common/test-ids/index';
import { serviceSettingsIds } from '@workbench/common/test-ids/serviceSettingsIds';
import { useEntityCall } from './settingsRequests';
import { utcMinute } from './utcMinute';

/** A line a page offers to add to a `list` field (the caller's own address to the egress IPs). */
export interface OfferedLine {
  field: string;
  value: string;
  label: string;
  testId: string;
}

/** The test ids of a document's form, by the page that shows it (never renamed). */
const IDS_OF_AREA: Record<
  SettingsDocumentArea,
  (key: string) => Readonly<Record<'form' | 'field' | 'save' | 'error' | 'updated', string>>
> = {
  'settings/network': settingsDocumentIds,
  'settings/general': settingsDocumentIds,
  web: serviceSettingsIds,
  safemail: serviceSettingsIds,
  'appliance-settings': settingsDocumentIds,
};

export const DOCUMENT_FORM_TEXTS = {
  saved: (title: string) => `${title}: saved, in effect now.`,
  lastSaved: (by: string | null, at: string | null) =>
    at ? `Last saved ${utcMinute(at)}${by ? ` by ${by}` : ''}` : 'Not saved yet: these are the defaults.',
  reload: 'Reload',
  readOnly: 'You may read these settings; changing them needs another role.',
  passwordStored: 'A password is stored: leave empty to keep it.',
  passwordNone: 'No password is stored.',
  clearPassword: 'Remove the stored password',
} as const;

export interface SettingsDocumentFormProps {
  docKey: SettingsDocumentKey;
  doc: SettingsDocumentValue;
  canWrite: boolean;
  /** Read the document again (after a save, or to take another's save). */
  onReload: () => void;
  offer?: OfferedLine;
}

export function SettingsDocumentForm({ docKey, doc, canWrite, onReload, offer }: SettingsDocumentFormProps) {
  const def: SettingsDocumentDef = SETTINGS_DOCUMENTS[docKey];
  const ids = IDS_OF_AREA[def.area](docKey);
  const dispatch = useAppDispatch();
  const save = useEntityCall('saveSettingsDocument');
  const [values, setValues] = useState<DocumentFormValues>(() => documentFormValues(def, doc));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [clear, setClear] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(documentFormValues(def, doc)), [def, doc]);

  /** An edit clears that field's error: it shows until the value it was about is changed. */
  const set = (field: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = documentFormErrors(def, doc, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await save(docKey, documentOfForm(def, doc, values, clear));
      dispatch(
        snackbarShown({ kind: 'save', outcome: 'success', message: DOCUMENT_FORM_TEXTS.saved(def.title) }),
      );
      setClear([]);
      onReload();
    } catch (e) {
      const info = toErrorInfo(e, 'saveSettingsDocument');
      const at = documentErrorAt(def, values, info.field, info.message);
      if (at) setErrors({ [at.field]: at.message });
      else setFormError(info.message);
    } finally {
      setBusy(false);
    }
  };

  const disabled = !canWrite || busy;
  return (
    <Card variant="outlined" data-testid={ids.form}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {def.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {def.intro}
        </Typography>
        <Box component="form" onSubmit={submit} noValidate aria-label={def.title}>
          <Stack spacing={2}>
            {formError && (
              <Alert
                severity="error"
                data-testid={ids.error}
                action={
                  <Button color="inherit" size="small" onClick={onReload}>
                    {DOCUMENT_FORM_TEXTS.reload}
                  </Button>
                }
              >
                {formError}
              </Alert>
            )}
            {def.form.map((f) => {
              const testId = `${ids.field}-${f.field}`;
              const error = errors[f.field];
              if (f.kind === 'checkbox')
                return (
                  <FormControlLabel
                    key={f.field}
                    label={f.label}
                    control={
                      <Checkbox
                        checked={values[f.field] === true}
                        disabled={disabled}
                        onChange={(e) => set(f.field, e.target.checked)}
                        slotProps={{ input: { 'data-testid': testId } as object }}
                      />
                    }
                  />
                );
              if (f.kind === 'password') {
                const stored = writeOnlyStored(doc, f.field);
                const removing = clear.includes(f.field);
                return (
                  <Box key={f.field}>
                    <TextField
                      fullWidth
                      type="password"
                      autoComplete="new-password"
                      label={f.label}
                      value={values[f.field]}
                      onChange={(e) => set(f.field, e.target.value)}
                      disabled={disabled || removing}
                      error={error !== undefined}
                      helperText={
                        error ??
                        (stored ? DOCUMENT_FORM_TEXTS.passwordStored : DOCUMENT_FORM_TEXTS.passwordNone)
                      }
                      slotProps={{ htmlInput: { 'data-testid': testId } }}
                    />
                    {stored && canWrite && (
                      <FormControlLabel
                        label={DOCUMENT_FORM_TEXTS.clearPassword}
                        control={
                          <Checkbox
                            checked={removing}
                            disabled={disabled}
                            onChange={(e) => {
                              set(f.field, '');
                              setClear(e.target.checked ? [f.field] : []);
                            }}
                          />
                        }
                      />
                    )}
                  </Box>
                );
              }
              const offered = offer?.field === f.field ? offer : undefined;
              const listed = offered ? linesOf(String(values[f.field])).includes(offered.value) : false;
              return (
                <Box key={f.field}>
                  <TextField
                    fullWidth
                    label={f.label}
                    value={values[f.field]}
                    onChange={(e) => set(f.field, e.target.value)}
                    disabled={disabled}
                    required={f.required}
                    select={f.kind === 'select'}
                    multiline={f.kind === 'multiline' || f.kind === 'list'}
                    minRows={f.kind === 'list' || f.kind === 'multiline' ? 3 : undefined}
                    type={f.kind === 'number' ? 'number' : 'text'}
                    error={error !== undefined}
                    helperText={error ?? f.helperText}
                    slotProps={{ htmlInput: { 'data-testid': testId } }}
                  >
                    {(f.options ?? []).map((o) => (
                      <MenuItem key={o} value={o}>
                        {f.labels?.[o] ?? o}
                      </MenuItem>
                    ))}
                  </TextField>
                  {offered && canWrite && (
                    <Button
                      size="small"
                      sx={{ mt: 0.5 }}
                      disabled={disabled || listed}
                      data-testid={offered.testId}
                      onClick={() => {
                        const text = String(values[f.field]).trimEnd();
                        set(f.field, text === '' ? offered.value : `${text}\n${offered.value}`);
                      }}
                    >
                      {offered.label}
                    </Button>
                  )}
                </Box>
              );
            })}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              {canWrite && (
                <Button type="submit" variant="contained" disabled={busy} data-testid={ids.save}>
                  Save
                </Button>
              )}
              <Typography variant="body2" color="text.secondary" data-testid={ids.updated}>
                {DOCUMENT_FORM_TEXTS.lastSaved(doc.updated_by, doc.updated_at)}
              </Typography>
            </Stack>
            {!canWrite && <Alert severity="info">{DOCUMENT_FORM_TEXTS.readOnly}</Alert>}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
