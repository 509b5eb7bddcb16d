import { MenuItem, TextField } from '@mui/material';
import { FEED_TYPES } from '@workbench/common/api/contract/policy-kinds/firewallKinds';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { formMessage } from './formRules';
import { EntryDialog } from './EntryDialog';
import { FEED_TYPE_LABELS } from './firewallModel';
import { REFRESH_MAX, REFRESH_MIN, feedFormSchema, type FeedFormValues } from './feedForm';
import { modeTitle, useEntryForm, type EntryDialogProps, type EntryMode } from '../policy/kit/modeForm';

/** Add, edit or view a threat feed (Formik + common's URL validator, https only). */
export function FeedDialog({
  mode,
  initial,
  otherNames,
  onSave,
  onClose,
}: EntryDialogProps<FeedFormValues, Exclude<EntryMode, 'duplicate'>>) {
  const { readOnly, formik, field, switchField } = useEntryForm({
    mode,
    initial,
    otherNames,
    schemaOf: feedFormSchema,
    onSave,
    testIdPrefix: firewallIds.field,
    message: formMessage,
  });
  return (
    <EntryDialog
      title={modeTitle(mode, 'threat feed', initial.name)}
      testId={firewallIds.feedDialog}
      readOnly={readOnly}
      applyLabel={mode === 'add' ? 'Add to feeds' : 'Apply'}
      canApply={!formik.isSubmitting}
      onSubmit={formik.handleSubmit}
      onClose={onClose}
    >
      <TextField {...field('name', 'Name')} required autoFocus={!readOnly} />
      <TextField
        {...field('url', 'URL', 'Where the list is read, over https:// (up to 2048 characters).')}
        required
        type="url"
      />
      <TextField {...field('type', 'Entries', 'What each line of the list is.')} select>
        {FEED_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {FEED_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field(
          'refresh_minutes',
          'Read again every (minutes)',
          `${REFRESH_MIN} to ${REFRESH_MAX} (one day).`,
        )}
        required
        inputMode="numeric"
      />
      {switchField('enabled', 'Enabled')}
    </EntryDialog>
  );
}
