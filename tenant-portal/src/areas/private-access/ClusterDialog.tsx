import { useMemo } from 'react';
import { useFormik } from 'formik';
import { MenuItem, TextField, Typography } from '@mui/material';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { EntryDialog } from '../fwaas/EntryDialog';
import { clusterSchema, paMessage, type ClusterFormValues } from './privateAccessForms';
import { formFields } from '../policy/formFields';

/**
 * Add, edit or view an app connector cluster: its region (mpa/app_connector_aws_region) and its
 * provisioning key lookup (set_provisioning_key_lookup): connectors provisioned with the key find
 * the cluster by the key's public id, up to a number of connectors. The key's secret is never part
 * of the policy.
 */
export function ClusterDialog({
  mode,
  initial,
  otherNames,
  otherKeys,
  regions,
  onSave,
  onClose,
}: {
  mode: 'add' | 'edit' | 'view';
  initial: ClusterFormValues;
  otherNames: readonly string[];
  /** The key ids of the other clusters (one key finds one cluster). */
  otherKeys: readonly string[];
  regions: ReadonlyArray<{ code: string; label: string }>;
  onSave: (values: ClusterFormValues) => void;
  onClose: () => void;
}) {
  const readOnly = mode === 'view';
  const schema = useMemo(() => clusterSchema(otherNames, otherKeys), [otherNames, otherKeys]);
  const formik = useFormik<ClusterFormValues>({
    initialValues: initial,
    validationSchema: schema,
    onSubmit: onSave,
  });
  const { field, switchField } = formFields(formik, {
    readOnly,
    testIdPrefix: privateAccessIds.field,
    message: paMessage,
  });
  return (
    <EntryDialog
      title={
        mode === 'add'
          ? 'Add connector cluster'
          : mode === 'edit'
            ? `Edit connector cluster: ${initial.name}`
            : `Connector cluster: ${initial.name}`
      }
      testId={privateAccessIds.clusterDialog}
      readOnly={readOnly}
      applyLabel={mode === 'add' ? 'Add to clusters' : 'Apply'}
      canApply={!formik.isSubmitting}
      onSubmit={formik.handleSubmit}
      onClose={onClose}
    >
      <TextField {...field('name', 'Name')} required autoFocus={!readOnly} />
      <TextField {...field('region', 'Region', 'Where the cluster\u2019s connectors run.')} select required>
        {regions.map((r) => (
          <MenuItem key={r.code} value={r.code}>
            {r.label} · {r.code}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="subtitle2" component="h3">
        Provisioning key lookup
      </Typography>
      {switchField('lookup_enabled', 'New connectors find this cluster by its provisioning key')}
      <TextField
        {...field(
          'key_id',
          'Provisioning key id',
          'The key\u2019s public id: 8 to 64 letters, digits, _ or -.',
        )}
        required
      />
      <TextField
        {...field(
          'max_connectors',
          'Connectors at most',
          'How many connectors may join with the key (1 to 100).',
        )}
        required
        slotProps={{
          htmlInput: { 'data-testid': `${privateAccessIds.field}-max_connectors`, inputMode: 'numeric' },
        }}
      />
      <TextField {...field('description', 'Description', 'Optional.')} multiline minRows={2} />
    </EntryDialog>
  );
}
