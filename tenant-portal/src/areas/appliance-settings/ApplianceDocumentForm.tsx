/**
 * One appliance settings document's form (docs/appliances.md), drawn from its registry row with
 * Formik and the row's yup schema (applianceFormSchema: the server's rules): a field's error shows
 * at the field; the server's refusal at the field it names, or above the form (409: saved
 * meanwhile, with a reload). Read-only without `settings:appliance:write`.
 */
import { useState } from 'react';
import { useFormik } from 'formik';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
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
  APPLIANCE_SETTINGS,
  type ApplianceSettingsKey,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import type { SettingsDocumentValue } from '@workbench/common/api/contract/tenantSettingsDocuments';
import type { SettingsItem } from '@workbench/common/api/contract/tenantSettings';
import { applianceFormSchema } from '@workbench/common/features/appliance-settings/applianceFormSchema';
import {
  documentFormValues,
  documentOfForm,
  writeOnlyStored,
  type DocumentFormValues,
} from '@workbench/common/features/settings-lists/settingsDocumentForm';
import { applianceSettingsIds as ids } from '@workbench/common/test-ids/applianceSettingsIds';
import { useEntityCall } from './applianceRequests';
import { DOCUMENT_FORM_TEXTS } from '../settings/SettingsDocumentForm';

export interface ApplianceDocumentFormProps {
  docKey: ApplianceSettingsKey;
  doc: SettingsDocumentValue;
  canWrite: boolean;
  onReload: () => void;
  /**
   * Where the document goes (default: this appliance's own settings call); the management station
   * sends it to a managed appliance (cr_update, ../central-manager/CurrentSettingsDialog).
   */
  save?: (docKey: ApplianceSettingsKey, value: SettingsItem) => Promise<unknown>;
}

export function ApplianceDocumentForm({ docKey, doc, canWrite, onReload, save }: ApplianceDocumentFormProps) {
  const def = APPLIANCE_SETTINGS[docKey];
  const dispatch = useAppDispatch();
  const saveHere = useEntityCall('saveApplianceDocument');
  const [formError, setFormError] = useState<string | null>(null);
  const formik = useFormik<DocumentFormValues>({
    initialValues: documentFormValues(def, doc),
    enableReinitialize: true,
    validationSchema: applianceFormSchema(def, doc),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      setFormError(null);
      try {
        await (save ?? saveHere)(docKey, documentOfForm(def, doc, values));
        dispatch(
          snackbarShown({ kind: 'save', outcome: 'success', message: DOCUMENT_FORM_TEXTS.saved(def.title) }),
        );
        onReload();
      } catch (e) {
        const info = toErrorInfo(e, 'saveApplianceDocument');
        // cr_update names the field under its document: settings.<document>.<field>.
        const named = info.field?.startsWith(`settings.${docKey}.`)
          ? info.field.slice(`settings.${docKey}.`.length)
          : info.field;
        const field = named?.split('.')[0];
        if (field && def.form.some((f) => f.field === field)) helpers.setFieldError(field, info.message);
        else setFormError(info.message);
      }
    },
  });
  const disabled = !canWrite || formik.isSubmitting;

  return (
    <Card variant="outlined" data-testid={ids.form(docKey)}>
      <CardHeader
        title={def.title}
        subheader={def.intro}
        slotProps={{ title: { variant: 'h2', sx: { fontSize: '1.25rem' } } }}
      />
      <CardContent>
        <Box component="form" onSubmit={formik.handleSubmit} noValidate aria-label={def.title}>
          <Stack spacing={2}>
            {formError && (
              <Alert
                severity="error"
                data-testid={ids.error(docKey)}
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
              const testId = ids.field(docKey, f.field);
              const error = formik.errors[f.field];
              if (f.kind === 'checkbox')
                return (
                  <FormControlLabel
                    key={f.field}
                    label={f.label}
                    control={
                      <Checkbox
                        name={f.field}
                        checked={formik.values[f.field] === true}
                        disabled={disabled}
                        onChange={(e) => void formik.setFieldValue(f.field, e.target.checked)}
                        slotProps={{ input: { 'data-testid': testId } as object }}
                      />
                    }
                  />
                );
              const password = f.kind === 'password';
              const stored = password && writeOnlyStored(doc, f.field);
              return (
                <TextField
                  key={f.field}
                  name={f.field}
                  fullWidth
                  type={password ? 'password' : 'text'}
                  autoComplete={password ? 'new-password' : undefined}
                  label={f.label}
                  value={formik.values[f.field]}
                  onChange={(e) => {
                    formik.setFieldError(f.field, undefined);
                    void formik.setFieldValue(f.field, e.target.value);
                  }}
                  disabled={disabled}
                  required={f.required}
                  select={f.kind === 'select'}
                  multiline={f.kind === 'multiline' || f.kind === 'list'}
                  minRows={f.kind === 'list' || f.kind === 'multiline' ? 3 : undefined}
                  error={error !== undefined}
                  helperText={
                    error ??
                    (password
                      ? stored
                        ? DOCUMENT_FORM_TEXTS.passwordStored
                        : DOCUMENT_FORM_TEXTS.passwordNone
                      : f.helperText)
                  }
                  slotProps={{ htmlInput: { 'data-testid': testId } }}
                >
                  {f.kind === 'select' &&
                    (f.options ?? []).map((o) => (
                      <MenuItem key={o} value={o}>
                        {f.labels?.[o] ?? o}
                      </MenuItem>
                    ))}
                </TextField>
              );
            })}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              {canWrite && (
                <Button type="submit" variant="contained" disabled={disabled} data-testid={ids.save(docKey)}>
                  Save
                </Button>
              )}
              <Typography color="text.secondary" data-testid={ids.updated(docKey)}>
                {canWrite
                  ? DOCUMENT_FORM_TEXTS.lastSaved(doc.updated_by, doc.updated_at)
                  : DOCUMENT_FORM_TEXTS.readOnly}
              </Typography>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
