import { useState } from 'react';
import { Formik } from 'formik';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { ApiCallError, snackbarShown, useAppDispatch } from '@workbench/common';
import {
  UCE_NOTE_MAX_LENGTH,
  UCE_SUBJECT_MAX_LENGTH,
  type UceSubmissionBody,
} from '@workbench/common/api/contract/safemailWhitelist';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { useEntityCall } from '../policyRequests';
import { EMAIL_FORM_MESSAGES, domainKey, emailKey, emailMessage } from './emailForm';
import { formFields, messageAsIs } from '../formFields';

interface Values {
  type: UceSubmissionBody['type'];
  value: string;
  subject: string;
  note: string;
}

function validate(v: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  const value = v.value.trim().toLowerCase();
  if (value === '') errors.value = EMAIL_FORM_MESSAGES.required;
  else {
    const key = v.type === 'email' ? emailKey(value) : domainKey(value);
    if (key) errors.value = emailMessage(key);
  }
  if (v.subject.length > UCE_SUBJECT_MAX_LENGTH) errors.subject = EMAIL_FORM_MESSAGES.maxlength;
  if (v.note.length > UCE_NOTE_MAX_LENGTH) errors.note = EMAIL_FORM_MESSAGES.maxlength;
  return errors;
}

/**
 * Reports a sender of unsolicited commercial e-mail to the provider's review (docs/reports.md §4 POST
 * /safemail/whitelist/uce/). Writers only. The dialog stays open with the server's message when
 * the report is refused; a received report closes it with a snackbar.
 */
export function UceDialog({ initialValue, onClose }: { initialValue?: string; onClose: () => void }) {
  const submitUce = useEntityCall('submitUce');
  const dispatch = useAppDispatch();
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues: Values = {
    type: initialValue?.includes('@') ? 'email' : 'domain',
    value: initialValue ?? '',
    subject: '',
    note: '',
  };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="uce-title"
      data-testid={emailPolicyIds.uceDialog}
    >
      <Formik<Values>
        initialValues={initialValues}
        validate={validate}
        validateOnMount
        onSubmit={async (v) => {
          setFailure(null);
          const subject = v.subject.trim();
          const note = v.note.trim();
          try {
            const reply = await submitUce({
              type: v.type,
              value: v.value.trim().toLowerCase(),
              ...(subject ? { subject } : {}),
              ...(note ? { note } : {}),
            });
            dispatch(
              snackbarShown({
                kind: 'custom',
                severity: 'success',
                message: `Reported ${reply.value} for review.`,
              }),
            );
            onClose();
          } catch (error) {
            setFailure(error instanceof ApiCallError ? error.message : String(error));
          }
        }}
      >
        {(form) => {
          const { field } = formFields(form, { readOnly: false, message: messageAsIs });
          return (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                form.handleSubmit();
              }}
            >
              <DialogTitle id="uce-title">Report unsolicited mail</DialogTitle>
              <DialogContent>
                <DialogContentText sx={{ mb: 2 }}>
                  The provider reviews the sender; mail it sends is then treated as unsolicited commercial
                  e-mail for every tenant. Your allow list is not changed.
                </DialogContentText>
                <Stack spacing={2}>
                  <TextField select {...field('type', 'Sender is')}>
                    <MenuItem value="domain">A domain</MenuItem>
                    <MenuItem value="email">An e-mail address</MenuItem>
                  </TextField>
                  <TextField
                    {...field('value', form.values.type === 'email' ? 'E-mail address' : 'Domain')}
                    required
                  />
                  <TextField {...field('subject', 'Subject of a message it sent (optional)')} />
                  <TextField {...field('note', 'Note (optional)')} multiline minRows={2} />
                  {failure && <Alert severity="error">{failure}</Alert>}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>Cancel</Button>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={!form.isValid || form.isSubmitting}
                  data-testid={emailPolicyIds.uceSubmit}
                >
                  Report
                </Button>
              </DialogActions>
            </form>
          );
        }}
      </Formik>
    </Dialog>
  );
}
