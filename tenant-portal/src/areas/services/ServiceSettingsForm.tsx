/**
 * One service settings document's form (docs/settings.md §9), drawn from its registry row: its
 * fields bound through policy/formFields.tsx, checked as typed with the shared validators, saved
 * on its own (in effect at once) with the updated_at it was read at; the server's refusal shows at
 * the field it names, a refusal of the whole (409: saved meanwhile) above the form with a reload.
 * A reader (no write permission) sees the values without Save and with every field disabled.
 */
import { useState } from 'react';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
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
  SERVICE_SETTINGS_REGISTRY,
  type ServiceSettingsDocument,
  type ServiceSettingsName,
} from '@workbench/common/api/contract/serviceSettings';
import { serviceSettingsIds } from '@workbench/common/test-ids/serviceSettingsIds';
import { useEntityCall } from '../../app/portalEntities';
import { formFields, messageAsIs } from '../policy/formFields';
import {
  formFieldOfRefusal,
  serviceDocumentOf,
  serviceFormErrors,
  serviceFormValues,
  writeOnlyStored,
  type ServiceFormValues,
} from './serviceForm';

export const SERVICE_FORM_TEXTS = {
  saved: (title: string) => `The ${title.toLowerCase()} settings were saved; they are in effect now.`,
  lastSaved: (by: string | null, at: string | null) =>
    at
      ? `Last saved${by ? ` by ${by}` : ''} at ${new Date(at).toLocaleString()}.`
      : 'Never saved: the defaults.',
  reload: 'Reload',
  passwordStored: 'A password is stored: leave empty to keep it.',
  passwordNone: 'No password is stored.',
  clearPassword: 'Remove the stored password',
} as const;

interface Props {
  name: ServiceSettingsName;
  doc: ServiceSettingsDocument;
  canWrite: boolean;
  /** Read the document again (after a save, or to take another's save). */
  onReload(): void;
}

export function ServiceSettingsForm({ name, doc, canWrite, onReload }: Props) {
  const def = SERVICE_SETTINGS_REGISTRY[name];
  const ids = serviceSettingsIds(name);
  const dispatch = useAppDispatch();
  const save = useEntityCall('saveServiceSettings');
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [clear, setClear] = useState<string[]>([]);

  const submit = async (values: ServiceFormValues, helpers: FormikHelpers<ServiceFormValues>) => {
    setServerError(null);
    setFormError(null);
    try {
      await save(name, serviceDocumentOf(def, values, clear), doc.updated_at);
      dispatch(
        snackbarShown({ kind: 'save', outcome: 'success', message: SERVICE_FORM_TEXTS.saved(def.title) }),
      );
      setClear([]);
      onReload();
    } catch (e) {
      const info = toErrorInfo(e, 'saveServiceSettings');
      const field = formFieldOfRefusal(def, info.field);
      if (field) {
        // The values refused become the form's start: the refusal shows at its field until it is edited.
        helpers.resetForm({ values });
        setServerError({ field, message: info.message });
      } else setFormError(info.message);
    }
  };

  const draw = (form: FormikProps<ServiceFormValues>) => {
    const readOnly = !canWrite || form.isSubmitting;
    const { field, selectField, switchField } = formFields(form, {
      readOnly,
      testIdPrefix: ids.field,
      message: messageAsIs,
      serverError,
    });
    return (
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack spacing={2}>
          {formError && (
            <Alert
              severity="error"
              data-testid={ids.error}
              action={
                <Button color="inherit" size="small" onClick={onReload}>
                  {SERVICE_FORM_TEXTS.reload}
                </Button>
              }
            >
              {formError}
            </Alert>
          )}
          {def.fields.map((f) => {
            if (f.kind === 'checkbox') return <Box key={f.field}>{switchField(f.field, f.label)}</Box>;
            if (f.kind === 'select')
              return (
                <TextField key={f.field} size="small" {...selectField(f.field, f.label, f.helperText)}>
                  {(f.options ?? []).map((o) => (
                    <MenuItem key={o} value={o}>
                      {f.labels?.[o] ?? o}
                    </MenuItem>
                  ))}
                </TextField>
              );
            if (f.kind === 'password') {
              const stored = writeOnlyStored(doc, f.field);
              const removing = clear.includes(f.field);
              const bound = field(
                f.field,
                f.label,
                stored ? SERVICE_FORM_TEXTS.passwordStored : SERVICE_FORM_TEXTS.passwordNone,
              );
              return (
                <Box key={f.field}>
                  <TextField
                    size="small"
                    type="password"
                    autoComplete="new-password"
                    {...bound}
                    disabled={bound.disabled || removing}
                  />
                  {stored && canWrite && (
                    <FormControlLabel
                      label={SERVICE_FORM_TEXTS.clearPassword}
                      control={
                        <Checkbox
                          checked={removing}
                          disabled={readOnly}
                          onChange={(e) => {
                            void form.setFieldValue(f.field, '');
                            setClear(e.target.checked ? [f.field] : []);
                          }}
                        />
                      }
                    />
                  )}
                </Box>
              );
            }
            return (
              <TextField
                key={f.field}
                size="small"
                type={f.kind === 'number' ? 'number' : 'text'}
                multiline={f.kind === 'multiline' || f.kind === 'list'}
                minRows={f.kind === 'list' || f.kind === 'multiline' ? 3 : undefined}
                required={f.required}
                {...field(f.field, f.label, f.helperText)}
              />
            );
          })}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {canWrite && (
              <Button type="submit" variant="contained" disabled={form.isSubmitting} data-testid={ids.save}>
                Save
              </Button>
            )}
            <Typography variant="body2" color="text.secondary" data-testid={ids.updated}>
              {SERVICE_FORM_TEXTS.lastSaved(doc.updated_by, doc.updated_at)}
            </Typography>
          </Stack>
        </Stack>
      </form>
    );
  };

  return (
    <Card variant="outlined" data-testid={ids.form}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
          {def.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {def.description}
        </Typography>
        <Formik<ServiceFormValues>
          // A save (or a reload) gives a new document: the form starts from it.
          key={doc.updated_at ?? 'defaults'}
          initialValues={serviceFormValues(def, doc)}
          validate={(values) => serviceFormErrors(def, values)}
          onSubmit={submit}
        >
          {draw}
        </Formik>
      </CardContent>
    </Card>
  );
}
