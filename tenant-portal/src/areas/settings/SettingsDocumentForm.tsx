/**
 * The form of a tenant settings document (docs/settings.md §10), drawn from its registry row: its
 * fields (a `lines` field edits a list one entry per line), the row's own checks before sending,
 * and the server's refusal shown at the field it names (with the line, for a list). Read-only
 * without `settings:<item>:write`. Saves through the entity feature's request, with the
 * `updated_at` it was read with, so a save over a newer one is refused (409) and said so.
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
  TENANT_SETTINGS_DOCUMENTS,
  type SettingsDocumentDef,
  type SettingsDocumentValue,
  type TenantSettingsDocument,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import {
  documentFieldOfError,
  documentFormValues,
  documentOfForm,
  documentProblem,
  linesOf,
  type DocumentFormValues,
} from '@workbench/common/features/settings-lists/settingsDocumentForm';
import { settingsDocumentIds } from '@workbench/common/test-ids/index';
import { useEntityCall } from '../../app/portalEntities';
import { utcMinute } from './utcMinute';

/** A line a page offers to add to a `lines` field (the caller's own address to the egress IPs). */
export interface OfferedLine {
  field: string;
  value: string;
  label: string;
  testId: string;
}

export interface SettingsDocumentFormProps {
  docKey: TenantSettingsDocument;
  doc: SettingsDocumentValue;
  canWrite: boolean;
  onSaved: () => void;
  offer?: OfferedLine;
}

export function SettingsDocumentForm({ docKey, doc, canWrite, onSaved, offer }: SettingsDocumentFormProps) {
  const def: SettingsDocumentDef = TENANT_SETTINGS_DOCUMENTS[docKey];
  const ids = settingsDocumentIds(docKey);
  const dispatch = useAppDispatch();
  const save = useEntityCall('saveSettingsDocument');
  const [values, setValues] = useState<DocumentFormValues>(() => documentFormValues(def, doc));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(documentFormValues(def, doc)), [def, doc]);

  const set = (field: string, value: string | boolean) => setValues((v) => ({ ...v, [field]: value }));
  /** A refusal at its field; a list's entry by its line and text. */
  const showError = (field: string | null | undefined, message: string) => {
    const at = documentFieldOfError(def, field);
    if (!at) return setFormError(message);
    const entries = linesOf(String(values[at.field] ?? ''));
    const line = at.line === null ? '' : `Line ${at.line + 1} (${entries[at.line] ?? ''}): `;
    setFieldError({ field: at.field, message: `${line}${message}` });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    const body = documentOfForm(def, doc, values);
    const problem = documentProblem(def, body);
    if (problem) return showError(problem.field, problem.message);
    setBusy(true);
    try {
      await save(docKey, body);
      dispatch(
        snackbarShown({
          kind: 'save',
          outcome: 'success',
          message: `${def.title} saved.`,
        }),
      );
      onSaved();
    } catch (e) {
      const info = toErrorInfo(e, 'saveSettingsDocument');
      showError(info.field, info.message);
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
              <Alert severity="error" data-testid={ids.error} onClose={() => setFormError(null)}>
                {formError}
              </Alert>
            )}
            {def.form.map((f) => {
              const testId = `${ids.field}-${f.field}`;
              const error = fieldError?.field === f.field ? fieldError.message : undefined;
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
                    required={!f.optional && f.kind !== 'lines'}
                    select={f.kind === 'select'}
                    multiline={f.kind === 'multiline' || f.kind === 'lines'}
                    minRows={f.kind === 'lines' ? 4 : undefined}
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
                {doc.updated_at
                  ? `Last saved ${utcMinute(doc.updated_at)}${doc.updated_by ? ` by ${doc.updated_by}` : ''}`
                  : 'Not saved yet: these are the defaults.'}
              </Typography>
            </Stack>
            {!canWrite && (
              <Alert severity="info">You may read these settings; changing them needs another role.</Alert>
            )}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
