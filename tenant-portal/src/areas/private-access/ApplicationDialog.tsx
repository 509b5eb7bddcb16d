import { useMemo } from 'react';
import { useFormik } from 'formik';
import { MenuItem, TextField } from '@mui/material';
import { PRIVATE_APP_PROTOCOLS } from '@workbench/common/api/contract/policy-kinds/privateAccessKinds';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { EntryDialog } from '../fwaas/EntryDialog';
import { APP_PROTOCOL_LABELS, clusterName, type Cluster } from './privateAccessModel';
import { appSchema, paMessage, type AppFormValues } from './privateAccessForms';
import { formFields } from '../policy/formFields';

/**
 * Add, edit or view a private application: where it answers (domains, addresses), on which
 * protocol and ports, and the connector cluster that reaches it (picked from the Connector
 * clusters tab; a deleted one says so and must be replaced).
 */
export function ApplicationDialog({
  mode,
  initial,
  otherNames,
  clusters,
  onSave,
  onClose,
}: {
  mode: 'add' | 'edit' | 'view';
  initial: AppFormValues;
  otherNames: readonly string[];
  clusters: readonly Cluster[];
  onSave: (values: AppFormValues) => void;
  onClose: () => void;
}) {
  const readOnly = mode === 'view';
  const schema = useMemo(
    () =>
      appSchema(
        otherNames,
        clusters.map((c) => c.id),
      ),
    [otherNames, clusters],
  );
  const formik = useFormik<AppFormValues>({
    initialValues: initial,
    validationSchema: schema,
    onSubmit: onSave,
  });
  const { field } = formFields(formik, {
    readOnly,
    testIdPrefix: privateAccessIds.field,
    message: paMessage,
  });
  const hasPorts = formik.values.protocol !== 'any';
  const clusterGone =
    formik.values.cluster_id !== '' && !clusters.some((c) => c.id === formik.values.cluster_id);
  return (
    <EntryDialog
      title={
        mode === 'add'
          ? 'Add application'
          : mode === 'edit'
            ? `Edit application: ${initial.name}`
            : `Application: ${initial.name}`
      }
      testId={privateAccessIds.appDialog}
      readOnly={readOnly}
      applyLabel={mode === 'add' ? 'Add to applications' : 'Apply'}
      canApply={!formik.isSubmitting}
      onSubmit={formik.handleSubmit}
      onClose={onClose}
    >
      <TextField {...field('name', 'Name')} required autoFocus={!readOnly} />
      <TextField
        {...field(
          'domains',
          'Domains',
          'One per line: git.acme.internal, or *.acme.internal for its subdomains.',
        )}
        multiline
        minRows={2}
        maxRows={8}
      />
      <TextField
        {...field(
          'addresses',
          'Addresses',
          'One per line: an address, a range (10.0.0.1-10.0.0.9) or a CIDR (10.0.0.0/24).',
        )}
        multiline
        minRows={2}
        maxRows={8}
      />
      <TextField
        {...field('protocol', 'Protocol')}
        select
        onChange={(e) => {
          // Any takes no ports (the server refuses none for TCP and UDP): the field empties with it.
          const protocol = e.target.value as AppFormValues['protocol'];
          void formik.setValues({
            ...formik.values,
            protocol,
            ports: protocol === 'any' ? '' : formik.values.ports,
          });
        }}
      >
        {PRIVATE_APP_PROTOCOLS.map((p) => (
          <MenuItem key={p} value={p}>
            {APP_PROTOCOL_LABELS[p]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field(
          'ports',
          'Ports',
          hasPorts
            ? 'One per line: a port (443) or a range (8000-8080), 1 to 65535.'
            : 'Any protocol reaches every port.',
        )}
        required={hasPorts}
        disabled={readOnly || !hasPorts}
        multiline
        minRows={2}
        maxRows={6}
      />
      <TextField
        {...field(
          'cluster_id',
          'Connector cluster',
          clusters.length === 0
            ? 'No clusters yet: add one in the Connector clusters tab.'
            : 'The app connectors that reach the application.',
        )}
        select
        required
      >
        {clusters.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
        {clusterGone && (
          <MenuItem value={formik.values.cluster_id} disabled>
            {clusterName(formik.values.cluster_id, clusters)}
          </MenuItem>
        )}
      </TextField>
      <TextField {...field('description', 'Description', 'Optional.')} multiline minRows={2} />
    </EntryDialog>
  );
}
