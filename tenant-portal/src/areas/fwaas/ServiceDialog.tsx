import { MenuItem, TextField } from '@mui/material';
import { FIREWALL_PROTOCOLS } from '@workbench/common/api/contract/policy-kinds/firewallKinds';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { formMessage } from './formRules';
import { EntryDialog } from './EntryDialog';
import { PROTOCOL_LABELS } from './firewallModel';
import { protocolHasPorts, serviceFormSchema, type ServiceFormValues } from './serviceForm';
import { modeTitle, useEntryForm, type EntryDialogProps, type EntryMode } from '../policy/kit/modeForm';

/** Add, edit or view a firewall service (Formik + common's port validator). */
export function ServiceDialog({
  mode,
  initial,
  otherNames,
  onSave,
  onClose,
}: EntryDialogProps<ServiceFormValues, Exclude<EntryMode, 'duplicate'>>) {
  const { readOnly, formik, field } = useEntryForm({
    mode,
    initial,
    otherNames,
    schemaOf: serviceFormSchema,
    onSave,
    testIdPrefix: firewallIds.field,
    message: formMessage,
  });
  const hasPorts = protocolHasPorts(formik.values.protocol);
  return (
    <EntryDialog
      title={modeTitle(mode, 'service', initial.name)}
      testId={firewallIds.serviceDialog}
      readOnly={readOnly}
      applyLabel={mode === 'add' ? 'Add to services' : 'Apply'}
      canApply={!formik.isSubmitting}
      onSubmit={formik.handleSubmit}
      onClose={onClose}
    >
      <TextField {...field('name', 'Name')} required autoFocus={!readOnly} />
      <TextField
        {...field('protocol', 'Protocol')}
        select
        onChange={(e) => {
          // ICMP and Any take no ports (the server refuses them): the field empties with them.
          // One change of both values, so the ports are checked against the new protocol.
          const protocol = e.target.value as ServiceFormValues['protocol'];
          void formik.setValues({
            ...formik.values,
            protocol,
            ports: protocolHasPorts(protocol) ? formik.values.ports : '',
          });
        }}
      >
        {FIREWALL_PROTOCOLS.map((p) => (
          <MenuItem key={p} value={p}>
            {PROTOCOL_LABELS[p]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field(
          'ports',
          'Ports',
          hasPorts
            ? 'One per line: a port (443) or a range (8000-8080), 1 to 65535.'
            : `${PROTOCOL_LABELS[formik.values.protocol]} matches every port: no ports to give.`,
        )}
        required={hasPorts}
        disabled={readOnly || !hasPorts}
        multiline
        minRows={3}
        maxRows={10}
      />
      <TextField {...field('description', 'Description', 'Optional.')} multiline minRows={2} />
    </EntryDialog>
  );
}
